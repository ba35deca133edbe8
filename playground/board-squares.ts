// The square battlefield as SVG: the grid around the pieces (x east, y south, as std/square counts),
// each piece's footprint (its size by size squares) with its label. A trace line that names squares
// (`Square(x: 2, y: 9)`, an area of effect's list of them) or spaces (`Space(corner: .., size: 2)`,
// every square of the block) lights those squares, drawn over the grid even where it has no cell.
import type { SquareBoard, SquarePiece } from "./board-squares-model.ts";
import { boardRoot, deadMark, pieceGroup, pieceLabel, svg } from "./board-svg.ts";

const CELL = 24;
/** Squares of grid drawn beyond the pieces, so an area next to them has cells to light. */
const MARGIN = 2;
/** A trace line naming more squares than this lights only the first ones. */
const MAX_LIT = 10_000;

/** `frame`: the board whose extent to draw (all the steps of a run, so the grid does not move as they change). */
export function drawSquareBoard(board: SquareBoard, which: string, sides: readonly string[] = [], frame: SquareBoard = board): SVGSVGElement {
  const xs = frame.pieces.flatMap((p) => [p.x, p.x + p.size - 1]);
  const ys = frame.pieces.flatMap((p) => [p.y, p.y + p.size - 1]);
  const [x0, x1, y0, y1] = [Math.min(...xs) - MARGIN, Math.max(...xs) + MARGIN, Math.min(...ys) - MARGIN, Math.max(...ys) + MARGIN];
  const box = boardRoot(`${x0 * CELL - 4} ${y0 * CELL - 4} ${(x1 - x0 + 1) * CELL + 8} ${(y1 - y0 + 1) * CELL + 8}`, "board-squares", which, board.pieces.length);
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
  // The dead first, so the living stand over them.
  for (const p of [...board.pieces].sort((a, b) => Number(b.dead ?? false) - Number(a.dead ?? false))) box.append(drawPiece(p, board, sides));
  // Over the pieces, translucent: an area shows where it covers a footprint.
  box.append(svg("g", { class: "board-lit" }));
  return box;
}

function drawPiece(p: SquarePiece, board: SquareBoard, sides: readonly string[]): SVGGElement {
  const g = pieceGroup(p, sides, `at ${board.space}(corner: ${board.coordinate}(x: ${p.x}, y: ${p.y}), size: ${p.size})`, { "data-x": p.x, "data-y": p.y, "data-size": p.size });
  g.append(svg("rect", { x: p.x * CELL + 2, y: p.y * CELL + 2, width: p.size * CELL - 4, height: p.size * CELL - 4, rx: 3 }));
  const [cx, cy] = [(p.x + p.size / 2) * CELL, (p.y + p.size / 2) * CELL];
  if (p.dead) g.append(deadMark(cx, cy, (p.size * CELL) / 2 - 4));
  g.append(pieceLabel(p, cx, cy));
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
