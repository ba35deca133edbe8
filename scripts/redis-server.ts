// A Redis server of its own for the queue's tests and bench: Debian's `redis-server` on a free loopback
// port, keeping nothing on disk, in a temporary folder removed when it stops. Ready when the server says
// so on its output (never after a wait). `npm test` makes sure it is installed (scripts/ensure-redis.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REDIS_INSTALL } from "./redis-setup.ts";

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A port nothing listens on now: the system's pick for a listener on port 0, closed again. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startRedis(): Promise<RedisServer> {
  if (spawnSync("redis-server", ["--version"]).error) throw new Error(`the queue tests need redis-server, and it is not on PATH: ${REDIS_INSTALL}`);
  // Another process may take the free port between the pick and the server's start: then pick again.
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), "rulesmith-redis-"));
    const server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir, "--daemonize", "no"], { stdio: ["ignore", "pipe", "pipe"] });
    const ready = await untilReady(server);
    if (ready === true) return { url: `redis://127.0.0.1:${port}`, port, stop: () => stopRedis(server, dir) };
    rmSync(dir, { recursive: true, force: true });
    if (attempt === 4) throw new Error(`redis-server did not start: ${ready}`);
  }
}

/** True when the server says it accepts connections; what it said when it exits first. */
function untilReady(server: ChildProcess): Promise<true | string> {
  return new Promise((resolve) => {
    let said = "";
    const hear = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes("Ready to accept connections")) resolve(true);
    };
    server.stdout!.on("data", hear);
    server.stderr!.on("data", hear);
    server.once("exit", () => resolve(said.trim()));
  });
}

async function stopRedis(server: ChildProcess, dir: string): Promise<void> {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
