// The parts of a simulation that do not depend on where it runs (one thread, worker threads, web
// workers): run a range of seeds on a prepared scenario, plan the ranges, and merge their counts in
// run order. Run i always has seed `S:i`, whoever runs it, and the merge stops at the first range that
// met an error, so the counts are the same for any number of workers.
import type { RuntimeProgram } from "../../run/index-program.ts";
import { scenarioRunner, validatedScenarioRunner, type Scenario, type ScenarioRunner } from "../../run/scenario-runner.ts";
import { formatRunError, formatStateProblems } from "../report.ts";
export { planRanges } from "./plan.ts";

/** What runs from..to-1 came to: counts per result, or the runs before the first error and that error. */
export interface RangeResult {
  from: number;
  /** Runs that finished: to - from, or fewer when one stopped with an error. */
  runs: number;
  counts: [string, number][];
  error?: string;
}

export interface SimulationOutcome {
  runs: number;
  counts: Map<string, number>;
  error?: string;
}

/** A scenario whose state is validated and converted once (`scenarioRunner`); each run starts from a copy. */
export type PreparedScenario = Extract<ScenarioRunner, { battle: unknown }>;

/** Validates and converts the state once; a message when the scenario cannot run at all. */
export function prepareSimulation(program: RuntimeProgram, scenario: Scenario): PreparedScenario | { error: string } {
  const runner = scenarioRunner(program, scenario);
  if ("stateProblems" in runner) return { error: formatStateProblems(runner.stateProblems) };
  if ("error" in runner) return { error: formatRunError(runner.error) };
  return runner;
}

/**
 * `prepareSimulation` on a worker, for a scenario the main thread prepared without an error: the state
 * is converted, not validated again (the same program and state give the same answer on any thread).
 */
export function prepareValidatedSimulation(program: RuntimeProgram, scenario: Scenario): PreparedScenario | { error: string } {
  const runner = validatedScenarioRunner(program, scenario);
  if ("error" in runner) return { error: formatRunError(runner.error) };
  return runner;
}

/** Runs from..to-1 with seeds `seed:i`; stops at the first error. */
export function runRange(prepared: PreparedScenario, seed: string, from: number, to: number): RangeResult {
  const counts = new Map<string, number>();
  for (let i = from; i < to; i++) {
    const out = prepared.battle(`${seed}:${i}`, { finalState: false });
    if (out.stateProblems) return { from, runs: i - from, counts: [...counts], error: formatStateProblems(out.stateProblems) };
    if (out.error) return { from, runs: i - from, counts: [...counts], error: formatRunError(out.error, `run ${i} (seed ${seed}:${i}): `) };
    const key = out.resultText ?? "(no result)";
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return { from, runs: to - from, counts: [...counts] };
}

/** The ranges' counts added in run order, up to and including the first range that stopped with an error. */
export function mergeRanges(results: RangeResult[]): SimulationOutcome {
  const counts = new Map<string, number>();
  let runs = 0;
  for (const r of [...results].sort((a, b) => a.from - b.from)) {
    for (const [k, c] of r.counts) counts.set(k, (counts.get(k) ?? 0) + c);
    runs += r.runs;
    if (r.error !== undefined) return { runs, counts, error: r.error };
  }
  return { runs, counts };
}
