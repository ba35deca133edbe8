// A cell's exact odds, where `rulesmith odds` can work them out within a small budget: then its win
// rate needs no interval. A cell whose runs choose by `random` or `mcts` has no odds over the dice alone.
import type { RuntimeProgram } from "../../run/index-program.ts";
import { oddsPolicyProblem } from "../../run/policies/spec.ts";
import { enumerateOdds } from "../odds/odds.ts";
import { prepareSimulation } from "../simulation/simulation.ts";
import type { CellSpec } from "./cells.ts";

/** The odds tool's budget per cell: a duel of two units takes a few thousand paths. */
export const EXACT_PATHS = 20_000;
const EXACT_STATES = 2_000;

export interface ExactOdds {
  /** The probability the row's entry wins, and the column's. */
  a: number;
  b: number;
  /** Dice paths the odds tool ran. */
  paths: number;
}

/** Whether the odds tool can answer for the cell at all: not when its policies leave choices to chance. */
export function exactCandidate(cell: CellSpec): boolean {
  return oddsPolicyProblem(cell.scenario.policies) === undefined;
}

/** The cell's exact odds, or undefined when the budget runs out first or a run fails. */
export function exactCell(program: RuntimeProgram, cell: CellSpec, maxPaths = EXACT_PATHS): ExactOdds | undefined {
  if (maxPaths <= 0 || !exactCandidate(cell)) return undefined;
  const prepared = prepareSimulation(program, cell.scenario);
  if ("error" in prepared) return undefined;
  const odds = enumerateOdds(prepared, maxPaths, { maxStates: EXACT_STATES, maxPathsPerState: maxPaths, tolerance: 0 });
  if (!("outcomes" in odds) || odds.unexplored !== 0) return undefined;
  const p = (result: string) => odds.outcomes.filter((o) => o.result === result).reduce((s, o) => s + o.probability, 0);
  return { a: p(cell.wins[0]), b: p(cell.wins[1]), paths: odds.paths };
}
