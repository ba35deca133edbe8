// Tallies with the arithmetic numbers have: `-` (a count stops at 0), scaling, division with a
// rounding, a per-member map, the tally ops of modifiers, and going through an enum's members.
import { describe, expect, it } from "vitest";
import { compileText, example } from "../support/helpers.ts";

const diagnostics = (text: string) =>
  compileText(text).diagnostics.map((d) => ({ code: d.code, at: `${d.span.line}:${d.span.col}`, message: d.message, ...(d.help ? { help: d.help } : {}) }));
const passes = (text: string, title = "e") => {
  const r = example(text, title);
  expect(r.failure).toBeUndefined();
  return r.trace.filter((t) => t.kind === "modifier").map((t) => t.message);
};

describe("tally arithmetic in expressions", () => {
  it("`-` member by member, a count stopping at 0; `*` either way round; `/` with each rounding", () => {
    passes(`enum Icon { melee, save, magic }
example "e" {
  let t = Icon(melee: 3, save: 1)
  expect t - Icon(melee: 1, save: 2, magic: 4) == Icon(melee: 2)
  expect t * 3 == Icon(melee: 9, save: 3) and 3 * t == t * 3 and t * 0 == Icon()
  expect Icon(melee: 5, save: 1, magic: 2) / 2 round down == Icon(melee: 2, magic: 1)
  expect Icon(melee: 5, save: 1, magic: 2) / 2 round up == Icon(melee: 3, save: 1, magic: 1)
  expect Icon(melee: 5, save: 1, magic: 2) / 2 round nearest == Icon(melee: 3, save: 1, magic: 1)
  expect Icon(melee: 4) / 3 round nearest == Icon(melee: 1)
}
`);
  });

  it("`/` on ints: plain `/` still cuts toward zero; `round` rounds as asked", () => {
    passes(`example "e" {
  expect -7 / 2 == -3 and 7 / 2 == 3
  expect -7 / 2 round down == -4 and -7 / 2 round up == -3 and -7 / 2 round nearest == -4
  expect 7 / 2 round down == 3 and 7 / 2 round up == 4 and 7 / 2 round nearest == 4
  expect -5 / 3 round nearest == -2 and -4 / 3 round nearest == -1 and 10 / 5 round up == 2
  expect 1 + 9 / 2 round up * 2 == 11
}
`);
  });

  it("a negative factor or divisor stops the run with R0501 at the expression; so does dividing by 0", () => {
    const rules = `enum Icon { a }
fn scale(t: tally<Icon>, n: int) -> tally<Icon> = t * n
fn part(t: tally<Icon>, n: int) -> tally<Icon> = t / n round down
example "neg" { expect scale(Icon(a: 1), -2) == Icon() }
example "zero" { expect part(Icon(a: 1), 0) == Icon() }
`;
    const neg = example(rules, "neg").failure;
    expect([neg?.code, neg?.message, neg?.span?.line, neg?.span?.col]).toEqual(["R0501", "a count cannot be negative, but scaling `Icon(a: 1)` by -2 would make it so", 2, 51]);
    const zero = example(rules, "zero").failure;
    expect([zero?.code, zero?.message, zero?.span?.line, zero?.span?.col]).toEqual(["R0501", "division by zero in `t / n round down`", 3, 50]);
  });

  it("E0221: `/` on a tally without `round`; `round` after another operator", () => {
    expect(diagnostics(`enum Icon { a }\nfn f(t: tally<Icon>) -> tally<Icon> = t / 2\n`)).toEqual([
      { code: "E0221", at: "2:39", message: "dividing a tally needs a rounding: `round down`, `round up` or `round nearest`", help: "write `t / 2 round down`" },
    ]);
    expect(diagnostics(`fn f(n: int) -> int = n * 2 round up\n`)).toEqual([{ code: "E0221", at: "1:35", message: "only `/` takes a rounding, not `*`" }]);
  });

  it("E0201: tallies of different enums, and `%` on a tally", () => {
    expect(diagnostics(`enum Icon { a }\nenum Land { b }\nfn f() -> tally<Icon> = Icon(a: 1) - Land(b: 1)\n`).map((d) => `${d.code} ${d.at}`)).toEqual(["E0201 3:38"]);
    expect(diagnostics(`enum Icon { a }\nfn f(t: tally<Icon>) -> int = t % 2\n`).map((d) => `${d.code} ${d.at}`)).toEqual(["E0201 2:31"]);
  });
});

