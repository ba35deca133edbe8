// The battlefield beside the trace: the starting state, the state after the run, and, when the run
// worker followed the trace (board-steps.ts), every step between, walked with a slider and step
// buttons; the pieces move, change and die as the run goes. Each side has its colour, named in a
// legend; labels are short and drawn at a fixed size on screen, the full name in the caption when a
// piece is hovered or focused. A trace line that names hexes, squares, templates or pieces lights them.
import { escapeControls } from "../src/api/report.ts";
import type { TraceEntry } from "../src/api.ts";
import type { Board } from "./board-model.ts";
import { drawHexBoard, highlightHexes } from "./board-hex.ts";
import { templatesNamed } from "./board-plane-model.ts";
import { drawPlaneBoard, drawTemplate } from "./board-plane.ts";
import { drawSquareBoard, highlightSquares } from "./board-squares.ts";
import { boardAt, followTrace, sidesOf, type BoardTimeline, type StepBoard } from "./board-steps.ts";
import { el } from "./dom.ts";

/** Labels are drawn this many CSS pixels high whatever the board's scale. */
const LABEL_PX = 11;
const CAPTION_HINT = "Hover over or focus a piece (Tab) for its full name.";

type Which = "before" | "after" | "step";

function draw(board: Board, label: string, sides: readonly string[], frame?: Board): SVGSVGElement {
  if (board.grid === "square") return drawSquareBoard(board, label, sides, frame?.grid === "square" ? frame : board);
  if (board.grid === "plane") return drawPlaneBoard(board, label, sides, frame?.grid === "plane" ? frame : board);
  return drawHexBoard(board, label, sides, frame && frame.grid !== "square" && frame.grid !== "plane" ? frame : board);
}

/** Every piece, template and polygon of the boards of one geometry together: the extent the steps are drawn in. */
function extentOf(boards: readonly Board[]): Board | undefined {
  const [first] = boards;
  if (!first || boards.some((b) => b.grid !== first.grid)) return undefined;
  const pieces = boards.flatMap((b) => b.pieces as Board["pieces"][number][]);
  if (first.grid === "plane") return { ...first, pieces: pieces as typeof first.pieces, templates: boards.flatMap((b) => (b.grid === "plane" ? b.templates : [])), terrain: boards.flatMap((b) => (b.grid === "plane" ? b.terrain : [])) };
  return { ...first, pieces } as Board;
}

export class BoardView {
  readonly element = el("div", { class: "board", id: "board" });
  private readonly views: Partial<Record<Which, SVGSVGElement>> = {};
  private readonly boards: Partial<Record<Which, Board>> = {};
  private readonly body = el("div", { class: "board-body" });
  private readonly caption = el("p", { class: "board-caption", id: "board-caption", "aria-live": "polite" }, CAPTION_HINT);
  private readonly buttons = el("div", { class: "board-switch", role: "group", "aria-label": "which state the board shows" });
  private readonly sides: string[];
  private readonly frame: Board | undefined;
  private readonly resolved: StepBoard[] | undefined;
  private readonly steps: number;
  /** The last line the run worker followed, when the run had more (board-timeline.ts). */
  private readonly followed: number | undefined;
  private slider: HTMLInputElement | undefined;
  private stepText: HTMLElement | undefined;
  private step = 0;
  private showing: Which = "after";

  constructor(
    boards: { before?: Board; after?: Board; steps?: BoardTimeline },
    private readonly trace: readonly TraceEntry[] = [],
  ) {
    this.resolved = boards.steps ? followTrace(boards.steps, trace) : undefined;
    this.steps = boards.steps?.steps ?? 0;
    this.followed = boards.steps?.followed;
    const all = [boards.before, ...(this.resolved ?? []).map((r) => r.board), boards.after].filter((b): b is Board => b !== undefined);
    this.sides = [...new Set(all.flatMap(sidesOf))];
    this.frame = this.resolved ? extentOf(all) : undefined;
    for (const [which, label] of [
      ["before", "start"],
      ["after", "after the run"],
    ] as const) {
      const board = boards[which];
      if (!board) continue;
      this.boards[which] = board;
      this.views[which] = draw(board, label, this.sides, this.frame);
      this.buttons.append(el("button", { "data-which": which, id: `board-${which}`, onclick: () => this.show(which) }, `Board: ${label}`));
    }
    this.element.append(this.buttons);
    if (this.resolved) this.element.append(this.stepControls());
    this.element.append(this.body, this.legend(all), this.caption);
    const describe = (e: Event) => {
      const piece = (e.target as Element | null)?.closest?.(".board-piece");
      this.caption.textContent = piece ? (piece.getAttribute("aria-label") ?? "") : CAPTION_HINT;
    };
    this.body.addEventListener("mouseover", describe);
    this.body.addEventListener("focusin", describe);
    // Let go once the board leaves the page (the next run replaces it).
    const resized = new ResizeObserver(() => (this.element.isConnected ? this.sizeLabels() : resized.disconnect()));
    resized.observe(this.body);
    this.show(boards.after ? "after" : "before");
  }

