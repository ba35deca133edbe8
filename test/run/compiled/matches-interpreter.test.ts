// The compiled backend (src/run/compiled/) against the tree-walking interpreter it replaces, in both its
// forms: closures alone (RunOptions.generate false) and with rule bodies generated as JavaScript (the
// default). On every bundled example, on the bench's Warlords seeds with the trace on, on every example
// in docs/language.md, on random checked programs (test/support/generators.ts, a fixed seed) and on programs
// that fail or run away, the three must give the same trace (text and entries), results, final state,
// dice (generator state and dice rolled) and errors (kind, code, message and span), byte for byte. The
// runaway programs also assert the error they stop with.
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SourceFile } from "../../../src/core/ast.ts";
import { nodeHost } from "../../../src/api/node-host.ts";
import { compile, compileMods, indexProgram, runExamples, runScenario, type Scenario } from "../../../src/pipeline.ts";
import type { RunOptions } from "../../../src/run/interpreter.ts";
import { initialState, stateFromJson, stateToJson } from "../../../src/run/state.ts";
import { scriptedChooser } from "../../../src/run/choosers.ts";
import { formatTrace } from "../../../src/run/trace.ts";
import { RuleError } from "../../../src/core/values.ts";
import { bundledScenarios, endsAsTheTree } from "../../support/tree-reference.ts";
import { checked, compileText, memoryHost } from "../../support/helpers.ts";
import { docBlocks, namedDiagnostics } from "../../support/doc-blocks.ts";
import { randomProgram } from "../../support/generators.ts";
import { ENGINES, runOn, type EngineForm } from "../../support/every-engine.ts";


/** Every example of a program run by one engine: its outcome as plain data, the error as thrown. */
function outcomes(files: SourceFile[], engine: EngineForm, options: Partial<RunOptions> = {}) {
  const program = indexProgram(files);
  return program.examples.map((ex) => {
    const opts = { seed: ex.title, ...options };
    const run = runOn(engine, program, initialState(program), opts);
    let error: unknown;
    try {
      run.runExample(ex);
    } catch (err) {
      error = err instanceof Error ? { kind: err.constructor.name, message: err.message, code: err instanceof RuleError ? err.code : undefined, span: (err as { span?: unknown }).span } : err;
    }
    return { title: ex.title, error, trace: formatTrace(run.trace), entries: run.trace, rng: run.dice.state(), rolled: run.dice.rolled, globals: run.globals };
  });
}

/** The examples' outcomes, the same on all three engines. */
function sameOutcomes(files: SourceFile[], options: Partial<RunOptions> = {}) {
  const tree = outcomes(files, "tree", options);
  for (const engine of ["closures", "generated"] as const) expect(outcomes(files, engine, options), engine).toEqual(tree);
  return tree;
}

