// `rulesmith balance`: the matchup matrix of a roster and, with a sweep, the matrix again for each value
// of one declared parameter. Cells are planned here and run by `runJobs`: in this thread by default, or
// wherever a host sends them (worker threads, a job queue), since a cell's counts over seed ranges add up.
import type { RuntimeProgram } from "../../run/index-program.ts";
import type { Json } from "../../run/state.ts";
import { addCounts, cellSpec, NO_COUNTS, runCell, type CellCounts, type CellSpec } from "./cells.ts";
import { exactCandidate, exactCell, EXACT_PATHS, type ExactOdds } from "./exact.ts";
import { cellResult, matrixReport, type CellResult, type EntryResult, type MatrixReport } from "./report.ts";
import { withValueAt, type Roster } from "./roster.ts";

/** A range of one cell's runs: what a worker is given. */
export interface CellJob {
  cell: CellSpec;
  from: number;
  to: number;
}

/** Runs per job at most: a cell of many runs is split so that workers share it. */
export const JOB_RUNS = 2_500;

export interface BalanceOptions {
  /** Runs per simulated cell. */
  runs: number;
  seed: string;
  /** Outliers lie beyond 50% ± this. */
  threshold: number;
  /** The odds tool's budget per cell (0: simulate every cell). */
  exactPaths?: number;
  /** Policies for every cell, in place of the template's. */
  policies?: string[];
  sweep?: { name: string; from: number; to: number };
  /**
   * Runs the jobs and gives their counts in the same order, or why it could not (a job queue that went
   * away); by default one after another in this thread.
   */
  runJobs?: (jobs: CellJob[]) => Promise<CellCounts[] | { error: string }>;
  /**
   * Works out the cells' exact odds (`exactCell` with the budget), in the same order; by default one
   * after another in this thread. `exactCell` is pure, so any thread gives the same odds.
   */
  runExact?: (cells: CellSpec[], maxPaths: number) => Promise<(ExactOdds | undefined)[]>;
}

export interface SweepPoint {
  value: number;
  /** The swept entry's mean, and its rate against each entry at the first slot. */
  entry: EntryResult;
  against: { col: string; rate: number; interval: [number, number]; exact: boolean }[];
  outliers: number;
}

export interface SweepReport {
  parameter: string;
  entry: string;
  points: SweepPoint[];
}

export interface BalanceReport {
  matrix: MatrixReport;
  /** The results that are the first slot's and the second's win. */
  wins: [string, string];
  runs: number;
  seed: string;
  policies: string[];
  sweep?: SweepReport;
}

/** Values a sweep takes at most: each is a matrix. */
export const MAX_SWEEP_VALUES = 50;

