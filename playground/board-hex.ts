// The hex battlefield as SVG: the map's hexes (pointy-topped, in the axial coordinates of std/hex, odd
// rows shifted half a hex east as HexMap lays them out), impassable hexes shaded, and each piece in its
// side's colour with its short label and a pointer for its facing.
import type { HexAt, HexBoard, Piece } from "./board-model.ts";
import { boardRoot, deadMark, pieceGroup, pieceLabel, svg } from "./board-svg.ts";

const SIZE = 20;
const SQRT3 = Math.sqrt(3);
/** Sides counterclockwise from east, as std/hex's HexDir lists them. */
const SIDES = ["east", "northeast", "northwest", "west", "southwest", "southeast"];

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

export const hexKey = (h: HexAt) => `${h.q},${h.r}`;

/** `frame`: the board whose hexes to draw (all the steps of a run, so a map-less board does not move as they change). */
export function drawHexBoard(board: HexBoard, which: string, sides: readonly string[], frame: HexBoard = board): SVGSVGElement {
  const hexes = new Map<string, HexAt>();
  for (const h of board.map ? mapHexes(board.map.cols, board.map.rows) : []) hexes.set(hexKey(h), h);
  for (const p of [...board.pieces, ...frame.pieces]) if (!hexes.has(hexKey(p.at))) hexes.set(hexKey(p.at), p.at);
  const blocked = new Set((board.map?.impassable ?? []).map(hexKey));
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
  const box = boardRoot(`${minX.toFixed(1)} ${minY.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`, "", which, board.pieces.length);
  for (const hex of hexes.values()) {
    const cell = svg("polygon", { points: corners(hex), class: `board-hex${blocked.has(hexKey(hex)) ? " impassable" : ""}`, "data-q": hex.q, "data-r": hex.r });
    cell.append(svg("title", {}, `${board.coordinate}(q: ${hex.q}, r: ${hex.r})${blocked.has(hexKey(hex)) ? ", impassable" : ""}`));
    box.append(cell);
  }
  // The dead first, so the living stand over them.
  for (const p of [...board.pieces].sort((a, b) => Number(b.dead ?? false) - Number(a.dead ?? false))) box.append(drawPiece(p, board.coordinate, sides));
  return box;
}

function drawPiece(p: Piece, coordinate: string, sides: readonly string[]): SVGGElement {
  const [x, y] = centre(p.at);
  const facing = p.facing ? `, facing ${p.facing.vertex ? "the vertex after " : ""}${p.facing.toward}` : "";
  const g = pieceGroup(p, sides, `at ${coordinate}(q: ${p.at.q}, r: ${p.at.r})${facing}`, { "data-q": p.at.q, "data-r": p.at.r });
  g.append(svg("circle", { cx: x, cy: y, r: SIZE * 0.55 }));
  if (p.facing) {
    const side = SIDES.indexOf(p.facing.toward);
    if (side >= 0) {
      const a = ((side * 60 + (p.facing.vertex ? 30 : 0)) * Math.PI) / 180;
      const [dx, dy] = [Math.cos(a), -Math.sin(a)];
      g.append(svg("line", { x1: x + dx * SIZE * 0.55, y1: y + dy * SIZE * 0.55, x2: x + dx * SIZE * 0.95, y2: y + dy * SIZE * 0.95, class: "board-facing", "data-facing": `${p.facing.toward}${p.facing.vertex ? "+vertex" : ""}` }));
    }
  }
  if (p.dead) g.append(deadMark(x, y, SIZE * 0.4));
  g.append(pieceLabel(p, x, y));
  return g;
}

/** Lights the hexes a trace line names (`Hex(q: 1, r: 2)`). */
export function highlightHexes(view: SVGSVGElement, message: string, coordinate: string) {
  const hexes = new Set<string>();
  const pattern = new RegExp(`\\b${coordinate.replace(/[^\w]/g, "")}\\(q: (-?\\d+), r: (-?\\d+)\\)`, "g");
  for (const m of message.matchAll(pattern)) hexes.add(`${m[1]},${m[2]}`);
  for (const cell of Array.from(view.querySelectorAll<SVGElement>(".board-hex"))) if (hexes.has(`${cell.dataset["q"]},${cell.dataset["r"]}`)) cell.classList.add("highlight");
}
