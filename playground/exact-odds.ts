// The "Exact" button beside Simulate: `rulesmith odds` on the chosen scenario in a worker
// (workers/odds-service.ts), every way the dice can come up with its probability, shown as fractions and
// percentages beside the simulation's chart. A scenario with more dice paths than the limit shows the
// E0425 message instead, which points to Simulate. It reads the Simulate panel's scenario choice and
// places itself among its controls by their ids, so the panel itself needs no change.
import { el } from "./dom.ts";
import type { Files } from "./protocol.ts";
import type { OddsReply, OddsRequest } from "./validate-protocol.ts";
import { EngineWorker } from "./engine-worker.ts";

/** Dice paths run at most by default: a few seconds of runs in the browser. */
export const DEFAULT_EXACT_PATHS = 100_000;

export interface ExactOddsHost {
  files(): Files;
  /** The scenario the Simulate panel has chosen ("" when there is none). */
  scenario(): string;
  /** The mods' folders switched on: loaded with the scenario's base. */
  mods?(): string[];
}

export class ExactOdds {
  private readonly button = el("button", { id: "exact-start", title: "The exact probability of each result: every way the dice can come up (rulesmith odds)" }, "Exact");
  private readonly limit = el("input", { id: "exact-max", type: "number", min: "1", max: "10000000", value: String(DEFAULT_EXACT_PATHS) });
  private readonly result = el("div", { id: "exact-result", "data-state": "idle", "aria-live": "polite" });
  private worker: EngineWorker<"odds"> | undefined;
  /** The scenario whose distribution is shown: another one chosen clears it. */
  private shownPath = "";

  /** `controls`: the row the button joins; `chart`: the simulation's chart, which the exact distribution precedes. */
  constructor(
    controls: HTMLElement,
    chart: HTMLElement,
    private readonly host: ExactOddsHost,
  ) {
    controls.append(this.button, el("label", { title: "Stop with E0425 past this many dice paths (rulesmith odds --max-outcomes)" }, "max paths ", this.limit));
    chart.before(this.result);
    this.button.addEventListener("click", () => (this.worker ? this.stop() : this.run()));
    // The scenario choice is a control of the same panel: its change events bubble up to here.
    controls.parentElement?.addEventListener("change", () => this.refresh());
    this.refresh();
  }

  /** The scenarios may have changed: the button is there when one is chosen. */
  refresh() {
    this.button.disabled = !this.worker && this.host.scenario() === "";
    if (!this.worker && this.shownPath !== "" && this.host.scenario() !== this.shownPath) {
      this.shownPath = "";
      this.show("idle");
    }
  }

  private run() {
    const path = this.host.scenario();
    const maxPaths = Number(this.limit.value);
    if (!Number.isInteger(maxPaths) || maxPaths < 1 || maxPaths > 10_000_000) {
      this.show("error", el("pre", { class: "error-text" }, "max paths must be a whole number from 1 to 10000000"));
      return;
    }
    this.shownPath = path;
    this.show("running", el("div", { class: "notice" }, `Going through every dice path of ${path.split("/").pop()}…`));
    this.button.textContent = "Stop exact";
    const worker = new EngineWorker("odds");
    this.worker = worker;
    worker.onmessage = (e: MessageEvent<OddsReply>) => {
      this.end();
      this.finished(e.data, path);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.end();
      this.show("error", el("pre", { class: "error-text" }, `the exact odds stopped: ${e.message || "the worker could not start"}`));
    };
    worker.postMessage({ files: this.host.files(), path, maxPaths, mods: this.host.mods?.() ?? [] } satisfies OddsRequest);
  }

  private stop() {
    this.end();
    this.show("stopped", el("div", { class: "notice" }, "Exact odds stopped."));
  }

  private end() {
    this.worker?.terminate();
    this.worker = undefined;
    this.button.textContent = "Exact";
    this.refresh();
  }

  private show(state: string, ...children: HTMLElement[]) {
    this.result.replaceChildren(...children);
    this.result.dataset["state"] = state;
    if (state !== "running" && state !== "idle") this.result.dataset["runs"] = String(Number(this.result.dataset["runs"] ?? 0) + 1);
  }

  private finished(r: OddsReply, path: string) {
    if (r.error !== undefined || !r.rows) {
      this.show("error", el("pre", { class: "error-text" }, r.error ?? "no result"));
      return;
    }
    const rows = r.rows.map((x) => el("tr", { "data-result": x.result, "data-p": String(x.p) }, el("th", { scope: "row" }, x.result), el("td", { class: "exact-fraction" }, x.fraction ?? "≈"), el("td", { class: "exact-percent" }, x.percent)));
    this.show(
      "done",
      el("div", { class: "sim-summary" }, `Exact: ${path.split("/").pop()}, ${r.paths} dice path${r.paths === 1 ? "" : "s"}`),
      el("table", { class: "exact-table" }, el("tr", {}, el("th", { scope: "col" }, "result"), el("th", { scope: "col" }, "probability"), el("th", { scope: "col" }, "share")), ...rows),
    );
  }
}
