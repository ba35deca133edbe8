// Property tests over the fuzzer's hostile input classes (scripts/fuzz/classes.ts), a few seeded runs of
// each, so `npm test` catches a regression the long `npm run fuzz` would: JavaScript object names as rules
// names, numbers at and past the exact range, long `else if` chains, and bad state JSON in a scenario.
// The runaway classes run in child processes in test/run/resource-budget.test.ts. Seeds are fixed, so every
// run sees the same inputs.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFile } from "../../src/syntax/parse.ts";
import { catalogue, type Diagnostic } from "../../src/core/diagnostics.ts";
import { compile, loadScenario, runExamples, runScenario, type ExampleResult } from "../../src/pipeline.ts";
import { diagnostics as serviceDiagnostics } from "../../src/tools/service/index.ts";
import { memoryHost } from "../support/helpers.ts";
import { editState, elseIfChain, elseIfChainText, hugeNumbersText, objectNamesText, stateEdit } from "../../scripts/fuzz/classes.ts";
import { generate, inputSeed } from "../../scripts/fuzz/inputs.ts";

const codes = new Set(Object.keys(catalogue));

/** Every diagnostic has a catalogued code other than E0000 and says nothing of an internal error. */
function expectNoInternal(ds: readonly Diagnostic[]) {
  for (const d of ds) {
    expect(codes.has(d.code), d.code).toBe(true);
    expect(d.code).not.toBe("E0000");
    expect(d.message).not.toMatch(/internal error/i);
  }
}

/** An example passes, or fails with an expectation or a coded rules error; never an internal error or a number that is not one. */
function expectCleanRun(results: readonly ExampleResult[]) {
  for (const r of results) {
    if (!r.passed) expect(r.failure!.message, r.title).not.toMatch(/internal error/i);
    if (!r.passed && r.failure!.code !== undefined) expect(codes.has(r.failure!.code), r.failure!.code).toBe(true);
    for (const e of r.trace) expect(e.message, r.title).not.toMatch(/\bNaN\b|Infinity/);
  }
}

describe("JavaScript object names as rules names", () => {
  it("check without an internal error, the service says what the checker says, and examples run cleanly", () => {
    let ran = 0;
    fc.assert(
      fc.property(objectNamesText, (text) => {
        const c = compile(["main.rules"], memoryHost({ "main.rules": text }));
        expectNoInternal(c.diagnostics);
        const service = serviceDiagnostics({ "main.rules": text }, "main.rules");
        expect(service.map((d) => `${d.code} ${d.range.line}:${d.range.col}`)).toEqual(c.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col}`));
        if (c.program) {
          ran++;
          expectCleanRun(runExamples(c.program));
        }
      }),
      { seed: 14, numRuns: 60 },
    );
    expect(ran).toBeGreaterThan(0);
  });
});

describe("numbers at and past the exact range", () => {
  it("check and run to exact values or coded errors, never NaN or Infinity", () => {
    let ran = 0;
    fc.assert(
      fc.property(hugeNumbersText, (text) => {
        const c = compile(["main.rules"], memoryHost({ "main.rules": text }));
        expectNoInternal(c.diagnostics);
        if (c.program) {
          ran++;
          expectCleanRun(runExamples(c.program));
        }
      }),
      { seed: 14, numRuns: 60 },
    );
    expect(ran).toBeGreaterThan(0);
  });
});

describe("long `else if` chains", () => {
  it("parse, check and take the last branch", () => {
    fc.assert(
      fc.property(elseIfChainText(600), (text) => {
        const c = compile(["main.rules"], memoryHost({ "main.rules": text }));
        expect(c.diagnostics).toEqual([]);
        expect(runExamples(c.program!).map((r) => [r.title, r.passed])).toEqual([["last", true]]);
      }),
      { seed: 14, numRuns: 3 },
    );
  });

  it("a chain of 2,500 branches reaches its last (past the 2,000 that were once refused)", () => {
    const c = compile(["main.rules"], memoryHost({ "main.rules": elseIfChain(2500) }));
    expect(c.diagnostics).toEqual([]);
    expect(runExamples(c.program!).map((r) => [r.title, r.passed])).toEqual([["last", true]]);
  });
});

describe("bad state JSON in a bundled scenario", () => {
  const folder = "rules/warlords3";
  const files: Record<string, string> = {};
  for (const name of readdirSync(folder)) if (name.endsWith(".rules")) files[`${folder}/${name}`] = readFileSync(join(folder, name), "utf8");
  const scenario = `${folder}/scenarios/battle.json`;
  const original = readFileSync(scenario, "utf8");
  // The unchanged rules parse once: the states change, not the rules.
  const parses = new Map<string, ReturnType<typeof parseFile>>();
  const parse = (path: string, text: string) => parses.get(`${path}\u0000${text}`) ?? parses.set(`${path}\u0000${text}`, parseFile(path, text)).get(`${path}\u0000${text}`)!;

  it("the unedited scenario loads and runs (so edits start from something valid)", () => {
    const load = loadScenario(scenario, memoryHost({ ...files, [scenario]: original }), parse);
    expect(load.diagnostics).toEqual([]);
    const run = runScenario(load.ready!.program, load.ready!.scenario, { seed: "fuzz", trace: false });
    expect(run.error).toBeUndefined();
  });

  it("an edit puts in a copy of its value, so two edits of one constant make no cycle and change no constant", () => {
    // fast-check hands every input the same object for a constant like `{ $id: "dup" }`: the 100,000-input
    // run of seed 1201 died at input 98357, whose second edit put that object inside itself.
    const shared = { $id: "dup" };
    const text = editState(original, [
      { path: 0, op: "replace", value: shared, name: "n" },
      { path: 1, op: "add", value: shared, name: "loop" },
    ]);
    expect(() => JSON.parse(text) as unknown).not.toThrow();
    expect(shared).toEqual({ $id: "dup" });
    expect(() => generate(inputSeed(1201, 98357))).not.toThrow();
  });

  it("edited states load to diagnostics with a JSON path, or run to a result or a coded rules error", () => {
    let refused = 0;
    let ran = 0;
    fc.assert(
      fc.property(fc.array(stateEdit(600), { minLength: 1, maxLength: 3 }), (edits) => {
        const text = editState(original, edits);
        const load = loadScenario(scenario, memoryHost({ ...files, [scenario]: text }), parse);
        expectNoInternal(load.diagnostics);
        for (const d of load.diagnostics) expect(d.span.file).toBe(scenario);
        if (!load.ready) {
          refused++;
          expect(load.diagnostics.length).toBeGreaterThan(0);
          return;
        }
        ran++;
        const run = runScenario(load.ready.program, load.ready.scenario, { seed: "fuzz", trace: false });
        if (run.error) {
          expect(run.error.message).not.toMatch(/internal error/i);
          expect(codes.has(run.error.code ?? ""), run.error.code).toBe(true);
        } else expect(run.resultText).toBeDefined();
      }),
      { seed: 14, numRuns: 60 },
    );
    expect(refused).toBeGreaterThan(0);
    expect(ran).toBeGreaterThan(0);
  });

  it("a number past the exact range in the state is E0401 at its path", () => {
    const text = original.replace('"strength": 3', '"strength": 1e400');
    expect(text).not.toBe(original);
    const load = loadScenario(scenario, memoryHost({ ...files, [scenario]: text }), parse);
    expect(load.ready).toBeUndefined();
    expect(load.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}`)).toEqual(["E0401 11:23 the state at `/attacker/units/0/strength` must be <= 20"]);
  });
});
