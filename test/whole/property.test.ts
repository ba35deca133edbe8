// Property tests: no input - random text, mutated programs, random states, random checked programs -
// makes the parser, checker or runtime throw a raw exception. Failures must come back as diagnostics,
// RuleErrors or failed expectations.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFile } from "../../src/syntax/parse.ts";
import { catalogue, formatDiagnostic, type Diagnostic } from "../../src/core/diagnostics.ts";
import { compile, indexProgram, runExamples, runScenario, type ExampleResult } from "../../src/pipeline.ts";
import type { Json } from "../../src/run/state.ts";
import { validateState } from "../../src/run/schema.ts";
import { deepNesting, editTokens, mutate, mutation, randomProgram, SAMPLE, token, tokenEdit } from "../support/generators.ts";
import { checked, memoryHost } from "../support/helpers.ts";

const RUNS = 250;

const codes = new Set(Object.keys(catalogue));
/** Every coded runtime error (R05xx) is a rules-level outcome a random program may end in. */
const runtimeCodes = [...codes].filter((c) => c.startsWith("R"));

/** Every diagnostic has a catalogued code, a span inside the text, and renders. */
function expectWellFormed(ds: readonly Diagnostic[], texts: Map<string, string>) {
  for (const d of ds) {
    expect(codes.has(d.code), d.code).toBe(true);
    expect(d.message.length).toBeGreaterThan(0);
    const text = texts.get(d.span.file);
    if (text !== undefined) {
      expect(d.span.start).toBeGreaterThanOrEqual(0);
      expect(d.span.end).toBeLessThanOrEqual(text.length + 1);
      expect(d.span.line).toBeGreaterThanOrEqual(1);
      expect(d.span.col).toBeGreaterThanOrEqual(1);
      expect(d.span.line).toBeLessThanOrEqual(text.split(/\r\n?|\n/).length);
    }
    expect(formatDiagnostic(d, text)).toContain(`[${d.code}]`);
  }
}

/** An example either passes or fails with a rules-level reason, never an internal error. */
function expectNoInternalErrors(results: readonly ExampleResult[]) {
  for (const r of results) {
    if (r.passed) continue;
    expect(r.failure, r.title).toBeDefined();
    expect(r.failure!.message, r.title).not.toMatch(/^internal error/);
  }
}

function compileOne(text: string) {
  return compile(["main.rules"], memoryHost({ "main.rules": text }));
}

describe("the sample program", () => {
  it("checks and passes its own examples (so mutations start from something valid)", () => {
    const c = compileOne(SAMPLE);
    expect(c.diagnostics).toEqual([]);
    const results = runExamples(c.program!);
    expect(results.map((r) => [r.title, r.passed, r.failure?.message])).toEqual([
      ["stacking", true, undefined],
      ["dice", true, undefined],
      ["combat", true, undefined],
    ]);
  });
});

// ---- text --------------------------------------------------------------------------------------

describe("parser and checker on random and mutated text", () => {
  it("never throw on random strings, and report every problem as a diagnostic", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: "binary", maxLength: 120 }), fc.array(token, { maxLength: 60 }).map((ts) => ts.join(" "))), (text) => {
        const parsed = parseFile("main.rules", text);
        // Exactly one of: a file, or at least one error.
        expect(parsed.file === undefined).toBe(parsed.diagnostics.some((d) => d.severity === "error"));
        const c = compileOne(text);
        expectWellFormed(c.diagnostics, c.texts);
      }),
      { numRuns: RUNS, seed: 101 },
    );
  });

  it("never throw on character-level mutations of a valid program", () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 5 }), (ms) => {
        const text = mutate(SAMPLE, ms);
        const c = compileOne(text);
        expectWellFormed(c.diagnostics, c.texts);
        if (c.program) expectNoInternalErrors(runExamples(c.program));
      }),
      { numRuns: RUNS, seed: 102 },
    );
  });

  it("never throw on token-level mutations of a valid program, and a checked mutant runs cleanly", () => {
    let checkedMutants = 0;
    fc.assert(
      fc.property(tokenEdit, (edits) => {
        const text = editTokens(SAMPLE, edits);
        const c = compileOne(text);
        expectWellFormed(c.diagnostics, c.texts);
        if (c.program) {
          checkedMutants++;
          expectNoInternalErrors(runExamples(c.program));
        }
      }),
      { numRuns: RUNS, seed: 103 },
    );
    // Some mutants (a repeated `say`, a swapped pair of fields) still check: the runtime saw them.
    expect(checkedMutants).toBeGreaterThan(0);
  });

  it("keeps no state between parses: a broken file does not disturb the next one", () => {
    const clean = JSON.stringify(parseFile("main.rules", SAMPLE));
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (ms) => {
        parseFile("main.rules", mutate(SAMPLE, ms));
        expect(JSON.stringify(parseFile("main.rules", SAMPLE))).toBe(clean);
      }),
      { numRuns: 60, seed: 104 },
    );
  });

  it("never throw on deep nesting: it is a diagnostic instead", () => {
    fc.assert(
      fc.property(deepNesting, (text) => {
        const c = compileOne(text);
        expectWellFormed(c.diagnostics, c.texts);
      }),
      { numRuns: 60, seed: 105 },
    );
  });
});

