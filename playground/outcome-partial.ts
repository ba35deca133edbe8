// A simulation's counts as a serialisable partial result, so runs can be split over web workers and
// put back together exactly. A part holds only counts (outcome -> runs, and per member value -> runs),
// never a mean: means, spreads and intervals are worked out once from the merged counts, so merging
// the parts of a split gives the very numbers one worker gives, not a mean of means.
import type { MemberDistribution, NumericOutcome } from "./outcome-stats.ts";

/** What a counter saw: a number or tally distribution, a result that is neither, or no runs yet. */
export type NumericPart = { kind: "numeric"; outcome: NumericOutcome } | { kind: "not numeric" } | { kind: "no runs" };

/** Runs from..from+runs-1 of a simulation, counted; `error` when the run after them stopped with one. */
export interface OutcomePartial {
  from: number;
  runs: number;
  /** outcome text -> runs, in the order each outcome was first seen. */
  counts: [string, number][];
  numeric: NumericPart;
  error?: string;
}

export interface MergedOutcome {
  runs: number;
  counts: [string, number][];
  numeric?: NumericOutcome;
  error?: string;
}

/**
 * The parts added in run order, up to and including the first that stopped with an error (as
 * `rulesmith simulate --workers N` merges), so the result is the one a single worker gives for the
 * same seeds, down to the order outcomes and members were first seen.
 */
export function mergePartials(parts: readonly OutcomePartial[]): MergedOutcome {
  const counts = new Map<string, number>();
  let numeric: NumericPart = { kind: "no runs" };
  let runs = 0;
  let error: string | undefined;
  for (const p of [...parts].sort((a, b) => a.from - b.from)) {
    for (const [k, c] of p.counts) counts.set(k, (counts.get(k) ?? 0) + c);
    numeric = mergeNumeric(numeric, p.numeric);
    runs += p.runs;
    if (p.error !== undefined) {
      error = p.error;
      break;
    }
  }
  return { runs, counts: [...counts], ...(numeric.kind === "numeric" ? { numeric: numeric.outcome } : {}), ...(error !== undefined ? { error } : {}) };
}

function mergeNumeric(a: NumericPart, b: NumericPart): NumericPart {
  if (a.kind === "no runs") return b;
  if (b.kind === "no runs") return a;
  if (a.kind === "not numeric" || b.kind === "not numeric") return { kind: "not numeric" };
  // Tallies of two different enums cannot be read as one distribution, as when one worker sees both.
  if (a.outcome.of !== b.outcome.of) return { kind: "not numeric" };
  return { kind: "numeric", outcome: { of: a.outcome.of, members: mergeMembers(a.outcome.members, b.outcome.members) } };
}

/** Members in first-seen order; each histogram's counts added value by value, sorted by value. */
function mergeMembers(a: readonly MemberDistribution[], b: readonly MemberDistribution[]): MemberDistribution[] {
  const byName = new Map<string, Map<number, number>>();
  for (const m of [...a, ...b]) {
    let h = byName.get(m.name);
    if (!h) byName.set(m.name, (h = new Map()));
    for (const [v, c] of m.histogram) h.set(v, (h.get(v) ?? 0) + c);
  }
  return [...byName].map(([name, h]) => ({ name, histogram: [...h].sort((x, y) => x[0] - y[0]) }));
}
