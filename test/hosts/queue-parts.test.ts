// The parts of a queued sweep that need no Redis: answers kept once per shard, the files that travel
// with a sweep and the host a worker reads them through, the shards of a simulation, the --queue URL.
import { describe, expect, it } from "vitest";
import { compile, loadScenario, nodeFileHost, prepareSimulation, runRange } from "../../src/api/node.ts";
import { HostRecording, replayHost } from "../../src/hosts/cli/queue/recorded-host.ts";
import { simulateShards, simulationShards } from "../../src/hosts/cli/queue/simulate-shards.ts";
import { MAX_PAYLOAD_BYTES, runSweep, shardOf, ShardAnswers } from "../../src/hosts/cli/queue/sweep.ts";
import { parseQueueUrl, type QueueUrl } from "../../src/hosts/cli/queue/url.ts";
import { PreparedSweeps } from "../../src/hosts/cli/queue/worker.ts";
import { project, runCli } from "../support/run-cli.ts";

describe("a sweep's answers", () => {
  it("keep the first answer of each shard: a shard finished twice counts once", () => {
    const answers = new ShardAnswers<{ runs: number }>(3);
    expect(answers.add(1, { runs: 10 })).toBe(true);
    expect(answers.add(1, { runs: 10 })).toBe(false);
    expect(answers.add(0, { runs: 7 })).toBe(true);
    expect(answers.done).toBe(false);
    expect(answers.add(2, { runs: 5 })).toBe(true);
    expect(answers.done).toBe(true);
    expect(answers.inOrder().map((a) => a.runs)).toEqual([7, 10, 5]);
  });

  it("say which shards the poll must still look up, lowest first, at most as many as asked", () => {
    const answers = new ShardAnswers<number>(5);
    answers.add(1, 0);
    answers.add(3, 0);
    expect(answers.missing(10)).toEqual([0, 2, 4]);
    expect(answers.missing(2)).toEqual([0, 2]);
  });

  it("take only job ids of their own sweep, within its shards", () => {
    expect(shardOf("abc", "abc-4", 5)).toBe(4);
    expect(shardOf("abc", "abc-5", 5)).toBeUndefined();
    expect(shardOf("abc", "abd-1", 5)).toBeUndefined();
    expect(shardOf("abc", "abc-x", 5)).toBeUndefined();
  });
});

describe("the files that travel with a sweep", () => {
  it("a worker's replaying host loads the scenario the command loaded, byte for byte, and nothing else", () => {
    const recording = new HostRecording();
    const scenario = "rules/warlords3/scenarios/battle.json";
    const onDisk = loadScenario(scenario, recording.wrap(nodeFileHost([`${project}rules/warlords3`], project)));
    const replayed = loadScenario(scenario, replayHost(JSON.parse(JSON.stringify(recording.entries()))));
    expect(onDisk.ready).toBeDefined();
    expect(replayed.diagnostics).toEqual([]);
    expect([...replayed.texts]).toEqual([...onDisk.texts]);
    expect(JSON.stringify(replayed.ready!.files)).toBe(JSON.stringify(onDisk.ready!.files));
    // A file the command never read is not there for the worker, and is refused unread.
    const other = replayHost(recording.entries());
    expect(other.read("rules/dragon-dice/model.rules")).toBeUndefined();
    expect(other.refuse!("/etc/passwd", "rules")?.message).toContain("did not travel with the job");
    const elsewhere = compile(["rules/dragon-dice/model.rules"], other).diagnostics;
    expect(elsewhere.map((d) => [d.code, d.message])).toEqual([["E0004", "`rules/dragon-dice/model.rules` did not travel with the job: a worker reads no file of its own"]]);
  });
});

describe("the size of what travels", () => {
  it("a sweep whose files come to more than 32 MB is refused before Redis is asked anything", async () => {
    const files = new HostRecording();
    files.wrap({ read: () => "x".repeat(MAX_PAYLOAD_BYTES), listRules: () => undefined, resolve: (_, p) => p, normalize: (p) => p }).read("huge.rules");
    let said = "";
    const io = { stdout: { write: (t: string) => (said += t) }, stderr: { write: (t: string) => (said += t) }, cwd: project };
    // Nothing listens on port 1: were the size not checked first, this would be "cannot reach Redis".
    const out = await runSweep({ url: parseQueueUrl("redis://127.0.0.1:1") as QueueUrl, kind: "simulate", isAnswer: simulateShards.isAnswer, setup: {}, files, shards: [[0, 1]] }, io, () => {});
    expect(out).toEqual({ error: "error: the rules and setup of this sweep come to 33,554,500 bytes, more than the 32 MB a sweep may send its workers: run it without --queue" });
    expect(said).toBe("");
  });
});

