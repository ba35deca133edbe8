// The Validate panel: `rulesmith mutate` on the open game system, in a worker (workers/validate-service.ts)
// that runs the mutants one after another within a budget (an even sample, as `--budget`), with a
// progress count and a Stop button that ends the run with the report of the mutants run so far. It
// shows the score per file and in all, and each surviving mutant with the text the command prints
// (the same formatter); each survivor's clause gets a warning marker with that text, under an owner of
// its own so the checker's markers are untouched. A file's markers go when it is edited (the ranges no
// longer hold) and all of them on a new Validate.
import { ownGet, type Span } from "../src/api.ts";
import { uriOf } from "./editor.ts";
import { monaco } from "./monaco-features.ts";
import { el } from "./dom.ts";
import type { Files } from "./protocol.ts";
import type { Survivor, ValidateReply, ValidateReport, ValidateRequest } from "./validate-protocol.ts";
import { EngineWorker } from "./engine-worker.ts";

/** The owner of the survivors' markers (the checker's are "rulesmith"). */
export const MUTATE_MARKER_OWNER = "rulesmith-mutate";
/**
 * Mutants run by default: on the bundled Warlords III (271 mutants) an even sample that finishes in
 * well under a minute in one worker; a small system has fewer and runs them all.
 */
export const DEFAULT_VALIDATE_BUDGET = 40;

export interface ValidatePanelHost {
  files(): Files;
  /** The open file's game system folder. */
  system(): string;
  select(span: Span): void;
  /** The mods' folders switched on: mutated and run with the system. */
  mods?(): string[];
}

type Done = Extract<ValidateReply, { type: "done" }>;

export class ValidatePanel {
  private readonly systemName = el("code", { id: "validate-system" });
  private readonly budget = el("input", { id: "validate-budget", type: "number", min: "1", max: "100000", value: String(DEFAULT_VALIDATE_BUDGET) });
  private readonly start = el("button", { id: "validate-start", class: "primary" }, "Validate");
  private readonly stopButton = el("button", { id: "validate-stop", disabled: "" }, "Stop");
  private readonly progress = el("progress", { id: "validate-progress", max: "1", value: "0", "aria-label": "mutants run" });
  private readonly progressText = el("span", { id: "validate-progress-text" });
  private readonly result = el("div", { id: "validate-result", "data-state": "idle" });
  private worker: EngineWorker<"validate"> | undefined;
  /** The files as the running validation read them: a file edited since gets no markers. */
  private sent: Files = {};
  /** Per file with markers: what clears them when the file is edited. */
  private readonly watching = new Map<string, { dispose(): void }>();

  constructor(
    container: HTMLElement,
    private readonly host: ValidatePanelHost,
  ) {
    container.append(
      el("p", { class: "notice" }, "Changes each clause of the rules the way a slip of the pen would, runs the examples on every change, and lists the changes no example notices, as `rulesmith mutate` does."),
      el(
        "div",
        { class: "controls" },
        el("span", {}, "System ", this.systemName),
        el("label", { title: "Run at most this many mutants, an even sample of them (the command's --budget)" }, "budget ", this.budget),
        this.start,
        this.stopButton,
      ),
      el("div", { class: "progress-row" }, this.progress, this.progressText),
      this.result,
    );
    this.start.addEventListener("click", () => this.validate());
    this.stopButton.addEventListener("click", () => this.stop());
    this.refresh();
  }

  /** The open file's system may have changed: name it. */
  refresh() {
    this.systemName.textContent = this.host.system();
  }

  private validate() {
    const budget = Number(this.budget.value);
    this.end();
    this.clearMarkers();
    this.progress.value = 0;
    this.progressText.textContent = "";
    // The counts are this run's: a test (or a screen reader) reading them never sees the last run's.
    delete this.result.dataset["done"];
    delete this.result.dataset["total"];
    delete this.result.dataset["score"];
    if (!Number.isInteger(budget) || budget < 1 || budget > 100_000) {
      this.show("problem", el("pre", { class: "error-text" }, "the budget must be a whole number from 1 to 100000"));
      return;
    }
    const system = this.host.system();
    this.show("running", el("div", { class: "notice" }, `Checking ${system} and running its examples…`));
    this.start.disabled = true;
    this.stopButton.disabled = false;
    const worker = new EngineWorker("validate");
    this.worker = worker;
    worker.onmessage = (e: MessageEvent<ValidateReply>) => {
      const r = e.data;
      if (r.type === "progress") {
        this.progress.value = r.total === 0 ? 1 : r.done / r.total;
        this.progressText.textContent = `${r.done} / ${r.total} mutants`;
        this.result.dataset["done"] = String(r.done);
        this.result.dataset["total"] = String(r.total);
        return;
      }
      this.end();
      this.finished(r);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.end();
      this.show("problem", el("pre", { class: "error-text" }, `the validation stopped: ${e.message || "the worker could not start"}`));
    };
    this.sent = this.host.files();
    worker.postMessage({ type: "start", files: this.sent, system, budget, mods: this.host.mods?.() ?? [] } satisfies ValidateRequest);
  }

