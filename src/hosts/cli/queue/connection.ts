// Where a sweep's queue lives: the Redis connection every sweep and worker opens, and the plain-words error when Redis cannot be reached (never ioredis's own
// exception, which would retry for ever and then print a stack).
import { Redis } from "ioredis";
import type { QueueUrl } from "./url.ts";

/** The one BullMQ queue every sweep puts its shards on; each shard's job id names its sweep. */
export const QUEUE_NAME = "rulesmith-shards";

/** Where a sweep's setup and files wait for the workers (one Redis string per sweep). */
export const payloadKey = (sweep: string) => `rulesmith:sweep:${sweep}`;

/** A sweep's payload outlives a main process that died by a day at most. */
export const PAYLOAD_TTL_SECONDS = 24 * 60 * 60;

/** How often a lost connection is tried again before a sweep gives up (a worker never gives up). */
const SWEEP_RECONNECTS = 10;

/** The options of a Redis client, as both ioredis and BullMQ read them. */
export interface RedisConnection {
  host: string;
  port: number;
  password?: string;
  username?: string;
  db?: number;
  maxRetriesPerRequest: null;
  retryStrategy: (times: number) => number | null;
}

/**
 * The options of every Redis client a sweep (`lasting: false`) or a worker (`lasting: true`) opens.
 * BullMQ needs `maxRetriesPerRequest: null` for its blocking commands. A sweep gives up on a lost server
 * after SWEEP_RECONNECTS tries and says so; a worker waits for it to come back, as a service should.
 */
export function redisOptions(url: QueueUrl, lasting: boolean): RedisConnection {
  return {
    host: url.host,
    port: url.port,
    ...(url.password !== undefined ? { password: url.password } : {}),
    ...(url.username !== undefined ? { username: url.username } : {}),
    ...(url.db !== undefined ? { db: url.db } : {}),
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => (!lasting && times > SWEEP_RECONNECTS ? null : Math.min(times * 200, 2000)),
  };
}

/** What to tell a person whose Redis is not there. */
export function unreachable(url: QueueUrl, why: string): string {
  return [
    `error: cannot reach Redis at ${url.host}:${url.port} (${why})`,
    "Start one on that machine and port, for example:",
    `  redis-server --port ${url.port} --save '' --appendonly no     (Debian: apt-get install -y redis-server)`,
    `  docker run -p ${url.port}:6379 redis:7`,
  ].join("\n");
}

/**
 * A client that is connected, or why not: one try, no retries (so a wrong port is an error at once,
 * not a hang). Once connected it reconnects as `redisOptions` says, and `lost` is called when it gives up.
 */
export async function reachRedis(url: QueueUrl, lasting: boolean, lost: (why: string) => void = () => {}): Promise<{ client: Redis } | { error: string }> {
  let connected = false;
  const base = redisOptions(url, lasting);
  const client = new Redis({
    ...base,
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 10_000,
    retryStrategy: (times) => (connected ? base.retryStrategy(times) : null),
  });
  let lastError = "";
  // ioredis reports every failed try here; without a listener Node would print it as unhandled.
  client.on("error", (err: Error) => (lastError = err.message || String(err)));
  client.on("end", () => {
    if (connected) lost(lastError || "the connection was closed");
  });
  try {
    await client.connect();
    await client.ping();
    connected = true;
    return { client };
  } catch (err) {
    client.disconnect();
    return { error: unreachable(url, lastError || (err instanceof Error ? err.message : String(err))) };
  }
}
