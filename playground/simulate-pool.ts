// Simulate on every core: the runs are split into ranges (planned as `rulesmith simulate --workers N`
// plans them) and handed to web workers, the next range to whichever worker answers first. Each range
// comes back as counts (outcome-partial.ts), merged in run order, so the result is the same for any
// number of workers: run i has seed `S:i` whoever runs it.
import type { Files, SimulateReply, SimulateRequest } from "./protocol.ts";
import { EngineWorker } from "./engine-worker.ts";
import { mergePartials, type MergedOutcome, type OutcomePartial } from "./outcome-partial.ts";
import { assertNever, planRanges } from "../src/api.ts";

/** More workers than this cost memory (each loads the rules) for little gain. */
const MAX_WORKERS = 8;

/**
 * How many workers to use: one per logical core (capped, at least 1), or the page's `sim-workers` URL
 * parameter, which the browser tests use to compare a split with a single worker.
 */
export function workerCount(): number {
  const asked = Number(new URLSearchParams(location.search).get("sim-workers"));
  if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, MAX_WORKERS);
  return Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1));
}

export interface PoolCallbacks {
  /** Runs finished so far, over all workers. */
  progress(done: number): void;
  /** A worker could not start or stopped: the simulation is abandoned. */
  failed(message: string): void;
}

export interface PoolRun {
  /** The merged counts; undefined when cancelled or failed. */
  result: Promise<MergedOutcome | undefined>;
  cancel(): void;
}

export interface SimulationJob {
  files: Files;
  path: string;
  seed: string;
  n: number;
  /** The mods' folders switched on. */
  mods?: string[];
}

/** Runs `job` on `workers` web workers. */
export function simulateOnWorkers(job: SimulationJob, workers: number, on: PoolCallbacks): PoolRun {
  const ranges = planRanges(job.n, workers);
  const threads = Array.from({ length: Math.max(1, Math.min(workers, ranges.length)) }, () => new EngineWorker("simulate"));
  const parts: OutcomePartial[] = [];
  /** Runs done in each range still running, by its first run. */
  const running = new Map<number, number>();
  let next = 0;
  let idle = 0;
  // Ranges after one that met an error are not needed: the merge stops at the error.
  let errorFrom = Infinity;
  let settle: (r: MergedOutcome | undefined) => void = () => undefined;
  const result = new Promise<MergedOutcome | undefined>((resolve) => (settle = resolve));
  const end = (r: MergedOutcome | undefined) => {
    for (const t of threads) t.terminate();
    settle(r);
  };
  const report = () => on.progress(parts.reduce((n, p) => n + p.runs, 0) + [...running.values()].reduce((n, d) => n + d, 0));
  const give = (w: EngineWorker<"simulate">) => {
    const range = ranges[next];
    if (range && range[0] < errorFrom) {
      next++;
      running.set(range[0], 0);
      w.postMessage({ type: "range", from: range[0], to: range[1] } satisfies SimulateRequest);
    } else if (++idle === threads.length) end(mergePartials(parts));
  };
  const load: SimulateRequest = { type: "load", files: job.files, path: job.path, seed: job.seed, ...(job.mods ? { mods: job.mods } : {}) };
  for (const w of threads) {
    w.onmessage = (e: MessageEvent<SimulateReply>) => answer(w, e.data);
    w.onerror = (e) => {
      e.preventDefault();
      on.failed(`the simulation stopped: ${e.message || "the worker could not start"}`);
      end(undefined);
    };
    w.postMessage(load);
    give(w);
  }
  function answer(w: EngineWorker<"simulate">, r: SimulateReply) {
    switch (r.type) {
      case "progress":
        running.set(r.from, r.done);
        return report();
      case "range":
        running.delete(r.partial.from);
        parts.push(r.partial);
        if (r.partial.error !== undefined) errorFrom = Math.min(errorFrom, r.partial.from);
        report();
        return give(w);
      default:
        return assertNever(r);
    }
  }
  return { result, cancel: () => end(undefined) };
}
