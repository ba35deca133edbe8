// Sweeps on the job queue against a real Redis (a redis-server of the test's own, test/support/redis-server.ts)
// and real worker processes: the merged counts equal one process's, with a worker killed mid-shard.
// The workers are processes of their own (`bin/rulesmith.js worker`) because the test kills one with
// SIGKILL; the command that queues the sweep runs in this process. The worker killed is held inside its
// shard by `--pause-in-shard` until it is killed, so "mid-shard" is certain, not a matter of timing;
// every wait is for a line a process prints or for the sweep's end.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HostRecording } from "../../src/hosts/cli/queue/recorded-host.ts";
import { simulateShards } from "../../src/hosts/cli/queue/simulate-shards.ts";
import { runSweep } from "../../src/hosts/cli/queue/sweep.ts";
import { parseQueueUrl, type QueueUrl } from "../../src/hosts/cli/queue/url.ts";
import { runCli, project } from "../support/run-cli.ts";
import { freePort, startRedis, type RedisServer } from "../../scripts/redis-server.ts";

const bin = fileURLToPath(new URL("../../bin/rulesmith.js", import.meta.url));
const SCENARIO = "rules/warlords3/scenarios/battle.json";
/** A worker takes a shard back this many seconds after its holder stopped renewing it: short, so the test is short; the shards renew every half of it. */
const LEASE = "5";

interface WorkerProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** The first line matching `pattern`, once printed. */
  line(pattern: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

function startWorker(url: string, ...extra: string[]): WorkerProcess {
  const child = spawn(process.execPath, [bin, "worker", "--queue", url, "--lease", LEASE, ...extra], { cwd: project, stdio: ["ignore", "pipe", "pipe"] });
  let said = "";
  const waiting: { pattern: RegExp; found: (m: RegExpMatchArray) => void }[] = [];
  const hear = (chunk: Buffer) => {
    said += chunk.toString();
    for (const w of [...waiting]) {
      const m = said.match(w.pattern);
      if (m) {
        waiting.splice(waiting.indexOf(w), 1);
        w.found(m);
      }
    }
  };
  child.stdout!.on("data", hear);
  child.stderr!.on("data", hear);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    output: () => said,
    line: (pattern) =>
      new Promise((found, failed) => {
        const m = said.match(pattern);
        if (m) return found(m);
        waiting.push({ pattern, found });
        void exited.then(() => failed(new Error(`the worker exited before printing ${pattern}:\n${said}`)));
      }),
    exited,
  };
}

async function stopWorker(w: WorkerProcess): Promise<void> {
  if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGTERM");
  await w.exited;
}

