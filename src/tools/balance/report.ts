// The balance report from a matrix's counts: per pair the row's win rate with its 95% interval (Wilson's
// for simulated cells, none for exact ones), per entry its mean win rate over every matchup but the
// mirror, on both slots, and the outliers beyond a threshold.
import { wilson } from "../simulation/stats.ts";
import type { CellCounts, CellSpec } from "./cells.ts";
import type { ExactOdds } from "./exact.ts";

export interface CellResult {
  row: string;
  col: string;
  /** How the row's entry fares: its win rate and the 95% interval, and the column's. */
  rate: number;
  interval: [number, number];
  colRate: number;
  colInterval: [number, number];
  /** Exact odds (the interval is the rate itself), or the counts of the runs. */
  exact: boolean;
  counts: CellCounts;
}

export interface EntryResult {
  name: string;
  /** Mean win rate over its matchups on both slots, the mirror left out, and the mean of their intervals' ends. */
  mean: number;
  interval: [number, number];
  /** "strong" or "weak" when the whole interval lies beyond 50% ± the threshold. */
  outlier?: "strong" | "weak";
}

export interface MatrixReport {
  entries: string[];
  /** cells[i][j]: entry i at the first slot against entry j at the second. */
  cells: CellResult[][];
  means: EntryResult[];
  /** Pairs (not mirrors) whose row win rate's whole interval lies beyond 50% ± the threshold, the most lopsided first. */
  outliers: CellResult[];
  threshold: number;
  errors: number;
  firstError?: string;
}

export function cellResult(cell: CellSpec, counts: CellCounts, exact: ExactOdds | undefined): CellResult {
  if (exact) return { row: cell.row, col: cell.col, rate: exact.a, interval: [exact.a, exact.a], colRate: exact.b, colInterval: [exact.b, exact.b], exact: true, counts };
  // A run that stopped with an error is no win for either side: the rates are of the runs that ended.
  const n = counts.runs - counts.errors;
  return { row: cell.row, col: cell.col, rate: n === 0 ? 0 : counts.a / n, interval: wilson(counts.a, n), colRate: n === 0 ? 0 : counts.b / n, colInterval: wilson(counts.b, n), exact: false, counts };
}

/** Whether any run of the cell ended (an exact cell always has). */
function ended(c: CellResult): boolean {
  return c.exact || c.counts.runs > c.counts.errors;
}

/** Beyond 50% ± t: the interval's low end above 50% + t, or its high end below 50% - t. */
function beyond(interval: [number, number], t: number): "strong" | "weak" | undefined {
  if (interval[0] > 0.5 + t) return "strong";
  if (interval[1] < 0.5 - t) return "weak";
  return undefined;
}

export function matrixReport(entries: string[], results: CellResult[], threshold: number): MatrixReport {
  const at = new Map(results.map((r) => [`${r.row}\u0000${r.col}`, r]));
  const cells = entries.map((row) => entries.map((col) => at.get(`${row}\u0000${col}`)!));
  const means = entries.map((name, i): EntryResult => {
    const rates: { rate: number; interval: [number, number] }[] = [];
    for (let j = 0; j < entries.length; j++) {
      if (j === i) continue;
      // A cell none of whose runs ended says nothing of either entry: it is left out of the means.
      if (ended(cells[i]![j]!)) rates.push({ rate: cells[i]![j]!.rate, interval: cells[i]![j]!.interval });
      if (ended(cells[j]![i]!)) rates.push({ rate: cells[j]![i]!.colRate, interval: cells[j]![i]!.colInterval });
    }
    if (rates.length === 0) return { name, mean: 0, interval: [0, 1] };
    const avg = (f: (r: (typeof rates)[number]) => number) => rates.reduce((s, r) => s + f(r), 0) / rates.length;
    const interval: [number, number] = [avg((r) => r.interval[0]), avg((r) => r.interval[1])];
    const outlier = beyond(interval, threshold);
    return { name, mean: avg((r) => r.rate), interval, ...(outlier ? { outlier } : {}) };
  });
  const outliers = results.filter((r) => r.row !== r.col && ended(r) && beyond(r.interval, threshold) !== undefined).sort((p, q) => Math.abs(q.rate - 0.5) - Math.abs(p.rate - 0.5) || p.row.localeCompare(q.row) || p.col.localeCompare(q.col));
  const errors = results.reduce((s, r) => s + r.counts.errors, 0);
  const firstError = results.find((r) => r.counts.firstError)?.counts.firstError?.message;
  return { entries, cells, means, outliers, threshold, errors, ...(firstError !== undefined ? { firstError } : {}) };
}
