// Modifier stages as data: a value's own `stages [...]`, the program's default, `in STAGE`, `order N`,
// the new ops (`subtract`, `divide ... round`, `compute`) with `result`, and their diagnostics.
import { describe, expect, it } from "vitest";
import { compileText, example } from "../support/helpers.ts";

const modifierLines = (text: string, title: string) => {
  const r = example(text, title);
  expect(r.failure).toBeUndefined();
  return r.trace.filter((t) => t.kind === "modifier").map((t) => t.message);
};
const diagnostics = (text: string) =>
  compileText(text).diagnostics.map((d) => ({ code: d.code, at: `${d.span.line}:${d.span.col}`, message: d.message, ...(d.help ? { help: d.help } : {}) }));

describe("stage order declared on a value", () => {
  it("applies subtract, divide, add, multiply in the declared order, whatever the declaration order", () => {
    const rules = `value damage(hit: int) -> int stages [subtract, divide, add, multiply] = hit
modifier twice for damage : multiply 2
modifier bonus for damage : add 3
modifier half for damage : divide 2 round down
modifier armour for damage : subtract 1
example "e" { expect damage(10) == 14 }
`;
    expect(modifierLines(rules, "e")).toEqual([
      "damage: 10 -> 9 (subtract 1)",
      "damage: 9 -> 4 (divide 2 round down)",
      "damage: 4 -> 7 (add 3)",
      "damage: 7 -> 14 (multiply 2)",
    ]);
  });

  it("puts an op in its group's stage when the value names the group, not the op", () => {
    const rules = `value v(n: int) -> int stages [multiply, add] = n
modifier a for v : subtract 1
modifier b for v : double
modifier c for v : divide 3 round up
example "e" { expect v(4) == 2 }
`;
    // `double` and `divide` are in `multiply` (first), `subtract` in `add`.
    expect(modifierLines(rules, "e")).toEqual(["v: 4 -> 8 (double)", "v: 8 -> 3 (divide 3 round up)", "v: 3 -> 2 (subtract 1)"]);
  });
});

describe("stage order declared on the program", () => {
  const rules = `stages [bounds, multiply, add, set, count, compute]
value v(n: int) -> int = n
value own(n: int) -> int stages [add, multiply] = n
modifier plus for v : add 1
modifier times for v : multiply 10
modifier cap for v : atMost 3
modifier plus2 for own : add 1
modifier times2 for own : multiply 10
example "e" {
  expect v(5) == 31
  expect own(5) == 60
}
`;
  it("is the default of every value without stages of its own", () => {
    expect(modifierLines(rules, "e")).toEqual([
      "v: 5 -> 3 (atMost 3)",
      "v: 3 -> 30 (multiply 10)",
      "v: 30 -> 31 (add 1)",
      "own: 5 -> 6 (add 1)",
      "own: 6 -> 60 (multiply 10)",
    ]);
  });

  it("is declared at most once: a second is E0102 naming the first", () => {
    expect(diagnostics(`stages [set]\nvalue v(n: int) -> int = n\nstages [add]\n`)).toEqual([
      { code: "E0102", at: "3:1", message: "the program already declares its stages at main.rules:1:1", help: "keep one `stages [...]` declaration, or give a value its own stages" },
    ]);
  });

  it("lists each stage once (E0102)", () => {
    expect(diagnostics(`stages [set, add, set]\nvalue v(n: int) -> int stages [add, add] = n\n`).map((d) => `${d.code} ${d.at} ${d.message}`)).toEqual([
      "E0102 1:19 the stage `set` appears twice in this stage list",
      "E0102 2:37 the stage `add` appears twice in the stages of `v`",
    ]);
  });

  it("leaves `stages` and `round` ordinary names elsewhere", () => {
    const rules = `state { round: int = 2, stages: int = 3 }
fn f(x: int) -> int = x / round
example "e" { expect f(9) == 4 and stages == 3 }
`;
    expect(modifierLines(rules, "e")).toEqual([]);
  });
});

