// The command's side of a sweep: the setup and files put in Redis once, one BullMQ job per shard (its
// id is the sweep's id and the shard's number, so a shard is queued once), and the answers gathered from
// the queue's "completed" events and, for an event missed, by polling the state of the shards not yet
// answered; keyed by shard: a shard run twice (taken back from a worker that stopped, then finished by
// both, or found by both the event and the poll) counts once. A transient failure is tried again. A worker that dies mid-shard loses nothing: BullMQ takes
// the shard back when the worker's hold on it lapses, and another worker runs it (at most twice, then
// the sweep fails saying so).
import { randomUUID } from "node:crypto";
import { Job, Queue, QueueEvents } from "bullmq";
import { complain, type CliIo } from "../io.ts";
import { PAYLOAD_TTL_SECONDS, payloadKey, QUEUE_NAME, reachRedis, redisOptions } from "./connection.ts";
import type { QueueUrl } from "./url.ts";
import type { HostRecording } from "./recorded-host.ts";

/**
 * The most bytes a sweep's setup and files may come to (its one Redis string). The disk host reads
 * no file over 8 MB; a sweep of whole rule folders is well under a megabyte.
 */
export const MAX_PAYLOAD_BYTES = 32 * 1024 * 1024;

/** What a worker reads back from `payloadKey(sweep)`. */
export interface SweepPayload {
  kind: string;
  setup: unknown;
  files: ReturnType<HostRecording["entries"]>;
}

/** What each shard's job carries: the payload stays in its one key. */
export interface ShardJob {
  sweep: string;
  kind: string;
  shard: number;
  work: unknown;
}

export const jobIdOf = (sweep: string, shard: number) => `${sweep}-${shard}`;

/** The shard a job id names, when it is one of this sweep's. */
export function shardOf(sweep: string, jobId: string, total: number): number | undefined {
  if (!jobId.startsWith(`${sweep}-`)) return undefined;
  const shard = Number(jobId.slice(sweep.length + 1));
  return Number.isInteger(shard) && shard >= 0 && shard < total ? shard : undefined;
}

/** The answers so far, one per shard: the first to arrive is kept, a duplicate is ignored. */
export class ShardAnswers<Answer> {
  private readonly got = new Map<number, Answer>();

  constructor(readonly total: number) {}

  /** False when the shard was answered already (so it is not counted twice). */
  add(shard: number, answer: Answer): boolean {
    if (this.got.has(shard)) return false;
    this.got.set(shard, answer);
    return true;
  }

  get done(): boolean {
    return this.got.size === this.total;
  }

  /** Up to `limit` shards not yet answered, lowest first. */
  missing(limit: number): number[] {
    const out: number[] = [];
    for (let shard = 0; shard < this.total && out.length < limit; shard++) if (!this.got.has(shard)) out.push(shard);
    return out;
  }

  inOrder(): Answer[] {
    return Array.from({ length: this.total }, (_, i) => this.got.get(i)!);
  }
}

export interface SweepRequest<Answer> {
  url: QueueUrl;
  kind: string;
  isAnswer: (a: unknown) => a is Answer;
  setup: unknown;
  files: HostRecording;
  shards: readonly unknown[];
  hooks?: SweepHooks;
}

/** For tests: events dropped on purpose, how often the poll looks, and how each answer was found. */
export interface SweepHooks {
  /** True drops the shard's "completed" or "failed" event, as if the listener had missed it. */
  dropEvent?(shard: number): boolean;
  pollMs?: number;
  collected?(shard: number, by: "event" | "poll"): void;
}

/**
 * Every shard's job: tried up to 3 times, 1 s then 2 s apart, when a worker fails it with a transient
 * error (it could not reach Redis to read the sweep's setup); an error that would come again (rules that
 * do not load, a bug) fails it at once (the worker throws BullMQ's UnrecoverableError). A finished job
 * stays, with its answer, until the sweep removes it (or a day passes), so the poll can find it.
 */
export const SHARD_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: "exponential", delay: 1000 },
  removeOnComplete: { age: PAYLOAD_TTL_SECONDS },
  removeOnFail: { age: PAYLOAD_TTL_SECONDS },
} as const;

/** How often the sweep looks up the shards not yet answered, and how many at most each time. */
const POLL_MS = 2000;
const POLL_BATCH = 500;

