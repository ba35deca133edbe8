// The Run panel: pick an example or a scenario of the current game system, set the seed, run, and read
// the outcome and the trace. When the rules ask a question (`choose`) the panel asks the user, then
// re-runs with the answers so far: same seed, same answers, so the run replays exactly up to the next
// question.
import type { ExampleInfo, ExampleVerdict, Outline, PendingChoice, RunReply, ScenarioInfo, ScenarioResult, ExampleRun } from "./protocol.ts";
import type { RunClient } from "./run-client.ts";
import type { SourceSpan } from "./editor.ts";
import { renderTrace, spanLink } from "./trace-view.ts";
import { el } from "./dom.ts";
import { BoardView } from "./board.ts";

export interface RunPanelHost {
  files(): Record<string, string>;
  system(): string;
  select(span: SourceSpan): boolean;
}

type Target = { kind: "example"; example: ExampleInfo } | { kind: "scenario"; scenario: ScenarioInfo };

export class RunPanel {
  private outline: Outline = { examples: [], scenarios: [] };
  private targets = new Map<string, Target>();
  private readonly select = el("select", { id: "run-target", "aria-label": "example or scenario to run" });
  private readonly seed = el("input", { id: "run-seed", type: "text", size: "8", "aria-label": "seed" });
  private readonly filter = el("input", { id: "run-filter", type: "search", placeholder: "find an example or scenario", "aria-label": "find an example or scenario to run" });
  // Off by default: a first Run shows a result (the scenario's choices, then the first option), not a question.
  private readonly ask = el("input", { id: "run-ask", type: "checkbox" });
  private readonly runButton = el("button", { id: "run-button", class: "primary" }, "Run");
  private readonly status = el("div", { id: "run-status", role: "status" });
  private readonly details = el("div", { id: "run-details" });
  private readonly question = el("div", { id: "run-question" });
  private readonly trace = el("ol", { id: "trace", class: "trace" });
  private running = false;
  private board: BoardView | undefined;
  /** The answers given so far in the current scenario run. */
  private answers: number[] = [];
  private lastSystem = "";
  /** Changes and refreshes since the page started, and runs finished: page state the browser tests wait on. */
  private edits = 0;
  private finished = 0;

  constructor(
    container: HTMLElement,
    private readonly client: RunClient,
    private readonly host: RunPanelHost,
  ) {
    container.append(
      el(
        "div",
        { class: "controls" },
        el("div", { class: "run-filter" }, this.filter),
        el("label", { class: "wide" }, "Run ", this.select),
        el("label", { title: "Scenarios roll from this seed; examples use their title as the seed, as `rulesmith test` does" }, "seed ", this.seed),
        el("label", { title: "Ask me when the rules make a choice; otherwise the scenario's choices, then the first option" }, this.ask, " ask me at choices"),
        this.runButton,
      ),
      this.status,
      this.question,
      this.details,
      this.trace,
    );
    this.select.addEventListener("change", () => this.targetChanged());
    // A trace line that names hexes or pieces lights them up on the board.
    // On the board's step view, it moves the board to that line's step.
    this.trace.addEventListener("trace-select", (e) => {
      const { index, entry } = (e as CustomEvent<{ index: number; entry: { message: string } }>).detail;
      this.board?.selectLine(index, entry.message);
    });
    this.filter.addEventListener("input", () => this.applyFilter());
    this.runButton.addEventListener("click", () => (this.running ? this.stop() : void this.run()));
  }

  /** Called when the outline changes (the ▶ lenses follow it). */
  onOutline: () => void = () => undefined;

  /**
   * The files changed: the list is stale until a refresh that read them answers. `#run-target` says
   * which (`data-outline="stale"` or `"current"`), so a test selects and runs only from a current list.
   */
  markStale() {
    this.edits++;
    this.select.dataset["outline"] = "stale";
  }

  /** Re-reads the examples and scenarios after edits or when the current game system changes. */
  async refresh() {
    // Stale from now (another game system's list, say) until this refresh or a later one answers.
    this.markStale();
    const edits = this.edits;
    try {
      await this.readOutline();
    } finally {
      if (edits === this.edits) this.select.dataset["outline"] = "current";
    }
  }