describe("`in STAGE` and `order N`", () => {
  it("moves a modifier to a named stage, and orders ties by `order`, then by declaration", () => {
    const rules = `value v(n: int) -> int = n
modifier late for v order 5 : add 1
modifier first for v order -2 : add 100
modifier doubleEarly for v in add order -1 : double
modifier plain for v : add 10
modifier plain2 for v : add 20
example "e" { expect v(1) == 233 }
`;
    expect(modifierLines(rules, "e")).toEqual([
      "v: 1 -> 101 (add 100)",
      "v: 101 -> 202 (double)",
      "v: 202 -> 212 (add 10)",
      "v: 212 -> 232 (add 20)",
      "v: 232 -> 233 (add 1)",
    ]);
  });

  it("E0220: an op whose stage the value lacks, at the op, listing the stages", () => {
    expect(diagnostics(`value v(n: int) -> int stages [subtract, divide] = n\nmodifier m for v : add 1\n`)).toEqual([
      {
        code: "E0220",
        at: "2:20",
        message: "`add` belongs to the stage `add`, which `v` does not have; its stages are `subtract`, `divide`",
        help: "name the stage with `in`, like `in subtract`, or add `add` to the stages",
      },
    ]);
  });

  it("E0220: an unknown stage after `in`, at the name, with a did-you-mean", () => {
    expect(diagnostics(`value v(n: int) -> int = n\nmodifier m for v in multipy : add 1\n`)).toEqual([
      { code: "E0220", at: "2:21", message: "`v` has no stage `multipy`; its stages are `set`, `add`, `count`, `multiply`, `compute`, `bounds`", help: "did you mean `multiply`?" },
    ]);
  });
});

describe("the new ops on ints", () => {
  it("subtract, divide with each rounding, and compute over `result`", () => {
    const rules = `value v(n: int, how: int) -> int = n
modifier a for v when how == 1 : divide 2 round down
modifier b for v when how == 2 : divide 2 round up
modifier c for v when how == 3 : divide 2 round nearest
modifier d for v when how == 4 : subtract 10
modifier e for v when how == 5 and result < 0 : compute result * result
example "e" {
  expect v(-7, 1) == -4 and v(-7, 2) == -3 and v(-7, 3) == -4
  expect v(7, 1) == 3 and v(7, 2) == 4 and v(7, 3) == 4
  expect v(-6, 3) == -3 and v(-5, 3) == -3 and v(-4, 3) == -2
  expect v(3, 4) == -7
  expect v(-3, 5) == 9 and v(3, 5) == 3
}
`;
    const lines = modifierLines(rules, "e");
    expect(lines.slice(0, 3)).toEqual(["v: -7 -> -4 (divide 2 round down)", "v: -7 -> -3 (divide 2 round up)", "v: -7 -> -4 (divide 2 round nearest)"]);
    expect(lines).toContain("v: 3 -> -7 (subtract 10)");
    expect(lines).toContain("v: -3 -> 9 (compute result * result)");
    expect(lines.filter((l) => l.includes("compute"))).toHaveLength(1);
  });

  it("rounds a negative divisor too", () => {
    const rules = `value v(n: int, d: int) -> int = n
modifier down for v : divide d round down
value u(n: int, d: int) -> int = n
modifier up for u : divide d round up
value w(n: int, d: int) -> int = n
modifier near for w : divide d round nearest
example "e" {
  expect v(7, -2) == -4 and u(7, -2) == -3 and w(7, -2) == -4
  expect v(-7, -2) == 3 and u(-7, -2) == 4 and w(-7, -2) == 4
  expect v(6, -3) == -2 and u(6, -3) == -2 and w(1, 3) == 0 and w(2, 3) == 1
}
`;
    expect(example(rules, "e").failure).toBeUndefined();
  });

  it("division by zero at run time is R0501 at the modifier", () => {
    const r = example(`value v(n: int, d: int) -> int = n\nmodifier m for v : divide d round down\nexample "e" { expect v(3, 0) == 0 }\n`, "e");
    expect(r.failure?.code).toBe("R0501");
    expect(r.failure?.message).toBe("division by zero: 3 divided by 0");
    expect([r.failure?.span?.line, r.failure?.span?.col]).toEqual([2, 1]);
  });

  it("`compute` works on any value type, and must have that type", () => {
    const ok = `value name(n: int) -> text = "x"\nmodifier m for name when n > 1 : compute result + "!"\nexample "e" { expect name(2) == "x!" and name(1) == "x" }\n`;
    expect(example(ok, "e").failure).toBeUndefined();
    expect(diagnostics(`value name(n: int) -> text = "x"\nmodifier m for name : compute 1\n`)).toEqual([{ code: "E0201", at: "2:31", message: "the computed result should be text, but this is int" }]);
  });

  it("E0221: `divide` without a rounding, a rounding elsewhere, an unknown rounding", () => {
    expect(diagnostics(`value v(n: int) -> int = n\nmodifier m for v : divide 2\n`)).toEqual([
      { code: "E0221", at: "2:20", message: "`divide` needs a rounding: `round down`, `round up` or `round nearest`", help: "write `divide 2 round down`" },
    ]);
    expect(diagnostics(`value v(n: int) -> int = n\nmodifier m for v : add 2 round up\n`)).toEqual([{ code: "E0221", at: "2:32", message: "only `divide` takes a rounding, not `add`" }]);
    expect(diagnostics(`value v(n: int) -> int = n\nmodifier m for v : divide 2 round dwn\n`)).toEqual([{ code: "E0221", at: "2:35", message: "unknown rounding `dwn`", help: "did you mean `down`?" }]);
  });

  it("E0222: a value parameter named `result`", () => {
    expect(diagnostics(`value v(result: int) -> int = result\n`)).toEqual([
      { code: "E0222", at: "1:9", message: "a value's parameter cannot be named `result`: in its modifiers, `result` is the value's current result", help: "rename the parameter" },
    ]);
  });
});

