// Worker threads for the commands that spread work over every core (simulate, mutate). A worker is
// sent what it needs once (workerData) and then ranges of work; it answers each with one message.
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, freemem } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Writer } from "./io.ts";

/**
 * The heap each worker thread may use (V8's old generation, MB). A run's own budgets (src/core/limits.ts)
 * stop rules long before this; the cap is the last line, so a worker that grows anyway dies alone
 * (ERR_WORKER_OUT_OF_MEMORY) instead of taking the process's heap with it.
 */
export const WORKER_HEAP_MB = 1024;

/**
 * How many worker threads are worth starting: no more than the cores, and no more than one per twice
 * WORKER_HEAP_MB of free memory (at least one). A larger request is cut to this.
 */
export function workerCap(): number {
  const byMemory = Math.floor(freemem() / (2 * WORKER_HEAP_MB * 1024 * 1024));
  return Math.max(1, Math.min(availableParallelism(), byMemory));
}

/**
 * Starts the worker module `name` (a file next to this one) as compiled JavaScript: this module's own
 * build, or, when the CLI runs its TypeScript sources (through tsx, or under the tests), the project's
 * build in dist/cli/ if it is current (`currentBuild`: the same code, and a thread that starts in about a
 * third of the CPU time of one that registers tsx). Otherwise the sources, with tsx registered in the
 * thread. Its heap is capped at `heapMb`.
 */
export function startWorker(name: string, data: unknown, heapMb = WORKER_HEAP_MB): Worker {
  const here = import.meta.url;
  const resourceLimits = { maxOldGenerationSizeMb: heapMb };
  if (!here.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, here), { workerData: data, resourceLimits });
  const built = currentBuild(new URL("../../../", here));
  if (built) return new Worker(new URL(`src/hosts/cli/${name}.js`, built), { workerData: data, resourceLimits });
  const entry = new URL(`./${name}.ts`, here).href;
  const boot = `import(${JSON.stringify(tsxApi(here))}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: data, resourceLimits });
}

/**
 * The project's build (dist/cli/ of `project`, as bin/rulesmith.js finds it) when its stamp is newer than
 * every TypeScript file under src/ and grammar/, so it holds the code of the sources as they are now.
 */
function currentBuild(project: URL): URL | undefined {
  const build = new URL("dist/cli/", project);
  const stamp = new URL(".built", build);
  // As bin/rulesmith.js: RULESMITH_FROM_SOURCE=1 asks for the sources.
  if (process.env["RULESMITH_FROM_SOURCE"] === "1" || !existsSync(stamp)) return undefined;
  const built = statSync(stamp).mtimeMs;
  for (const dir of ["src", "grammar"]) {
    const root = new URL(`${dir}/`, project);
    for (const f of readdirSync(root, { recursive: true, encoding: "utf8" })) {
      if (f.endsWith(".ts") && statSync(new URL(f, root)).mtimeMs > built) return undefined;
    }
  }
  return build;
}

/** Where tsx's ESM registration API is: `import.meta.resolve` where the host has it, else next to its CommonJS twin. */
function tsxApi(from: string): string {
  if (typeof import.meta.resolve === "function") return import.meta.resolve("tsx/esm/api");
  return pathToFileURL(createRequire(from).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
}

/**
 * What to do with the task a worker was running when it died (out of heap, or any other end): tasks to
 * run again (on a new worker), or the task's answer. Without it a death fails the whole call.
 */
export type OnDeath<Task, Answer> = (task: Task, why: string) => { retry: Task[] } | { answer: Answer };

/**
 * Hands `tasks` out to `count` workers of module `name`, the next task to whichever answers first, and
 * gives back every answer (in the order they came: callers sort them). `onAnswer` sees each as it comes.
 * A worker that dies is replaced when `onDeath` says what its task comes to.
 */
export async function onWorkers<Task, Answer>(
  name: string,
  data: unknown,
  tasks: readonly Task[],
  count: number,
  onAnswer: (a: Answer) => void,
  onDeath?: OnDeath<Task, Answer>,
  heapMb = WORKER_HEAP_MB,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  const queue = [...tasks];
  const live = new Set<Worker>();
  const answer = (a: Answer) => {
    answers.push(a);
    onAnswer(a);
  };
  /** One worker's life: tasks until the queue is empty, then done; on its death a replacement takes over. */
  const serve = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const w = startWorker(name, data, heapMb);
      live.add(w);
      let current: Task | undefined;
      let ended = false;
      const give = () => {
        current = queue.shift();
        if (current !== undefined) w.postMessage(current);
        else {
          ended = true;
          resolve();
        }
      };
      const died = (why: string) => {
        if (ended) return;
        ended = true;
        live.delete(w);
        void w.terminate();
        const task = current;
        if (!onDeath) return reject(new Error(`a worker thread stopped (${why})`));
        if (task !== undefined) {
          const next = onDeath(task, why);
          if ("retry" in next) queue.unshift(...next.retry);
          else answer(next.answer);
        }
        serve().then(resolve, reject);
      };
      w.on("message", (a: Answer) => {
        answer(a);
        give();
      });
      w.on("error", (err) => died(err instanceof Error ? err.message : String(err)));
      w.on("exit", (code) => died(`exit code ${code}`));
      give();
    });
  try {
    await Promise.all(Array.from({ length: count }, serve));
  } finally {
    await Promise.all([...live].map((w) => w.terminate()));
  }
  return answers;
}

/** A bar on stderr when it is a terminal and the work is long enough to watch; nothing otherwise. */
export function progressBar(total: number, to: Writer | undefined, minimum: number) {
  const show = Boolean(to?.isTTY) && total >= minimum;
  const started = Date.now();
  let done = 0;
  return {
    add(n: number) {
      done += n;
      if (!show) return;
      const bar = "#".repeat(Math.round((done / total) * 30)).padEnd(30, ".");
      to!.write(`\r[${bar}] ${done}/${total}  ${((Date.now() - started) / 1000).toFixed(1)}s`);
    },
    end() {
      if (show) to!.write("\n");
    },
  };
}
