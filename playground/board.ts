// The battlefield as SVG: the map's hexes (pointy-topped, in the axial coordinates of std/hex, odd rows
// shifted half a hex east as HexMap lays them out), impassable hexes shaded, and each piece with its
// label and a pointer for its facing. Two views, the starting state and the state after the run; a
// trace line that names hexes or pieces highlights them.
import { escapeControls } from "../src/api/report.ts";
import type { Board, HexAt, HexBoard, Piece } from "./board-model.ts";
import { drawSquareBoard, highlightSquares } from "./board-squares.ts";
import { el } from "./dom.ts";

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 20;
const SQRT3 = Math.sqrt(3);
/** Sides counterclockwise from east, as std/hex's HexDir lists them. */
const SIDES = ["east", "northeast", "northwest", "west", "southwest", "southeast"];

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  // Labels are the state's names: controls shown as escapes, as everywhere in the page.
  if (text !== undefined) node.textContent = escapeControls(text);
  return node;
}

function centre(h: HexAt): [number, number] {
  return [SIZE * SQRT3 * (h.q + h.r / 2), SIZE * 1.5 * h.r];
}

function corners(h: HexAt): string {
  const [x, y] = centre(h);
  return Array.from({ length: 6 }, (_, i) => {
    const a = ((60 * i - 30) * Math.PI) / 180;
    return `${(x + SIZE * Math.cos(a)).toFixed(2)},${(y + SIZE * Math.sin(a)).toFixed(2)}`;
  }).join(" ");
}

/** The map's hexes, row by row: `cols` per row, odd rows shifted half a hex east. */
function mapHexes(cols: number, rows: number): HexAt[] {
  const out: HexAt[] = [];
  // Bounded: a map too large to draw is drawn only where its pieces are.
  if (cols * rows > 20_000) return out;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push({ q: c - Math.floor(r / 2), r });
  return out;
}

const key = (h: HexAt) => `${h.q},${h.r}`;

function drawBoard(board: HexBoard, which: string): SVGSVGElement {
  const hexes = new Map<string, HexAt>();
  for (const h of board.map ? mapHexes(board.map.cols, board.map.rows) : []) hexes.set(key(h), h);
  for (const p of board.pieces) if (!hexes.has(key(p.at))) hexes.set(key(p.at), p.at);
  const blocked = new Set((board.map?.impassable ?? []).map(key));
  const xs: number[] = [];
  const ys: number[] = [];
  for (const h of hexes.values()) {
    const [x, y] = centre(h);
    xs.push(x);
    ys.push(y);
  }
  const pad = SIZE * 1.2;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const w = Math.max(...xs) - minX + pad;
  const h = Math.max(...ys) - minY + pad;
  const box = svg("svg", { viewBox: `${minX.toFixed(1)} ${minY.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`, class: "board-svg", role: "img", "aria-label": `the board, ${which}: ${board.pieces.length} piece(s)`, "data-which": which });
  for (const hex of hexes.values()) {
    const cell = svg("polygon", { points: corners(hex), class: `board-hex${blocked.has(key(hex)) ? " impassable" : ""}`, "data-q": hex.q, "data-r": hex.r });
    cell.append(svg("title", {}, `${board.coordinate}(q: ${hex.q}, r: ${hex.r})${blocked.has(key(hex)) ? ", impassable" : ""}`));
    box.append(cell);
  }
  for (const p of board.pieces) box.append(drawPiece(p, board.coordinate));
  return box;
}

function drawPiece(p: Piece, coordinate: string): SVGGElement {
  const [x, y] = centre(p.at);
  const g = svg("g", { class: "board-piece", "data-label": p.label, "data-q": p.at.q, "data-r": p.at.r, "data-path": p.path });
  g.append(svg("title", {}, `${p.label} (${p.kind}) at ${coordinate}(q: ${p.at.q}, r: ${p.at.r})${p.facing ? `, facing ${p.facing.vertex ? "the vertex after " : ""}${p.facing.toward}` : ""}`));
  g.append(svg("circle", { cx: x, cy: y, r: SIZE * 0.55 }));
  if (p.facing) {
    const side = SIDES.indexOf(p.facing.toward);
    if (side >= 0) {
      const a = ((side * 60 + (p.facing.vertex ? 30 : 0)) * Math.PI) / 180;
      const [dx, dy] = [Math.cos(a), -Math.sin(a)];
      g.append(svg("line", { x1: x + dx * SIZE * 0.55, y1: y + dy * SIZE * 0.55, x2: x + dx * SIZE * 0.95, y2: y + dy * SIZE * 0.95, class: "board-facing", "data-facing": `${p.facing.toward}${p.facing.vertex ? "+vertex" : ""}` }));
    }
  }
  const short = p.label.length > 6 ? `${p.label.slice(0, 5)}…` : p.label;
  g.append(svg("text", { x, y: y + 3.5, "text-anchor": "middle" }, short));
  return g;
}

export class BoardView {
  readonly element = el("div", { class: "board", id: "board" });
  private readonly views: Record<string, SVGSVGElement> = {};
  private coordinate = "Hex";
  private readonly boards: Record<string, Board> = {};

  constructor(boards: { before?: Board; after?: Board }) {
    const buttons = el("div", { class: "board-switch", role: "group", "aria-label": "which state the board shows" });
    const body = el("div", { class: "board-body" });
    const show = (which: string) => {
      for (const b of Array.from(buttons.querySelectorAll("button"))) b.setAttribute("aria-pressed", String(b.dataset["which"] === which));
      body.replaceChildren(this.views[which]! as unknown as Node);
      this.element.dataset["showing"] = which;
    };
    for (const [which, label] of [
      ["before", "start"],
      ["after", "after the run"],
    ] as const) {
      const board = boards[which];
      if (!board) continue;
      this.coordinate = board.coordinate;
      this.boards[which] = board;
      this.views[which] = board.grid === "square" ? drawSquareBoard(board, label) : drawBoard(board, label);
      buttons.append(el("button", { "data-which": which, id: `board-${which}`, onclick: () => show(which) }, `Board: ${label}`));
    }
    this.element.append(buttons, body);
    show(boards.after ? "after" : "before");
  }

  /** Highlights the hexes (`Hex(q: 1, r: 2)`) or squares (`Square(x: 1, y: 2)`) and the pieces (`"Trolls"`) a trace line names. */
  highlight(message: string) {
    for (const n of Array.from(this.element.querySelectorAll(".highlight"))) n.classList.remove("highlight");
    const hexes = new Set<string>();
    const pattern = new RegExp(`\\b${this.coordinate.replace(/[^\w]/g, "")}\\(q: (-?\\d+), r: (-?\\d+)\\)`, "g");
    for (const m of message.matchAll(pattern)) hexes.add(`${m[1]},${m[2]}`);
    for (const [which, svgView] of Object.entries(this.views)) {
      const board = this.boards[which];
      if (board?.grid === "square") {
        highlightSquares(svgView, message, board);
        continue;
      }
      for (const cell of Array.from(svgView.querySelectorAll<SVGElement>(".board-hex"))) if (hexes.has(`${cell.dataset["q"]},${cell.dataset["r"]}`)) cell.classList.add("highlight");
      for (const piece of Array.from(svgView.querySelectorAll<SVGElement>(".board-piece"))) if (message.includes(`"${piece.dataset["label"]}"`)) piece.classList.add("highlight");
    }
    this.element.dataset["highlighted"] = String(this.element.querySelectorAll(`[data-which="${this.element.dataset["showing"] === "after" ? "after the run" : "start"}"] .highlight`).length);
  }
}
