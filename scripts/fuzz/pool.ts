// The pool of long-lived child processes that run fuzz inputs: one per core by default, each running many
// inputs in sequence and answering each with its outcome. The parent keeps a watchdog per input: no answer
// within the timeout is a hang (the child is killed and replaced); the child exiting mid-input is a death
// (recorded, replaced). The watchdog counts CPU time, so a busy machine does not make hangs. A child is also replaced after `recycle` inputs, or when its heap after an input is
// past `heapRestartMb`, so one input's garbage or cached state cannot be blamed on another, and its heap
// limit is explicit (`--max-old-space-size`) so a death from memory means the same on every machine.
import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { generate } from "./inputs.ts";
import { runInput, shrink, type Outcome } from "./run-input.ts";
import type { Input } from "./inputs.ts";

export interface PoolOptions {
  /** The script to fork with `--child` (scripts/fuzz.ts). */
  script: string;
  jobs: number;
  /** CPU time one input may take before it is a hang. */
  timeoutMs: number;
  /** A child blocked without using CPU is a hang after this many times `timeoutMs` on the clock. */
  wallFactor: number;
  recycle: number;
  heapMb: number;
  heapRestartMb: number;
}

/** What a child answers for one input. */
export type Answer = { outcome: Outcome; shrunk?: Input; heapUsed: number };
export type Reply = Answer | { died: string; stderr: string } | { hung: true; cpuMs: number | undefined; wallMs: number };

/** CPU milliseconds a process has used, from /proc on Linux; undefined elsewhere (the watchdog then uses the clock). */
function childCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // utime and stime are fields 14 and 15; the command name (field 2) may hold spaces, so count after it.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** The child's side: waits for input seeds, runs each, answers. */
export function child(): void {
  process.on("message", async (msg: { seed: number; shrink?: boolean }) => {
    let inp: Input;
    try {
      inp = generate(msg.seed);
    } catch (err) {
      // A bug of the fuzzer's own, not of rulesmith: reported as a failure of its own stage, not a death.
      const outcome: Outcome = { kind: "generator", failures: [{ stage: "generate", message: err instanceof Error ? (err.stack ?? err.message) : String(err) }], checked: false, examples: 0, scenarioRan: false, cpu: {} };
      process.send!({ outcome, heapUsed: process.memoryUsage().heapUsed } satisfies Answer);
      return;
    }
    const outcome = await runInput(inp);
    const shrunk = msg.shrink && outcome.failures.length > 0 ? await shrink(inp) : undefined;
    const answer: Answer = { outcome, heapUsed: process.memoryUsage().heapUsed, ...(shrunk ? { shrunk } : {}) };
    process.send!(answer);
  });
  process.send!({ ready: true });
}

/** One child process of the pool: started on demand, replaced when it hangs, dies, or has served enough. */
export class Slot {
  private proc: ChildProcess | undefined;
  private served = 0;
  /** The end of the child's stderr: what V8 says when it dies. */
  private stderr = "";
  /** Children started, and retired for age or heap (not for a hang or death). */
  started = 0;
  recycled = 0;

  constructor(private readonly options: PoolOptions) {}

  private async start(): Promise<ChildProcess> {
    const execArgv = [...process.execArgv.filter((a) => !a.startsWith("--max-old-space-size")), `--max-old-space-size=${this.options.heapMb}`];
    const proc = fork(this.options.script, ["--child"], { execArgv, stdio: ["ignore", "ignore", "pipe", "ipc"] });
    proc.stderr!.on("data", (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-4000)));
    await new Promise<void>((resolve, reject) => {
      proc.once("message", () => resolve());
      proc.once("exit", (code) => reject(new Error(`a fuzz child exited with ${code} before it was ready:\n${this.stderr}`)));
    });
    proc.removeAllListeners("exit");
    this.proc = proc;
    this.served = 0;
    this.started++;
    return proc;
  }

  /**
   * Runs input `seed` in this slot's child (asking for a shrunk repro if `shrinkIt`). The watchdog counts
   * the child's CPU time, not the clock: on a machine shared with other work an input can wait minutes
   * for a core, and that is not a hang. A hang is `timeoutMs` of CPU on one input, or, for a child
   * blocked without using CPU, `wallFactor` times that on the clock.
   */
  async run(seed: number, shrinkIt: boolean, timeoutMs: number): Promise<Reply> {
    const proc = this.proc ?? (await this.start());
    this.stderr = "";
    const cpuAtStart = childCpuMs(proc.pid);
    const startedAt = Date.now();
    const reply = await new Promise<Reply>((resolve) => {
      const done = (r: Reply) => {
        clearInterval(watchdog);
        proc.off("message", onMessage);
        proc.off("exit", onExit);
        resolve(r);
      };
      const onMessage = (m: Answer) => done(m);
      const onExit = (code: number | null, signal: string | null) => {
        this.proc = undefined;
        // The stderr pipe may still hold V8's last words: let it drain before reading it.
        setTimeout(() => done({ died: signal ? `killed by ${signal}` : `exit code ${code}`, stderr: this.stderr }), 100);
      };
      const watchdog = setInterval(() => {
        const cpu = childCpuMs(proc.pid);
        const wall = Date.now() - startedAt;
        const overCpu = cpu !== undefined && cpuAtStart !== undefined ? cpu - cpuAtStart > timeoutMs : wall > timeoutMs;
        if (!overCpu && wall <= timeoutMs * this.options.wallFactor) return;
        proc.off("exit", onExit);
        proc.kill("SIGKILL");
        this.proc = undefined;
        done({ hung: true, cpuMs: cpu !== undefined && cpuAtStart !== undefined ? cpu - cpuAtStart : undefined, wallMs: wall });
      }, Math.min(1000, timeoutMs));
      proc.on("message", onMessage);
      proc.on("exit", onExit);
      proc.send({ seed, shrink: shrinkIt });
    });
    if ("outcome" in reply) {
      this.served++;
      if (this.served >= this.options.recycle || reply.heapUsed > this.options.heapRestartMb * 1024 * 1024) void this.retire();
    }
    return reply;
  }

  /** Ends the child between inputs; the next input starts a fresh one. */
  retire(recycled = true): Promise<void> {
    const proc = this.proc;
    if (!proc) return Promise.resolve();
    this.proc = undefined;
    if (recycled) this.recycled++;
    // Resolved once the child is gone (and reaped, so its CPU time is counted in ours).
    const gone = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill();
    return gone;
  }
}

/**
 * Runs every index through `jobs` slots, each taking the next index when it is free; `onReply` sees each
 * reply (and may run the input again in the same slot, to shrink it) before the slot takes another.
 * Once `stopped()` holds, no slot takes another index; the inputs under way finish.
 */
export async function runPool(
  indices: readonly number[],
  seedOf: (i: number) => number,
  options: PoolOptions,
  onReply: (i: number, reply: Reply, slot: Slot) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<Slot[]> {
  const slots = Array.from({ length: Math.max(1, Math.min(options.jobs, indices.length)) }, () => new Slot(options));
  let next = 0;
  const work = async (slot: Slot) => {
    while (next < indices.length && !stopped()) {
      const i = indices[next++]!;
      await onReply(i, await slot.run(seedOf(i), false, options.timeoutMs), slot);
    }
    await slot.retire(false);
  };
  await Promise.all(slots.map(work));
  return slots;
}
