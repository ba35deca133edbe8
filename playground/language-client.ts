// The page's side of the language workers: keeps the workers' copies of the files current, sends
// requests and matches replies by id. Two workers run the same language service: one checks files
// (diagnostics), the other answers completion, hover and the rest, so a check never waits behind the
// completion the same keystroke asked for, and a completion never waits behind a check. Diagnostics
// are debounced per file, by half as long as the file's last check took (check-delay.ts), and a reply
// that is no longer the newest for its file is dropped, so a slow check never paints markers over
// newer text.
import { assertNever, type Completion, type DocumentSymbol, type Hover, type Location, type RenameResult, type ServiceDiagnostic, type TextEdit } from "../src/api.ts";
import type { Files, LanguageReply, LanguageRequest, Unnumbered } from "./protocol.ts";
import type { ScenarioCheck } from "./workers/scenario-check.ts";
import { EngineWorker } from "./engine-worker.ts";
import { CheckDelay } from "./check-delay.ts";

type Pending = { resolve: (value: unknown) => void };

export class LanguageClient {
  /** Answers completion, hover, definitions, references, rename, outline and formatting. */
  private readonly worker = new EngineWorker("language");
  /** Checks files: diagnostics of `.rules` files and of scenarios. */
  private readonly checker = new EngineWorker("language");
  private nextId = 1;
  private readonly waiting = new Map<number, Pending>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly newest = new Map<string, number>();
  private readonly checkDelay = new CheckDelay();
  /**
   * Files whose latest check has not answered yet. While there are any, `<body data-checking>` is set:
   * the browser tests wait for it to go before reading markers, so they never read an older text's.
   */
  private readonly unsettled = new Set<string>();

  constructor(
    files: Files,
    private readonly onFailure: (message: string) => void,
  ) {
    for (const w of [this.worker, this.checker]) {
      w.onmessage = (e: MessageEvent<LanguageReply>) => this.answered(e.data);
      w.onerror = (e) => {
        e.preventDefault();
        this.onFailure(`the language service stopped: ${e.message || "the worker could not start"}`);
        for (const waiting of this.waiting.values()) waiting.resolve(undefined);
        this.waiting.clear();
      };
    }
    this.post({ type: "files", files });
  }

  private answered(reply: LanguageReply) {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if ("error" in reply) {
      this.onFailure(`the language service failed: ${reply.error}`);
      waiting.resolve(undefined);
    } else waiting.resolve(reply.result);
  }

  /** Files go to both workers; checks to the checking one, every other question to the other. */
  private post(req: LanguageRequest) {
    switch (req.type) {
      case "files":
      case "update":
      case "remove":
      case "mods":
        this.worker.postMessage(req);
        this.checker.postMessage(req);
        return;
      case "diagnostics":
      case "scenario":
        return this.checker.postMessage(req);
      case "completions":
      case "hover":
      case "definition":
      case "references":
      case "rename":
      case "documentSymbols":
      case "formatting":
        return this.worker.postMessage(req);
      default:
        return assertNever(req);
    }
  }

  private request<T>(req: Unnumbered<LanguageRequest>): { id: number; reply: Promise<T | undefined> } {
    const id = this.nextId++;
    const reply = new Promise<T | undefined>((resolve) => this.waiting.set(id, { resolve: resolve as (v: unknown) => void }));
    this.post({ ...req, id } as LanguageRequest);
    return { id, reply };
  }

  update(path: string, text: string) {
    this.post({ type: "update", path, text });
  }

  remove(path: string) {
    this.post({ type: "remove", path });
  }

  /** Switches mods on (their folders) and the others off, in both workers. */
  setMods(enabled: string[]) {
    this.post({ type: "mods", enabled });
  }

  /**
   * Checks a file after typing pauses (`delay`, else as long as its last check took); `show` gets the
   * diagnostics only if no newer check of the same file was asked for in the meantime.
   */
  scheduleDiagnostics(path: string, show: (ds: ServiceDiagnostic[]) => void, delay?: number) {
    this.schedule<ServiceDiagnostic[]>(path, "diagnostics", show, delay);
  }

  /** As `scheduleDiagnostics`, for a scenario `.json` file: its diagnostics and its JSON Schema. */
  scheduleScenario(path: string, show: (check: ScenarioCheck) => void, delay?: number) {
    this.schedule<ScenarioCheck>(path, "scenario", show, delay);
  }

  private schedule<T>(path: string, type: "diagnostics" | "scenario", show: (result: T) => void, delay = this.checkDelay.delay(path)) {
    clearTimeout(this.timers.get(path));
    // A pending reply for an older text must not be shown even if it arrives before the new request is sent.
    this.newest.set(path, -1);
    this.settle(path, false);
    this.timers.set(
      path,
      setTimeout(() => {
        this.timers.delete(path);
        const started = performance.now();
        const { id, reply } = this.request<T>({ type, path });
        this.newest.set(path, id);
        void reply.then((ds) => {
          if (this.newest.get(path) !== id) return; // stale: a newer check is on its way
          if (ds) {
            this.checkDelay.finished(path, started);
            show(ds);
          }
          this.settle(path, true);
        });
      }, delay),
    );
  }

  private settle(path: string, done: boolean) {
    if (done) this.unsettled.delete(path);
    else this.unsettled.add(path);
    if (this.unsettled.size > 0) document.body.dataset["checking"] = "true";
    else delete document.body.dataset["checking"];
  }

  completions(path: string, line: number, col: number): Promise<Completion[] | undefined> {
    return this.request<Completion[]>({ type: "completions", path, line, col }).reply;
  }

  hover(path: string, line: number, col: number): Promise<Hover | null | undefined> {
    return this.request<Hover | null>({ type: "hover", path, line, col }).reply;
  }

  definition(path: string, line: number, col: number): Promise<Location | null | undefined> {
    return this.request<Location | null>({ type: "definition", path, line, col }).reply;
  }

  /** Every use of the name at the cursor, across the workspace (shift+F12). */
  references(path: string, line: number, col: number, includeDeclaration: boolean): Promise<Location[] | undefined> {
    return this.request<Location[]>({ type: "references", path, line, col, includeDeclaration }).reply;
  }

  /** The places to rewrite to rename the name at the cursor (F2), or why it cannot be renamed. */
  rename(path: string, line: number, col: number, newName: string): Promise<RenameResult | undefined> {
    return this.request<RenameResult>({ type: "rename", path, line, col, newName }).reply;
  }

  /** The file's outline (ctrl+shift+O). */
  documentSymbols(path: string): Promise<DocumentSymbol[] | undefined> {
    return this.request<DocumentSymbol[]>({ type: "documentSymbols", path }).reply;
  }

  /** The edits of "Format document": `rulesmith fmt`'s layout. */
  formatting(path: string): Promise<TextEdit[] | undefined> {
    return this.request<TextEdit[]>({ type: "formatting", path }).reply;
  }
}
