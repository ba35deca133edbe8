// `rulesmith balance SYSTEM --roster FILE...`: the matchup matrix of a roster (src/tools/balance/), its
// simulated cells spread over worker threads or a job queue's workers, printed as a table, as JSON, or
// written as an HTML report.
import { availableParallelism } from "node:os";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  balance,
  balanceHtml,
  balanceJson,
  clipShown,
  defaultRoots,
  escapeJsonControls,
  EXACT_PATHS,
  formatBalance,
  hasErrors,
  indexProgram,
  JOB_RUNS,
  MAX_SWEEP_VALUES,
  nodeFileHost,
  parsePolicyRules,
  readRoster,
  exactCell,
  runCell,
  type CellCounts,
  type CellSpec,
  type ExactOdds,
  type RuntimeProgram,
  type CellJob,
  type FileHost,
  type RosterFile,
  type SourceFile,
} from "../../api/node.ts";
import { complain, say, type CliIo } from "./io.ts";
import type { BalanceAnswer, BalanceTask, BalanceWorkerData } from "./balance-worker.ts";
import { onWorkers, progressBar, workerCap } from "./worker-pool.ts";
import { compileWithMods } from "./with-mods.ts";

export const BALANCE_HELP = `rulesmith balance SYSTEM --roster FILE... [--mod DIR]... [--policy P]... [--runs N] [--seed S]
                  [--threshold T] [--exact-paths N] [--sweep PARAM=A..B] [--json] [--html FILE]
                  [--workers W | --queue URL]

Pits every entry of a roster against every other (the mirror too) and prints the matrix: each row's
entry at the first slot against each column's at the second, the row's win rate with its 95% Wilson
interval, or its exact odds ("=") where \`rulesmith odds\` works them out within --exact-paths dice
paths; then each entry's mean win rate over its matchups on both slots (the mirror left out), the
entries and pairs beyond 50% ± the threshold (the whole interval beyond), and, with --sweep, the swept
entry's mean for each value of a parameter the roster declares.

SYSTEM is the rules folder or file. A roster is a JSON file (docs/balance.md):
  {"scenario": "../scenarios/duel.json",         the template: its "run", "state", "seed", "policies"
                                                 (or give "run" and "state" here)
   "slots": ["/attacker/units", "/defender/units"],  JSON pointers into the state: where X and Y go
   "wins": ["Side.attacker", "Side.defender"],   the results that are the first slot's and the second's win
   "entries": {"Brute": [{"name": "Brute", "strength": 7, "hp": 3}], ...},  the value put at a slot
   "parameters": {"strength": "/entries/Brute/0/strength"}}  whole numbers --sweep may change
--roster may be given again: later files add entries and parameters (a homebrew unit to a bundled
roster); the first file that gives the template, slots and wins gives them.
  --roster FILE     a roster file (repeatable; at least one)
  --policy P        answer the rules' \`choose\` by a policy (repeatable, in place of the template's):
                    first, random, greedy[:FN], mcts[:N[:RESULT]], each optionally after by:WHO= or
                    ask:TEXT= (docs/language.md, "Policies")
  --runs N          runs per simulated cell (default 1000); run i of X against Y has seed S/X/Y:i
  --seed S          the seed (default: the template's, else "1")
  --threshold T     outliers lie beyond 50% ± T (default 0.25)
  --exact-paths N   the odds tool's budget of dice paths per cell (default ${EXACT_PATHS}); 0 simulates every cell
  --sweep P=A..B    the matrix again for each whole value of the roster's parameter P from A to B
                    (at most ${MAX_SWEEP_VALUES} values): the entry's mean win rate for each
  --json            print the report as JSON (rates from 0 to 1, every cell's counts)
  --html FILE       also write the report as one self-contained HTML page with a heat map
  --mod DIR         load the mod in DIR (repeatable) on the base system SYSTEM, as \`check --mod\` does:
                    the roster's entries may then be the mod's units
  --workers W       worker threads for the cells' exact odds and simulated runs (default: every core,
                    ${availableParallelism()} here, and for exact odds one per 32 cells at most); the
                    numbers are the same for any number
  --queue URL       run the simulated cells on the job queue at redis://HOST:PORT instead, each range of
                    at most ${JOB_RUNS.toLocaleString("en-US")} runs of a cell one shard, for \`rulesmith worker --queue URL\`
                    processes on any machines (the system's and mods' files travel with the sweep; one
                    sweep per matrix, so a --sweep queues one per value); the counts are one process's
  --root DIR        read only below DIR (default: the folders of SYSTEM and the rosters, or the working
                    directory when it holds them)`;

