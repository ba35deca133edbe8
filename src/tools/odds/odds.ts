// `rulesmith odds`: the exact distribution of a scenario's result. Rather than a second evaluator, the
// runtime itself runs the scenario once per dice path: `PathDice` answers each die from a prefix of
// results and, past the prefix, with face 1 while recording every die's number of sides. The next
// path is the recorded one counted on like an odometer (the last die not on its top face goes up one,
// the dice after it are dropped), so the runs walk the tree of dice results depth first, each path
// once. A path's probability is the product of 1/sides over its dice: every die the runtime rolls is
// uniform (a custom die rolls one of its faces, `chance(p)` a d100), so this is the runtime's own model.
// Choices are the scenario's scripted ones or the default policy, which depend on the dice only.
//
// Paths that reach the same state are merged, so a battle of many rounds is a chain over states, not
// a tree over rolls. Runs go on the tree-walker with a hook (src/tools/odds/merge-hook.ts) that stops a run
// at the first clean loop head (src/tools/odds/clean-points.ts) after the dice of the state it started
// from, with the fingerprint of where it stands. Each state is explored once, from one path that
// reaches it (its "prefix", replayed: the same dice give the same run): every way the dice can go on
// from there, up to the next state or the end. The states and the probabilities between them form a
// Markov chain, solved for the probability of each result (src/tools/odds/solve.ts).
//
// Within a segment, a call that changes nothing but the dice is one branch point, not one per die: its
// distribution is worked out once and the path branches on its results (src/tools/odds/compound-calls.ts;
// the dice and the odometer are in src/tools/odds/path-dice.ts).
import { formatRunError } from "../report.ts";
import type { PreparedScenario } from "../simulation/simulation.ts";
import { addFraction, compareFractions, fromNumber, ONE, subFraction, toNumber, ZERO, type Fraction } from "./fraction.ts";
import { CompoundCalls } from "./compound-calls.ts";
import { Frontier } from "./frontier.ts";
import { MergeHook } from "./merge-hook.ts";
import { nextPrefix, PathDice } from "./path-dice.ts";
import { solveDoubles, solveExact, type ChainState } from "./solve.ts";

export { addFraction, percent, type Fraction } from "./fraction.ts";

export interface OddsOutcome {
  result: string;
  /** Exact when the result is `exact`; otherwise the double `probability` as a fraction over 10^15. */
  p: Fraction;
  probability: number;
}

/**
 * A budget that ran out: total runs (`--max-outcomes`), states explored, runs from one state, or the
 * characters the state table keeps to tell states apart (MAX_STATE_TABLE, no flag).
 */
export type OddsBudget = "runs" | "states" | "paths per state" | "memory";

export type OddsResult =
  | {
      /** Runs made: each a dice path from one state to the next, or to the end. */
      paths: number;
      outcomes: OddsOutcome[];
      /** States of the chain, the start included: 1 when no run reached a loop head it could merge at. */
      states: number;
      /** Whether the probabilities are exact fractions (else doubles). */
      exact: boolean;
      /** The mass of the runs that reach a state or dice not explored (a budget or --tolerance stopped): 0 when complete. */
      unexplored: number;
      unexploredP: Fraction;
    }
  /**
   * A budget ran out with more than the tolerance still unexplored: `paths` were run. For `--max-outcomes`
   * (`budget` absent) the result is only that, as it always was.
   */
  | { paths: number; tooMany: true; budget?: Exclude<OddsBudget, "runs">; limit?: number; states?: number; unexplored?: number; bounds?: OddsBounds[] }
  /** A run failed on one path: the message, and the dice that lead there. */
  | { paths: number; error: string; dice: number[] }
  /** With probability `neverEnds` the runs reach `closedStates` states no dice lead out of: `dice` lead into them. */
  | { paths: number; states: number; neverEnds: number; closedStates: number; dice: number[] };

/**
 * What a budget that ran out still proves of one result: the probability of the runs explored that end
 * in it (`low`), and at most that plus all the mass not explored (`high`). Sound whatever the rest does.
 */
export interface OddsBounds {
  result: string;
  low: number;
  high: number;
}

