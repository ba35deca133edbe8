// The gridless battlefield as SVG, to scale in std/plane's units (hundredths of an inch): the table
// around the pieces ruled every inch (every 6 on a large one), terrain polygons, templates, and each
// base as it stands: round or rectangular, its width and depth, turned to its facing with a pointer
// out of its front edge. Hovering or focusing a base shows its four arcs, cut by its diagonals as
// std/plane's baseArc cuts them; a trace line that holds templates lays them on the board.
import type { PlaneBoard, PlanePiece, TemplatePiece, XY } from "./board-plane-model.ts";
import { boardRoot, deadMark, pieceGroup, pieceLabel, svg } from "./board-svg.ts";

/** How far the arcs reach out of a base, in inches. */
const ARC_REACH = 8;
const ARCS = ["front", "right", "rear", "left"] as const;

/** A base's corners, front-left, front-right, rear-right, rear-left (a round base: the square around it), as std/plane's `corners`. */
export function baseCorners(p: PlanePiece): XY[] {
  const a = (p.facing * Math.PI) / 180;
  const f: XY = [Math.sin(a), -Math.cos(a)];
  const r: XY = [Math.cos(a), Math.sin(a)];
  const depth = p.shape === "circle" ? p.width : p.depth;
  return [
    [1, -1],
    [1, 1],
    [-1, 1],
    [-1, -1],
  ].map(([s, t]) => [p.x + (s! * depth * f[0] + t! * p.width * r[0]) / 2, p.y + (s! * depth * f[1] + t! * p.width * r[1]) / 2] as XY);
}

const pts = (ps: readonly XY[]) => ps.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

function bounds(board: PlaneBoard): [number, number, number, number] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const p of board.pieces) {
    const reach = Math.hypot(p.width, p.depth) / 2;
    xs.push(p.x - reach, p.x + reach);
    ys.push(p.y - reach, p.y + reach);
  }
  for (const poly of board.terrain) for (const [x, y] of poly) xs.push(x), ys.push(y);
  for (const t of board.templates) for (const piece of t) for (const [x, y] of piece.spine) xs.push(x - piece.radius, x + piece.radius), ys.push(y - piece.radius, y + piece.radius);
  const inch = board.unitsPerInch;
  // Nothing placed: a foot of empty table about the origin.
  if (xs.length === 0) xs.push(0), ys.push(0);
  const pad = inch;
  const [x0, x1, y0, y1] = [Math.min(...xs) - pad, Math.max(...xs) + pad, Math.min(...ys) - pad, Math.max(...ys) + pad];
  // Whole inches, at least a foot by 8 inches, so a lone base is not drawn the size of the panel.
  const left = Math.floor(x0 / inch) * inch;
  const top = Math.floor(y0 / inch) * inch;
  const width = Math.max(12 * inch, Math.ceil((x1 - left) / inch) * inch);
  const height = Math.max(8 * inch, Math.ceil((y1 - top) / inch) * inch);
  return [left, top, width, height];
}

/** `frame`: the board whose extent to draw (all the steps of a run, so the table does not move as they change). */
export function drawPlaneBoard(board: PlaneBoard, which: string, sides: readonly string[], frame: PlaneBoard = board): SVGSVGElement {
  const [left, top, width, height] = bounds(frame);
  const box = boardRoot(`${left} ${top} ${width} ${height}`, "board-plane", which, board.pieces.length);
  box.dataset["unitsPerInch"] = String(board.unitsPerInch);
  box.append(svg("rect", { x: left, y: top, width, height, class: "board-table" }));
  const inch = board.unitsPerInch;
  const step = width / inch > 72 ? 6 * inch : inch;
  const rules = svg("g", { class: "board-rule", "aria-hidden": "true" });
  for (let x = left + step; x < left + width; x += step) rules.append(svg("line", { x1: x, y1: top, x2: x, y2: top + height }));
  for (let y = top + step; y < top + height; y += step) rules.append(svg("line", { x1: left, y1: y, x2: left + width, y2: y }));
  box.append(rules);
  board.terrain.forEach((poly, i) => {
    const t = svg("polygon", { points: pts(poly), class: "board-terrain", "data-terrain": i });
    t.append(svg("title", {}, `terrain ${i + 1}: ${poly.map(([x, y]) => `(${x}, ${y})`).join(", ")}`));
    box.append(t);
  });
  const templates = svg("g", { class: "board-templates" });
  board.templates.forEach((t) => templates.append(drawTemplate(t, "board-template")));
  box.append(templates);
  for (const p of [...board.pieces].sort((a, b) => Number(b.dead ?? false) - Number(a.dead ?? false))) box.append(drawPiece(p, sides, inch));
  // Templates a trace line names go over everything (BoardView fills it).
  box.append(svg("g", { class: "board-lit" }));
  return box;
}

