// The two shortcuts of the runtime's tests (run/interpreter.test.ts, run/driving-runs.test.ts): a scenario run of
// source text, and an example that must pass.
import { expect } from "vitest";
import { indexProgram, runScenario, type Scenario } from "../../src/pipeline.ts";
import type { Json } from "../../src/run/state.ts";
import { checked, example } from "./helpers.ts";

/** Runs a parameterless function of a checked program against a state. */
export function scenario(text: string, run: string, state: Record<string, Json> = {}, seed = "1") {
  const program = indexProgram(checked(text));
  const s: Scenario = { rules: "main.rules", run, state };
  return runScenario(program, s, { seed, trace: true });
}

export function passed(text: string, title: string) {
  const r = example(text, title);
  expect(r.failure, `example "${title}"`).toBeUndefined();
  expect(r.passed).toBe(true);
  return r;
}