export interface OddsOptions {
  /** States explored at most (default DEFAULT_MAX_STATES). */
  maxStates?: number;
  /** Runs from one state at most (default DEFAULT_MAX_PATHS_PER_STATE). */
  maxPathsPerState?: number;
  /** Stop exploring once the mass not explored is at most this (default DEFAULT_TOLERANCE). */
  tolerance?: number;
  /** Characters of fingerprints and dice the state table keeps at most (default MAX_STATE_TABLE): a test's small budget. */
  maxStateTable?: number;
}

export const DEFAULT_MAX_OUTCOMES = 1_000_000;
export const DEFAULT_MAX_STATES = 20_000;
export const DEFAULT_MAX_PATHS_PER_STATE = 1_000_000;
export const DEFAULT_TOLERANCE = 1e-9;
/**
 * The memory budget of the state table: the characters of the fingerprints kept (each writes a whole
 * state, so 20,000 states of 5,000 entities would be gigabytes) and the dice kept to replay each state.
 * Past it, odds stops as for any budget, with the states found so far unexplored.
 */
export const MAX_STATE_TABLE = 200_000_000;

interface Explored extends ChainState {
  /**
   * The dice of the path that first reached it, replayed to explore it: the state it was reached from
   * (-1 for the start) and the dice rolled after that state's own. Kept whole, a chain of n states
   * would keep n^2/2 dice; `prefixOf` puts them together when the state is explored.
   */
  parent: number;
  dice: number[];
}

/** The whole dice path of state `i`: its ancestors' dice, then its own. */
function prefixOf(states: readonly Explored[], i: number): number[] {
  const parts: number[][] = [];
  for (let at = i; at >= 0; at = states[at]!.parent) parts.push(states[at]!.dice);
  const out: number[] = [];
  for (let k = parts.length - 1; k >= 0; k--) for (const d of parts[k]!) out.push(d);
  return out;
}

/**
 * The chain of the scenario's states, explored from the start, likeliest first (frontier.ts), and solved. Keeps the
 * signature and results of the path-by-path enumeration it grew from: `maxPaths` bounds the runs.
 */
export function enumerateOdds(prepared: PreparedScenario, maxPaths = DEFAULT_MAX_OUTCOMES, options: OddsOptions = {}): OddsResult {
  const maxStates = options.maxStates ?? DEFAULT_MAX_STATES;
  const perState = options.maxPathsPerState ?? DEFAULT_MAX_PATHS_PER_STATE;
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  const states: Explored[] = [{ parent: -1, dice: [], next: new Map(), results: new Map(), unexplored: ONE }];
  const tableLimit = options.maxStateTable ?? MAX_STATE_TABLE;
  let table = 0;
  const byFingerprint = new Map<string, number>();
  const compounds = new CompoundCalls();
  let paths = 0;
  let stopped: OddsBudget | undefined;
  let explored = 0;
  const frontier = new Frontier();
  frontier.add(0, 1);
  for (let at = frontier.take(); at !== undefined && stopped === undefined; at = frontier.take(), explored++) {
    if (explored >= maxStates) {
      stopped = "states";
      break;
    }
    const state = states[at]!;
    let prefix: number[] | undefined = prefixOf(states, at);
    const from = prefix.length;
    let run = 0;
    let done = ZERO;
    while (prefix !== undefined) {
      if (paths >= maxPaths || run >= perState) {
        stopped = paths >= maxPaths ? "runs" : "paths per state";
        break;
      }
      const dice = new PathDice(prefix);
      const hook = new MergeHook(dice, from, compounds);
      const out = prepared.battle("odds", { dice, finalState: false, loopHook: hook });
      paths++;
      run++;
      if (out.error && hook.stopped === undefined) return { paths, error: formatRunError(out.error), dice: dice.values };
      const p = dice.probability(from);
      done = addFraction(done, p);
      if (hook.stopped !== undefined) {
        let to = byFingerprint.get(hook.stopped);
        if (to === undefined) {
          to = states.length;
          byFingerprint.set(hook.stopped, to);
          const own = dice.values.slice(from);
          states.push({ parent: at, dice: own, next: new Map(), results: new Map(), unexplored: ONE });
          table += hook.stopped.length + own.length;
        }
        state.next.set(to, addFraction(state.next.get(to) ?? ZERO, p));
        // The new state is in the chain, unexplored: what the runs from here have not reached stays
        // counted as unexplored, so the report of what is left out is sound.
        if (table > tableLimit) {
          stopped = "memory";
          break;
        }
      } else {
        const key = out.resultText ?? "(no result)";
        state.results.set(key, addFraction(state.results.get(key) ?? ZERO, p));
      }
      prefix = nextPrefix(dice.values, dice.sides, from);
    }
    state.unexplored = subFraction(ONE, done);
    // What flows on from here, its own loop summed: the estimate the next state is chosen by.
    const stay = toNumber(state.next.get(at) ?? ZERO);
    const flow = frontier.reachOf(at) / (stay < 1 ? 1 - stay : 1);
    for (const [to, p] of state.next) if (to !== at) frontier.add(to, flow * toNumber(p));
    // Now and then, whether what is left to explore still matters: a chain that goes on for ever (roll
    // until a 6, counting the rolls) is explored until its tail is below the tolerance.
    if (stopped === undefined && explored + 1 >= 64 && isPowerOfTwo(explored + 1) && explored + 1 < states.length) {
      if (solveDoubles(states, resultColumns(states)).unexplored <= tolerance) break;
    }
  }
  return solved(states, paths, stopped, tolerance, { maxPaths, maxStates, perState, table: tableLimit });
}