/** Puts a sweep on the queue and waits for every shard's answer, in shard order; an error in words otherwise. */
export async function runSweep<Answer>(request: SweepRequest<Answer>, io: CliIo, onAnswer: (a: Answer) => void): Promise<{ answers: Answer[] } | { error: string }> {
  const { url, kind, shards } = request;
  const payload = JSON.stringify({ kind, setup: request.setup, files: request.files.entries() } satisfies SweepPayload);
  const bytes = Buffer.byteLength(payload);
  if (bytes > MAX_PAYLOAD_BYTES) return { error: `error: the rules and setup of this sweep come to ${bytes.toLocaleString("en-US")} bytes, more than the ${MAX_PAYLOAD_BYTES / (1024 * 1024)} MB a sweep may send its workers: run it without --queue` };
  if (shards.length === 0) return { answers: [] };
  let fail: (error: string) => void = () => {};
  const failed = new Promise<{ error: string }>((resolve) => (fail = (error) => resolve({ error })));
  let lost = false;
  const reached = await reachRedis(url, false, (why) => {
    lost = true;
    fail(`error: lost the connection to Redis at ${url.host}:${url.port} (${why}); the sweep stopped`);
  });
  if ("error" in reached) return reached;
  const { client } = reached;
  const sweep = randomUUID();
  const connection = redisOptions(url, false);
  const events = new QueueEvents(QUEUE_NAME, { connection });
  const queue = new Queue(QUEUE_NAME, { connection });
  // Connection errors come here while ioredis tries again; the client above says when it gives up.
  events.on("error", () => {});
  queue.on("error", () => {});
  const answers = new ShardAnswers<Answer>(shards.length);
  let retried = 0;
  // Stopped by ctrl+C: the shards not yet taken come off the queue, so workers do not run them for nobody.
  const interrupted = () => fail("error: stopped; the sweep's shards not yet run were taken off the queue");
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  let resolveFinished: (out: { answers: Answer[] }) => void = () => {};
  const finished = new Promise<{ answers: Answer[] }>((resolve) => (resolveFinished = resolve));
  /** A shard's answer, from its event or found by the poll: taken once, whichever comes first. */
  const take = (shard: number, returnvalue: unknown, by: "event" | "poll") => {
    if (!request.isAnswer(returnvalue)) return fail(`error: shard ${shard + 1} of ${shards.length} came back in a shape this rulesmith does not read: are the workers the same version?`);
    if (!answers.add(shard, returnvalue)) return;
    request.hooks?.collected?.(shard, by);
    onAnswer(returnvalue);
    if (answers.done) resolveFinished({ answers: answers.inOrder() });
  };
  const failShard = (shard: number, reason: string) => fail(`error: shard ${shard + 1} of ${shards.length} failed on a worker: ${reason}`);
  events.on("completed", ({ jobId, returnvalue }) => {
    const shard = shardOf(sweep, jobId, shards.length);
    if (shard === undefined || request.hooks?.dropEvent?.(shard)) return;
    take(shard, returnvalue, "event");
  });
  // Only a shard's last attempt fails it: one that will be tried again (a transient error) is "waiting" or "delayed", not "failed".
  events.on("failed", ({ jobId, failedReason }) => {
    const shard = shardOf(sweep, jobId, shards.length);
    if (shard !== undefined && !request.hooks?.dropEvent?.(shard)) failShard(shard, failedReason);
  });
  events.on("stalled", ({ jobId }) => {
    if (shardOf(sweep, jobId, shards.length) !== undefined) retried++;
  });
  /**
   * The events are a stream a listener may miss (a reconnect, a stream trimmed under load): every
   * POLL_MS the shards not yet answered are looked up by their state, and a finished one is taken as
   * its event would have been. Finished jobs stay on the server until the sweep ends (or a day).
   */
  let polling: NodeJS.Timeout | undefined;
  let stopped = false;
  const poll = async () => {
    for (const shard of answers.missing(POLL_BATCH)) {
      if (stopped) return;
      const id = jobIdOf(sweep, shard);
      const state = await queue.getJobState(id);
      if (state !== "completed" && state !== "failed") continue;
      const job = await Job.fromId(queue, id);
      if (!job) continue;
      if (state === "completed") take(shard, job.returnvalue, "poll");
      else failShard(shard, job.failedReason);
    }
  };
  const pollAgain = () => {
    if (!stopped) polling = setTimeout(() => void poll().catch(() => {}).finally(pollAgain), request.hooks?.pollMs ?? POLL_MS);
  };
  /** The payload stored, the listener ready before any shard can finish, the shards queued; then their answers. */
  const sweepOut = async () => {
    try {
      await client.set(payloadKey(sweep), payload, "EX", PAYLOAD_TTL_SECONDS);
      await events.waitUntilReady();
      await queue.addBulk(shards.map((work, shard) => ({ name: kind, data: { sweep, kind, shard, work } satisfies ShardJob, opts: { jobId: jobIdOf(sweep, shard), ...SHARD_JOB_OPTIONS } })));
    } catch (err) {
      // Refused by the server (out of memory, read-only, a wrong password): said, not thrown.
      return { error: `error: Redis at ${url.host}:${url.port} refused the sweep: ${err instanceof Error ? err.message : String(err)}` };
    }
    complain(io, `queued ${shards.length} shard${shards.length === 1 ? "" : "s"} (sweep ${sweep}) on ${url.text}; waiting for workers: rulesmith worker --queue ${url.text}`);
    pollAgain();
    return finished;
  };
  try {
    const outcome = await Promise.race([sweepOut(), failed]);
    if (retried > 0) complain(io, `note: ${retried} shard(s) were taken back from a worker that stopped before finishing and run again; each counted once`);
    return outcome;
  } finally {
    stopped = true;
    clearTimeout(polling);
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    if (!lost) await forget(queue, client, sweep, answers);
    const closed = Promise.all([events.close(), queue.close()]).catch(() => {});
    // A lost server cannot be told goodbye: the closing (which stops their loops) is not waited for.
    if (!lost) await closed;
    client.disconnect();
  }
}

/** Removes what is left of a sweep that ended: its shards' jobs (finished, or not yet run on an error) and its payload. */
async function forget(queue: Queue, client: { del(key: string): Promise<number> }, sweep: string, answers: ShardAnswers<unknown>): Promise<void> {
  try {
    for (let shard = 0; shard < answers.total; shard++) await queue.remove(jobIdOf(sweep, shard)).catch(() => 0);
    await client.del(payloadKey(sweep));
  } catch {
    // The sweep's outcome is already decided; what is left expires with the payload's time to live.
  }
}
