// `rulesmith worker --queue URL`: takes shards of the sweeps on the queue, one at a time, and returns
// their answers. Start any number, on any machine that reaches the Redis server. A worker reads no file
// of its own: each sweep's rules travel with it (recorded-host.ts), and are prepared once per sweep.
import { parseArgs } from "node:util";
import { UnrecoverableError, Worker, type Job } from "bullmq";
import { complain, say, type CliIo } from "../io.ts";
import { payloadKey, QUEUE_NAME, reachRedis, redisOptions, unreachable } from "./connection.ts";
import { parseQueueUrl, type QueueUrl } from "./url.ts";
import { isRecording, replayHost } from "./recorded-host.ts";
import { shardKind, type AnyShardKind } from "./shard-kinds.ts";
import { MAX_PAYLOAD_BYTES, type ShardJob, type SweepPayload } from "./sweep.ts";

export const WORKER_HELP = `rulesmith worker --queue redis://HOST:PORT [--lease S]

Takes shards of the sweeps that \`simulate --queue\`, \`mutate --queue\` and \`balance --queue\` put on the
job queue (BullMQ on the Redis server at the URL): ranges of seeds, mutants, ranges of a matrix cell's
runs. One at a time, it runs them and sends back their counts; prints a line per shard. Start any number of workers, on any machines that reach the server: the counts a sweep
merges are the same as one process's for the same seeds, whichever workers ran which shards.
A worker reads no file: the rules, scenario and manifests the command read (below its roots) travel
with the sweep, at most ${MAX_PAYLOAD_BYTES / (1024 * 1024)} MB of them, and are prepared once per sweep.
A worker that stops mid-shard (killed, or its machine gone) loses nothing: when its hold on the shard
lapses, another worker takes the shard again (at most twice; then the sweep fails saying so), and a
shard finished twice is counted once. Runs until ctrl+C or SIGTERM, which stop it after the shard
under way. When the server goes away the worker waits for it to come back.
  --queue URL    the Redis server: redis://HOST:PORT (redis://:PASSWORD@HOST:PORT/DB)
  --lease S      how long, in seconds, a shard stays with a worker that stopped answering before
                 another takes it (default 30); the worker renews it between runs, so it must be
                 longer than the slowest single run (or mutant) of the rules
  --pause-in-shard   for tests: stop inside the first shard taken, print \`paused in shard K\`, and
                     wait there until killed (the queue's tests kill such a worker mid-shard)
  --fail-once        for tests: fail the first shard taken with a transient error, once
A shard that fails with a transient error (Redis did not answer when its sweep's setup was read) is
tried again, up to 3 times, 1 s and then 2 s later; one that fails otherwise (rules that do not load)
fails its sweep at once with the worker's reason.`;

/** Sweeps a worker keeps prepared: a few run at once on one queue at most. */
const PREPARED_SWEEPS = 4;