export async function balance(program: RuntimeProgram, roster: Roster, options: BalanceOptions): Promise<BalanceReport | { error: string }> {
  // Cells are known by their two entries' ids: an entry is its name and value (a sweep changes the
  // value under the same name), numbered once per matrix, so a cell's key is two numbers, and a cell's
  // scenario (a copy of the template's state) is built only for a cell not known yet.
  const ids = new Map<string, number>();
  const idOf = (name: string, value: Json) => {
    const key = JSON.stringify([name, value]);
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    return id;
  };
  const cache = new Map<string, CellResult>();
  const runJobs = options.runJobs ?? (async (jobs: CellJob[]): Promise<CellCounts[]> => jobs.map((j) => runCell(program, j.cell, j.from, j.to)));
  const maxPaths = options.exactPaths ?? EXACT_PATHS;
  const runExact = options.runExact ?? (async (cells: CellSpec[]) => cells.map((c) => exactCell(program, c, maxPaths)));
  const matrixOf = async (r: Roster): Promise<MatrixReport | { error: string }> => {
    const entryIds = r.entries.map(([name, value]) => idOf(name, value));
    const keys = entryIds.flatMap((x) => entryIds.map((y) => `${x},${y}`));
    const fresh: [string, CellSpec][] = [];
    for (const [i, [row, x]] of r.entries.entries()) {
      for (const [j, [col, y]] of r.entries.entries()) {
        const key = keys[i * r.entries.length + j]!;
        // Names are unique in a roster, so no key comes twice in one matrix.
        if (cache.has(key)) continue;
        const c = cellSpec(r, row, x, col, y, options.seed, options.policies);
        if ("error" in c) return c;
        fresh.push([key, c]);
      }
    }
    // A cell whose policies leave choices to chance has no odds over the dice alone: not sent.
    const tried = maxPaths > 0 ? fresh.filter(([, c]) => exactCandidate(c)) : [];
    const odds = tried.length > 0 ? await runExact(tried.map(([, c]) => c), maxPaths) : [];
    tried.forEach(([key, c], i) => odds[i] && cache.set(key, cellResult(c, NO_COUNTS, odds[i])));
    const simulated = fresh.filter(([key]) => !cache.has(key));
    const jobs = simulated.flatMap(([, cell]) => splitRuns(options.runs).map(([from, to]) => ({ cell, from, to })));
    const counts = await runJobs(jobs);
    if ("error" in counts) return counts;
    const byCell = new Map<CellSpec, CellCounts>();
    jobs.forEach((j, i) => byCell.set(j.cell, addCounts(byCell.get(j.cell) ?? NO_COUNTS, counts[i]!)));
    for (const [key, c] of simulated) cache.set(key, cellResult(c, byCell.get(c) ?? NO_COUNTS, undefined));
    return matrixReport(
      r.entries.map(([name]) => name),
      keys.map((k) => cache.get(k)!),
      options.threshold,
    );
  };
  const matrix = await matrixOf(roster);
  if ("error" in matrix) return matrix;
  const report: BalanceReport = { matrix, wins: roster.wins, runs: options.runs, seed: options.seed, policies: options.policies ?? roster.template.policies ?? [] };
  if (options.sweep) {
    const sweep = await sweepOf(roster, options.sweep, matrixOf);
    if ("error" in sweep) return sweep;
    report.sweep = sweep;
  }
  return report;
}

function splitRuns(runs: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 0; from < runs; from += JOB_RUNS) out.push([from, Math.min(runs, from + JOB_RUNS)]);
  return out;
}

async function sweepOf(roster: Roster, sweep: NonNullable<BalanceOptions["sweep"]>, matrixOf: (r: Roster) => Promise<MatrixReport | { error: string }>): Promise<SweepReport | { error: string }> {
  const param = roster.parameters.get(sweep.name);
  if (!param) {
    const declared = [...roster.parameters.keys()];
    return { error: `the roster declares no parameter "${sweep.name}"${declared.length > 0 ? `: it declares ${declared.map((d) => `"${d}"`).join(", ")}` : ': declare one in "parameters", as "/entries/NAME/..."'}` };
  }
  if (!Number.isInteger(sweep.from) || !Number.isInteger(sweep.to) || sweep.to < sweep.from) return { error: `a sweep goes from a whole number to a larger one: ${sweep.from}..${sweep.to}` };
  if (sweep.to - sweep.from + 1 > MAX_SWEEP_VALUES) return { error: `a sweep takes at most ${MAX_SWEEP_VALUES} values, not ${sweep.to - sweep.from + 1}` };
  const index = roster.entries.findIndex(([name]) => name === param.entry);
  if (index < 0) return { error: `the parameter "${sweep.name}" changes the entry "${param.entry}", which no roster holds` };
  const points: SweepPoint[] = [];
  for (let value = sweep.from; value <= sweep.to; value++) {
    const changed = withValueAt(roster.entries[index]![1], param.at, value);
    if ("error" in changed) return { error: `the parameter "${sweep.name}": ${changed.error} in the entry "${param.entry}"` };
    const entries: [string, Json][] = roster.entries.map((e, i) => (i === index ? [e[0], changed.json] : e));
    const m = await matrixOf({ ...roster, entries });
    if ("error" in m) return m;
    points.push({
      value,
      entry: m.means[index]!,
      against: m.cells[index]!.map((c) => ({ col: c.col, rate: c.rate, interval: c.interval, exact: c.exact })),
      outliers: m.outliers.filter((o) => o.row === param.entry || o.col === param.entry).length,
    });
  }
  return { parameter: sweep.name, entry: param.entry, points };
}
