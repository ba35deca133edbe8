// `rulesmith balance --queue` against a real Redis (a redis-server of the test's own) and real worker
// processes (test/support/queue-workers.ts): the JSON report is byte for byte the one-process report,
// with a worker killed inside a cell's shard (held there by `--pause-in-shard`, so "mid-shard" is
// certain, not a matter of timing), and a mod given with --mod travels with the sweep.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";
import { startRedis, type RedisServer } from "../../scripts/redis-server.ts";
import { shardsDone, startWorker, stopWorker, type WorkerProcess } from "../support/queue-workers.ts";

const DUEL = ["balance", "test/fixtures/balance/duel.rules", "--roster", "test/fixtures/balance/roster.json"];

describe("balance on a job queue (BullMQ on a redis-server of the test's own)", () => {
  let redis: RedisServer;
  const workers: WorkerProcess[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(workers.map(stopWorker));
    await redis?.stop();
  });

  it("two worker processes, one killed mid-cell: the JSON report is one process's, every shard counted once", async () => {
    // 4 simulated cells of 6,000 runs: ranges of 2,500, 2,500 and 1,000 runs each, 12 shards; a sweep of the bonus queues 2 more matrices.
    const args = [...DUEL, "--exact-paths", "0", "--runs", "6000", "--seed", "q", "--sweep", "bonus=1..2", "--json"];
    const alone = await runCli([...args, "--workers", "1"]);
    expect(alone.code).toBe(0);
    const sweep = runCli([...args, "--queue", redis.url]);
    const held = startWorker(redis.url, "--pause-in-shard");
    workers.push(held);
    const [, shard, id] = await held.line(/paused in shard (\d+) of sweep (\S+)/);
    const live = startWorker(redis.url);
    workers.push(live);
    held.child.kill("SIGKILL");
    await held.exited;
    const queued = await sweep;
    expect(queued.stderr).not.toMatch(/error/);
    expect(queued.code).toBe(0);
    expect(queued.stdout).toBe(alone.stdout);
    const report = JSON.parse(queued.stdout) as { cells: { counts: { runs: number } }[][]; sweep: { points: unknown[] } };
    expect(report.cells.flat().map((c) => c.counts.runs)).toEqual([6000, 6000, 6000, 6000]);
    expect(report.sweep.points).toHaveLength(2);
    // The first matrix's 12 shards, then the sweep's: bonus 1 changes the Strong entry, so only its 3 cells
    // run again (9 shards); bonus 2 is the roster's own value, whose cells are known, so nothing is queued.
    expect(queued.stderr.match(/queued \d+ shards?/g)).toEqual(["queued 12 shards", "queued 9 shards"]);
    expect(queued.stderr).toMatch(/note: [1-9]\d* shard\(s\) were taken back from a worker that stopped/);
    // The held shard was run again by the live worker, and every shard of that sweep by it.
    expect(shardsDone([live], "balance", id!)).toContain(Number(shard));
    expect(new Set(shardsDone([live], "balance", id!)).size).toBe(12);
  });

  it("balance --mod --queue: the mod's manifests and files travel with the sweep, and the report is one process's", async () => {
    if (!workers.some((w) => w.child.exitCode === null && w.child.signalCode === null)) workers.push(startWorker(redis.url));
    const args = ["balance", "test/fixtures/mods/skirmish", "--roster", "test/fixtures/balance/skirmish-roster.json", "--mod", "test/fixtures/mods/berserkers", "--exact-paths", "0", "--runs", "20", "--json"];
    const [alone, queued] = [await runCli([...args, "--workers", "1"]), await runCli([...args, "--queue", redis.url])];
    expect(queued.code).toBe(0);
    expect(queued.stdout).toBe(alone.stdout);
    const rows = (JSON.parse(queued.stdout) as { cells: { row: string; col: string; counts: { a: number } }[][] }).cells.flat();
    // With the berserkers' rage the Knight strikes 3 + 1 against defense 1: 3 wounds, the first slot's win ("3"); without the mod 2, neither.
    expect(rows.filter((c) => c.row === "Knight").map((c) => c.counts.a)).toEqual([20, 20]);
  });

  it("a --queue beside --workers is a usage error", async () => {
    const both = await runCli([...DUEL, "--workers", "2", "--queue", redis.url]);
    expect([both.code, both.stderr]).toEqual([1, "error: --workers and --queue do not go together: the queue's workers are `rulesmith worker` processes\n\nRun `rulesmith balance --help` for usage.\n"]);
  });
});