  private async readOutline() {
    const system = this.host.system();
    const reply = await this.client.request({ type: "outline", files: this.host.files(), system });
    if (reply.type === "error") {
      if (reply.message !== "stopped") this.showError(reply.message);
      return;
    }
    if (reply.type !== "outline") return;
    // Another game system's result is not this one's: it goes when the panel follows the new system.
    if (system !== this.lastSystem) this.clear();
    const previous = this.select.value;
    this.outline = reply.outline;
    this.targets.clear();
    this.select.replaceChildren();
    const byFile = new Map<string, ExampleInfo[]>();
    for (const ex of this.outline.examples) byFile.set(ex.file, [...(byFile.get(ex.file) ?? []), ex]);
    if (this.outline.scenarios.length) {
      const group = el("optgroup", { label: "Scenarios" });
      for (const s of this.outline.scenarios) {
        const key = `scenario:${s.path}`;
        this.targets.set(key, { kind: "scenario", scenario: s });
        // "?": the file is not JSON or names no function; the scenario's own problems say why.
        group.append(el("option", { value: key }, `${s.path.split("/").pop()} ${s.run === "?" ? "(does not load: open it to see its problems)" : `(runs ${s.run})`}`));
      }
      this.select.append(group);
    }
    for (const [file, examples] of byFile) {
      const group = el("optgroup", { label: `Examples in ${file.split("/").pop()}` });
      for (const ex of examples) {
        const key = `example:${ex.title}`;
        this.targets.set(key, { kind: "example", example: ex });
        group.append(el("option", { value: key }, ex.title));
      }
      this.select.append(group);
    }
    if (this.targets.has(previous)) this.select.value = previous;
    this.applyFilter();
    if (system !== this.lastSystem || !this.targets.has(previous)) this.targetChanged();
    this.lastSystem = system;
    if (this.outline.blocked) this.showError(this.outline.blocked);
    else if (this.status.classList.contains("blocked")) this.clear();
    this.runButton.disabled = this.targets.size === 0 && !this.running;
    this.onOutline();
  }

