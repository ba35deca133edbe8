// The list tools a new author reached for and did not find (a trial writing Risk, a Warhammer attack
// sequence and a deck from the reference alone): `map` and `sort` over a comprehension, a pool of dice
// kept apart (`rollEach`), E0243 for a variable of an untyped empty list, and the help for words and
// operators of other languages (`break`, `null`, `!`, `&&`, a trigger's parameters).
import { describe, expect, it } from "vitest";
import { runExamples } from "../../src/pipeline.ts";
import { checked, compileText } from "../support/helpers.ts";

const UNITS = `kind Unit { name: text, hp: int in 0..9 = 2 }\n`;

/** Each diagnostic as `CODE line:col message | help`. */
const diags = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}${d.help ? ` | ${d.help}` : ""}`);

/** Every example of `text` on both engines: their failures (none when passing) and roll lines must agree. */
function run(text: string) {
  const files = checked(text);
  const [tree, compiled] = (["tree", "compiled"] as const).map((engine) =>
    runExamples(files, undefined, undefined, engine).map((r) => ({ title: r.title, failure: r.failure?.message, code: r.failure?.code, rolls: r.trace.filter((t) => t.kind === "roll").map((t) => t.message) })),
  );
  expect(compiled).toEqual(tree);
  return new Map(tree!.map((r) => [r.title, r]));
}

describe("map and sort", () => {
  it("map gives each match's value in order; sort orders the matches by a key, stably", () => {
    const r = run(`${UNITS}
example "lists" {
  let us = [Unit(name: "A", hp: 3), Unit(name: "B"), Unit(name: "C", hp: 0), Unit(name: "D", hp: 3)]
  expect map(u in us => u.name) == ["A", "B", "C", "D"]
  expect map(u in us where u.hp > 0 => u.hp * 2) == [6, 4, 6]
  expect map(u in sort(u in us => u.hp) => u.name) == ["C", "B", "A", "D"]
  expect map(u in sort(u in us => -u.hp) => u.name) == ["A", "D", "B", "C"]
  expect map(u in sort(u in us where u.hp < 3 => u.hp) => u.name) == ["C", "B"]
  let empty: list<int> = []
  expect map(x in empty => x + 1) == [] and sort(x in empty => x) == []
}
example "wrong" { expect map(u in [Unit(name: "A")] => u.name) == ["B"] }
`);
    expect(r.get("lists")!.failure).toBeUndefined();
    // A failing `map` shows the list it made.
    expect(r.get("wrong")!.failure).toMatch(/actual: +\[A\]$/);
  });

  it("map's list has the value's type, and sort's the items'", () => {
    expect(diags(`${UNITS}fn names(us: list<Unit>) -> list<int> = map(u in us => u.name)\nfn byHp(us: list<Unit>) -> list<int> = sort(u in us => u.hp)\n`)).toEqual([
      "E0201 2:41 the function's result should be list<int>, but this is list<text>",
      "E0201 3:40 the function's result should be list<int>, but this is list<Unit>",
    ]);
  });

  it("a map of nothing but `none` is E0241, as `let x = none` is", () => {
    expect(diags("fn m(xs: list<int>) -> int {\n  let n = map(x in xs => none)\n  return 0\n}\n")).toEqual([
      "E0241 2:26 a list of nothing but `none` has no type to hold it | give each item a value, like `=> if c then x.field else none`",
    ]);
  });

  it("each needs its `=> value`, sort's a number, and neither takes `else`", () => {
    expect(diags(`${UNITS}fn a(us: list<Unit>) -> list<Unit> = sort(u in us)\nfn b(us: list<Unit>) -> list<Unit> = sort(u in us => u.name)\nfn c(us: list<Unit>) -> list<int> = map(u in us)\nfn d(us: list<Unit>) -> list<int> = map(u in us => u.hp else 0)\n`)).toEqual([
      "E0209 2:43 `sort` needs `=> value` to say what to order the items by | write `sort(u in ... => u.field)`",
      "E0201 3:54 the value `sort` works on should be int, but this is text",
      "E0209 4:41 `map` needs `=> value` to say what to give for each item | write `map(u in ... => u.field)`",
      "E0209 5:62 `map` takes no `else`: it always has a result",
    ]);
  });
});

describe("rollEach: a pool of dice kept apart", () => {
  it("gives each die in the order rolled, forceable, traced as one line", () => {
    const r = run(`
