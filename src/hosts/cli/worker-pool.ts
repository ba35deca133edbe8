// Worker threads for the commands that spread work over every core (simulate, mutate). A worker is
// sent what it needs once (workerData) and then ranges of work; it answers each with one message.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Writer } from "./io.ts";

/**
 * Starts the worker module `name` (a file next to this one) in the same build as this module: its
 * compiled JavaScript, or, when the CLI runs its TypeScript sources (through tsx, or under the tests),
 * those sources, with tsx registered in the thread.
 */
export function startWorker(name: string, data: unknown): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, here), { workerData: data });
  const entry = new URL(`./${name}.ts`, here).href;
  const boot = `import(${JSON.stringify(tsxApi(here))}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: data });
}

/** Where tsx's ESM registration API is: `import.meta.resolve` where the host has it, else next to its CommonJS twin. */
function tsxApi(from: string): string {
  if (typeof import.meta.resolve === "function") return import.meta.resolve("tsx/esm/api");
  return pathToFileURL(createRequire(from).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
}

/**
 * Hands `tasks` out to `count` workers of module `name`, the next task to whichever answers first, and
 * gives back every answer (in the order they came: callers sort them). `onAnswer` sees each as it comes.
 */
export async function onWorkers<Task, Answer>(name: string, data: unknown, tasks: readonly Task[], count: number, onAnswer: (a: Answer) => void): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  const threads = Array.from({ length: count }, () => startWorker(name, data));
  try {
    await Promise.all(
      threads.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const give = () => {
              if (next < tasks.length) w.postMessage(tasks[next++]);
              else resolve();
            };
            w.on("message", (a: Answer) => {
              answers.push(a);
              onAnswer(a);
              give();
            });
            w.on("error", reject);
            w.on("exit", (code) => reject(new Error(`a worker thread stopped (exit code ${code})`)));
            give();
          }),
      ),
    );
  } finally {
    await Promise.all(threads.map((w) => w.terminate()));
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
