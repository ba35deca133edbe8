// What the three board drawings share: making SVG nodes, and a piece's group (its side's colour, dead
// or alive, its full description as its accessible name and title, focusable so the caption can show
// it). board-hex.ts, board-squares.ts and board-plane.ts draw what is inside.
import { escapeControls } from "../src/api/report.ts";
import { shortLabel } from "./board-sides.ts";

const SVG = "http://www.w3.org/2000/svg";

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  // Labels are the state's names: controls shown as escapes, as everywhere in the page.
  if (text !== undefined) node.textContent = escapeControls(text);
  return node;
}

/** The board's root: a group (its pieces are focusable, so not one image), labelled for a screen reader. */
export function boardRoot(viewBox: string, className: string, which: string, pieces: number): SVGSVGElement {
  return svg("svg", { viewBox, class: `board-svg ${className}`.trim(), role: "group", "aria-label": `the board, ${which}: ${pieces} piece(s)`, "data-which": which });
}

export interface Described {
  label: string;
  kind: string;
  path: string;
  side?: string;
  dead?: boolean;
}

/** A piece's group: `describe` is its full description (where it stands), given as its name and title. */
export function pieceGroup(p: Described, sides: readonly string[], describe: string, data: Record<string, string | number>): SVGGElement {
  const side = p.side === undefined ? -1 : sides.indexOf(p.side);
  const full = `${p.label} (${p.kind}${p.side !== undefined ? `, ${p.side}` : ""})${p.dead ? ", dead" : ""} ${describe}`;
  const g = svg("g", {
    class: `board-piece${side >= 0 ? ` side-${side % 6}` : ""}${p.dead ? " dead" : ""}`,
    "data-label": p.label,
    "data-path": p.path,
    ...(p.side !== undefined ? { "data-side": p.side } : {}),
    ...(p.dead ? { "data-dead": "true" } : {}),
    ...data,
    tabindex: 0,
    role: "img",
    "aria-label": escapeControls(full),
  });
  g.append(svg("title", {}, full));
  return g;
}

/** The short label drawn on a piece, centred at (x, y); sized by the board (BoardView sets --label-size). */
export function pieceLabel(p: Described, x: number, y: number): SVGTextElement {
  return svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "aria-hidden": "true" }, shortLabel(p.label));
}

/** A cross over a dead piece, inside the square of half-side r about (x, y). */
export function deadMark(x: number, y: number, r: number): SVGPathElement {
  return svg("path", { d: `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`, class: "board-dead-mark" });
}
