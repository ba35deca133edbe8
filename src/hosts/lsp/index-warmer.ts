// The reference index made in the editor's idle time: once no edit has come for a moment, each rules
// file's entry in the language service's index (src/tools/service/reference-index.ts) is made if it does
// not hold, one file per turn of the event loop, so a request that arrives meanwhile waits for one file's
// check at most. Find references and rename then find the index made; an edit stops the work, and the
// next pause starts it again, where the entries the edit left holding cost nothing.
import type { Workspace } from "./workspace.ts";

/** How long the editor must be idle before the index is made, in ms. */
const IDLE_MS = 1000;

export class IndexWarmer {
  private timer: NodeJS.Timeout | undefined;
  private queue: string[] = [];

  constructor(private readonly workspace: () => Workspace) {}

  /** The files changed, or the server started: begin again after a pause. */
  poke(): void {
    clearTimeout(this.timer);
    this.queue = [];
    this.timer = setTimeout(() => this.start(), IDLE_MS);
    this.timer.unref();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.queue = [];
  }

  private start() {
    this.queue = this.workspace()
      .documents.paths()
      .filter((p) => p.endsWith(".rules"))
      .sort();
    this.step();
  }

  private step() {
    const path = this.queue.shift();
    if (path === undefined) return;
    try {
      this.workspace().documents.index.refresh(path);
    } catch {
      // A check that fails inside is reported as E0000 on the file's diagnostics; the index just lacks it.
    }
    setImmediate(() => this.step());
  }
}