const BALANCE_OPTIONS = {
  roster: { type: "string", multiple: true },
  policy: { type: "string", multiple: true },
  runs: { type: "string" },
  seed: { type: "string" },
  threshold: { type: "string" },
  "exact-paths": { type: "string" },
  sweep: { type: "string" },
  json: { type: "boolean" },
  html: { type: "string" },
  workers: { type: "string" },
  queue: { type: "string" },
  mod: { type: "string", multiple: true },
  root: { type: "string" },
} as const;

/** A mistake in the command line: said with a pointer to --help, as the other commands say it. */
class Usage extends Error {}

export async function balanceCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    say(io, BALANCE_HELP);
    return 0;
  }
  try {
    return await balanceRun(args, io);
  } catch (err) {
    if (!(err instanceof Usage)) throw err;
    complain(io, `error: ${err.message}\n\nRun \`rulesmith balance --help\` for usage.`);
    return 1;
  }
}

async function balanceRun(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: BALANCE_OPTIONS });
  } catch (err) {
    // An unknown flag, or a flag without its value: a usage mistake.
    throw new Usage(err instanceof Error ? err.message : String(err));
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) throw new Usage("name one rules folder or file: the system whose roster is balanced");
  const rosters = values.roster ?? [];
  if (rosters.length === 0) throw new Usage("name a roster with --roster FILE");
  const runs = wholeNumber(values.runs ?? "1000", "--runs", 1, 10_000_000);
  const exactPaths = wholeNumber(values["exact-paths"] ?? String(EXACT_PATHS), "--exact-paths", 0, 10_000_000);
  const workers = values.workers === undefined ? undefined : wholeNumber(values.workers, "--workers", 1, 256);
  const threshold = Number(values.threshold ?? "0.25");
  if (!(threshold >= 0 && threshold <= 0.5)) throw new Usage("--threshold must be a number from 0 to 0.5");
  const sweep = values.sweep === undefined ? undefined : sweepOption(values.sweep);
  const queue = values.queue === undefined ? undefined : (await import("./queue/url.ts")).queueOption(values.queue, workers);
  if (queue && "usage" in queue) throw new Usage(queue.usage);
  const system = positionals[0]!;
  const mods = values.mod ?? [];
  const host = nodeFileHost(values.root !== undefined ? [values.root] : defaultRoots([system, ...rosters, ...mods], io.cwd), io.cwd);
  // On the queue, what loading the rules reads is recorded: it travels with the sweep to the workers.
  const compiled = await compileWithMods([system], mods, queue ? queue.files.wrap(host) : host, io);
  if ("usage" in compiled) throw new Usage(compiled.usage);
  if (hasErrors(compiled.diagnostics) || !compiled.programs) return 1;
  if (compiled.programs.length !== 1) {
    complain(io, `error[E0402]: these rules form ${compiled.programs.length} separate programs: name one`);
    return 1;
  }
  const files = compiled.programs[0]!;
  const program = indexProgram(files);
  const rosterFiles: RosterFile[] = rosters.map((p) => ({ path: p, json: readJsonFile(host, host.normalize(p)) }));
  const unreadable = rosterFiles.find((f) => isError(f.json));
  if (unreadable) return fail(io, (unreadable.json as { error: string }).error);
  const roster = readRoster(rosterFiles, (from, path) => readJsonFile(host, host.resolve(host.normalize(from), path)));
  if ("error" in roster) return fail(io, roster.error);
  if (values.policy) {
    const checked = parsePolicyRules(values.policy, program);
    if ("error" in checked) return fail(io, checked.error);
  }
  const seed = values.seed ?? roster.template.seed ?? "1";
  const report = await balance(program, roster, {
    runs,
    seed,
    threshold,
    exactPaths,
    ...(values.policy ? { policies: values.policy } : {}),
    ...(sweep ? { sweep } : {}),
    ...(queue ? {} : { runExact: (cells: CellSpec[], maxPaths: number) => exactOnWorkers(files, program, cells, maxPaths, workers) }),
    runJobs: queue ? async (jobs) => (await import("./queue/balance-shards.ts")).balanceOnQueue(queue.url, queue.files, { system, mods }, jobs, io) : (jobs) => runOnWorkers(files, program, jobs, workers, io),
  });
  if ("error" in report) return fail(io, report.error);
  if (values.html !== undefined) {
    try {
      writeFileSync(resolve(io.cwd, values.html), balanceHtml(report, `Balance: ${rosters.join(", ")}`));
    } catch (err) {
      return fail(io, `cannot write the report \`${values.html}\`: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  say(io, values.json ? escapeJsonControls(JSON.stringify(balanceJson(report), null, 2)) : formatBalance(report));
  if (values.html !== undefined && !values.json) say(io, `\nwrote the HTML report to ${clipShown(values.html, 400)}`);
  return report.matrix.errors > 0 ? 1 : 0;
}

function fail(io: CliIo, message: string): number {
  complain(io, `error: ${clipShown(message, 4000)}`);
  return 1;
}

function wholeNumber(text: string, flag: string, low: number, high: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < low || n > high) throw new Usage(`${flag} must be a whole number from ${low} to ${high}`);
  return n;
}

function sweepOption(text: string): { name: string; from: number; to: number } {
  const m = /^([^=]+)=(-?\d+)\.\.(-?\d+)$/.exec(text);
  if (!m) throw new Usage("--sweep must be PARAM=A..B, A and B whole numbers: --sweep strength=5..9");
  return { name: m[1]!, from: Number(m[2]), to: Number(m[3]) };
}

function isError(v: unknown): boolean {
  return typeof v === "object" && v !== null && "error" in v && Object.keys(v).length === 1 && typeof (v as { error: unknown }).error === "string";
}

/** A JSON file below the root, parsed; `{ error }` when it cannot be read or parsed (never its text when refused). */
function readJsonFile(host: FileHost, path: string): unknown {
  const refused = host.refuse?.(path, "json");
  if (refused) return { error: `${path}: ${refused.message}` };
  const text = host.read(path);
  if (text === undefined) return { error: `cannot read \`${path}\`` };
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    return { error: `${path} is not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** The jobs' counts, in their order: on worker threads when there are enough jobs to share, else here. */
async function runOnWorkers(files: SourceFile[], program: RuntimeProgram, jobs: CellJob[], requested: number | undefined, io: CliIo): Promise<CellCounts[]> {
  const count = Math.max(1, Math.min(requested ?? availableParallelism(), workerCap(), jobs.length));
  const total = jobs.reduce((s, j) => s + j.to - j.from, 0);
  const progress = progressBar(total, io.stderr, 2000);
  if (count === 1) {
    const out = jobs.map((j) => {
      const c = runCell(program, j.cell, j.from, j.to);
      progress.add(c.runs);
      return c;
    });
    progress.end();
    return out;
  }
  const data: BalanceWorkerData = { files };
  const tasks: BalanceTask[] = jobs.map((j, index) => ({ ...j, index }));
  const answers = await onWorkers<BalanceTask, BalanceAnswer>("balance-worker", data, tasks, count, (a) => "counts" in a && progress.add(a.counts.runs));
  progress.end();
  const out: CellCounts[] = new Array<CellCounts>(jobs.length);
  for (const a of answers) if ("counts" in a) out[a.index] = a.counts;
  return out;
}

/** Cells of exact odds per worker thread started by default. */
const EXACT_CELLS_PER_THREAD = 32;

/**
 * The cells' exact odds, in their order: on worker threads when there are cells enough to share, else
 * here. The odds tool is a pure function of the cell and the budget, so the threads change no number.
 */
async function exactOnWorkers(files: SourceFile[], program: RuntimeProgram, cells: CellSpec[], maxPaths: number, requested: number | undefined): Promise<(ExactOdds | undefined)[]> {
  // A thread first compiles the state's schema (seconds for a large system): by default one is started
  // only per EXACT_CELLS_PER_THREAD cells (a sweep's later matrices have few new cells); --workers is obeyed.
  const count = Math.max(1, Math.min(requested ?? Math.floor(cells.length / EXACT_CELLS_PER_THREAD), requested ?? availableParallelism(), workerCap(), cells.length));
  if (count === 1) return cells.map((c) => exactCell(program, c, maxPaths));
  const tasks: BalanceTask[] = cells.map((exact, index) => ({ index, exact, maxPaths }));
  const answers = await onWorkers<BalanceTask, BalanceAnswer>("balance-worker", { files } satisfies BalanceWorkerData, tasks, count, () => {});
  const out: (ExactOdds | undefined)[] = new Array<ExactOdds | undefined>(cells.length);
  for (const a of answers) if ("odds" in a) out[a.index] = a.odds ?? undefined;
  return out;
}
