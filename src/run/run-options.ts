// How a run is made: its seed or dice, its chooser, its budget and what it keeps. Apart from the
// interpreter so that the parts a run is given (and the compiled backend) can name them without it.
import type { Dice, RngState } from "./dice.ts";
import type { LoopHook } from "./loop-hook.ts";
import type { Chooser } from "./machine.ts";
import type { TraceSink } from "./trace.ts";

export interface RunOptions {
  seed: string;
  rngState?: RngState;
  /** The dice to roll instead of seeded ones (\`rulesmith odds\` enumerates every result this way). */
  dice?: Dice;
  chooser?: Chooser;
  /** Statements and calls allowed before the run stops as runaway. */
  stepBudget?: number;
  trace?: boolean;
  /** Where the trace's entries go when tracing: the run's own `trace` list unless given. */
  traceSink?: TraceSink;
  /**
   * The caller knows no entity in the state holds a status that an event counts down (a copy of a
   * state checked once, as a simulation's runs are): the events skip the walk that looks for them.
   */
  noStatuses?: boolean;
  /** Sees loop heads and calls (`rulesmith odds`, src/tools/odds/); the tree-walker only. */
  loopHook?: LoopHook;
  /** The compiled backend only: false runs every node as a closure, no JavaScript generated (test/run/compiled/matches-interpreter.test.ts compares the three). */
  generate?: boolean;
}

export const DEFAULT_STEP_BUDGET = 2_000_000;
