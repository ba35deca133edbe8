// The Simulate panel: N seeded runs of a scenario split over one web worker per core (as `rulesmith
// simulate` splits them over threads: the same counts for any number of workers), with a progress bar,
// a cancel button and the outcome frequencies as a bar chart with 95% intervals (the same Wilson
// intervals `rulesmith simulate` prints). Cancelling terminates the workers; the editor never waits.
import { wilson } from "../src/stats.ts";
import { mergeRanges, type RangeResult } from "../src/simulation.ts";
import type { SimulateReply, SimulateRequest } from "./protocol.ts";
import SimulateWorker from "./workers/simulate.worker.ts?worker";
import { el } from "./dom.ts";

export interface SimulatePanelHost {
  files(): Record<string, string>;
  scenarios(): { path: string; seed: string }[];
}

const SVG = "http://www.w3.org/2000/svg";

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

export class SimulatePanel {
  private readonly scenario = el("select", { id: "sim-scenario", "aria-label": "scenario to simulate" });
  private readonly runs = el("input", { id: "sim-runs", type: "number", min: "1", max: "1000000", value: "1000", "aria-label": "number of runs" });
  private readonly seed = el("input", { id: "sim-seed", type: "text", size: "8", "aria-label": "seed" });
  private readonly start = el("button", { id: "sim-start", class: "primary" }, "Simulate");
  private readonly cancel = el("button", { id: "sim-cancel", disabled: "" }, "Cancel");
  private readonly progress = el("progress", { id: "sim-progress", max: "1", value: "0" });
  private readonly progressText = el("span", { id: "sim-progress-text" });
  private readonly result = el("div", { id: "sim-result" });
  private workers: Worker[] | undefined;

  constructor(
    container: HTMLElement,
    private readonly host: SimulatePanelHost,
  ) {
    container.append(
      el("div", { class: "controls" }, el("label", { class: "wide" }, "Scenario ", this.scenario), el("label", {}, "runs ", this.runs), el("label", {}, "seed ", this.seed), this.start, this.cancel),
      el("div", { class: "progress-row" }, this.progress, this.progressText),
      this.result,
    );
    this.start.addEventListener("click", () => this.simulate());
    this.cancel.addEventListener("click", () => this.stop("cancelled"));
    this.scenario.addEventListener("change", () => this.scenarioChanged());
  }

  refresh() {
    const previous = this.scenario.value;
    const scenarios = this.host.scenarios();
    this.scenario.replaceChildren(...scenarios.map((s) => el("option", { value: s.path }, s.path.split("/").pop()!)));
    if (scenarios.some((s) => s.path === previous)) this.scenario.value = previous;
    else this.scenarioChanged();
    this.start.disabled = scenarios.length === 0 || this.workers !== undefined;
  }

  private scenarioChanged() {
    this.seed.value = this.host.scenarios().find((s) => s.path === this.scenario.value)?.seed ?? "1";
  }

  private simulate() {
    const n = Number(this.runs.value);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
      this.result.replaceChildren(el("pre", { class: "error-text" }, "runs must be a whole number from 1 to 1000000"));
      return;
    }
    const seed = this.seed.value.trim() || "1";
    this.stop();
    this.result.replaceChildren();
    this.progress.value = 0;
    this.progressText.textContent = `0 / ${n}`;
    // One worker per core, each with a contiguous share of the runs; a few hundred runs need no more than one.
    const count = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 16, Math.ceil(n / 200)));
    const workers = Array.from({ length: count }, () => new SimulateWorker());
    this.workers = workers;
    this.start.disabled = true;
    this.cancel.disabled = false;
    const doneBy = new Array<number>(count).fill(0);
    const results: RangeResult[] = [];
    const shown = () => {
      const done = doneBy.reduce((a, b) => a + b, 0);
      this.progress.value = done / n;
      this.progressText.textContent = `${done} / ${n}`;
    };
    workers.forEach((worker, w) => {
      const from = Math.floor((n * w) / count);
      const to = Math.floor((n * (w + 1)) / count);
      worker.onmessage = (e: MessageEvent<SimulateReply>) => {
        const r = e.data;
        if (r.type === "progress") {
          doneBy[w] = r.done;
          return shown();
        }
        doneBy[w] = to - from;
        results.push(r);
        shown();
        if (results.length < count) return;
        const merged = mergeRanges(results);
        this.progress.value = merged.runs / n;
        this.progressText.textContent = `${merged.runs} / ${n}`;
        this.finish();
        if (merged.error) this.result.append(el("pre", { class: "error-text" }, merged.error));
        if (merged.runs > 0) this.result.append(chart([...merged.counts], merged.runs, seed));
      };
      worker.onerror = (e) => {
        e.preventDefault();
        this.stop(`the simulation stopped: ${e.message || "the worker could not start"}`);
      };
      const req: SimulateRequest = { files: this.host.files(), path: this.scenario.value, seed, from, to };
      worker.postMessage(req);
    });
  }

  private finish() {
    for (const w of this.workers ?? []) w.terminate();
    this.workers = undefined;
    this.start.disabled = false;
    this.cancel.disabled = true;
  }

  private stop(message?: string) {
    if (!this.workers) return;
    this.finish();
    if (message) this.result.replaceChildren(el("div", { class: "notice" }, message));
  }
}

/** Horizontal bars, most frequent first, each with its share and a 95% interval whisker. */
function chart(counts: [string, number][], runs: number, seed: string): HTMLElement {
  const rows = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const labelWidth = 150;
  const barWidth = 260;
  const rowHeight = 26;
  const width = labelWidth + barWidth + 170;
  const box = svg("svg", { width, height: rows.length * rowHeight + 8, role: "img", class: "sim-chart", "aria-label": "outcome frequencies" });
  rows.forEach(([outcome, count], i) => {
    const y = i * rowHeight + 4;
    const share = count / runs;
    const [lo, hi] = wilson(count, runs);
    const g = svg("g", { class: "sim-bar", "data-outcome": outcome, "data-count": count });
    g.append(svg("text", { x: labelWidth - 8, y: y + 15, "text-anchor": "end" }, outcome));
    g.append(svg("rect", { x: labelWidth, y, width: Math.max(1, share * barWidth), height: rowHeight - 8, rx: 2 }));
    g.append(svg("line", { x1: labelWidth + lo * barWidth, x2: labelWidth + hi * barWidth, y1: y + (rowHeight - 8) / 2, y2: y + (rowHeight - 8) / 2, class: "whisker" }));
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    g.append(svg("text", { x: labelWidth + barWidth + 8, y: y + 15 }, `${pct(share)}  (${count})  ${pct(lo)}–${pct(hi)}`));
    box.append(g);
  });
  return el("div", { class: "sim-chart-box" }, el("div", { class: "sim-summary" }, `${runs} runs, seeds ${seed}:0 .. ${seed}:${runs - 1}; bars show the share, whiskers the 95% interval`), box as unknown as Node);
}
