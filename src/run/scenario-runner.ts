// Running a checked scenario: what `run`, `simulate`, `odds` and the playground share once the rules are
// checked and the state is read. Apart from pipeline.ts (which re-exports it) so that a thread that only
// runs (a worker of `rulesmith simulate`) loads no parser or checker: importing those builds the grammar,
// more than half a second of a worker's start.
import { ExpectationFailed, Interpreter, type Chooser, type RunOptions } from "./interpreter.ts";
import type { Dice } from "./dice.ts";
import type { LoopHook } from "./loop-hook.ts";
import type { RuntimeProgram } from "./index-program.ts";
import { CompiledRun } from "./compiled/run.ts";
import { stateFromJson, stateToJson, type Json, type StateValues } from "./state.ts";
import { cloneState } from "./state-clone.ts";
import { stateHoldsTimedStatus } from "./events.ts";
import type { TraceEntry, TraceSink } from "./trace.ts";
import { MAX_LIST, MAX_TEXT } from "../core/limits.ts";
import { scriptedChooser } from "./choosers.ts";
import { policyChooser, type Replay } from "./policies/chooser.ts";
import { parsePolicyRules } from "./policies/spec.ts";
import { RuleError, showValue, type Value } from "../core/values.ts";
import { validateState, type StateProblem } from "./schema.ts";
import { didYouMean } from "../core/diagnostics.ts";
import type { Span } from "../core/ast.ts";

/**
 * Which engine runs the rules: `compiled` (src/run/compiled/: closures built once per program, the default)
 * or `tree`, the tree-walking interpreter it is checked against (test/run/compiled/matches-interpreter.test.ts).
 * Both give the same trace, results, dice and errors, byte for byte.
 */
export type Engine = "tree" | "compiled";

export function newRun(engine: Engine, program: RuntimeProgram, globals: (Value | undefined)[], options: RunOptions): Interpreter {
  return engine === "tree" ? new Interpreter(program, globals, options) : new CompiledRun(program, globals, options);
}

export function describeFailure(err: unknown): { message: string; span?: Span; code?: string } {
  if (err instanceof ExpectationFailed) return { message: err.message, span: err.span };
  if (err instanceof RuleError) return { message: err.message, code: err.code, ...(err.span ? { span: err.span } : {}) };
  // The budget (core/limits.ts) stops lists and texts first; a value shown whole (`say` of a list of
  // long texts) can still pass what JavaScript can hold: that is the budget too.
  if (err instanceof RangeError && /string length/i.test(err.message)) return { message: `a text value grew too long to hold (a text may hold ${MAX_TEXT} characters)`, code: "R0504" };
  if (err instanceof RangeError && /array length/i.test(err.message)) return { message: `a list grew too long to hold (a list may hold ${MAX_LIST} items)`, code: "R0504" };
  // The step budget and MAX_DEPTH stop runaway rules first; this catches a stack that runs out anyway.
  if (err instanceof RangeError && /call stack/i.test(err.message)) return { message: "the rules nested too deeply and ran out of stack: is there a recursion that never ends?", code: "R0502" };
  return { message: `internal error: ${err instanceof Error ? err.message : String(err)}`, code: "R0501" };
}

export interface Scenario {
  /** Rules to load, relative to the scenario file: a `.rules` file or a folder. */
  rules: string | string[];
  /** The function to run: it takes no parameters and works on the state. */
  run: string;
  seed?: string;
  state: Record<string, Json>;
  /** Answers to the rules' decision points, in the order they are asked; then the first option. */
  choices?: Json[];
  /**
   * Policies that answer the decision points in place of "choices" (src/run/policies/spec.ts):
   * `"random"`, `"by:Side.attacker=mcts:200"`, `"ask:Withdraw=greedy:retreatScore"`.
   */
  policies?: string[];
}

/** Why `name` cannot be the function a scenario runs, or undefined when it can. */
export function runProblem(program: RuntimeProgram, name: string): { message: string; help?: string } | undefined {
  const fn = program.fns.get(name);
  if (fn && fn.params.length === 0) return undefined;
  const names = [...program.fns.values()].filter((f) => f.params.length === 0).map((f) => f.name.text);
  const guess = fn ? undefined : didYouMean(name, names);
  const what = fn ? `\`${name}\` takes parameters` : `there is no function \`${name}\``;
  return { message: `"run" must name a function without parameters: ${what}`, ...(guess ? { help: guess } : {}) };
}

export interface ScenarioRun {
  result?: Value;
  resultText?: string;
  state?: Record<string, Json>;
  rng?: object;
  trace: TraceEntry[];
  error?: { message: string; span?: Span; code?: string };
  stateProblems?: StateProblem[];
}

export function runScenario(program: RuntimeProgram, scenario: Scenario, options: { seed: string; trace: boolean; chooser?: Chooser; engine?: Engine; traceSink?: TraceSink; watchState?: (state: StateValues) => void }): ScenarioRun {
  const runner = scenarioRunner(program, scenario, options.engine);
  if ("stateProblems" in runner) return { trace: [], stateProblems: runner.stateProblems };
  if ("error" in runner) return { trace: [], error: runner.error };
  return runner.battle(options.seed, options);
}