describe("W0304 and the ordering of `set` and `compute`", () => {
  const head = "value v(n: int) -> int = n\n";
  const codes = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col}`);
  it("warns for two sets or two computes in the same stage and order, with the help to give an `order`", () => {
    const d = compileText(`${head}modifier a for v : set 1\nmodifier b for v : set 2\n`).diagnostics;
    expect(d.map((x) => [x.code, x.span.line, x.span.col, x.help])).toEqual([["W0304", 3, 20, "give them an `order` (the higher applies later, so wins), or conditions that cannot both hold"]]);
    // A `compute` that ignores `result` undoes the one before it; one that reads `result` builds on it.
    expect(codes(`${head}modifier a for v : compute result + 1\nmodifier b for v : compute 7\n`)).toEqual(["W0304 3:20"]);
    expect(codes(`${head}modifier a for v : compute result + 1\nmodifier b for v : compute result * 2\n`)).toEqual([]);
  });
  it("is silent when the orders differ or the stages differ", () => {
    expect(codes(`${head}modifier a for v order 1 : set 1\nmodifier b for v : set 2\n`)).toEqual([]);
    expect(codes(`${head}modifier a for v in add : set 1\nmodifier b for v : set 2\n`)).toEqual([]);
    expect(codes(`${head}modifier a for v order 2 : compute result + 1\nmodifier b for v order 1 : compute result * 2\n`)).toEqual([]);
  });
});

describe("W0306 follows the declared order", () => {
  it("is silent when the doubling is in a stage before the count", () => {
    const rules = `enum Icon { a, b }
value r(t: tally<Icon>) -> tally<Icon> stages [add, multiply, count] = t
modifier c for r : count Icon.a as Icon.b
modifier d for r : double Icon.a
example "e" { expect r(Icon(a: 1)) == Icon(b: 2) }
`;
    expect(compileText(rules).diagnostics).toEqual([]);
    expect(example(rules, "e").failure).toBeUndefined();
  });
});
