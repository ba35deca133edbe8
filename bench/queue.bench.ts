// `npm run bench:queue`: what a sweep on the job queue gets from its workers, one worker against two,
// side by side. A bench of its own (not a row of `npm run bench`): it needs a Redis server and worker
// processes, which the in-process table does not start. It starts a redis-server of its own
// (scripts/redis-server.ts) and workers bundled like the bench (bench/queue-worker.ts), and runs
// `rulesmith simulate --queue` in this process, rounds interleaved (one worker, then two; the next round
// two, then one). Both workers run from the start and are warmed by the untimed first sweep; for a
// one-worker sweep the second is stopped (SIGSTOP) and continued after it, so neither side pays for a
// cold start. Every figure is from CPU time: each worker's, read from /proc before and after the sweep,
// so background load on a shared machine counts against neither side. See bench/README.md.
//
//   npm run bench:queue -- --n 20000 --rounds 5
//
// It checks first (untimed) that the queued sweep prints exactly what one process prints.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startRedis } from "../scripts/redis-server.ts";
import { main } from "../src/hosts/cli/main.ts";

const { values } = parseArgs({ options: { n: { type: "string", short: "n", default: "20000" }, rounds: { type: "string", default: "5" }, scenario: { type: "string" } } });
const N = Number(values.n);
const ROUNDS = Number(values.rounds);
if (!Number.isInteger(N) || N < 64 || !Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error("usage: npm run bench:queue -- [--n BATTLES (at least 64)] [--rounds R] [--scenario PATH]");
  process.exit(2);
}
if (!existsSync("/proc/self/stat")) {
  console.error("bench:queue: reads each worker's CPU time from /proc/PID/stat, which this system has not");
  process.exit(2);
}

const here = dirname(fileURLToPath(import.meta.url));
const root = (() => {
  let dir = here;
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();
const scenario = values.scenario ?? relative(process.cwd(), join(root, "rules/warlords3/scenarios/battle.json"));
const workerScript = join(here, "queue-worker.mjs");
const TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** A process's CPU time so far (user + system), in ms, from /proc/PID/stat (fields 14 and 15, after the name). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

/** A command of the CLI in this process, with its output, wall time and this process's CPU time. */
async function cli(args: string[]) {
  let stdout = "";
  let stderr = "";
  const started = performance.now();
  const cpu = process.cpuUsage();
  const code = await main(args, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, cwd: process.cwd() });
  const used = process.cpuUsage(cpu);
  return { code, stdout, stderr, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

interface Worker {
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** A worker process, once it says it waits for shards. */
async function startWorker(url: string): Promise<Worker> {
  const child = spawn(process.execPath, [workerScript, "--queue", url], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await new Promise<void>((ready, failed) => {
    let said = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes("waiting for shards")) ready();
    });
    void exited.then(() => failed(new Error(`bench:queue: a worker exited before it was ready:\n${said}`)));
  });
  // Its lines per shard are read and dropped, so the pipe never fills.
  return { child, exited };
}

async function stopWorker(w: Worker): Promise<void> {
  w.child.kill("SIGTERM");
  await w.exited;
}

const redis = await startRedis();
const queueArgs = ["simulate", scenario, "-n", String(N), "--seed", "bench", "--queue", redis.url];
const first = await startWorker(redis.url);
const second = await startWorker(redis.url);
try {
  // ---- agreement first (untimed): the queued sweep prints what one process prints -----------------------------
  const alone = await cli(["simulate", scenario, "-n", String(N), "--seed", "bench", "--workers", "1"]);
  const queued = await cli(queueArgs);
  if (alone.code !== 0 || queued.code !== 0 || queued.stdout !== alone.stdout) {
    console.error(`bench:queue: FAIL - the queued sweep and one process disagree\none process:\n${alone.stdout}${alone.stderr}\nqueued:\n${queued.stdout}${queued.stderr}`);
    process.exit(1);
  }

  // ---- rounds, interleaved: one worker and two -----------------------------------------------------------------
  interface Sweep {
    /** Each worker's CPU ms over the sweep. */
    workers: number[];
    coordinatorMs: number;
  }
  const sweep = async (count: 1 | 2): Promise<Sweep> => {
    const pool = count === 2 ? [first, second] : [first];
    // A stopped worker takes no shard (a shard it had taken would wait for it, and show in the counts' check).
    if (count === 1) second.child.kill("SIGSTOP");
    const before = pool.map((w) => cpuMs(w.child.pid!));
    const out = await cli(queueArgs);
    const after = pool.map((w) => cpuMs(w.child.pid!));
    if (count === 1) second.child.kill("SIGCONT");
    if (out.stdout !== alone.stdout) throw new Error(`bench:queue: a timed sweep printed other counts:\n${out.stdout}${out.stderr}`);
    return { workers: after.map((a, i) => a - before[i]!), coordinatorMs: out.cpuMs };
  };
  const one: Sweep[] = [];
  const two: Sweep[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      one.push(await sweep(1));
      two.push(await sweep(2));
    } else {
      two.push(await sweep(2));
      one.push(await sweep(1));
    }
  }

  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const figure = (xs: number[], digits = 2, unit = "x") => {
    const f = (x: number) => `${x.toFixed(digits)}${unit}`;
    return `${f(median(xs)).padStart(10)}   ${f(Math.min(...xs))} - ${f(Math.max(...xs))}`;
  };
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const rows: [string, string][] = [
    ["battles/s per worker, 1 worker (CPU)", figure(one.map((s) => (N / s.workers[0]!) * 1000), 0, "")],
    ["battles/s per worker, 2 workers (CPU)", figure(two.map((s) => (N / sum(s.workers)) * 1000), 0, "")],
    ["speed-up 1 -> 2 workers (CPU: 1 worker's / the busier of 2's)", figure(one.map((s, i) => s.workers[0]! / Math.max(...two[i]!.workers)))],
    ["share of the busier of 2 workers (0.50 is even)", figure(two.map((s) => Math.max(...s.workers) / sum(s.workers)), 2, "")],
    ["the sweeping command's CPU ms, 1 worker", figure(one.map((s) => s.coordinatorMs), 0, " ms")],
    ["the sweeping command's CPU ms, 2 workers", figure(two.map((s) => s.coordinatorMs), 0, " ms")],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`rulesmith bench:queue: ${scenario}, ${N} battles per sweep (seeds bench:0 .. bench:${N - 1}, 64 shards), ${ROUNDS} interleaved rounds, each worker's CPU time; redis-server on ${redis.url}, ${availableParallelism()} cores`);
  console.log(`${"figure".padEnd(width)}      median   range (min - max)`);
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  console.log("A worker's CPU time includes preparing each sweep (compiling the rules sent with it, once per sweep per worker) and its Redis traffic; every sweep printed the counts of one process. The speed-up is what two free cores give; the wall clock on a shared machine says more about its load.");
} finally {
  second.child.kill("SIGCONT");
  await Promise.all([stopWorker(first), stopWorker(second)]);
  await redis.stop();
}