describe("a per-member map builds a tally", () => {
  it("`Icon(m in Icon => ...)` computes each member's count", () => {
    passes(`enum Icon { melee, save, magic }
fn halves(t: tally<Icon>) -> tally<Icon> = Icon(m in Icon => t[m] / 2 round down)
fn ones() -> tally<Icon> = Icon(m in Icon => if m == Icon.save then 0 else 1)
example "e" {
  expect halves(Icon(melee: 5, save: 1, magic: 4)) == Icon(melee: 2, magic: 2)
  expect ones() == Icon(melee: 1, magic: 1)
}
`);
  });

  it("a negative count stops the run with R0501 at the count", () => {
    const r = example(`enum Icon { a }\nfn f() -> tally<Icon> = Icon(m in Icon => -1)\nexample "e" { expect f() == Icon() }\n`, "e");
    expect([r.failure?.code, r.failure?.message, r.failure?.span?.line, r.failure?.span?.col]).toEqual(["R0501", "a count cannot be negative, but `a` is -1", 2, 43]);
  });

  it("E0209: a source other than the enum, `where`, a missing count", () => {
    expect(diagnostics(`enum Icon { a, b }\nfn f() -> tally<Icon> = Icon(m in [Icon.a] => 1)\n`)).toEqual([
      { code: "E0209", at: "2:35", message: "a count for each member goes over `Icon` itself", help: "write `Icon(m in Icon => ...)`" },
    ]);
    expect(diagnostics(`enum Icon { a, b }\nfn f() -> tally<Icon> = Icon(m in Icon where m == Icon.a => 1)\n`).map((d) => `${d.code} ${d.at}`)).toEqual(["E0209 2:46"]);
    expect(diagnostics(`enum Icon { a, b }\nfn f() -> tally<Icon> = Icon(m in Icon)\n`).map((d) => `${d.code} ${d.at}`)).toEqual(["E0209 2:30"]);
  });
});

describe("tally modifiers", () => {
  const head = `enum Icon { melee, save, magic }
value r(t: tally<Icon>, op: int) -> tally<Icon> = t
modifier sub for r when op == 1 : subtract Icon(melee: 1, save: 5)
modifier div for r when op == 2 : divide 2 round up
modifier mul for r when op == 3 : multiply 3
modifier one for r when op == 4 : multiply Icon.save by 2
modifier dbl for r when op == 5 : double Icon.melee
modifier cnt for r when op == 6 : count Icon.magic as Icon.melee
modifier cmp for r when op == 7 : compute result - Icon(melee: 1) + Icon(save: result.melee)
`;
  it("each op, with its exact trace line", () => {
    const lines = passes(`${head}example "e" {
  let t = Icon(melee: 3, save: 1, magic: 2)
  expect r(t, 1) == Icon(melee: 2, magic: 2)
  expect r(t, 2) == Icon(melee: 2, save: 1, magic: 1)
  expect r(t, 3) == Icon(melee: 9, save: 3, magic: 6)
  expect r(t, 4) == Icon(melee: 3, save: 2, magic: 2)
  expect r(t, 5) == Icon(melee: 6, save: 1, magic: 2)
  expect r(t, 6) == Icon(melee: 5, save: 1)
  expect r(t, 7) == Icon(melee: 2, save: 4, magic: 2)
}
`);
    expect(lines).toEqual([
      "r: Icon(melee: 3, save: 1, magic: 2) -> Icon(melee: 2, magic: 2) (subtract Icon(melee: 1, save: 5))",
      "r: Icon(melee: 3, save: 1, magic: 2) -> Icon(melee: 2, save: 1, magic: 1) (divide 2 round up)",
      "r: Icon(melee: 3, save: 1, magic: 2) -> Icon(melee: 9, save: 3, magic: 6) (multiply 3)",
      "r: Icon(melee: 3, save: 1, magic: 2) -> Icon(melee: 3, save: 2, magic: 2) (multiply save by 2)",
      "r: Icon(melee: 3, save: 1, magic: 2) -> Icon(melee: 6, save: 1, magic: 2) (double melee)",
      "r: Icon(melee: 3, save: 1, magic: 2) -> Icon(melee: 5, save: 1) (count magic as melee)",
      "r: Icon(melee: 3, save: 1, magic: 2) -> Icon(melee: 2, save: 4, magic: 2) (compute result - Icon(melee: 1) + Icon(save: result.melee))",
    ]);
  });

  it("`multiply` of a member without `by` is still E0208; `divide` of a tally needs a rounding (E0221)", () => {
    expect(diagnostics(`enum Icon { a }\nvalue r(t: tally<Icon>) -> tally<Icon> = t\nmodifier m for r : multiply Icon.a\n`)).toEqual([
      { code: "E0208", at: "3:20", message: "`multiply` on a tally needs `by` and a factor", help: "write `multiply Icon.a by 3`" },
    ]);
    expect(diagnostics(`enum Icon { a }\nvalue r(t: tally<Icon>) -> tally<Icon> = t\nmodifier m for r : divide 3\n`).map((d) => `${d.code} ${d.at}`)).toEqual(["E0221 3:20"]);
  });
});

