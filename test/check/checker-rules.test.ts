// Checker rules beyond names and types: shadowing, impossible dice, missing returns, constant
// defaults and ranges, modifier order warnings, fields that may be left out, and the details the
// reference documents (import order, expression printing).
import { describe, expect, it } from "vitest";
import { compile, indexProgram, runExamples } from "../../src/pipeline.ts";
import { validateState } from "../../src/run/schema.ts";
import { checked, compileText, example, memoryHost } from "../support/helpers.ts";

const codes = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col}`);

describe("checker additions", () => {
  it("warns when a variable hides a state field", () => {
    const c = compileText(`state { units: int }\nfn f() -> int {\n  let units = 3\n  return units\n}\n`);
    expect(c.program).toBeDefined();
    const w = c.diagnostics.find((d) => d.code === "W0305")!;
    expect(w.severity).toBe("warning");
    expect([w.span.line, w.span.col]).toEqual([3, 7]);
  });
  it("rejects a die with no sides", () => {
    const c = compileText(`fn f() -> int = roll d0\nfn g() -> int = roll(0, 6)\n`);
    expect(c.diagnostics.filter((d) => d.code === "E0201").map((d) => d.message)).toEqual([
      "a roll needs at least 1 side, not 0",
      "a roll needs at least 1 die, not 0",
    ]);
  });
  it("reports a function that can end without returning", () => {
    const c = compileText(`fn f(x: int) -> int {\n  if x > 1 { return 2 } else if x > 0 { return 1 }\n}\nfn g(x: int) -> int {\n  if x > 1 { return 2 } else { return 1 }\n}\n`);
    expect(c.diagnostics.map((d) => [d.code, d.span.line, d.message])).toEqual([["E0205", 1, "`f` can reach its end without returning a value of type int"]]);
  });
});

describe("fixes from the reference review", () => {
  it("asks an `=` function to declare what it produces", () => {
    const c = compileText("fn double(n: int) = n * 2\n");
    const d = c.diagnostics.find((x) => x.code === "E0205")!;
    expect(d.message).toBe("`double` is written with `=`, so it must declare what it produces");
    expect(d.help).toBe("add `-> int` before the `=`");
  });
  it("accepts only enum members, not other fields, as constant defaults", () => {
    const c = compileText("kind L { hp: int = 1 }\nstate { leader: L }\nkind U { n: int = leader.hp }\n");
    expect(c.diagnostics.map((d) => d.code)).toContain("E0207");
  });
  it("says once that a name in a table row is not a pattern, and where a condition on the inputs goes", () => {
    const c = compileText("table wound(s: int, t: int) -> int {\n  s, 3 => 4\n  _, _ => 5\n}\n");
    expect(c.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}`)).toEqual(["E0207 2:3 a table pattern must be a constant, but `s` is a name"]);
    expect(c.diagnostics[0]!.help).toContain("belongs in a `fn` that calls the table");
  });
  it("checks constant arguments against a field's range when an entity is made, and `let` ranges", () => {
    const c = compileText('kind U { name: text, hp: int in 0..4 }\nfn f() -> U = U(name: "a", hp: 9)\nfn g() -> int {\n  let x: int in 1..3 = 5\n  return x\n}\n');
    expect(c.diagnostics.filter((d) => d.code === "E0210").map((d) => d.message)).toEqual([
      "9 is outside the range 0..4 of `U.hp`",
      "5 is outside the range 1..3 of `x`",
    ]);
  });
  it("names the missing import for a state field", () => {
    const c = compile(["main.rules", "other.rules"], memoryHost({ "lib.rules": "state { turn: int }\n", "main.rules": 'fn f() -> int = turn\nexample "e" { expect true }\n', "other.rules": 'import "lib.rules"\n' }));
    const d = c.diagnostics.find((x) => x.code === "E0105");
    expect(c.diagnostics.map((x) => x.code)).toEqual(["E0105"]);
    void d;
  });
  it("rejects a status that lasts for 0 events", () => {
    expect(compileText("event E()\nstatus s for 0 E\n").diagnostics.map((d) => d.message)).toContain("a status cannot last for 0 events");
  });
  it("says when a name is a reserved word", () => {
    const c = compileText("fn order() -> int = 1\nfn then() -> int = 1\n");
    expect(c.diagnostics[0]!.message).toBe(
      "expected a name but found `then` (`then` is a reserved word: it can name a field, a parameter, an enum member or a named argument, but not a declaration, a variable or a value in an expression)",
    );
  });
  it("orders declarations across files the same way however the files are named", () => {
    const files = {
      "a.rules": 'import "b.rules"\nfn go() { emit E() }\non E { say "a" }\nexample "order" { go() }\n',
      "b.rules": 'event E()\non E { say "b" }\n',
    };
    const says = (roots: string[]) => {
      const c = compile(roots, memoryHost(files));
      return runExamples(c.program!).find((r) => r.title === "order")!.trace.filter((t) => t.kind === "say").map((t) => t.message);
    };
    expect(says(["a.rules"])).toEqual(["b", "a"]);
    expect(says(["b.rules", "a.rules"])).toEqual(["b", "a"]);
  });
  it("prints expressions with the brackets their meaning needs", () => {
    const r = example('example "p" {\n  let a = 1\n  let b = 2\n  expect (a + b) * 3 == 10 - (b - a) - 1\n}\n', "p");
    expect(r.failure?.message.split("\n")[0]).toBe("expected `(a + b) * 3 == 10 - (b - a) - 1`");
  });
});

