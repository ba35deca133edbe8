// The square battlefield as SVG: the grid around the pieces (x east, y south, as std/square counts),
// each piece's footprint (its size by size squares) with its label. A trace line that names squares
// (`Square(x: 2, y: 9)`, an area of effect's list of them) or spaces (`Space(corner: .., size: 2)`,
// every square of the block) lights those squares, drawn over the grid even where it has no cell.
import { escapeControls } from "../src/api/report.ts";
import type { SquareBoard, SquarePiece } from "./board-squares-model.ts";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 24;
/** Squares of grid drawn beyond the pieces, so an area next to them has cells to light. */
const MARGIN = 2;
/** A trace line naming more squares than this lights only the first ones. */
const MAX_LIT = 10_000;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  // Labels are the state's names: controls shown as escapes, as everywhere in the page.
  if (text !== undefined) node.textContent = escapeControls(text);
  return node;
}

export function drawSquareBoard(board: SquareBoard, which: string): SVGSVGElement {
  const xs = board.pieces.flatMap((p) => [p.x, p.x + p.size - 1]);
  const ys = board.pieces.flatMap((p) => [p.y, p.y + p.size - 1]);
  const [x0, x1, y0, y1] = [Math.min(...xs) - MARGIN, Math.max(...xs) + MARGIN, Math.min(...ys) - MARGIN, Math.max(...ys) + MARGIN];
  const box = svg("svg", {
    viewBox: `${x0 * CELL - 4} ${y0 * CELL - 4} ${(x1 - x0 + 1) * CELL + 8} ${(y1 - y0 + 1) * CELL + 8}`,
    class: "board-svg board-squares",
    role: "img",
    "aria-label": `the board, ${which}: ${board.pieces.length} piece(s)`,
    "data-which": which,
  });
  // Bounded: a grid too large to draw cell by cell is drawn as its pieces only.
  if ((x1 - x0 + 1) * (y1 - y0 + 1) <= 20_000) {
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const cell = svg("rect", { x: x * CELL, y: y * CELL, width: CELL, height: CELL, class: "board-square", "data-x": x, "data-y": y });
        cell.append(svg("title", {}, `${board.coordinate}(x: ${x}, y: ${y})`));
        box.append(cell);
      }
    }
  }
  for (const p of board.pieces) box.append(drawPiece(p, board));
  // Over the pieces, translucent: an area shows where it covers a footprint.
  box.append(svg("g", { class: "board-lit" }));
  return box;
}

function drawPiece(p: SquarePiece, board: SquareBoard): SVGGElement {
  const g = svg("g", { class: "board-piece", "data-label": p.label, "data-x": p.x, "data-y": p.y, "data-size": p.size, "data-path": p.path });
  g.append(svg("title", {}, `${p.label} (${p.kind}) at ${board.space}(corner: ${board.coordinate}(x: ${p.x}, y: ${p.y}), size: ${p.size})`));
  g.append(svg("rect", { x: p.x * CELL + 2, y: p.y * CELL + 2, width: p.size * CELL - 4, height: p.size * CELL - 4, rx: 3 }));
  const room = 4 * p.size;
  const short = p.label.length > room ? `${p.label.slice(0, room - 1)}…` : p.label;
  g.append(svg("text", { x: (p.x + p.size / 2) * CELL, y: (p.y + p.size / 2) * CELL + 2.5, "text-anchor": "middle" }, short));
  return g;
}

/** The squares a trace line names, as `x,y`: each `Square(x: .., y: ..)`, and every square of each `Space`. */
export function squaresNamed(message: string, board: { coordinate: string; space: string }): Set<string> {
  const word = (s: string) => s.replace(/[^\w]/g, "");
  const sq = `${word(board.coordinate)}\\(x: (-?\\d+), y: (-?\\d+)\\)`;
  const out = new Set<string>();
  const spaces = new RegExp(`\\b${word(board.space)}\\(corner: ${sq}, size: (\\d+)\\)`, "g");
  let rest = message;
  for (const m of message.matchAll(spaces)) {
    const [x, y, size] = [Number(m[1]), Number(m[2]), Math.min(Number(m[3]), 100)];
    for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) if (out.size < MAX_LIT) out.add(`${x + dx},${y + dy}`);
    rest = rest.replace(m[0], "");
  }
  for (const m of rest.matchAll(new RegExp(`\\b${sq}`, "g"))) if (out.size < MAX_LIT) out.add(`${m[1]},${m[2]}`);
  return out;
}

/** Lights the named squares on one view: a marked overlay square each, and the pieces standing on them. */
export function highlightSquares(view: SVGSVGElement, message: string, board: SquareBoard) {
  const lit = view.querySelector(".board-lit");
  if (!lit) return;
  const named = squaresNamed(message, board);
  lit.replaceChildren(
    ...[...named].map((k) => {
      const [x, y] = k.split(",").map(Number) as [number, number];
      return svg("rect", { x: x * CELL, y: y * CELL, width: CELL, height: CELL, class: "board-square-lit highlight", "data-x": x, "data-y": y });
    }),
  );
  for (const piece of Array.from(view.querySelectorAll<SVGElement>(".board-piece"))) if (message.includes(`"${piece.dataset["label"]}"`)) piece.classList.add("highlight");
}
