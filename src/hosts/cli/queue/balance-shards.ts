// `rulesmith balance --queue`: the simulated cells of a matrix, each range of a cell's runs (a CellJob,
// at most JOB_RUNS runs) one shard. A worker loads the system and its mods from the files that travelled
// with the sweep, as the command did (the one loader, loadBaseAndMods), and runs the range with
// `runCell`, a pure function of the cell and the range, so counts added from any workers are one process's.
import { compile, compileMods, formatDiagnostics, hasErrors, indexProgram, JOB_RUNS, MOD_MANIFEST, runCell, addCounts, NO_COUNTS, type CellCounts, type CellJob, type FileHost, type RuntimeProgram } from "../../../api.ts";
import { loadBaseAndMods } from "../with-mods.ts";
import type { CliIo } from "../io.ts";
import { progressBar } from "../worker-pool.ts";
import type { QueueUrl } from "./url.ts";
import type { HostRecording } from "./recorded-host.ts";
import type { ShardKind } from "./shard-kinds.ts";
import { runSweep } from "./sweep.ts";

export interface BalanceSetup {
  /** The system and its \`--mod\` folders as the command named them. */
  system: string;
  mods: string[];
}

/** About how long a worker runs before it breathes (renews its hold on the shard). */
const BREATH_MS = 50;

export const balanceShards: ShardKind<BalanceSetup, RuntimeProgram, CellJob, CellCounts> = {
  prepare(setup, host: FileHost) {
    if (typeof setup?.system !== "string" || !Array.isArray(setup.mods) || !setup.mods.every((m) => typeof m === "string")) return { error: "the sweep's setup names no system" };
    const compiled = loadBaseAndMods([setup.system], setup.mods, host, { compile, compileMods, MOD_MANIFEST });
    if ("usage" in compiled) return { error: compiled.usage };
    if (hasErrors(compiled.diagnostics) || !compiled.programs) return { error: formatDiagnostics(compiled.diagnostics, compiled.texts) };
    if (compiled.programs.length !== 1) return { error: `the rules sent with the sweep form ${compiled.programs.length} programs on this worker, not one` };
    return indexProgram(compiled.programs[0]!);
  },
  async run(program, job, breathe) {
    if (!isCellJob(job)) throw new Error("the shard is not a range of a matrix cell's runs");
    // Pieces of runs between breaths, grown while a piece is quick and shrunk when one is slow. Counts
    // of disjoint ranges add up (addCounts), so where the pieces end changes no count.
    let counts = NO_COUNTS;
    let size = 1;
    for (let at = job.from; at < job.to; ) {
      const end = Math.min(job.to, at + size);
      const started = performance.now();
      counts = addCounts(counts, runCell(program, job.cell, at, end));
      size = performance.now() - started < BREATH_MS ? size * 2 : Math.max(1, size >> 1);
      at = end;
      await breathe();
    }
    return counts;
  },
  isAnswer: (a): a is CellCounts => {
    if (typeof a !== "object" || a === null) return false;
    const c = a as CellCounts;
    return [c.runs, c.a, c.b, c.other, c.errors].every((n) => Number.isSafeInteger(n) && n >= 0) && (c.firstError === undefined || (typeof c.firstError.run === "number" && typeof c.firstError.message === "string"));
  },
};

const isText = (v: unknown): v is string => typeof v === "string";
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether a shard read back from the queue is a range of a cell (a worker trusts no shape it did not check). */
export function isCellJob(job: unknown): job is CellJob {
  if (!isObject(job) || !isObject(job.cell)) return false;
  const { from, to } = job;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || (from as number) < 0 || (to as number) < (from as number) || (to as number) - (from as number) > JOB_RUNS) return false;
  const { row, col, seed, wins, scenario } = job.cell;
  if (![row, col, seed].every(isText) || !Array.isArray(wins) || wins.length !== 2 || !wins.every(isText)) return false;
  if (!isObject(scenario) || !isText(scenario.run) || !isObject(scenario.state)) return false;
  return scenario.policies === undefined || (Array.isArray(scenario.policies) && scenario.policies.every(isText));
}

/** The counts of `jobs`, in their order, run by the queue's workers; progress drawn as they come back. */
export async function balanceOnQueue(url: QueueUrl, files: HostRecording, setup: BalanceSetup, jobs: CellJob[], io: CliIo): Promise<CellCounts[] | { error: string }> {
  const progress = progressBar(
    jobs.reduce((s, j) => s + j.to - j.from, 0),
    io.stderr,
    0,
  );
  const swept = await runSweep({ url, kind: "balance", isAnswer: balanceShards.isAnswer, setup, files, shards: jobs }, io, (a) => progress.add(a.runs));
  progress.end();
  return "error" in swept ? swept : swept.answers;
}