describe("simulation shards", () => {
  it("a shard run in pieces between breaths counts as the same range run at once (the pieces' ends change nothing)", async () => {
    const scenario = "rules/warlords3/scenarios/battle.json";
    const host = nodeFileHost([`${project}rules/warlords3`], project);
    const prepared = simulateShards.prepare({ scenario, mods: [], seed: "piece" }, host);
    if ("error" in prepared) throw new Error(prepared.error);
    let breaths = 0;
    const shard = await simulateShards.run(prepared, [100, 400], async () => void breaths++);
    const ready = loadScenario(scenario, host).ready!;
    const prepared2 = prepareSimulation(ready.program, ready.scenario);
    if ("error" in prepared2) throw new Error(prepared2.error);
    const atOnce = runRange(prepared2, "piece", 100, 400);
    expect(shard).toEqual(atOnce);
    expect(shard.runs).toBe(300);
    expect(breaths).toBeGreaterThan(1);
    await expect(simulateShards.run(prepared, [5, 2], async () => {})).rejects.toThrow("runs 5..2 are not a shard of a simulation");
  });

  it("cover runs 0..n-1 once, in order, about 64 of them", () => {
    for (const n of [1, 63, 64, 640, 1001, 1_000_000]) {
      const shards = simulationShards(n);
      expect(shards[0]![0]).toBe(0);
      expect(shards.at(-1)![1]).toBe(n);
      for (let i = 1; i < shards.length; i++) expect(shards[i]![0]).toBe(shards[i - 1]![1]);
      expect(shards.length).toBeLessThanOrEqual(Math.max(64, Math.ceil(n / 5000)));
    }
    expect(simulationShards(640)).toHaveLength(64);
  });
});

describe("--queue URL", () => {
  it("reads host, port, password and database; refuses what is not redis://", () => {
    expect(parseQueueUrl("redis://10.0.0.5:6380")).toMatchObject({ host: "10.0.0.5", port: 6380 });
    expect(parseQueueUrl("redis://:secret@h/2")).toMatchObject({ host: "h", port: 6379, password: "secret", db: 2 });
    expect(parseQueueUrl("localhost:6379")).toEqual({ usage: "--queue must be a redis:// URL (redis://HOST:PORT), not `localhost:`" });
    expect(parseQueueUrl("not a url")).toMatchObject({ usage: expect.stringContaining("such as redis://127.0.0.1:6379") });
    expect(parseQueueUrl("redis://h:1/x")).toMatchObject({ usage: expect.stringContaining("database must be a whole number") });
  });

  it("never shows the password or user name in what it prints, and a broken percent-encoding is a usage error, not a crash", () => {
    expect(parseQueueUrl("redis://bob:s3cret@h:7000/2")).toMatchObject({ text: "redis://h:7000/2", username: "bob", password: "s3cret" });
    expect(parseQueueUrl("redis://:%zz@h:1")).toEqual({ usage: "--queue's user name or password is not valid percent-encoding (write % as %25)" });
    expect(JSON.stringify(parseQueueUrl("redis//:s3cret@h"))).not.toContain("s3cret");
  });
});

describe("--help of the queue's commands and flags", () => {
  it("worker --help says what a worker does and its flags; simulate and mutate --help name --queue", async () => {
    const worker = await runCli(["worker", "--help"]);
    expect(worker.code).toBe(0);
    expect(worker.stdout.startsWith("rulesmith worker --queue redis://HOST:PORT")).toBe(true);
    for (const flag of ["--queue URL", "--lease S", "--pause-in-shard"]) expect(worker.stdout).toContain(flag);
    for (const command of ["simulate", "mutate"]) expect((await runCli([command, "--help"])).stdout).toMatch(/--queue URL +(put|run) the/);
    expect((await runCli(["--help"])).stdout).toContain("rulesmith worker --queue redis://HOST:PORT");
  });
});

describe("a worker's prepared sweeps", () => {
  it("keeps no answer of a Redis it could not reach: the next shard of the sweep asks again", async () => {
    let calls = 0;
    const client = {
      strlen: async () => {
        if (++calls === 1) throw new Error("read ECONNRESET");
        return 40;
      },
      get: async () => JSON.stringify({ files: [], setup: { n: 1 } }),
    };
    const kind = { prepare: (setup: unknown) => ({ ready: setup }), run: async () => [], isAnswer: (a: unknown): a is never => false };
    const sweeps = new PreparedSweeps(client, parseQueueUrl("redis://127.0.0.1:6390") as QueueUrl);
    const first = await sweeps.get("s1", kind);
    expect("error" in first && first.error).toMatch(/^error: cannot reach Redis at 127\.0\.0\.1:6390 \(read ECONNRESET\)/);
    expect(await sweeps.get("s1", kind)).toEqual({ prepared: { ready: { n: 1 } } });
    expect(calls).toBe(2);
  });
});