  /** Stop: the worker finishes the mutant it is on and reports the ones run so far. */
  private stop() {
    if (!this.worker) return;
    this.stopButton.disabled = true;
    this.progressText.textContent += " (stopping…)";
    this.worker.postMessage({ type: "stop" } satisfies ValidateRequest);
  }

  private end() {
    this.worker?.terminate();
    this.worker = undefined;
    this.start.disabled = false;
    this.stopButton.disabled = true;
  }

  private show(state: string, ...children: HTMLElement[]) {
    this.result.replaceChildren(...children);
    this.result.dataset["state"] = state;
    this.result.dataset["runs"] = String(Number(this.result.dataset["runs"] ?? 0) + (state === "running" ? 0 : 1));
  }

  private finished(r: Done) {
    if (r.problem !== undefined || !r.report) {
      this.show("problem", el("pre", { class: "error-text" }, r.problem ?? "nothing ran"));
      return;
    }
    const report = r.report;
    this.result.dataset["score"] = report.score === null ? "" : String(report.score);
    const head = r.stopped ? `Stopped after ${report.ran} of ${report.planned} mutants.` : `${report.ran} mutants run.`;
    const survivors = report.survivors.map((s) => this.survivor(s));
    this.show(
      r.stopped ? "stopped" : "done",
      el("div", { class: "notice" }, `${head} ${report.survivors.length === 0 ? "No mutant survived." : `${report.survivors.length} survived: each is a clause no example checks (click one to go to it).`}`),
      el("div", { class: "survivors", role: "list", "aria-label": "surviving mutants" }, ...survivors),
      el("pre", { id: "validate-scores", class: "validate-scores" }, report.scores),
      ...(report.diagnostics ? [el("pre", { class: "error-text" }, report.diagnostics)] : []),
    );
    this.mark(report);
  }

  private survivor(s: Survivor): HTMLElement {
    const item = el("div", { class: "survivor", role: "listitem", "data-file": s.span.file, "data-line": String(s.span.line), "data-col": String(s.span.col) }, el("pre", {}, s.text));
    item.tabIndex = 0;
    item.addEventListener("click", () => this.host.select(s.span));
    item.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      this.host.select(s.span);
    });
    return item;
  }

  /** A warning marker on each survivor's clause, with the survivor's text. */
  private mark(report: ValidateReport) {
    const byFile = new Map<string, Survivor[]>();
    for (const s of report.survivors) byFile.set(s.span.file, [...(byFile.get(s.span.file) ?? []), s]);
    for (const [file, survivors] of byFile) {
      const model = monaco.editor.getModel(uriOf(file));
      if (!model) continue;
      if (model.getValue() !== ownGet(this.sent, file)) {
        this.stale(file);
        continue;
      }
      monaco.editor.setModelMarkers(
        model,
        MUTATE_MARKER_OWNER,
        survivors.map((s) => ({ severity: monaco.MarkerSeverity.Warning, message: s.text, source: "rulesmith mutate", startLineNumber: s.span.line, startColumn: s.span.col, endLineNumber: s.span.endLine, endColumn: s.span.endCol })),
      );
      // An edit moves the text under the ranges: the survivors are for the text as it was.
      const watch = model.onDidChangeContent(() => {
        monaco.editor.setModelMarkers(model, MUTATE_MARKER_OWNER, []);
        this.stale(file);
        this.watching.get(file)?.dispose();
        this.watching.delete(file);
      });
      this.watching.set(file, watch);
    }
  }

  /** The survivors of a file edited since the validation read it: their ranges may no longer hold. */
  private stale(file: string) {
    for (const item of Array.from(this.result.querySelectorAll<HTMLElement>(".survivor"))) if (item.dataset["file"] === file) {
        item.classList.add("stale");
        item.title = "the file was edited since: Validate again for its survivors now";
      }
  }

  private clearMarkers() {
    for (const [file, watch] of this.watching) {
      watch.dispose();
      const model = monaco.editor.getModel(uriOf(file));
      if (model) monaco.editor.setModelMarkers(model, MUTATE_MARKER_OWNER, []);
    }
    this.watching.clear();
  }
}
