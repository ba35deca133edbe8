// The messages of `rulesmith odds` when it cannot give a distribution (E0425 to E0428), shared by the
// command and the playground's Exact button so both say the same thing. Node-free.
import type { OddsBounds, OddsBudget, OddsResult } from "./odds.ts";
import { escapeControls } from "../../core/diagnostics.ts";

/** How the caller names a budget's limit: a flag on the command line, a box in the playground. */
export type LimitName = (budget: OddsBudget, limit: number) => string;

/** The command line's names: `--max-outcomes N` and so on. */
export const flagName: LimitName = (budget, limit) =>
  `--${budget === "runs" ? "max-outcomes" : budget === "states" ? "max-states" : "max-paths-per-state"} ${limit}`;

/**
 * The error for a result that is no distribution, or undefined for one that is. `maxRuns` is the
 * `--max-outcomes` budget the enumeration ran with; `scenarioPath` goes into the `simulate` command
 * the message offers instead. `place` names the limits and the way to simulate where the message is
 * shown (the playground has boxes and a Simulate button rather than flags).
 */
export function oddsProblem(result: OddsResult, maxRuns: number, scenarioPath: string, place: { limitName?: LimitName; simulate?: (command: string) => string } = {}): string | undefined {
  const limitName = place.limitName ?? flagName;
  const command = `\`rulesmith simulate ${scenarioPath} -n 100000\``;
  const simulate = place.simulate ? place.simulate(command) : command;
  const raise = (budget: OddsBudget, limit: number) => `raise ${limitName(budget, limit).replace(/ \d+$/, "")}`;
  if ("tooMany" in result) {
    if (result.budget === undefined) {
      const through = result.states === undefined ? "" : ` through ${result.states} states, with ${showMass(result.unexplored ?? 1)} of the probability not explored${showBounds(result.bounds)}`;
      return `error[E0425]: the scenario has more than ${result.paths} dice paths (${limitName("runs", maxRuns)}); stopped after running ${result.paths}${through}\n  help: ${raise("runs", maxRuns)}, or estimate the odds with ${simulate}`;
    }
    const limit = result.limit ?? 0;
    if (result.budget === "memory") {
      return `error[E0427]: the states of the chain take more than ${limit} characters to tell apart, the memory budget of odds; stopped after ${result.paths} dice paths through ${result.states} states, with ${showMass(result.unexplored ?? 1)} of the probability not explored\n  help: a smaller state (fewer entities) makes each state smaller, or estimate the odds with ${simulate}`;
    }
    const what = result.budget === "states"
      ? `the chain has more than ${limit} states (${limitName("states", limit)})`
      : `from one state the dice can go on in more than ${limit} ways (${limitName("paths per state", limit)})`;
    return `error[E0427]: ${what}; stopped after ${result.paths} dice paths through ${result.states} states, with ${showMass(result.unexplored ?? 1)} of the probability not explored${showBounds(result.bounds)}\n  help: ${raise(result.budget, limit)}, or estimate the odds with ${simulate}`;
  }
  if ("error" in result) {
    return `error[E0426]: the run fails when the dice come up ${showDice(result.dice)} (dice path ${result.paths})\n${result.error}\n  help: run the scenario with these dice forced to see the trace; odds need every dice path to finish`;
  }
  if ("neverEnds" in result) {
    return `error[E0428]: with probability ${showMass(result.neverEnds)} the scenario never ends: after the dice ${showDice(result.dice)}, every way the dice can come up leads back to the same ${result.closedStates === 1 ? "state" : `${result.closedStates} states`}\n  help: a loop that no roll can end (two units that can never hit each other, say) needs a way out in the rules; \`rulesmith run\` with these dice forced shows where it goes round`;
  }
  return undefined;
}

/** What the states explored prove: each result between the mass found in it and that plus all not explored. */
function showBounds(bounds: OddsBounds[] | undefined): string {
  if (!bounds || bounds.length === 0) return "";
  const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
  return `; what is explored bounds each result:${bounds.map((b) => `\n    ${escapeControls(b.result)}  ${pct(b.low)} - ${pct(b.high)}`).join("")}`;
}

/** The dice of a path, the first 20 of them: a path through many states rolls many. */
export function showDice(dice: number[]): string {
  const shown = dice.slice(0, 20).join(", ");
  return dice.length > 20 ? `[${shown}, ... and ${dice.length - 20} more]` : `[${shown}]`;
}

/** A probability mass for a message: small ones in exponent form. */
export function showMass(p: number): string {
  return p === 0 ? "0" : p < 1e-3 ? p.toExponential(2) : `${(p * 100).toFixed(2)}%`;
}