// ---- states ------------------------------------------------------------------------------------

describe("validateState and runScenario on random states", () => {
  const program = indexProgram(checked(SAMPLE));

  const unitLike = fc.record(
    {
      name: fc.oneof(fc.string({ maxLength: 5 }), fc.integer()),
      hp: fc.oneof(fc.integer({ min: -2, max: 6 }), fc.constant("2"), fc.double()),
      strength: fc.integer({ min: 0, max: 32 }),
      side: fc.constantFrom("attacker", "defender", "neutral", 3),
      tags: fc.oneof(fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }), fc.constant(null)),
      dieType: fc.constantFrom("Footman", "Footmen", "", 4),
      results: fc.oneof(fc.dictionary(fc.constantFrom("melee", "save", "maneuver", "melle"), fc.oneof(fc.integer({ min: -1, max: 3 }), fc.double())), fc.constant([])),
      statuses: fc.dictionary(fc.constantFrom("stunned", "dazed", "bogus"), fc.oneof(fc.constant(true), fc.integer({ min: -1, max: 3 }), fc.constant(false))),
      extra: fc.jsonValue({ maxDepth: 2 }),
    },
    { requiredKeys: [] },
  );
  const stateLike: fc.Arbitrary<unknown> = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.record({ units: fc.array(unitLike, { maxLength: 4 }), dead: fc.array(unitLike, { maxLength: 2 }), round: fc.oneof(fc.integer(), fc.string()) }, { requiredKeys: [] }),
  );

  it("never throw, and a state that validates runs to a result or a rules error", () => {
    let valid = 0;
    fc.assert(
      fc.property(stateLike, fc.string({ maxLength: 8 }), (state, seed) => {
        const problems = validateState(program, state);
        for (const p of problems) {
          expect(p.path.startsWith("/")).toBe(true);
          expect(p.message.length).toBeGreaterThan(0);
        }
        const out = runScenario(program, { rules: "main.rules", run: "battle", state: state as Record<string, Json> }, { seed, trace: true });
        if (problems.length > 0) {
          expect(out.stateProblems).toEqual(problems);
          return;
        }
        valid++;
        if (out.error) expect(out.error.message).not.toMatch(/^internal error/);
        else {
          expect(out.resultText).toMatch(/^\d+$/);
          expect(validateState(program, out.state)).toEqual([]);
        }
      }),
      { numRuns: RUNS, seed: 106 },
    );
    expect(valid).toBeGreaterThan(0);
  });
});

// ---- random checked programs --------------------------------------------------------------------

describe("running random checked programs", () => {
  it("never throws: every failure is a rules error or a failed expectation", () => {
    let ran = 0;
    let passedRuns = 0;
    fc.assert(
      fc.property(randomProgram, (text) => {
        const c = compileOne(text);
        expectWellFormed(c.diagnostics, c.texts);
        if (!c.program) return;
        ran++;
        const results = runExamples(c.program);
        expect(results).toHaveLength(1);
        expectNoInternalErrors(results);
        if (results[0]!.passed) passedRuns++;
        const failure = results[0]!.failure;
        if (failure?.code) expect(runtimeCodes).toContain(failure.code);
      }),
      { numRuns: RUNS, seed: 107 },
    );
    // The generator writes well-typed code: nearly every program must check.
    expect(ran).toBeGreaterThan(RUNS * 0.9);
    // ...and most run to the end (the rest divide by zero or leave forced dice unused), so the
    // interpreter, not just the error paths, is what was exercised.
    expect(passedRuns).toBeGreaterThan(RUNS * 0.25);
  });

  it("gives the same outcome and trace for the same program twice", () => {
    fc.assert(
      fc.property(randomProgram, (text) => {
        const c = compileOne(text);
        if (!c.program) return;
        const [first] = runExamples(c.program);
        const [second] = runExamples(c.program);
        expect(JSON.stringify(second)).toBe(JSON.stringify(first));
      }),
      { numRuns: 80, seed: 108 },
    );
  });
});
