// The bundled Warlords III content, as the foundation issue's "done when" states it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeHost } from "../../src/api/node-host.ts";
import { compile, indexProgram, runExamples, runScenario, type Scenario } from "../../src/pipeline.ts";
import { formatTrace } from "../../src/run/trace.ts";

const compiled = compile(["rules/warlords3"], nodeHost);
const scenario = JSON.parse(readFileSync("rules/warlords3/scenarios/battle.json", "utf8")) as Scenario;

describe("rules/warlords3", () => {
  it("checks without errors or warnings", () => {
    expect(compiled.diagnostics).toEqual([]);
  });

  it("reproduces every worked example (at least 20)", () => {
    const results = runExamples(compiled.program!);
    expect(results.length).toBeGreaterThanOrEqual(20);
    expect(results.filter((r) => !r.passed).map((r) => `${r.title}: ${r.failure?.message}`)).toEqual([]);
    // every "eg." of the seed is an example
    expect(results.filter((r) => /\beg\./.test(r.title)).length).toBeGreaterThanOrEqual(15);
  });

  it("runs the battle scenario to the same trace with one seed, and a different one with another", () => {
    const program = indexProgram(compiled.program!);
    const run = (seed: string) => runScenario(program, scenario, { seed, trace: true });
    const a = run("7");
    const b = run("7");
    const c = run("8");
    expect(a.error).toBeUndefined();
    expect(a.resultText).toMatch(/^Side\.(attacker|defender)$/);
    expect(formatTrace(b.trace)).toBe(formatTrace(a.trace));
    expect(formatTrace(c.trace)).not.toBe(formatTrace(a.trace));
    // one side has no units left, and the other has at least one
    const left = [a.state!["attacker"], a.state!["defender"]].map((s) => (s as { units: unknown[] }).units.length);
    expect(left.filter((n) => n === 0)).toHaveLength(1);
  });

  it("explains every modifier it applies in the battle trace, with the rule that applied it", () => {
    const out = runScenario(indexProgram(compiled.program!), scenario, { seed: "7", trace: true });
    const modifiers = out.trace.filter((t) => t.kind === "modifier");
    expect(modifiers.length).toBeGreaterThan(0);
    for (const m of modifiers) expect(m.rule).toMatch(/^modifier (disease|lifedrain|againstFlyers)$/);
  });
});