/** A template: each of its pieces, a disc, a capsule or a polygon grown by its radius. */
export function drawTemplate(t: readonly TemplatePiece[], className: string): SVGGElement {
  const g = svg("g", { class: className, "data-pieces": t.length });
  for (const piece of t) {
    const [first] = piece.spine;
    if (!first) continue;
    if (piece.spine.length === 1) g.append(svg("circle", { cx: first[0], cy: first[1], r: Math.max(piece.radius, 1), "data-radius": piece.radius }));
    else if (piece.spine.length === 2) {
      const [a, b] = piece.spine as [XY, XY];
      g.append(svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], "stroke-width": Math.max(2 * piece.radius, 8), "stroke-linecap": "round" }));
    } else g.append(svg("polygon", { points: pts(piece.spine), "stroke-width": 2 * piece.radius, "stroke-linejoin": "round" }));
  }
  const where = t.map((piece) => `${piece.spine.map(([x, y]) => `(${x}, ${y})`).join(" ")}${piece.radius ? ` r ${piece.radius}` : ""}`).join("; ");
  g.append(svg("title", {}, `template: ${where}`));
  return g;
}

function drawPiece(p: PlanePiece, sides: readonly string[], inch: number): SVGGElement {
  const size = p.shape === "circle" ? `round, ${p.width / inch} in across` : `${p.width / inch} by ${p.depth / inch} in`;
  const g = pieceGroup(p, sides, `at (${p.x}, ${p.y}), ${size}, facing ${p.facing} degrees`, { "data-x": p.x, "data-y": p.y, "data-facing": p.facing, "data-shape": p.shape, "data-width": p.width, "data-depth": p.depth });
  const c = baseCorners(p);
  // The arcs first, under the base: hidden until the base is hovered or focused (style.css).
  const arcs = svg("g", { class: "board-arcs", "aria-hidden": "true" });
  ARCS.forEach((arc, i) => {
    const [a, b] = [c[i]!, c[(i + 1) % 4]!];
    const out = (q: XY): XY => {
      const len = Math.hypot(q[0] - p.x, q[1] - p.y) || 1;
      const k = (ARC_REACH * inch) / len;
      return [p.x + (q[0] - p.x) * k, p.y + (q[1] - p.y) * k];
    };
    arcs.append(svg("polygon", { points: pts([[p.x, p.y], out(a), out(b)]), class: `board-arc arc-${arc}`, "data-arc": arc }));
  });
  g.append(arcs);
  g.append(p.shape === "circle" ? svg("circle", { cx: p.x, cy: p.y, r: p.width / 2, class: "board-base" }) : svg("polygon", { points: pts(c), class: "board-base" }));
  const a = (p.facing * Math.PI) / 180;
  const half = (p.shape === "circle" ? p.width : p.depth) / 2;
  const [fx, fy] = [Math.sin(a), -Math.cos(a)];
  g.append(svg("line", { x1: p.x + fx * half * 0.4, y1: p.y + fy * half * 0.4, x2: p.x + fx * (half + inch * 0.3), y2: p.y + fy * (half + inch * 0.3), class: "board-facing", "data-facing": p.facing }));
  if (p.dead) g.append(deadMark(p.x, p.y, Math.min(p.width, p.depth) / 2.5));
  g.append(pieceLabel(p, p.x, p.y));
  return g;
}
