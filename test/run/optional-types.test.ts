// Optional types: `T?` with `none`, what may and may not be done with a value that may be `none`,
// narrowing by `!= none` / `== none` checks, and `none` in the game state JSON (`null`) and its schema.
import { describe, expect, it } from "vitest";
import { indexProgram, runScenario } from "../../src/pipeline.ts";
import { stateFromJson, stateToJson, type Json } from "../../src/run/state.ts";
import { validateState } from "../../src/run/schema.ts";
import { checked, compileText, example } from "../support/helpers.ts";

/** Each diagnostic as `CODE line:col message | help`. */
const diags = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}${d.help ? ` | ${d.help}` : ""}`);
const codes = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col}`);

const head = `kind Player { name: text }
kind Unit { name: text, hp: int = 2, controller: Player? }
state { target: Unit?, units: list<Unit> }
`;

describe("optional types and `none`", () => {
  it("accept `none` and a plain value where `T?` is expected, in fields, variables, parameters, results and list items", () => {
    const r = example(
      `${head}
fn pick(u: Unit?) -> Unit? = u
fn orNone(c: bool, u: Unit) -> Unit? = if c then u else none
example "fits" {
  let orc = Unit(name: "Orc")
  expect orc.controller == none
  let t: Unit? = none
  expect t == none
  t = orc
  expect t == orc
  expect pick(none) == none
  expect pick(orc) == orc
  expect orNone(false, orc) == none
  let maybe: list<Unit?> = [orc, none]
  expect len(maybe) == 2 and maybe[1] == none
  orc.controller = Player(name: "red")
  expect orc.controller != none
  expect str(target) == "none"
}`,
      "fits",
    );
    expect(r.failure).toBeUndefined();
  });

  it("reject a `T?` where a `T` is needed (E0240), with the check to write as help", () => {
    expect(diags(`${head}fn hp(u: Unit) -> int = u.hp\nfn f() -> int = hp(target)\n`)).toEqual([
      "E0240 5:20 `u` should be Unit, but this is Unit? and may be `none` | check it with `if target != none`",
    ]);
  });

  it("reject member access and arithmetic on a `T?` (E0240)", () => {
    expect(diags(`${head}fn f() -> int = target.hp\nfn g(n: int?) -> int = n + 1\nfn h(n: int?) -> int = -n\n`)).toEqual([
      "E0240 4:17 `.hp` needs a value, but `target` may be `none` | check it with `if target != none`",
      "E0240 5:24 `+` needs a number, but `n` may be `none` | check it with `if n != none`",
      "E0240 6:25 `-` needs a number, but `n` may be `none` | check it with `if n != none`",
    ]);
  });

  it("need a type for a variable that starts as `none` (E0241)", () => {
    expect(diags(`example "x" {\n  let t = none\n}\n`)).toEqual(["E0241 2:11 `t` needs a type to hold `none` | write the optional type, like `let t: Unit? = none`"]);
  });

  it("warn when a value that is never `none` is compared with `none` (W0309)", () => {
    expect(diags(`${head}fn f(u: Unit) -> bool = u != none\n`)).toEqual([
      "W0309 4:25 `u` is Unit, which is never `none`, so this is always true | declare its type optional, like `Unit?`, if it may hold nothing",
    ]);
  });
});

describe("narrowing", () => {
  it("gives `T` inside `if x != none`, in the `else` of `x == none`, right of `and`, and after `if x == none { return }`", () => {
    expect(
      codes(`${head}
fn a(u: Unit?) -> int {
  if u != none { return u.hp }
  return 0
}
fn b(u: Unit?) -> int {
  if u == none { return 0 } else { return u.hp }
}
fn c(u: Unit?) -> bool = u != none and u.hp > 1
fn d(u: Unit?) -> bool = u == none or u.hp > 1
fn e(u: Unit?) -> int {
  if u == none { return 0 }
  let n = u.hp
  return n + u.hp
}
fn f() -> int = if target != none then target.hp else 0
fn g(u: Unit?) -> int {
  if not (u == none) { return u.hp }
  return 0
}
`),
    ).toEqual([]);
  });

  it("narrows a state field, and runs as checked", () => {
    const program = indexProgram(checked(`${head}fn hurt() -> int {\n  if target == none { return 0 }\n  target.hp -= 1\n  return target.hp\n}\n`));
    const hit = runScenario(program, { rules: "main.rules", run: "hurt", state: { target: { name: "Orc", hp: 3 } } }, { seed: "1", trace: false });
    expect(hit.resultText).toBe("2");
    const miss = runScenario(program, { rules: "main.rules", run: "hurt", state: { target: null } }, { seed: "1", trace: false });
    expect(miss.resultText).toBe("0");
  });

  it("does not narrow a field path, outside the checked branch, or a variable assigned inside it", () => {
    expect(
      diags(`${head}
fn path(u: Unit) -> text {
  if u.controller != none { return u.controller.name }
  return ""
}
fn outside(u: Unit?) -> int {
  if u != none { }
  return u.hp
}
fn reassigned(u: Unit?, v: Unit?) -> int {
  let w = u
  if w != none {
    w = v
    return w.hp
  }
  return 0
}
fn wrongBranch(u: Unit?) -> int {
  if u == none { return u.hp }
  return 0
}
`),
    ).toEqual([
      "E0240 6:36 `.name` needs a value, but `u.controller` may be `none` | a check narrows only a plain name: copy it with `let controller = u.controller`, then check `if controller != none`",
      "E0240 11:10 `.hp` needs a value, but `u` may be `none` | check it with `if u != none`",
      "E0240 17:12 `.hp` needs a value, but `w` may be `none` | check it with `if w != none`",
      "E0240 22:25 `.hp` needs a value, but `u` may be `none` | check it with `if u != none`",
    ]);
  });
});

describe("`none` in the game state", () => {
  const rules = `${head}fn count() -> int = len(units)\n`;

  it("reads `null` as `none`, lets an optional field be left out, and writes `none` back as `null`", () => {
    const program = indexProgram(checked(rules));
    const json: Record<string, Json> = { target: null, units: [{ name: "Orc", controller: { name: "red" } }, { name: "Elf" }] };
    expect(validateState(program, json)).toEqual([]);
    const state = stateFromJson(program, json);
    expect(stateToJson(program, state)).toEqual({ target: null, units: [{ name: "Orc", hp: 2, controller: { name: "red" } }, { name: "Elf", hp: 2, controller: null }] });
    expect(validateState(program, { units: [] })).toEqual([]);
    expect(stateToJson(program, stateFromJson(program, { units: [] }))["target"]).toBeNull();
  });

  it("rejects `null` for a field that is not optional", () => {
    const program = indexProgram(checked(rules));
    expect(validateState(program, { units: [{ name: null }] })).toEqual([
      { path: "/units/0/name", message: "must be a string", declaration: { name: "Unit.name", span: expect.objectContaining({ line: 2, col: 13 }) } },
    ]);
    expect(validateState(program, { units: [{ name: "Orc", hp: null }] })).toMatchObject([{ path: "/units/0/hp", message: "must be an integer" }]);
  });
});
