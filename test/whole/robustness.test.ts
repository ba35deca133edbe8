// Inputs from the foundation review that once crashed the tools or misled the user.
import { describe, expect, it } from "vitest";
import { compile, indexProgram, runExamples, runScenario } from "../../src/pipeline.ts";
import { validateState } from "../../src/run/schema.ts";
import { checked, compileText, example, memoryHost } from "../support/helpers.ts";

describe("runaway work stops with a clear error", () => {
  it("a huge range loop runs into the step budget instead of building the range", () => {
    const r = example('example "big" {\n  for i in 1..2000000000 { }\n}\n', "big");
    expect(r.failure?.code).toBe("R0502");
  });
  it("min and max over a long list work without overflowing the stack", () => {
    const r = example('example "long" {\n  let xs = [1]\n  for i in 1..200000 { add i to xs }\n  expect max(x in xs => x) == 200000\n  expect min(x in xs => x) == 1\n}\n', "long");
    expect(r.failure).toBeUndefined();
  });
  it("text that doubles forever is reported as too long, not as an internal error", () => {
    const r = example('example "grow" {\n  let s = "ab"\n  while true { s = s + s }\n}\n', "grow");
    // The text limit of the run's budget (R0504) stops it long before V8's own limit on a string.
    expect([r.failure?.code, r.failure?.message]).toEqual(["R0504", "a text would be 1048576 characters long, more than the limit of 1000000 characters a text may hold"]);
  });
});

describe("separate programs", () => {
  const files = {
    "g1/a.rules": 'kind Unit { name: text }\nexample "g1" { expect Unit(name: "a").name == "a" }\n',
    "g2/a.rules": 'kind Unit { hp: int = 1 }\non Tick { say "never in g1" }\nevent Tick()\nexample "g2" { expect Unit().hp == 1 }\n',
  };
  it("files that do not import each other are checked and run apart, so their names never clash", () => {
    const c = compile(["g1", "g2"], memoryHost(files));
    expect(c.diagnostics).toEqual([]);
    expect(c.programs?.map((p) => p.map((f) => f.path))).toEqual([["g1/a.rules"], ["g2/a.rules"]]);
    expect(c.programs!.flatMap((p) => runExamples(p)).map((r) => r.passed)).toEqual([true, true]);
  });
  it("a name from a loaded file that is not imported still gets E0105 with the import to add", () => {
    const c = compile(["main.rules", "lib.rules"], memoryHost({ "main.rules": 'fn f() -> int = base()\n', "lib.rules": "fn base() -> int = 1\n" }));
    expect(c.diagnostics.map((d) => [d.code, d.help])).toEqual([["E0105", 'add `import "./lib.rules"`']]);
  });
});

describe("plain words for common slips", () => {
  it("an unclosed string", () => {
    const d = compileText('fn f() -> text = "abc\n').diagnostics[0]!;
    expect([d.code, d.message, d.help]).toEqual(["E0001", "this text is never closed", 'end it with `"` on the same line']);
  });
  it("a block comment, reported once", () => {
    const ds = compileText("/* a comment */\nfn f() -> int = 1\n").diagnostics;
    expect(ds.map((d) => [d.code, d.message, d.span.line, d.span.col])).toEqual([["E0002", "block comments are not part of the language", 1, 1]]);
  });
  it("a file that is not a .rules file", () => {
    const d = compile(["battle.json"], memoryHost({ "battle.json": "{}" })).diagnostics[0]!;
    expect([d.code, d.message, d.help]).toEqual(["E0003", "`battle.json` is not a `.rules` file", "scenarios run with `rulesmith run`"]);
  });
  it("an import with a near-miss file name", () => {
    const d = compile(["game/main.rules"], memoryHost({ "game/main.rules": 'import "./unit.rules"\n', "game/units.rules": "" })).diagnostics[0]!;
    expect([d.code, d.help]).toEqual(["E0003", "did you mean `units.rules`?"]);
  });
  it("two examples with one title", () => {
    const ds = compileText('example "a" { expect true }\nexample "a" { expect true }\n').diagnostics;
    expect(ds.map((d) => [d.code, d.span.line])).toEqual([["E0102", 2]]);
  });
  it("a status held for 0 events in a state", () => {
    const program = indexProgram(checked("kind U { name: text }\nstate { units: list<U> }\nstatus s\n"));
    expect(validateState(program, { units: [{ name: "a", statuses: { s: 0 } }] })).toEqual([
      {
        path: "/units/0/statuses/s",
        message: 'must be `true`, how many more events it lasts (1 or more), or an object like `{"left": 1, "until": "RoundEnds"}`',
        // The value breaks the status's declaration (test/run/status-blame.test.ts).
        declaration: { name: "s", span: expect.objectContaining({ file: "main.rules", line: 3, col: 1 }) },
      },
    ]);
  });
});

describe("scenario functions", () => {
  it("a missing function gets a suggestion", () => {
    const out = runScenario(indexProgram(checked("fn battle() -> int = 1\n")), { rules: "x", run: "batle", state: {} }, { seed: "1", trace: false });
    expect(out.error?.message).toContain("did you mean `battle`?");
  });
});