/** Every bundled system: each folder under rules/. */
const systems = readdirSync("rules", { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => `rules/${d.name}`)
  .sort();

describe("the bundled examples run the same in both engines", () => {
  it("finds the bundled systems", () => {
    expect(systems).toEqual(expect.arrayContaining(["rules/dragon-dice", "rules/warlords3", "rules/when-armies-clash"]));
  });
  for (const dir of systems) {
    it(dir, () => {
      const c = compile([dir], nodeHost);
      const results = { tree: runExamples(c.program!, undefined, undefined, "tree"), compiled: runExamples(c.program!, undefined, undefined, "compiled") };
      expect(results.compiled.length).toBeGreaterThan(10);
      expect(results.compiled.every((r) => r.passed)).toBe(true);
      expect(results.compiled.map((r) => formatTrace(r.trace))).toEqual(results.tree.map((r) => formatTrace(r.trace)));
      expect(results.compiled).toEqual(results.tree);
      // Beyond what runExamples reports: the generator and the state each example leaves behind.
      sameOutcomes(c.program!);
    });
  }
});

describe("the bundled mods that wrap a base function (`extend fn`) run the same in all three engines, with their bases", () => {
  const hooked = readdirSync("mods").filter((m) => readdirSync(`mods/${m}`).some((f) => f.endsWith(".rules") && /^extend fn /m.test(readFileSync(`mods/${m}/${f}`, "utf8"))));
  it("finds them", () => expect(hooked.length).toBeGreaterThanOrEqual(4));
  for (const mod of hooked) {
    it(mod, () => {
      const manifest = JSON.parse(readFileSync(`mods/${mod}/mod.json`, "utf8")) as { requires: Record<string, string> };
      const base = `rules/${Object.keys(manifest.requires)[0]}`;
      const c = compileMods(base, [`mods/${mod}`], nodeHost);
      expect(c.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      sameOutcomes(c.program!);
    });
  }
});

describe("the bench's Warlords battles, trace on", () => {
  const scenarioPath = "rules/warlords3/scenarios/battle.json";
  const scenario = JSON.parse(readFileSync(scenarioPath, "utf8")) as Scenario;
  const program = indexProgram(compile(["rules/warlords3"], nodeHost).program!);
  /** The scenario's battle on the compiled backend with closures alone, as runScenario runs it on the others. */
  function closuresBattle(seed: string) {
    const fn = program.fns.get(scenario.run)!;
    const run = runOn("closures", program, stateFromJson(program, scenario.state), { seed, trace: true, ...(scenario.choices ? { chooser: scriptedChooser(scenario.choices) } : {}) });
    const result = run.call(fn, [], fn.span);
    return { result, trace: formatTrace(run.trace), entries: run.trace, state: stateToJson(program, run.globals), rng: run.dice.state() };
  }
  it("300 seeds: the same trace, winner, final state and dice", () => {
    let attackerWins = 0;
    for (let i = 0; i < 300; i++) {
      const seed = `bench:${i}`;
      const tree = runScenario(program, scenario, { seed, trace: true, engine: "tree" });
      const compiled = runScenario(program, scenario, { seed, trace: true, engine: "compiled" });
      expect(tree.error).toBeUndefined();
      expect(formatTrace(compiled.trace)).toBe(formatTrace(tree.trace));
      expect(JSON.stringify(compiled)).toBe(JSON.stringify(tree));
      const closures = closuresBattle(seed);
      expect(closures.trace).toBe(formatTrace(tree.trace));
      expect(JSON.stringify([closures.result, closures.entries, closures.state, closures.rng])).toBe(JSON.stringify([tree.result, tree.trace, tree.state, tree.rng]));
      if (compiled.result === "attacker") attackerWins++;
    }
    // The battles are real ones: both sides win some.
    expect(attackerWins).toBeGreaterThan(50);
    expect(attackerWins).toBeLessThan(250);
  });
  it("a scenario run traced by the compiled engine names rules, depths and spans as the tree-walker's", () => {
    const run = runScenario(program, scenario, { seed: "7", trace: true });
    const first = run.trace[0]!;
    expect([first.kind, first.rule, first.depth]).toEqual(["call", "the scenario", 0]);
    expect(run.trace.some((e) => e.kind === "event" && e.message === "event BattleEnds()")).toBe(true);
  });
});

// The untraced run is here too (test/run/untraced-runs.test.ts says why it may differ inside): both
// are held to one traced tree-walker run per seed, which costs more than the two compiled runs together.
describe("every bundled scenario: a simulation's run (the state converted once, copied per run), traced and untraced, against the tree-walker's traced run on a fresh conversion", () => {
  it("finds the bundled scenarios", () => {
    expect(bundledScenarios).toEqual(expect.arrayContaining(["rules/warlords3/scenarios/battle.json", "rules/dragon-dice/scenarios/mixed-army.json"]));
  });
  for (const path of bundledScenarios) {
    it(path, () =>
      endsAsTheTree(path, "reference", [{ trace: true }, { trace: false }], (compiled, tree, options) => {
        if (!options.trace) {
          expect(compiled.trace).toEqual([]);
          return;
        }
        expect(formatTrace(compiled.trace)).toBe(formatTrace(tree.interp.trace));
        expect(compiled.trace).toEqual(tree.interp.trace);
      }),
    );
  }
});

describe("docs/language.md: every example block runs the same in all three engines", () => {
  const runnable = docBlocks().filter((g) => Object.values(g.files).some((t) => /\bexample\s+"/.test(t)));
  it("has blocks with examples", () => {
    expect(runnable.length).toBeGreaterThan(20);
  });
  for (const g of runnable) {
    it(`block at line ${g.line} (${g.kind})`, () => {
      const c = compile(Object.keys(g.files), memoryHost(g.files));
      if (g.kind !== "rules-error") {
        expect(c.program, "the block checks, as its fence says").toBeDefined();
        sameOutcomes(c.program!);
        return;
      }
      // A block that shows a mistake: no engine runs it, because it does not check, with the errors it names.
      expect(c.program).toBeUndefined();
      const found = c.diagnostics.map((d) => `${d.severity}[${d.code}]`);
      expect(found.filter((f) => f.startsWith("error")).length).toBeGreaterThan(0);
      expect(found).toEqual(expect.arrayContaining(namedDiagnostics(g)));
    });
  }
});

describe("random checked programs run the same in all three engines", () => {
  it("200 programs of test/support/generators.ts, seed 2311", () => {
    let ran = 0;
    fc.assert(
      fc.property(randomProgram, (text) => {
        const c = compileText(text);
        if (!c.program) return;
        ran++;
        sameOutcomes(c.program);
      }),
      { numRuns: 200, seed: 2311 },
    );
    // The generator writes well-typed code: nearly every program checks, so nearly every one ran.
    expect(ran).toBeGreaterThan(180);
  });
});

describe("closures alone", () => {
  it("make no function from text: no frame of an error's stack is generated code, as one is with generation on", () => {
    const files = checked('fn f(z: int) -> int {\n  let x = 5 / z\n  return x\n}\nexample "div" {\n  expect f(0) == 1\n}\n');
    const stacks = Object.fromEntries(
      (["closures", "generated"] as const).map((engine) => {
        const program = indexProgram(files);
        const run = runOn(engine, program, initialState(program), { seed: "1" });
        try {
          run.runExample(program.examples[0]!);
        } catch (err) {
          return [engine, String((err as Error).stack)];
        }
        return [engine, "no error"];
      }),
    );
    expect(stacks["generated"]).toMatch(/eval at /);
    expect(stacks["closures"]).toMatch(/division by zero/);
    expect(stacks["closures"]).not.toMatch(/eval at /);
  });
});

/** A program whose one example must fail: both engines alike, and with this error. */
function fails(text: string, options: Partial<RunOptions> = {}) {
  const [only] = sameOutcomes(checked(text), options);
  return only!.error as { kind: string; code?: string; message: string; span?: { line: number; col: number } };
}

describe("failing and runaway programs stop the same way in both engines", () => {
  it("a list that doubles forever: R0504 at the `+`", () => {
    const e = fails('example "list" {\n  let xs = [1]\n  while true { xs = xs + xs }\n}\n');
    expect([e.code, e.span?.line, e.span?.col]).toEqual(["R0504", 3, 21]);
  });
  it("a text that doubles forever: R0504", () => {
    expect(fails('example "text" {\n  let s = "ab"\n  while true { s = s + s }\n}\n').code).toBe("R0504");
  });
  it("a recursion without end: R0502 at the depth limit, in block and expression bodies", () => {
    const block = fails('fn f(n: int) -> int {\n  return f(n + 1)\n}\nexample "deep" {\n  expect f(0) == 0\n}\n');
    expect([block.code, block.message]).toEqual(["R0502", "rules nested more than 400 deep in fn f: is there a recursion that never ends?"]);
    const expr = fails('fn g(n: int) -> int = g(n + 1)\nexample "deep" {\n  expect g(0) == 0\n}\n');
    expect([expr.code, expr.span?.line]).toEqual(["R0502", 1]);
  });
  it("a tally count that doubles forever: R0504 naming the member", () => {
    const e = fails('enum Icon { melee }\nexample "tally" {\n  let t = Icon(melee: 1)\n  while true { t = t + t }\n}\n');
    expect(e.message).toBe("the count of `melee` would be 1048576, more than the limit of 1000000 a tally count may hold");
  });
  it("the step budget runs out at the same statement, in loops, dice and aggregates", () => {
    const loop = fails('example "loop" {\n  let n = 0\n  while true { n += 1 }\n}\n', { stepBudget: 1001 });
    expect([loop.code, loop.span?.line]).toEqual(["R0502", 3]);
    const dice = fails('example "dice" {\n  while true { let r = roll(1000, 6) }\n}\n', { stepBudget: 20_000 });
    expect([dice.code, dice.span?.col]).toEqual(["R0502", 24]);
    const agg = fails('example "agg" {\n  let xs = [1, 2, 3, 4, 5, 6, 7]\n  for i in 1..1000 { let n = count(x in xs where x > 2) }\n}\n', { stepBudget: 5_000 });
    expect(agg.code).toBe("R0502");
    for (let budget = 1; budget < 40; budget++) fails('fn h(n: int) -> int {\n  if n > 1 { return h(n - 1) + 1 } else if n == 1 { return 1 }\n  return 0\n}\nexample "b" {\n  expect h(6) == 0\n}\n', { stepBudget: budget });
  });
  it("whole numbers past 2^53: R0505 from `*`, `+=`, `sum` and a modifier", () => {
    expect(fails('example "sq" {\n  let n = 3\n  while true { n = n * n }\n}\n').message).toBe("`n * n` would be about 3.4336838202925124e+30: whole numbers are exact only from -9007199254740991 to 9007199254740991");
    expect(fails('example "pe" {\n  let n = 9007199254740991\n  n += 1\n}\n').code).toBe("R0505");
    expect(fails('example "sum" {\n  let xs = [9007199254740991, 1]\n  let s = sum(x in xs => x)\n}\n').code).toBe("R0505");
    const mod = fails('value v() -> int = 9007199254740991\nmodifier m for v : add 5\nexample "mod" {\n  let x = v()\n}\n');
    expect([mod.code, mod.span?.line]).toEqual(["R0505", 2]);
  });
  it("errors of values that are not there: an index outside a list, a table without a row, a division by zero", () => {
    expect(fails('example "ix" {\n  let xs = [1, 2]\n  let y = xs[5]\n}\n').message).toBe("index 5 is outside `xs`, which holds 2");
    expect(fails('table t(n: int) -> int {\n  1 => 10\n}\nexample "row" {\n  let x = t(2)\n}\n').message).toBe("table `t` has no row for (2)");
    expect(fails('example "div" {\n  let z = 0\n  let x = 5 / z\n}\n').message).toBe("division by zero in `5 / z`");
  });
  it("a failed expectation and unused forced dice", () => {
    const e = fails('example "exp" {\n  force dice [3]\n  expect roll d6 == 4\n}\n');
    expect([e.kind, e.message]).toEqual(["ExpectationFailed", "expected `roll(6) == 4`\n    expected: 4\n    actual:   3"]);
    expect(fails('example "unused" {\n  force dice [3, 4]\n  let r = roll d6\n}\n').message).toBe("1 forced dice were never rolled: 4");
  });
});

describe("the compiled backend stands on the runtime alone", () => {
  it("imports neither the parser nor the checker, and makes JavaScript from source in one place only", () => {
    const dir = "src/run/compiled";
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(4);
    for (const f of files) {
      const text = readFileSync(`${dir}/${f}`, "utf8");
      expect(text).not.toMatch(/from\s+"\.\.\/(grammar|checker|build-ast|program)/);
      expect(text).not.toMatch(/[=(,;]\s*eval\(/);
      // source.ts makes every generated function, from generated names only (test/run/compiled/generated-source-safety.test.ts).
      if (f !== "source.ts") expect(text).not.toMatch(/new Function/);
    }
  });
});
