// The Simulate panel: N seeded runs of a scenario split over web workers (simulate-pool.ts), with a progress bar and a cancel
// button. An enum outcome shows its frequencies with 95% intervals (the same Wilson intervals
// `rulesmith simulate` prints); a number or tally shows a histogram per member with mean and spread
// (sim-charts.ts). "Compare" runs the same seeds on the bundled rules too and shows the difference.
// Cancelling terminates the workers; the editor never waits for them.
import { simulateOnWorkers, workerCount, type PoolRun, type SimulationJob } from "./simulate-pool.ts";
import type { MergedOutcome } from "./outcome-partial.ts";
import { el } from "./dom.ts";
import { comparison, memberHistograms, outcomeBars, type SimulationResult } from "./sim-charts.ts";

export interface SimulatePanelHost {
  files(): Record<string, string>;
  /** The bundled files, for comparing the edited rules with the original. */
  original(): Record<string, string>;
  scenarios(): { path: string; seed: string }[];
  /** The mods' folders switched on: loaded with the scenario's base. */
  mods?(): string[];
}

type Done = MergedOutcome & { seed: string };

export class SimulatePanel {
  private readonly scenario = el("select", { id: "sim-scenario", "aria-label": "scenario to simulate" });
  private readonly runs = el("input", { id: "sim-runs", type: "number", min: "1", max: "1000000", value: "1000", "aria-label": "number of runs" });
  private readonly seed = el("input", { id: "sim-seed", type: "text", size: "8", "aria-label": "seed" });
  private readonly compare = el("input", { id: "sim-compare", type: "checkbox" });
  private readonly start = el("button", { id: "sim-start", class: "primary" }, "Simulate");
  private readonly cancel = el("button", { id: "sim-cancel", disabled: "" }, "Cancel");
  private readonly progress = el("progress", { id: "sim-progress", max: "1", value: "0", "aria-label": "simulation progress" });
  private readonly progressText = el("span", { id: "sim-progress-text" });
  private readonly result = el("div", { id: "sim-result" });
  private worker: PoolRun | undefined;
  /** The last results shown, drawn again when the pane changes width. */
  private shown: { edited: SimulationResult; original?: SimulationResult; error?: string } | undefined;
  private drawnWidth = 0;

  constructor(
    container: HTMLElement,
    private readonly host: SimulatePanelHost,
  ) {
    container.append(
      el(
        "div",
        { class: "controls" },
        el("label", { class: "wide" }, "Scenario ", this.scenario),
        el("label", {}, "runs ", this.runs),
        el("label", {}, "seed ", this.seed),
        el("label", { title: "Run the same seeds on the bundled rules too, and show how your edits change the outcome" }, this.compare, " compare with the bundled rules"),
        this.start,
        this.cancel,
      ),
      el("div", { class: "progress-row" }, this.progress, this.progressText),
      this.result,
    );
    this.start.addEventListener("click", () => void this.simulate());
    this.cancel.addEventListener("click", () => this.stop("cancelled"));
    this.scenario.addEventListener("change", () => this.scenarioChanged());
    new ResizeObserver(() => {
      if (this.shown && Math.abs(this.width() - this.drawnWidth) > 8) this.draw();
    }).observe(this.result);
  }

  refresh() {
    const previous = this.scenario.value;
    const scenarios = this.host.scenarios();
    this.scenario.replaceChildren(...scenarios.map((s) => el("option", { value: s.path }, s.path.split("/").pop()!)));
    if (scenarios.some((s) => s.path === previous)) this.scenario.value = previous;
    else {
      this.scenarioChanged();
      // Results of a scenario that is no longer listed (another game system) are not this one's.
      if (this.shown && !this.worker) this.clear();
    }
    this.start.disabled = scenarios.length === 0 || this.worker !== undefined;
  }

  private clear() {
    this.shown = undefined;
    this.result.replaceChildren();
    this.progress.value = 0;
    this.progressText.textContent = "";
  }

  private scenarioChanged() {
    this.seed.value = this.host.scenarios().find((s) => s.path === this.scenario.value)?.seed ?? "1";
  }

  private width(): number {
    return Math.max(240, this.result.clientWidth - 4);
  }

  private async simulate() {
    const n = Number(this.runs.value);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
      this.result.replaceChildren(el("pre", { class: "error-text" }, "runs must be a whole number from 1 to 1000000"));
      return;
    }
    const seed = this.seed.value.trim() || "1";
    const path = this.scenario.value;
    this.stop();
    this.clear();
    this.start.disabled = true;
    this.cancel.disabled = false;
    const mods = this.host.mods?.() ?? [];
    const edited = await this.run({ files: this.host.files(), path, seed, n, mods }, this.compare.checked ? "your rules: " : "");
    if (!edited) return;
    let original: Done | undefined;
    if (this.compare.checked && !edited.error) {
      original = await this.run({ files: this.host.original(), path, seed, n, mods }, "bundled rules: ");
      if (!original) return;
    }
    this.finish();
    const error = edited.error ?? (original?.error ? `the bundled rules: ${original.error}` : undefined);
    this.shown = { edited, ...(original && !original.error ? { original } : {}), ...(error ? { error } : {}) };
    this.draw();
    this.result.dataset["done"] = String(Number(this.result.dataset["done"] ?? 0) + 1);
  }

  /** One simulation on fresh workers; undefined when it was cancelled or a worker failed. */
  private async run(job: SimulationJob, label: string): Promise<Done | undefined> {
    this.progress.value = 0;
    this.progressText.textContent = `${label}0 / ${job.n}`;
    const workers = workerCount();
    this.result.dataset["workers"] = String(workers);
    const pool = simulateOnWorkers(job, workers, {
      progress: (done) => {
        this.progress.value = done / job.n;
        this.progressText.textContent = `${label}${done} / ${job.n}`;
      },
      failed: (message) => this.stop(message),
    });
    this.worker = pool;
    const merged = await pool.result;
    return merged && { ...merged, seed: job.seed };
  }

  private draw() {
    const s = this.shown;
    if (!s) return;
    const width = this.width();
    this.drawnWidth = width;
    this.result.replaceChildren();
    if (s.error) this.result.append(el("pre", { class: "error-text" }, s.error));
    if (s.edited.runs === 0) return;
    if (s.original) this.result.append(comparison(s.original, s.edited));
    const { numeric } = s.edited;
    this.result.append(numeric ? memberHistograms({ ...s.edited, numeric }, width) : outcomeBars(s.edited, width));
  }

  private finish() {
    this.worker?.cancel();
    this.worker = undefined;
    this.start.disabled = false;
    this.cancel.disabled = true;
  }

  private stop(message?: string) {
    if (!this.worker) return;
    this.finish();
    if (message) this.result.replaceChildren(el("div", { class: "notice" }, message));
  }
}
