// `rulesmith worker --queue URL` processes for the queue's tests: each a process of its own
// (`bin/rulesmith.js worker`), since the tests kill one with SIGKILL. Every wait is for a line a worker
// prints, never for time.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { project } from "./run-cli.ts";

const bin = fileURLToPath(new URL("../../bin/rulesmith.js", import.meta.url));
/** A worker takes a shard back this many seconds after its holder stopped renewing it: short, so the tests are short; the shards renew every half of it. */
export const LEASE = "5";

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** The first line matching `pattern`, once printed. */
  line(pattern: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

export function startWorker(url: string, ...extra: string[]): WorkerProcess {
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

export async function stopWorker(w: WorkerProcess): Promise<void> {
  if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGTERM");
  await w.exited;
}

/** The shards of sweep `id` of `kind` that the workers say they finished. */
export function shardsDone(workers: readonly WorkerProcess[], kind: string, id: string): number[] {
  return [...workers.map((w) => w.output()).join("").matchAll(new RegExp(`${kind} shard (\\d+) of sweep ${id} done`, "g"))].map((m) => Number(m[1]));
}