  /** Shows only the targets whose name (or file) has the filter's words; groups left empty are hidden. */
  private applyFilter() {
    const words = this.filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const group of Array.from(this.select.querySelectorAll("optgroup"))) {
      let shown = 0;
      for (const option of Array.from(group.querySelectorAll("option"))) {
        const haystack = `${group.label} ${option.textContent}`.toLowerCase();
        option.hidden = !words.every((w) => haystack.includes(w));
        if (!option.hidden) shown++;
      }
      group.hidden = shown === 0;
    }
    const selected = this.select.selectedOptions[0];
    if (selected?.hidden) {
      const first = Array.from(this.select.options).find((o) => !o.hidden);
      if (first) {
        this.select.value = first.value;
        this.targetChanged();
      }
    }
    this.select.dataset["shown"] = String(Array.from(this.select.options).filter((o) => !o.hidden).length);
  }

  private targetChanged() {
    const t = this.targets.get(this.select.value);
    this.seed.disabled = t?.kind !== "scenario";
    this.ask.disabled = t?.kind !== "scenario";
    if (t?.kind === "scenario") this.seed.value = t.scenario.seed;
    else this.seed.value = "";
    this.seed.placeholder = t?.kind === "example" ? "(title)" : "";
  }

  private clear() {
    this.status.className = "";
    this.status.replaceChildren();
    this.details.replaceChildren();
    this.question.replaceChildren();
    this.trace.replaceChildren();
    this.board = undefined;
  }

  private showError(message: string) {
    this.clear();
    this.status.className = "blocked";
    this.status.append(el("pre", { class: "error-text" }, message));
  }

  private setRunning(running: boolean) {
    this.running = running;
    this.runButton.textContent = running ? "Stop" : "Run";
    this.runButton.classList.toggle("primary", !running);
  }

  private stop() {
    this.client.stop();
    // The outline request queued behind the run was stopped with it.
    void this.refresh();
  }

  async run(fresh = true) {
    const target = this.targets.get(this.select.value);
    if (!target) return;
    if (fresh) this.answers = [];
    this.clear();
    this.status.textContent = "running…";
    this.setRunning(true);
    let reply: RunReply;
    try {
      reply =
        target.kind === "example"
          ? await this.client.request({ type: "example", files: this.host.files(), system: this.host.system(), title: target.example.title })
          : await this.client.request({ type: "scenario", files: this.host.files(), path: target.scenario.path, seed: this.seed.value.trim() || "1", answers: this.answers, ask: this.ask.checked });
    } finally {
      this.setRunning(false);
    }
    this.clear();
    if (reply.type === "error") this.showError(reply.message === "stopped" ? "stopped before it finished" : reply.message);
    else if (reply.type === "example") this.showExample(reply.run);
    else if (reply.type === "scenario") this.showScenario(reply.run);
    this.done();
    // Refresh the outline after the run, never concurrently with it: the worker answers one at a time.
  }

  /** The examples of a file in the current outline: for the ▶ above each one. */
  examplesIn(file: string): ExampleInfo[] {
    return this.outline.examples.filter((e) => e.file === file);
  }

  /** The scenario a question about this run is asked of: the one chosen, else the system's first; with the seed shown. */
  scenarioToAsk(): { path: string; seed: string } | undefined {
    const t = this.targets.get(this.select.value);
    if (t?.kind === "scenario") return { path: t.scenario.path, seed: this.seed.value.trim() || t.scenario.seed };
    const first = this.outline.scenarios[0];
    return first ? { path: first.path, seed: first.seed } : undefined;
  }

  hasScenario(path: string): boolean {
    return this.outline.scenarios.some((s) => s.path === path);
  }

  /** Chooses a target (`example:TITLE` or `scenario:PATH`) in the list and runs it. */
  async runTarget(key: string) {
    if (!this.targets.has(key) || this.running) return;
    this.filter.value = "";
    this.applyFilter();
    this.select.value = key;
    this.targetChanged();
    await this.run();
  }

  /** Runs every example of `file`, as `rulesmith test FILE` does, and lists each with a link to it. */
  async runFile(file: string) {
    if (this.running) return;
    this.clear();
    this.status.textContent = "running…";
    this.setRunning(true);
    let reply: RunReply;
    try {
      reply = await this.client.request({ type: "file-examples", files: this.host.files(), system: this.host.system(), file });
    } finally {
      this.setRunning(false);
    }
    this.clear();
    if (reply.type === "error") this.showError(reply.message === "stopped" ? "stopped before it finished" : reply.message);
    else if (reply.type === "file-examples") this.showVerdicts(file, reply.verdicts);
    this.done();
  }

  /** A run's output is shown: `#run-status[data-done]` counts them, for tests to wait on the next. */
  private done() {
    this.status.dataset["done"] = String(++this.finished);
  }

  private showVerdicts(file: string, verdicts: ExampleVerdict[]) {
    const failed = verdicts.filter((v) => !v.passed).length;
    this.status.className = failed ? "failed" : "passed";
    this.status.append(el("strong", {}, `${verdicts.length - failed} passed, ${failed} failed`), ` in ${file.split("/").pop()}`);
    const list = el("ul", { id: "example-results", class: "example-results" });
    for (const v of verdicts) {
      const link = el("a", { href: "#", class: "span-link" }, `${v.passed ? "✔" : "✘"} ${v.title}`);
      link.addEventListener("click", (e) => {
        e.preventDefault();
        this.host.select({ file, line: v.line, col: 1, endLine: v.line, endCol: 1 });
      });
      list.append(el("li", { class: v.passed ? "passed" : "failed", "data-title": v.title }, link, ...(v.failure ? [el("div", { class: "error-text" }, v.failure)] : [])));
    }
    this.details.append(list);
  }

  private showExample(run: ExampleRun) {
    this.status.className = run.passed ? "passed" : "failed";
    this.status.append(el("strong", {}, run.passed ? "✔ passed" : "✘ failed"), ` ${run.title}`);
    if (run.failure) {
      const f = run.failure;
      const box = el("div", { class: "failure" });
      const expected = /^\s*expected: (.*)$/m.exec(f.message);
      const actual = /^\s*actual:\s+(.*)$/m.exec(f.message);
      box.append(el("pre", { class: "error-text" }, `${f.code ? `error[${f.code}]: ` : ""}${f.message.split("\n")[0]}`));
      if (expected && actual) {
        box.append(
          el("table", { class: "expected-actual" }, el("tr", {}, el("th", {}, "expected"), el("td", { class: "expected" }, expected[1]!)), el("tr", {}, el("th", {}, "actual"), el("td", { class: "actual" }, actual[1]!))),
        );
      } else if (f.message.includes("\n")) box.append(el("pre", { class: "error-text" }, f.message.split("\n").slice(1).join("\n")));
      if (f.span) box.append(el("div", {}, "at ", spanLink(f.span, this.host.select)));
      this.details.append(box);
    }
    renderTrace(this.trace, run.trace, this.host.select, !run.passed);
  }

  private showScenario(run: ScenarioResult) {
    if (run.pending) {
      this.status.className = "asking";
      this.status.append(el("strong", {}, "waiting for your choice"), ` (seed ${run.seed})`);
      this.showQuestion(run.pending);
    } else if (run.error) {
      this.status.className = "failed";
      this.status.append(el("pre", { class: "error-text" }, run.error));
      if (run.errorSpan) this.status.append(el("div", {}, "at ", spanLink(run.errorSpan, this.host.select)));
    } else {
      this.status.className = "passed";
      this.status.append(el("strong", {}, `result: ${run.resultText ?? "(none)"}`), ` (seed ${run.seed}${this.answers.length ? `, ${this.answers.length} choice(s) yours` : ""})`);
      if (run.state !== undefined) this.details.append(el("details", { class: "final-state" }, el("summary", {}, "final state"), el("pre", {}, JSON.stringify(run.state, null, 2))));
    }
    if (run.board) {
      this.board = new BoardView(run.board, run.trace);
      this.details.append(this.board.element);
    }
    renderTrace(this.trace, run.trace, this.host.select, Boolean(run.error || run.pending));
  }

  private showQuestion(p: PendingChoice) {
    const options = el("div", { class: "choice-options" });
    p.options.forEach((label, i) =>
      options.append(
        el("button", { class: "choice-option", "data-index": String(i), onclick: () => this.answer(i) }, label),
      ),
    );
    this.question.append(el("div", { class: "question" }, el("strong", {}, p.question), " ", spanLink(p.span, this.host.select)), options);
  }

  private answer(index: number) {
    this.answers = [...this.answers, index];
    void this.run(false);
  }
}