describe("W0304: two `set` modifiers", () => {
  const head = `enum Race { a, b }\nkind U { race: Race, n: int }\nvalue v(u: U) -> bool = false\n`;
  it("stays silent when the conditions cannot both hold", () => {
    expect(codes(`${head}modifier m1 for v when u.race == Race.a : set true\nmodifier m2 for v when u.race == Race.b : set false\n`)).toEqual([]);
    expect(codes(`${head}modifier m1 for v when u.n > 2 and u.race == Race.a : set true\nmodifier m2 for v when u.race != Race.a : set false\n`)).toEqual([]);
    expect(codes(`${head}modifier m1 for v when u.n > 2 : set true\nmodifier m2 for v when not (u.n > 2) : set false\n`)).toEqual([]);
  });
  it("stays silent when both set the same constant", () => {
    expect(codes(`${head}modifier m1 for v when u.n > 2 : set true\nmodifier m2 for v when u.n > 5 : set true\n`)).toEqual([]);
  });
  it("warns when both can apply with different results", () => {
    expect(codes(`${head}modifier m1 for v when u.n > 2 : set true\nmodifier m2 for v when u.race == Race.b : set false\n`)).toEqual(["W0304 5:43"]);
    expect(codes(`${head}modifier m1 for v when u.race == Race.a : set true\nmodifier m2 for v when u.race == Race.a and u.n > 1 : set false\n`)).toEqual(["W0304 5:55"]);
  });
});

describe("W0306: a `count` that empties the member a later `double` scales", () => {
  const head = `enum Icon { maneuver, save }\nenum Land { high, coast }\nvalue res(land: Land, t: tally<Icon>) -> tally<Icon> = t\nmodifier coastCount for res when land == Land.coast : count Icon.maneuver as Icon.save\n`;
  it("warns when both can apply", () => {
    const c = compileText(`${head}modifier always for res : double Icon.maneuver\n`);
    const w = c.diagnostics.find((d) => d.code === "W0306")!;
    expect(w.message).toBe("`always` finds no `Icon.maneuver` in `res` when `coastCount` also applies: `count` runs before `double` and has moved them");
    expect([w.span.line, w.span.col]).toEqual([5, 34]);
  });
  it("stays silent when they never apply together, or scale another member", () => {
    expect(codes(`${head}modifier high for res when land == Land.high : double Icon.maneuver\n`)).toEqual([]);
    expect(codes(`${head}modifier saves for res : multiply Icon.save by 2\n`)).toEqual([]);
  });
});

describe("a field whose entity starts filled may be left out", () => {
  const rules = `
    kind Area { units: list<int>, label: text = "reserve" }
    kind Player { name: text, reserve: Area }
    example "a fresh reserve" {
      let p = Player(name: "p")
      expect p.reserve.label == "reserve" and len(p.reserve.units) == 0
    }
  `;
  it("builds a fresh entity for it", () => {
    expect(example(rules, "a fresh reserve").failure).toBeUndefined();
  });
  it("is still required when its entity has a field that must be given", () => {
    expect(codes(`kind Area { label: text }\nkind Player { name: text, reserve: Area }\nfn f() -> Player = Player(name: "p")\n`)).toEqual(["E0202 3:20"]);
  });
});

describe("a parameter of an unknown type", () => {
  it("is reported once, not again at every call", () => {
    expect(codes(`fn f(s: Stak) -> int = 1\nfn g() -> int = f(1) + f(2)\n`)).toEqual(["E0104 1:9"]);
  });
});

describe("W0307: a division of two constants that drops a remainder", () => {
  it("warns at `5 / 4`, which is 1, and says how to round or scale", () => {
    const d = compileText("value v(n: int) -> int = n\nmodifier m for v : multiply 5 / 4\n").diagnostics;
    expect(d.map((x) => [x.code, x.span.line, x.span.col, x.message, x.help])).toEqual([
      ["W0307", 2, 29, "`5 / 4` is 1: numbers are whole, and `/` drops the remainder", "say how it rounds, `5 / 4 round nearest`, or scale first: `x * 5 / 4 round nearest`"],
    ]);
  });
  it("is silent for an exact division, a rounded one, or one with a variable", () => {
    expect(codes("fn f(n: int) -> int = 8 / 4 + 5 / 4 round down + n / 4\n")).toEqual([]);
  });
});
