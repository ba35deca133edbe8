// Monte Carlo simulation of a scenario: outcome frequencies with Wilson score intervals. The runs are
// split over worker threads (simulation.ts plans and merges them, so any number of workers gives the
// counts of one); each worker is sent the checked program and the scenario once.
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { ReadyScenario } from "../pipeline.ts";
import { mergeRanges, planRanges, prepareSimulation, runRange, type RangeResult, type SimulationOutcome } from "../simulation.ts";
import type { SimulateWorkerData } from "./simulate-worker.ts";
import { wilson } from "../stats.ts";

export { wilson, type SimulationOutcome };

export interface SimulateOptions {
  /** Worker threads to use (default: every core); 1 runs in this thread. */
  workers?: number;
  /** Where to draw a progress bar; drawn only when it is a terminal. */
  progressTo?: NodeJS.WriteStream;
}

/** Runs N seeded games (seed:0 .. seed:N-1) over worker threads. */
export async function simulate(ready: ReadyScenario, n: number, seed: string, options: SimulateOptions = {}): Promise<SimulationOutcome> {
  const prepared = prepareSimulation(ready.program, ready.scenario);
  if ("error" in prepared) return { runs: 0, counts: new Map(), error: prepared.error };
  const ranges = planRanges(n, options.workers ?? availableParallelism());
  const workers = Math.max(1, Math.min(options.workers ?? availableParallelism(), ranges.length));
  const progress = progressBar(n, options.progressTo);
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
  const results = await onWorkers(ranges, workers, { files: ready.files, scenario: ready.scenario, seed }, (r) => progress.add(r.runs));
  progress.end();
  return mergeRanges(results);
}

/** Hands the ranges out to `count` threads, the next range to whichever finishes first. */
async function onWorkers(ranges: [number, number][], count: number, data: SimulateWorkerData, done: (r: RangeResult) => void): Promise<RangeResult[]> {
  const results: RangeResult[] = [];
  let next = 0;
  const threads = Array.from({ length: count }, () => startWorker(data));
  try {
    await Promise.all(
      threads.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const give = () => {
              const range = ranges[next++];
              if (range) w.postMessage(range);
              else resolve();
            };
            w.on("message", (r: RangeResult) => {
              results.push(r);
              done(r);
              give();
            });
            w.on("error", reject);
            w.on("exit", (code) => reject(new Error(`a simulation worker stopped (exit code ${code})`)));
            give();
          }),
      ),
    );
  } finally {
    await Promise.all(threads.map((w) => w.terminate()));
  }
  return results;
}

/**
 * The worker runs the same build as this module: its compiled JavaScript, or, when the CLI runs its
 * TypeScript sources (through tsx, or under the tests), those sources, with tsx registered in the thread.
 */
function startWorker(data: SimulateWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL("./simulate-worker.js", here), { workerData: data });
  const tsx = tsxApi(here);
  const entry = new URL("./simulate-worker.ts", here).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: data });
}

/** Where tsx's ESM registration API is: `import.meta.resolve` where the host has it, else next to its CommonJS twin. */
function tsxApi(from: string): string {
  if (typeof import.meta.resolve === "function") return import.meta.resolve("tsx/esm/api");
  return pathToFileURL(createRequire(from).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
}

/** A bar on a terminal for runs of 200 or more; nothing otherwise. */
function progressBar(n: number, to: NodeJS.WriteStream | undefined) {
  const show = Boolean(to?.isTTY) && n >= 200;
  const started = Date.now();
  let done = 0;
  return {
    add(runs: number) {
      done += runs;
      if (!show) return;
      const bar = "#".repeat(Math.round((done / n) * 30)).padEnd(30, ".");
      to!.write(`\r[${bar}] ${done}/${n}  ${((Date.now() - started) / 1000).toFixed(1)}s`);
    },
    end() {
      if (show) to!.write("\n");
    },
  };
}

export function formatSimulation(o: SimulationOutcome, seed: string): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const rows = [...o.counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const width = Math.max(7, ...rows.map(([k]) => k.length));
  const lines = [`${o.runs} runs, seeds ${seed}:0 .. ${seed}:${o.runs - 1}`, `${"outcome".padEnd(width)}  ${"count".padStart(7)}  ${"share".padStart(6)}  95% interval`];
  for (const [k, c] of rows) {
    const [lo, hi] = wilson(c, o.runs);
    lines.push(`${k.padEnd(width)}  ${String(c).padStart(7)}  ${pct(c / o.runs).padStart(6)}  ${pct(lo)} - ${pct(hi)}`);
  }
  return lines.join("\n");
}