export async function workerCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    say(io, WORKER_HELP);
    return 0;
  }
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { queue: { type: "string" }, lease: { type: "string" }, "pause-in-shard": { type: "boolean" }, "fail-once": { type: "boolean" } } });
  const url = values.queue === undefined ? { usage: "name the queue: --queue redis://HOST:PORT" } : parseQueueUrl(values.queue);
  const lease = Number(values.lease ?? "30");
  const usage = positionals.length > 0 ? `a worker takes no paths (\`${positionals[0]}\`): the rules travel with each sweep` : "usage" in url ? url.usage : !Number.isInteger(lease) || lease < 1 || lease > 3600 ? "--lease must be a whole number of seconds from 1 to 3600" : undefined;
  if (usage !== undefined || "usage" in url) {
    complain(io, `error: ${usage}\n\nRun \`rulesmith worker --help\` for usage.`);
    return 1;
  }
  const reached = await reachRedis(url, true);
  if ("error" in reached) {
    complain(io, reached.error);
    return 1;
  }
  const prepared = new PreparedSweeps(reached.client, url);
  let pause = Boolean(values["pause-in-shard"]);
  let failOnce = Boolean(values["fail-once"]);
  const processor = async (job: Job<ShardJob>) => {
    const { sweep, kind, shard, work } = job.data;
    const entry = shardKind(kind);
    if (!entry) throw new UnrecoverableError(`this worker does not know shards of kind \`${kind}\`: is it an older rulesmith than the command's?`);
    const ready = await prepared.get(sweep, entry);
    // Redis not answering is transient: the shard is tried again later (SHARD_JOB_OPTIONS); any other error would come again.
    if ("error" in ready) throw "unreached" in ready ? new Error(ready.error) : new UnrecoverableError(ready.error);
    if (failOnce) {
      failOnce = false;
      throw new Error("a transient failure made on purpose (--fail-once)");
    }
    if (pause) {
      pause = false;
      say(io, `paused in shard ${shard + 1} of sweep ${sweep}`);
      // Held until the process is killed: the worker keeps renewing its hold, as one mid-shard does.
      await new Promise(() => {});
    }
    let answer: unknown;
    try {
      answer = await entry.run(ready.prepared, work, () => new Promise((go) => setImmediate(go)));
    } catch (err) {
      throw new UnrecoverableError(`internal error in a ${kind} shard: ${err instanceof Error ? err.message : String(err)}`);
    }
    say(io, `${kind} shard ${shard + 1} of sweep ${sweep} done`);
    return answer;
  };
  const worker = new Worker<ShardJob>(QUEUE_NAME, processor, { connection: redisOptions(url, true), concurrency: 1, lockDuration: lease * 1000, stalledInterval: lease * 1000, maxStalledCount: 2 });
  worker.on("failed", (job, err) => {
    if (!job) return;
    const last = job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError || err.name === "UnrecoverableError";
    say(io, `${job.data.kind} shard ${job.data.shard + 1} of sweep ${job.data.sweep} failed (attempt ${job.attemptsMade} of ${job.opts.attempts ?? 1}): ${err.message}${last ? "" : "; it will be tried again"}`);
  });
  // Each distinct connection error once: ioredis reports every try while it waits for the server.
  let lastError = "";
  worker.on("error", (err) => {
    if (err.message !== lastError) complain(io, `worker: ${err.message} (waiting for ${url.host}:${url.port} to answer)`);
    lastError = err.message;
  });
  say(io, `worker on ${url.text}: waiting for shards (ctrl+C stops it after the shard under way)`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void worker.close().finally(resolve);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  reached.client.disconnect();
  return 0;
}

/** Each sweep's setup, read from Redis and prepared once; the last few kept. */
export class PreparedSweeps {
  private readonly sweeps = new Map<string, { prepared: unknown } | { error: string }>();

  constructor(
    private readonly client: { strlen(key: string): Promise<number>; get(key: string): Promise<string | null> },
    private readonly url: QueueUrl,
  ) {}

  async get(sweep: string, entry: AnyShardKind): Promise<{ prepared: unknown } | { error: string; unreached?: true }> {
    const known = this.sweeps.get(sweep);
    if (known) return known;
    const ready = await this.prepare(sweep, entry);
    // A sweep Redis could not be asked about is not known to be bad: the next shard of it asks again.
    if ("unreached" in ready) return ready;
    this.sweeps.set(sweep, ready);
    if (this.sweeps.size > PREPARED_SWEEPS) this.sweeps.delete(this.sweeps.keys().next().value!);
    return ready;
  }

  private async prepare(sweep: string, entry: AnyShardKind): Promise<{ prepared: unknown } | { error: string; unreached?: true }> {
    let text: string | null;
    try {
      const size = await this.client.strlen(payloadKey(sweep));
      if (size > MAX_PAYLOAD_BYTES) return { error: `the sweep's rules and setup come to ${size} bytes, more than the ${MAX_PAYLOAD_BYTES} a worker takes` };
      text = await this.client.get(payloadKey(sweep));
    } catch (err) {
      return { error: unreachable(this.url, err instanceof Error ? err.message : String(err)), unreached: true };
    }
    if (text === null) return { error: "the sweep's setup is no longer on the server (the command that queued it ended, or it expired)" };
    let payload: SweepPayload;
    try {
      payload = JSON.parse(text) as SweepPayload;
    } catch {
      return { error: "the sweep's setup on the server is not JSON" };
    }
    if (typeof payload !== "object" || payload === null || !isRecording(payload.files)) return { error: "the sweep's setup on the server is not one this rulesmith reads" };
    try {
      const prepared = entry.prepare(payload.setup, replayHost(payload.files));
      return prepared !== null && typeof prepared === "object" && "error" in prepared ? { error: String(prepared.error) } : { prepared };
    } catch (err) {
      return { error: `internal error preparing the sweep: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
}