fn attackerLosses(attack: list<int>, defence: list<int>) -> int {
  let a = sort(d in attack => -d)
  let d = sort(x in defence => -x)
  let lost = 0
  for i in [0, 1, 2] where i < len(a) and i < len(d) {
    if a[i] <= d[i] { lost += 1 }
  }
  return lost
}
example "three against two" {
  force dice [6, 1, 3, 3, 5]
  let attack = rollEach(3, 6)
  let defence = rollEach(2, 6)
  expect attack == [6, 1, 3] and defence == [3, 5]
  expect attackerLosses(attack, defence) == 1
  expect rollEach(0, 6) == []
}
example "seeded" {
  let pool = rollEach(4, 10)
  expect len(pool) == 4 and all(d in pool where d >= 1 and d <= 10)
}
`);
    expect(r.get("three against two")).toMatchObject({ failure: undefined, rolls: ["rollEach 3d6 -> [6 (forced), 1 (forced), 3 (forced)]", "rollEach 2d6 -> [3 (forced), 5 (forced)]", "rollEach 0d6 -> []"] });
    expect(r.get("seeded")!.failure).toBeUndefined();
    expect(r.get("seeded")!.rolls).toHaveLength(1);
  });

  it("a roll where a list of dice is wanted says that a roll is the sum, and names rollEach", () => {
    expect(diags("fn pool() -> list<int> = roll 3d6\nfn sum() -> list<int> = 3\nfn one() -> list<int> = roll d6\n")).toEqual([
      "E0201 1:26 the function's result should be list<int>, but this is int | a `roll` of several dice is their sum; `rollEach(count, sides)` gives each die apart, as a list",
      "E0201 2:25 the function's result should be list<int>, but this is int",
      "E0201 3:25 the function's result should be list<int>, but this is int",
    ]);
  });

  it("a constant count outside 0..1000 or a die of no sides is E0201 before anything runs, as for roll", () => {
    expect(diags("fn a() -> list<int> = rollEach(-1, 0)\nfn b() -> list<int> = rollEach(1001, 6)\n")).toEqual([
      "E0201 1:32 a pool holds 0 to 1000 dice, not -1",
      "E0201 1:36 a roll needs at least 1 side, not 0",
      "E0201 2:32 a pool holds 0 to 1000 dice, not 1001",
    ]);
  });

  it("a pool of no dice is traced too", () => {
    const r = run(`example "none" { expect rollEach(0, 6) == [] }\n`);
    expect(r.get("none")).toMatchObject({ failure: undefined, rolls: ["rollEach 0d6 -> []"] });
  });

  it("stops with R0501 for a count outside 0..1000 or a die of no sides, and a forced value that cannot come up is R0503", () => {
    const r = run(`
fn pool(n: int, sides: int) -> list<int> = rollEach(n, sides)
example "negative" { expect len(pool(-1, 6)) == 0 }
example "too many" { expect len(pool(1001, 6)) == 0 }
example "no sides" { expect len(pool(0, 0)) == 0 }
example "forced seven" {
  force dice [7]
  expect len(rollEach(1, 6)) == 1
}
`);
    expect([...r.values()].map((x) => `${x.title}: ${x.code} ${x.failure}`)).toEqual([
      "negative: R0501 cannot roll -1 dice",
      "too many: R0501 cannot roll 1001 dice",
      "no sides: R0501 cannot roll a die with 0 sides",
      `forced seven: R0503 ${r.get("forced seven")!.failure}`,
    ]);
    expect(r.get("forced seven")!.failure).toMatch(/7/);
  });
});

describe("help for what other languages write", () => {
  it("`!`, `&&` and `||` name the words to write", () => {
    const ds = diags(`fn f(x: bool) -> bool = !(x)\nfn g(x: bool, y: bool) -> bool = x && y\n`);
    expect(ds[0]).toBe("E0001 1:25 unexpected character `!` | write `not` to negate a condition (`not x`); `!=` compares");
    expect(ds[1]).toBe("E0001 2:36 unexpected character `&` | write `and` to join conditions");
  });

  it("a trigger written with parameters says that it sees the event's by name", () => {
    const ds = diags(`event Destroyed(victim: int)\non Destroyed(victim) when victim > 0 { say victim }\ninstead of Destroyed(v) { say 1 }\n`);
    const help = "a trigger takes no parameters: its `when` and its body see `Destroyed`'s parameters by their names";
    expect(ds.filter((d) => d.endsWith(help)).map((d) => d.split(" ").slice(0, 2).join(" "))).toEqual(["E0002 2:13", "E0002 3:21"]);
  });

  it("`break`, `continue` and `null` say what to write instead", () => {
    expect(diags(`fn f(x: int) -> int {\n  while x > 0 { break }\n  return x\n}\nfn g(xs: list<int>) -> int {\n  for x in xs { continue }\n  return 0\n}\nfn h() -> int? = null\n`)).toEqual([
      "E0101 2:17 unknown name `break` | loops have no `break`: end a `while` through its condition, or find an item with `first(x in xs where ...)`",
      "E0101 6:17 unknown name `continue` | loops have no `continue`: skip items with `for x in xs where ...`, or put the rest of the body in an `if`",
      "E0101 9:18 unknown name `null` | write `none` for no value (its type is optional, `T?`)",
    ]);
  });
});