describe("sweeps on a job queue (BullMQ on a redis-server of the test's own)", () => {
  let redis: RedisServer;
  const workers: WorkerProcess[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  /** A worker that is running: one started earlier, or a new one. */
  const liveWorker = () => {
    const live = workers.find((w) => w.child.exitCode === null && w.child.signalCode === null);
    if (live) return live;
    const started = startWorker(redis.url);
    workers.push(started);
    return started;
  };
  afterAll(async () => {
    await Promise.all(workers.map(stopWorker));
    await redis?.stop();
  });

  it("three worker processes, one killed mid-shard: the merged counts equal one process's, and its shard is run again", async () => {
    const alone = await runCli(["simulate", SCENARIO, "-n", "640", "--seed", "queue", "--workers", "1"]);
    expect(alone.code).toBe(0);
    const sweep = runCli(["simulate", SCENARIO, "-n", "640", "--seed", "queue", "--queue", redis.url]);
    const held = startWorker(redis.url, "--pause-in-shard");
    workers.push(held);
    const [, shard, id] = await held.line(/paused in shard (\d+) of sweep (\S+)/);
    const others = [startWorker(redis.url), startWorker(redis.url)];
    workers.push(...others);
    held.child.kill("SIGKILL");
    await held.exited;
    const queued = await sweep;
    expect(queued.code).toBe(0);
    expect(queued.stdout).toBe(alone.stdout);
    expect(queued.stdout).toContain("640 runs, seeds queue:0 .. queue:639");
    expect(queued.stderr).toMatch(/queued 64 shards \(sweep \S+\) on redis:/);
    expect(queued.stderr).toMatch(/note: [1-9]\d* shard\(s\) were taken back from a worker that stopped/);
    // The held shard was finished by one of the live workers, and every shard by someone.
    expect(others.map((w) => w.output()).join("")).toContain(`simulate shard ${shard} of sweep ${id} done`);
    const done = new Set([...others.map((w) => w.output()).join("").matchAll(new RegExp(`simulate shard (\\d+) of sweep ${id} done`, "g"))].map((m) => Number(m[1])));
    expect(done.size).toBe(64);
  });

  it("mutate --queue gives the report of one process", async () => {
    liveWorker();
    const alone = await runCli(["mutate", "test/fixtures/mutate/hits.rules", "--workers", "1"]);
    const queued = await runCli(["mutate", "test/fixtures/mutate/hits.rules", "--queue", redis.url]);
    expect(queued.code).toBe(alone.code);
    expect(queued.stdout).toBe(alone.stdout);
    expect(queued.stdout).toContain("all: 6 mutants, 2 killed, 3 survived (1 equivalent)");
    expect(queued.stderr).toMatch(/queued 1 shard \(sweep/);
  });

  it("simulate --mod --queue: the mod's manifests and files travel too, and the counts are one process's", async () => {
    liveWorker();
    const args = ["simulate", "test/fixtures/mods/skirmish/scenarios/duel.json", "--mod", "test/fixtures/mods/berserkers", "-n", "100"];
    const [alone, queued] = [await runCli([...args, "--workers", "1"]), await runCli([...args, "--queue", redis.url])];
    expect(queued.code).toBe(0);
    expect(queued.stdout).toBe(alone.stdout);
    // The mod changes the result (2 without it): the worker loaded it.
    expect(queued.stdout).toMatch(/^3 +100 +100\.0%/m);
  });

  it("simulate --policy --queue: the policy travels with the sweep, and the counts are one process's", async () => {
    liveWorker();
    // The scenario's own policy (mcts) wins now and then; greedy, as worked in test/run/policies, never.
    const args = ["simulate", "test/fixtures/policies/commit.json", "--policy", "greedy", "-n", "50"];
    const [alone, queued] = [await runCli([...args, "--workers", "1"]), await runCli([...args, "--queue", redis.url])];
    expect(queued.code).toBe(0);
    expect(queued.stdout).toBe(alone.stdout);
    expect(queued.stdout).toContain("Side.defender       50  100.0%");
  });

  it("mutate --mod --queue: the workers load the base with the mod, and the report is one process's", async () => {
    liveWorker();
    const args = ["mutate", "test/fixtures/mods/skirmish", "--mod", "test/fixtures/mods/berserkers"];
    const [alone, queued] = [await runCli([...args, "--workers", "1"]), await runCli([...args, "--queue", redis.url])];
    expect(queued.stderr).toMatch(/queued \d+ shards? \(sweep/);
    expect([queued.code, queued.stdout]).toEqual([alone.code, alone.stdout]);
    expect(queued.stdout).toMatch(/all: [1-9]\d* mutants/);
  });

  it("a shard a worker cannot run fails the sweep with the worker's reason: here a scenario that did not travel with it", async () => {
    liveWorker();
    const url = parseQueueUrl(redis.url) as QueueUrl;
    let said = "";
    const io = { stdout: { write: (t: string) => (said += t) }, stderr: { write: (t: string) => (said += t) }, cwd: project };
    const out = await runSweep({ url, kind: "simulate", isAnswer: simulateShards.isAnswer, setup: { scenario: SCENARIO, mods: [], seed: "1" }, files: new HostRecording(), shards: [[0, 1]] }, io, () => {});
    expect("error" in out && out.error).toMatch(/^error: shard 1 of 1 failed on a worker: error\[E0004\]: `rules\/warlords3\/scenarios\/battle.json` did not travel with the job/);
    expect(said).toMatch(/queued 1 shard \(sweep/);
  });

  it("a Redis that is not there is an error saying where and how to start one, from the sweep and from a worker", async () => {
    const port = await freePort();
    const sweep = await runCli(["simulate", SCENARIO, "-n", "10", "--queue", `redis://127.0.0.1:${port}`]);
    expect(sweep.code).toBe(1);
    expect(sweep.stderr).toContain(`error: cannot reach Redis at 127.0.0.1:${port} (connect ECONNREFUSED`);
    expect(sweep.stderr).toContain(`redis-server --port ${port}`);
    expect(sweep.all).not.toMatch(/internal error|at .*\.ts:\d+/);
    const worker = await runCli(["worker", "--queue", `redis://127.0.0.1:${port}`]);
    expect(worker.code).toBe(1);
    expect(worker.stderr).toContain(`error: cannot reach Redis at 127.0.0.1:${port}`);
  });

  it("a --queue that is no Redis URL, or beside --workers, is a usage error", async () => {
    const notRedis = await runCli(["simulate", SCENARIO, "--queue", "http://127.0.0.1:6379"]);
    expect(notRedis.code).toBe(1);
    expect(notRedis.stderr).toContain("error: --queue must be a redis:// URL");
    const both = await runCli(["mutate", "test/fixtures/mutate/hits.rules", "--workers", "2", "--queue", redis.url]);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain("--workers and --queue do not go together");
    const paths = await runCli(["worker", "rules/", "--queue", redis.url]);
    expect(paths.stderr).toContain("a worker takes no paths");
  });
});
