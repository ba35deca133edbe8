// Monte Carlo simulation of a scenario: outcome frequencies with Wilson score intervals. The runs are
// split over worker threads (tools/simulation/simulation.ts plans and merges them, so any number of workers gives the
// counts of one); each worker is sent the checked program and the scenario once.
import { availableParallelism } from "node:os";
import { clipShown, mergeRanges, planRanges, prepareSimulation, runRange, wilson, type RangeResult, type ReadyScenario, type SimulationOutcome } from "../../api.ts";
import type { SimulateWorkerData } from "./simulate-worker.ts";
import { onWorkers, progressBar, workerCap } from "./worker-pool.ts";
import type { Writer } from "./io.ts";

export { wilson, type SimulationOutcome };

export interface SimulateOptions {
  /** Worker threads to use (default: every core); 1 runs in this thread. */
  workers?: number;
  /** Where to draw a progress bar; drawn only when it is a terminal. */
  progressTo?: Writer;
}

/** The worker threads a simulation starts: those asked for (default every core), cut to `workerCap()` and to the ranges there are. */
export function simulationWorkers(requested: number | undefined, ranges: number): number {
  return Math.max(1, Math.min(requested ?? availableParallelism(), workerCap(), ranges));
}

/** Runs N seeded games (seed:0 .. seed:N-1) over worker threads. */
export async function simulate(ready: ReadyScenario, n: number, seed: string, options: SimulateOptions = {}): Promise<SimulationOutcome> {
  const prepared = prepareSimulation(ready.program, ready.scenario);
  if ("error" in prepared) return { runs: 0, counts: new Map(), error: prepared.error };
  const ranges = planRanges(n, options.workers ?? availableParallelism());
  const workers = simulationWorkers(options.workers, ranges.length);
  const progress = progressBar(n, options.progressTo, 200);
  if (workers === 1) {
    const results: RangeResult[] = [];
    for (const [from, to] of ranges) {
      const r = runRange(prepared, seed, from, to);
      results.push(r);
      progress.add(r.runs);
      if (r.error !== undefined) break;
      // Let the terminal draw the bar.
      await new Promise((go) => setImmediate(go));
    }
    progress.end();
    return mergeRanges(results);
  }
  const data: SimulateWorkerData = { files: ready.files, scenario: ready.scenario, seed };
  const results = await onWorkers<[number, number], RangeResult>("simulate-worker", data, ranges, workers, (r) => progress.add(r.runs));
  progress.end();
  return mergeRanges(results);
}

/** The most characters of an outcome's label printed. */
const LABEL_WIDTH = 80;

export function formatSimulation(o: SimulationOutcome, seed: string): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  // An outcome's label is a result of the rules: escaped, and cut so one long result cannot widen every row.
  const rows = [...o.counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, c]) => [clipShown(k, LABEL_WIDTH), c] as const);
  const width = Math.max(7, ...rows.map(([k]) => k.length));
  // The seed comes from the scenario: escaped and cut like a label.
  const shownSeed = clipShown(seed, LABEL_WIDTH);
  const lines = [`${o.runs} runs, seeds ${shownSeed}:0 .. ${shownSeed}:${o.runs - 1}`, `${"outcome".padEnd(width)}  ${"count".padStart(7)}  ${"share".padStart(6)}  95% interval`];
  for (const [k, c] of rows) {
    const [lo, hi] = wilson(c, o.runs);
    lines.push(`${k.padEnd(width)}  ${String(c).padStart(7)}  ${pct(c / o.runs).padStart(6)}  ${pct(lo)} - ${pct(hi)}`);
  }
  return lines.join("\n");
}
