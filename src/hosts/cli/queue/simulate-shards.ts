// `rulesmith simulate --queue`: the runs split into ranges of seeds, one shard each. Run i has seed
// `S:i` whichever worker runs it (runRange, as on worker threads), and the ranges' counts are merged
// in run order (mergeRanges), so the counts are those of one process for any number of workers.
import { formatDiagnostics, loadScenario, mergeRanges, prepareSimulation, runRange, type FileHost, type RangeResult, type SimulationOutcome } from "../../../api.ts";
import type { CliIo } from "../io.ts";
import { progressBar } from "../worker-pool.ts";
import type { QueueUrl } from "./url.ts";
import type { HostRecording } from "./recorded-host.ts";
import type { ShardKind } from "./shard-kinds.ts";
import { runSweep } from "./sweep.ts";

export interface SimulateSetup {
  /** The scenario as the command named it, and its mods: the worker loads them as the command did. */
  scenario: string;
  mods: string[];
  /** \`--policy\` as the command was given it, in place of the scenario's own policies. */
  policies?: string[];
  seed: string;
}

/** The scenario validated and converted once per sweep, and the seed its runs derive theirs from. */
export interface PreparedSimulation {
  scenario: Exclude<ReturnType<typeof prepareSimulation>, { error: string }>;
  seed: string;
}

/** About how long a worker runs before it breathes (renews its hold on the shard, answers Redis). */
const BREATH_MS = 50;
/** A sweep is cut into about this many shards, so up to as many workers share it. */
const SHARDS = 64;
/** The largest shard, so a slow scenario's shard still ends well within a worker's hold on it. */
const MAX_SHARD = 5000;

export const simulateShards: ShardKind<SimulateSetup, PreparedSimulation, [number, number], RangeResult> = {
  prepare(setup, host: FileHost) {
    if (setup.policies !== undefined && !(Array.isArray(setup.policies) && setup.policies.every((p) => typeof p === "string"))) return { error: "the sweep's policies are no list of texts" };
    const loaded = loadScenario(setup.scenario, host, undefined, setup.mods);
    if (!loaded.ready) return { error: formatDiagnostics(loaded.diagnostics, loaded.texts) };
    const scenario = prepareSimulation(loaded.ready.program, setup.policies ? { ...loaded.ready.scenario, policies: setup.policies } : loaded.ready.scenario);
    return "error" in scenario ? scenario : { scenario, seed: setup.seed };
  },
  async run(prepared, [from, to], breathe) {
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to < from || to - from > MAX_SHARD) throw new Error(`runs ${from}..${to} are not a shard of a simulation`);
    const pieces: RangeResult[] = [];
    // Pieces of runs between breaths, grown while a piece is quick and shrunk when one is slow, so a
    // slow scenario breathes as often as a fast one. Where the pieces end changes no count.
    let size = 1;
    for (let at = from; at < to; ) {
      const end = Math.min(to, at + size);
      const started = performance.now();
      const piece = runRange(prepared.scenario, prepared.seed, at, end);
      pieces.push(piece);
      if (piece.error !== undefined) break;
      size = performance.now() - started < BREATH_MS ? size * 2 : Math.max(1, size >> 1);
      at = end;
      await breathe();
    }
    const merged = mergeRanges(pieces);
    return { from, runs: merged.runs, counts: [...merged.counts], ...(merged.error !== undefined ? { error: merged.error } : {}) };
  },
  isAnswer: (a): a is RangeResult => typeof a === "object" && a !== null && typeof (a as RangeResult).from === "number" && typeof (a as RangeResult).runs === "number" && Array.isArray((a as RangeResult).counts),
};

/** Runs 0..n-1 cut into shards of equal size (the last smaller). */
export function simulationShards(n: number): [number, number][] {
  const size = Math.min(MAX_SHARD, Math.max(1, Math.ceil(n / SHARDS)));
  const shards: [number, number][] = [];
  for (let from = 0; from < n; from += size) shards.push([from, Math.min(n, from + size)]);
  return shards;
}

/** `simulate` of N runs on the queue at `url`, with the files the command read (`files`). */
export async function simulateOnQueue(url: QueueUrl, files: HostRecording, setup: SimulateSetup, n: number, io: CliIo): Promise<SimulationOutcome> {
  const progress = progressBar(n, io.stderr, 0);
  const swept = await runSweep({ url, kind: "simulate", isAnswer: simulateShards.isAnswer, setup, files, shards: simulationShards(n) }, io, (a) => progress.add(a.runs));
  progress.end();
  if ("error" in swept) return { runs: 0, counts: new Map(), error: swept.error };
  return mergeRanges(swept.answers);
}