describe("halve every result, in one line that stays right when the enum grows", () => {
  const rules = (icons: string) => `enum Icon { ${icons} }
value results(t: tally<Icon>, halved: bool) -> tally<Icon> = t
modifier halving for results when halved : divide 2 round down
fn everyOne() -> tally<Icon> = Icon(m in Icon => 3)
fn total(t: tally<Icon>) -> int {
  let n = 0
  for m in Icon { n += t[m] }
  return n
}
example "e" {
  expect results(everyOne(), true) == Icon(m in Icon => 1)
  expect total(results(everyOne(), true)) == count(m in Icon where true)
}
`;
  it("halves every member", () => {
    expect(passes(rules("melee, save"))).toEqual(Array(2).fill("results: Icon(melee: 3, save: 3) -> Icon(melee: 1, save: 1) (divide 2 round down)"));
  });
  it("halves a member added to the enum, with no other change", () => {
    expect(passes(rules("melee, save, dragonBreath"))).toEqual(Array(2).fill("results: Icon(melee: 3, save: 3, dragonBreath: 3) -> Icon(melee: 1, save: 1, dragonBreath: 1) (divide 2 round down)"));
  });
});

describe("going through an enum's members", () => {
  it("`for` and the aggregates take an enum's name as the list of its members, in declaration order", () => {
    passes(`enum Side { north, east, south, west }
fn all() -> list<Side> {
  let out: list<Side> = []
  for s in Side { add s to out }
  return out
}
example "e" {
  expect all() == [Side.north, Side.east, Side.south, Side.west]
  expect count(s in Side where s != Side.east) == 3
  expect first(s in Side where s != Side.north) == Side.east
  expect any(s in Side where s == Side.west) and all(s in Side where str(s) != "")
}
`);
  });

  it("a local or a state field of the same name still wins", () => {
    passes(`enum Side { a, b }
fn f() -> int {
  let n = 0
  for Side in [1, 2, 3] { n += Side }
  return n
}
example "e" { expect f() == 6 }
`);
  });

  it("elsewhere an enum's name is still not a value (E0201), with help to go through it", () => {
    expect(diagnostics(`enum Side { a, b }\nfn f() -> int = len(Side)\n`)).toEqual([
      { code: "E0201", at: "2:21", message: "`Side` is an enum; name one of its members, like `Side.a`", help: "to go through its members, write `for m in Side { ... }`" },
    ]);
  });
});
