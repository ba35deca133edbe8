// The page's side of the run worker: one request at a time matched by id. Stopping a run terminates
// the worker (a runaway rule cannot be interrupted from inside) and starts a fresh one.
import type { RunReply, RunRequest, Unnumbered } from "./protocol.ts";
import { EngineWorker } from "./engine-worker.ts";

type Req = Unnumbered<RunRequest>;

export class RunClient {
  private worker: EngineWorker<"run">;
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: RunReply) => void>();

  /** `mods`: the mods' folders switched on, sent with every request (mods-panel.ts). */
  constructor(private readonly mods: () => string[] = () => []) {
    this.worker = this.start();
  }

  private start(): EngineWorker<"run"> {
    const w = new EngineWorker("run");
    w.onmessage = (e: MessageEvent<RunReply>) => {
      const done = this.waiting.get(e.data.id);
      this.waiting.delete(e.data.id);
      done?.(e.data);
    };
    w.onerror = (e) => {
      e.preventDefault();
      this.fail(`the run worker stopped: ${e.message || "it could not start"}`);
    };
    return w;
  }

  private fail(message: string) {
    for (const [id, done] of this.waiting) done({ id, type: "error", message });
    this.waiting.clear();
  }

  request(req: Req): Promise<RunReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ ...req, mods: this.mods(), id });
    });
  }

  /** Ends whatever is running; its callers get a "stopped" reply. */
  stop() {
    this.worker.terminate();
    this.fail("stopped");
    this.worker = this.start();
  }
}
