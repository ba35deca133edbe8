// The API's running part: a checked program (from `compile`, or saved by `saveProgram`) run against a
// game state: scenarios, simulations, exact odds, the state's JSON Schema and validation. It loads no
// parser and no checker, so a worker that only runs rules (a `rulesmith simulate` thread, a web worker)
// starts light (test/hosts/simulate-worker-imports.test.ts); src/api.ts re-exports all of it.
import type { RuntimeProgram } from "../run/index-program.ts";
import type { Scenario } from "../run/scenario-runner.ts";
import { enumerateOdds, type OddsOptions, type OddsResult } from "../tools/odds/odds.ts";
import { mergeRanges, prepareSimulation, runRange, type SimulationOutcome } from "../tools/simulation/simulation.ts";
import { scenarioRunner } from "../run/scenario-runner.ts";
import { oddsPolicyProblem } from "../run/policies/spec.ts";
import { whyNot as whyNotIn, type WhyNotResult } from "../tools/why-not/why-not.ts";

export * from "./report.ts";
export { indexProgram, type RuntimeProgram } from "../run/index-program.ts";
export {
  runScenario,
  scenarioRunner,
  validatedScenarioRunner,
  type BattleOptions,
  type Engine,
  type Scenario,
  type ScenarioRun,
  type ScenarioRunner,
} from "../run/scenario-runner.ts";
export type { Chooser } from "../run/interpreter.ts";
export { scriptedChooser, type ScriptedChooser } from "../run/choosers.ts";
export { stateFromJson, stateToJson, type Json, type StateValues } from "../run/state.ts";
export { showValue, Tally, type Value } from "../core/values.ts";
export { stateSchema, validateState, type StateProblem } from "../run/schema.ts";
export { saveProgram, loadProgram as loadSavedProgram, PROGRAM_FORMAT, PROGRAM_VERSION } from "../run/saved-program.ts";
export {
  mergeRanges,
  planRanges,
  prepareSimulation,
  prepareValidatedSimulation,
  runRange,
  type PreparedScenario,
  type RangeResult,
  type SimulationOutcome,
} from "../tools/simulation/simulation.ts";
export { meanDifference, spread, wilson, type Spread } from "../tools/simulation/stats.ts";
export {
  DEFAULT_MAX_OUTCOMES,
  DEFAULT_MAX_PATHS_PER_STATE,
  DEFAULT_MAX_STATES,
  DEFAULT_TOLERANCE,
  MAX_STATE_TABLE,
  enumerateOdds,
  percent,
  type Fraction,
  type OddsBounds,
  type OddsBudget,
  type OddsOptions,
  type OddsOutcome,
  type OddsResult,
} from "../tools/odds/odds.ts";
export { oddsProblem, showMass, type LimitName } from "../tools/odds/messages.ts";
export type { Read, TracePlace, WhyNotAnswer, WhyNotResult } from "../tools/why-not/why-not.ts";
export { formatWhyNot } from "../tools/why-not/format.ts";
export { oddsPolicyProblem, parsePolicyRules, showPolicy, type Policy, type PolicyRule } from "../run/policies/spec.ts";
export { policyChooser } from "../run/policies/chooser.ts";
export { balance, JOB_RUNS, MAX_SWEEP_VALUES, type BalanceOptions, type BalanceReport, type CellJob, type SweepPoint, type SweepReport } from "../tools/balance/balance.ts";
export { addCounts, cellSpecs, NO_COUNTS, runCell, type CellCounts, type CellSpec } from "../tools/balance/cells.ts";
export { exactCell, EXACT_PATHS, type ExactOdds } from "../tools/balance/exact.ts";
export { readRoster, type Roster, type RosterFile } from "../tools/balance/roster.ts";
export type { CellResult, EntryResult, MatrixReport } from "../tools/balance/report.ts";
export { balanceJson, formatBalance } from "../tools/balance/format.ts";

/** What a scenario needs to run: its indexed program and the scenario (a `ReadyScenario` is one). */
export interface Runnable {
  program: RuntimeProgram;
  scenario: Scenario;
}

/**
 * `runs` seeded games in this thread, seeds `seed:0` .. `seed:runs-1`, as `rulesmith simulate` runs them
 * (it splits the same ranges over worker threads, and gets the same counts).
 */
export function simulate(ready: Runnable, runs: number, seed: string): SimulationOutcome {
  const prepared = prepareSimulation(ready.program, ready.scenario);
  if ("error" in prepared) return { runs: 0, counts: new Map(), error: prepared.error };
  return mergeRanges([runRange(prepared, seed, 0, runs)]);
}

/**
 * The exact probability of each result, as `rulesmith odds` gives it: every dice path run once, with
 * runs that reach the same state merged. `maxPaths` bounds the runs (DEFAULT_MAX_OUTCOMES).
 */
export function exactOdds(ready: Runnable, maxPaths?: number, options: OddsOptions = {}): OddsResult | { error: string } {
  const drawn = oddsPolicyProblem(ready.scenario.policies);
  if (drawn !== undefined) return { error: drawn };
  const prepared = prepareSimulation(ready.program, ready.scenario);
  if ("error" in prepared) return { error: prepared.error };
  return enumerateOdds(prepared, maxPaths, options);
}

/**
 * Why a rule did not fire in the scenario's run with `seed` (the scenario's own, else "1"), as
 * `rulesmith why-not` answers: the rule is a modifier's name, a handler (`on UnitHit`, `#2` for the
 * second of several), a table or its row (`exchange:3`), or `file.rules:LINE`. The answer is that it
 * fired, the first conjunct of its condition that was false with the values it read, that what it hangs
 * on never happened (its event, its value, its table), or, for a row, the pattern that did not match.
 * `{ problem }` when no rule is called that, or the scenario cannot run.
 */
export function whyNot(ready: Runnable, rule: string, seed?: string): WhyNotResult | { problem: string } {
  const runner = scenarioRunner(ready.program, ready.scenario, "tree");
  return whyNotIn(ready.program, runner, rule, seed ?? ready.scenario.seed ?? "1");
}