function isPowerOfTwo(n: number): boolean {
  return (n & (n - 1)) === 0;
}

/** Every result some state reaches, in a stable order. */
function resultColumns(states: readonly ChainState[]): string[] {
  const names = new Set<string>();
  for (const s of states) for (const r of s.results.keys()) names.add(r);
  return [...names].sort();
}

function solved(states: Explored[], paths: number, stopped: OddsBudget | undefined, tolerance: number, limits: { maxPaths: number; maxStates: number; perState: number; table: number }): OddsResult {
  const columns = resultColumns(states);
  const exact = solveExact(states, columns);
  const doubles = exact ? undefined : solveDoubles(states, columns);
  const closed = exact?.closed ?? doubles!.closed;
  const unexplored = exact ? toNumber(exact.unexplored) : doubles!.unexplored;
  if (stopped !== undefined && unexplored > tolerance) {
    // As it always was for a scenario without merged states; with them, how far it got, and what that proves.
    const found = exact ? new Map([...exact.results].map(([k, v]) => [k, toNumber(v)])) : doubles!.results;
    const bounds = columns.map((result) => ({ result, low: found.get(result) ?? 0, high: Math.min(1, (found.get(result) ?? 0) + unexplored) })).sort((a, b) => b.low - a.low || a.result.localeCompare(b.result));
    if (stopped === "runs") return states.length > 1 ? { paths, tooMany: true, states: states.length, unexplored, bounds } : { paths, tooMany: true };
    return { paths, tooMany: true, budget: stopped, limit: stopped === "states" ? limits.maxStates : stopped === "memory" ? limits.table : limits.perState, states: states.length, unexplored, bounds };
  }
  if (closed.length > 0) {
    const ends = exact ? toNumber([...exact.results.values()].reduce(addFraction, exact.unexplored)) : [...doubles!.results.values()].reduce((a, b) => a + b, doubles!.unexplored);
    return { paths, states: states.length, neverEnds: Math.max(0, 1 - ends), closedStates: closed.length, dice: prefixOf(states, closed[0]!) };
  }
  const outcomes: OddsOutcome[] = columns.map((result) => {
    const p = exact ? exact.results.get(result)! : fromNumber(doubles!.results.get(result)!);
    return { result, p, probability: exact ? toNumber(p) : doubles!.results.get(result)! };
  }).filter((o) => o.probability > 0 || o.p.num > 0n);
  // Most likely first; ties in the order of their names, so the output is stable.
  outcomes.sort((a, b) => compareFractions(b.p, a.p) || (exact ? 0 : b.probability - a.probability) || a.result.localeCompare(b.result));
  return { paths, outcomes, states: states.length, exact: exact !== undefined, unexplored, unexploredP: exact ? exact.unexplored : fromNumber(unexplored) };
}
