// `--queue redis://HOST:PORT`, read once for `simulate`, `mutate` and `worker`, without loading the Redis
// client: a mistake in it is a usage error before anything runs.
import { HostRecording } from "./recorded-host.ts";

export interface QueueUrl {
  /** For messages: `redis://HOST:PORT[/DB]`, never the password or user name the URL may hold. */
  text: string;
  host: string;
  port: number;
  password?: string;
  username?: string;
  db?: number;
}

/** `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`, or why not: a usage mistake, said in plain words. */
export function parseQueueUrl(text: string): QueueUrl | { usage: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not echoed: the text may hold a password.
    return { usage: "--queue must be a Redis URL such as redis://127.0.0.1:6379 (or redis://:PASSWORD@HOST:PORT)" };
  }
  if (url.protocol !== "redis:") return { usage: `--queue must be a redis:// URL (redis://HOST:PORT), not \`${url.protocol}\`` };
  if (url.hostname === "") return { usage: "--queue names no host: redis://HOST:PORT" };
  const port = url.port === "" ? 6379 : Number(url.port);
  const path = url.pathname.replace(/^\//, "");
  const db = path === "" ? undefined : Number(path);
  if (db !== undefined && (!Number.isInteger(db) || db < 0)) return { usage: `--queue's database must be a whole number (redis://HOST:PORT/0), not \`${path}\`` };
  const password = decoded(url.password);
  const username = decoded(url.username);
  if (password === undefined || username === undefined) return { usage: "--queue's user name or password is not valid percent-encoding (write % as %25)" };
  return {
    text: `redis://${url.host}${db !== undefined ? `/${db}` : ""}`,
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port,
    ...(password !== "" ? { password } : {}),
    ...(username !== "" ? { username } : {}),
    ...(db !== undefined ? { db } : {}),
  };
}

/** A URL's user name or password decoded, or undefined when its percent-encoding is broken (`%zz`). */
function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** `--queue URL` of a command that sweeps, with the recording of the files it reads (they travel with the sweep). */
export function queueOption(text: string, workers: number | undefined): { url: QueueUrl; files: HostRecording } | { usage: string } {
  if (workers !== undefined) return { usage: "--workers and --queue do not go together: the queue's workers are `rulesmith worker` processes" };
  const url = parseQueueUrl(text);
  return "usage" in url ? url : { url, files: new HostRecording() };
}