  private stepControls(): HTMLElement {
    const go = (to: number) => this.goTo(to);
    this.slider = el("input", { type: "range", id: "board-step", min: "0", max: String(this.steps), value: "0", step: "1", "aria-label": "step through the trace" }) as HTMLInputElement;
    this.slider.addEventListener("input", () => go(Number(this.slider!.value)));
    this.stepText = el("output", { id: "board-step-text", for: "board-step" });
    return el(
      "div",
      { class: "board-steps", role: "group", "aria-label": "follow the trace" },
      el("button", { id: "board-first", "aria-label": "the start", title: "the start", onclick: () => go(0) }, "|◀"),
      el("button", { id: "board-prev", "aria-label": "one step back", title: "one step back", onclick: () => go(this.step - 1) }, "◀"),
      this.slider,
      el("button", { id: "board-next", "aria-label": "one step on", title: "one step on", onclick: () => go(this.step + 1) }, "▶"),
      el("button", { id: "board-last", "aria-label": "the end", title: "the end", onclick: () => go(this.steps) }, "▶|"),
      this.stepText,
    );
  }

  private legend(boards: readonly Board[]): HTMLElement {
    const legend = el("ul", { class: "board-legend", "aria-label": "legend" });
    this.sides.forEach((side, i) => legend.append(el("li", { "data-side": side }, el("span", { class: `board-swatch side-${i % 6}`, "aria-hidden": "true" }), side)));
    legend.append(el("li", { "data-dead": "true" }, el("span", { class: "board-swatch dead", "aria-hidden": "true" }, "✕"), "dead"));
    if (boards.some((b) => b.grid === "plane")) legend.append(el("li", {}, "ruled every inch (every 6 on a large table); hover a base for its arcs"));
    return legend;
  }

  /** Shows the board at a step of the trace (0, the start, to the number of lines). */
  goTo(step: number) {
    if (!this.resolved) return;
    this.step = Math.max(0, Math.min(this.steps, Math.round(step)));
    const at = boardAt(this.resolved, this.step);
    const line = this.step > 0 ? this.trace[this.step - 1] : undefined;
    this.boards.step = at.board;
    this.views.step = draw(at.board, `step ${this.step}`, this.sides, this.frame);
    this.slider!.value = String(this.step);
    this.slider!.setAttribute("aria-valuetext", `step ${this.step} of ${this.steps}`);
    const text = line ? escapeControls(line.message).slice(0, 160) : "the start";
    const past = this.followed !== undefined && this.step > this.followed ? ` (the board follows the first ${this.followed} lines only)` : "";
    this.stepText!.textContent = `step ${this.step} of ${this.steps}: ${text}${past}`;
    this.element.dataset["step"] = String(this.step);
    this.show("step");
    // The step's own line lights what it names.
    if (line) this.highlight(line.message);
  }

  /** A trace line was selected: on the step view, the board goes to the step that line ends. */
  selectLine(index: number, message: string) {
    if (this.showing === "step") this.goTo(index + 1);
    else this.highlight(message);
  }

  private show(which: Which) {
    const view = this.views[which];
    if (!view) return;
    this.showing = which;
    for (const b of Array.from(this.buttons.querySelectorAll("button"))) b.setAttribute("aria-pressed", String(b.dataset["which"] === which));
    this.body.replaceChildren(view as unknown as Node);
    this.element.dataset["showing"] = which;
    this.sizeLabels();
  }

  /** Labels a fixed size on screen: the board's units per CSS pixel decide their size in its units. */
  private sizeLabels() {
    const view = this.views[this.showing];
    if (!view || !view.isConnected) return;
    const box = view.viewBox.baseVal;
    const rect = view.getBoundingClientRect();
    if (!box || box.width <= 0 || box.height <= 0 || rect.width <= 0 || rect.height <= 0) return;
    const scale = Math.min(rect.width / box.width, rect.height / box.height);
    view.style.setProperty("--label-size", `${(LABEL_PX / scale).toFixed(2)}px`);
    view.style.setProperty("--line-unit", `${(1 / scale).toFixed(3)}px`);
  }

  /** Highlights the hexes (`Hex(q: 1, r: 2)`), squares (`Square(x: 1, y: 2)`), templates and pieces (`"Trolls"`) a trace line names. */
  highlight(message: string) {
    for (const n of Array.from(this.element.querySelectorAll(".highlight"))) n.classList.remove("highlight");
    for (const [which, view] of Object.entries(this.views) as [Which, SVGSVGElement][]) {
      const board = this.boards[which];
      if (!board) continue;
      if (board.grid === "square") highlightSquares(view, message, board);
      else if (board.grid === "plane") {
        view.querySelector(".board-lit")?.replaceChildren(...templatesNamed(message).map((t) => drawTemplate(t, "board-template-lit highlight")));
      } else highlightHexes(view, message, board.coordinate);
      for (const piece of Array.from(view.querySelectorAll<SVGElement>(".board-piece"))) if (message.includes(`"${piece.dataset["label"]}"`)) piece.classList.add("highlight");
    }
    const shown = this.views[this.showing];
    this.element.dataset["highlighted"] = String(shown ? shown.querySelectorAll(".highlight").length : 0);
  }
}