/** A scenario ready to run many times: what every run shares (state validation, the function to run) is done once. */
export type ScenarioRunner =
  | { stateProblems: StateProblem[] }
  | { error: NonNullable<ScenarioRun["error"]> }
  | { battle(seed: string, options?: BattleOptions): ScenarioRun };

export interface BattleOptions {
  trace?: boolean;
  chooser?: Chooser;
  /** Dice in place of seeded ones (see RunOptions). */
  dice?: Dice;
  /** Whether the run reports its final state and the generator's (default true); a simulation counts results only. */
  finalState?: boolean;
  /** Sees loop heads and calls (`rulesmith odds`): the run is on the tree-walker, which alone calls it. */
  loopHook?: LoopHook;
  /** Where a traced run's entries go instead of the run's own list (`rulesmith run` keeps only what it may print). */
  traceSink?: TraceSink;
  /**
   * Given the run's state before it starts, the same values the rules change as they run: a trace
   * sink may read it at each entry (the playground's board follows the trace this way). Read only.
   */
  watchState?: (state: StateValues) => void;
  /** Makes the run's interpreter in place of the engine's: a tree-walker that watches a rule (`rulesmith why-not`). */
  makeRun?: (program: RuntimeProgram, globals: (Value | undefined)[], options: RunOptions) => Interpreter;
}

/**
 * `runScenario` split in two for a simulation's thousands of runs: the state is validated and converted
 * from JSON once here; each `battle` runs on its own copy (runs must not share entities).
 */
export function scenarioRunner(program: RuntimeProgram, scenario: Scenario, engine: Engine = "compiled"): ScenarioRunner {
  const problems = validateState(program, scenario.state);
  if (problems.length > 0) return { stateProblems: problems };
  return validatedScenarioRunner(program, scenario, engine);
}

/**
 * `scenarioRunner` for a state already validated against this program, by `scenarioRunner` on another
 * thread (a worker of `rulesmith simulate`): validating compiles a schema of the program, which a
 * worker would otherwise pay for again, for the same answer.
 */
export function validatedScenarioRunner(program: RuntimeProgram, scenario: Scenario, engine: Engine = "compiled"): Exclude<ScenarioRunner, { stateProblems: StateProblem[] }> {
  const fn = program.fns.get(scenario.run);
  const bad = runProblem(program, scenario.run);
  if (!fn || bad) return { error: { message: `${bad?.message}${bad?.help ? `; ${bad.help}` : ""}`, code: "E0402" } };
  const enumName = fn.returns && program.enums.has(fn.returns.name.text) ? fn.returns.name.text : undefined;
  const scripted = scenario.choices ? scenario.choices : undefined;
  const policies = scenario.policies ? parsePolicyRules(scenario.policies, program) : undefined;
  if (policies && "error" in policies) return { error: { message: policies.error, code: "E0402" } };
  const template = convertedOnce(program, scenario.state);
  // Its copies hold the same statuses: when none an event counts down, each run skips looking for them.
  const noStatuses = template !== undefined && !stateHoldsTimedStatus(template);
  const runner = {
    battle(seed: string, { trace = false, chooser, dice, finalState = true, loopHook, makeRun, traceSink, watchState }: BattleOptions = {}): ScenarioRun {
      const globals = template ? cloneState(template) : stateFromJson(program, scenario.state);
      // Options and the answer set field by field rather than spread together: a simulation runs this thousands of times.
      const options: RunOptions = { seed, trace, noStatuses };
      if (dice) options.dice = dice;
      if (loopHook) options.loopHook = loopHook;
      if (traceSink) options.traceSink = traceSink;
      // An `mcts` policy searches by replaying this run from its start (src/run/policies/mcts.ts). A
      // replay is a plain run: a run made by \`makeRun\` may watch itself (why-not counts what its rules
      // did), and the playouts are no part of what this run did.
      const replay: Replay = (by) => runner.battle(seed, { ...by, finalState: false });
      const chosen = chooser ?? (policies ? policyChooser(policies, { seed, replay }) : scripted ? scriptedChooser(scripted) : undefined);
      if (chosen) options.chooser = chosen;
      const interp = makeRun ? makeRun(program, globals, options) : newRun(loopHook ? "tree" : engine, program, globals, options);
      watchState?.(interp.globals);
      try {
        const result = interp.call(fn, [], fn.span);
        const run = {} as ScenarioRun;
        if (result !== undefined) {
          run.result = result;
          run.resultText = enumName ? `${enumName}.${showValue(result)}` : showValue(result);
        }
        if (finalState) {
          run.state = stateToJson(program, interp.globals);
          run.rng = interp.dice.state();
        }
        run.trace = interp.trace;
        return run;
      } catch (err) {
        return { trace: interp.trace, error: describeFailure(err) };
      }
    },
  };
  return runner;
}

/** The state converted once, to be copied for each run; undefined if converting fails, so each run fails as it would alone. */
function convertedOnce(program: RuntimeProgram, state: Scenario["state"]): StateValues | undefined {
  try {
    return stateFromJson(program, state);
  } catch {
    return undefined;
  }
}
