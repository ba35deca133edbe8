// What the board draws of a gridless battlefield, read from a game state by std/plane's declared types
// as the hex and square boards are (board-model.ts), never by a game's field names: a piece is an
// entity (or record) with a field of type `Base` (its centre, shape, size and facing, in hundredths of
// an inch); a `Template` anywhere in the state is drawn as its pieces; a `list<list<Point>>` is terrain,
// a polygon each. Templates a trace line names are read from its text (templatesNamed).
import { isStdPath, type Ast as A, type RuntimeProgram } from "../src/api.ts";
import { entityNames, labelOf, sideOf } from "./board-sides.ts";
import { walkState } from "./board-walk.ts";

export type XY = [number, number];

export interface PlanePiece {
  path: string;
  kind: string;
  label: string;
  /** The base's centre, in units. */
  x: number;
  y: number;
  shape: "circle" | "rectangle";
  /** Across the front (a circle's diameter) and front to rear, in units. */
  width: number;
  depth: number;
  /** A bearing in whole degrees, clockwise from north. */
  facing: number;
  side?: string;
  dead?: boolean;
}

/** A template's piece: the points within `radius` of its spine (a point, a segment or a convex polygon). */
export interface TemplatePiece {
  spine: XY[];
  radius: number;
}

export interface PlaneBoard {
  grid: "plane";
  /** Units in an inch (std/plane's `unitsPerInch()`). */
  unitsPerInch: number;
  pieces: PlanePiece[];
  templates: TemplatePiece[][];
  terrain: XY[][];
}

const MAX_PIECES = 500;
const MAX_POINTS = 10_000;
/** Beyond this many units from the origin (about 80 feet), a value is not drawn: a board that size shows nothing. */
const FAR = 100_000;

function stdKind(p: RuntimeProgram, name: string): A.KindDecl | undefined {
  return [...p.kinds.values()].find((k) => k.record && isStdPath(k.span.file) && k.name.text === name);
}

const whole = (v: unknown, low: number, high: number): v is number => Number.isInteger(v) && (v as number) >= low && (v as number) <= high;

export function asPoint(v: unknown): XY | undefined {
  const o = v as { x?: unknown; y?: unknown } | null;
  return typeof o === "object" && o !== null && whole(o.x, -FAR, FAR) && whole(o.y, -FAR, FAR) ? [o.x, o.y] : undefined;
}

function asTemplate(v: unknown): TemplatePiece[] | undefined {
  const pieces = (v as { pieces?: unknown } | null)?.pieces;
  if (!Array.isArray(pieces)) return undefined;
  const out: TemplatePiece[] = [];
  for (const piece of pieces.slice(0, MAX_POINTS)) {
    const o = piece as { spine?: unknown; radius?: unknown } | null;
    const spine = Array.isArray(o?.spine) ? o.spine.slice(0, MAX_POINTS).map(asPoint) : [];
    if (spine.length === 0 || spine.some((s) => s === undefined)) continue;
    out.push({ spine: spine as XY[], radius: whole(o?.radius, 0, FAR) ? o.radius : 0 });
  }
  return out.length ? out : undefined;
}

function asBase(v: unknown): Omit<PlanePiece, "path" | "kind" | "label"> | undefined {
  const o = v as { at?: unknown; shape?: unknown; width?: unknown; depth?: unknown; facing?: unknown } | null;
  const at = asPoint(o?.at);
  if (!o || !at || (o.shape !== "circle" && o.shape !== "rectangle") || !whole(o.width, 1, FAR)) return undefined;
  const depth = o.shape === "circle" ? o.width : whole(o.depth, 1, FAR) ? o.depth : 1;
  return { x: at[0], y: at[1], shape: o.shape, width: o.width, depth, facing: whole(o.facing, 0, 359) ? o.facing : 0 };
}

/** The gridless board of a state, or undefined when the program has no std/plane or nothing is placed. */
export function planeBoardOf(p: RuntimeProgram, state: unknown): PlaneBoard | undefined {
  const base = stdKind(p, "Base");
  const template = stdKind(p, "Template");
  const point = stdKind(p, "Point");
  if (!base || typeof state !== "object" || state === null) return undefined;
  const board: PlaneBoard = { grid: "plane", unitsPerInch: 100, pieces: [], templates: [], terrain: [] };
  const names = entityNames(state);
  const isPolygons = (t: A.TypeRef) => t.name.text === "list" && t.element?.name.text === "list" && t.element.element !== undefined && p.kinds.get(t.element.element.name.text) === point;
  walkState(p, state, {
    full: () => board.pieces.length >= MAX_PIECES,
    value(type, value) {
      if (!isPolygons(type) || !Array.isArray(value)) return false;
      for (const polygon of value.slice(0, MAX_POINTS)) {
        const points = Array.isArray(polygon) ? polygon.slice(0, MAX_POINTS).map(asPoint) : [];
        if (points.length >= 2 && points.every((q) => q !== undefined)) board.terrain.push(points as XY[]);
      }
      return true;
    },
    object(kind, o, path) {
      if (kind === base || kind === point) return "skip";
      if (kind === template) {
        const t = asTemplate(o);
        if (t && board.templates.length < MAX_PIECES) board.templates.push(t);
        return "skip";
      }
      const baseField = kind.fields.find((f) => !f.type.element && p.kinds.get(f.type.name.text) === base && Object.hasOwn(o, f.name.text));
      const at = baseField ? asBase(o[baseField.name.text]) : undefined;
      if (!at) return;
      const side = sideOf(p, kind, o, names);
      board.pieces.push({ path, kind: kind.name.text, label: labelOf(kind, o, board.pieces.length + 1), ...at, ...(side !== undefined ? { side } : {}) });
    },
  });
  return board.pieces.length || board.templates.length ? board : undefined;
}

/**
 * The templates a trace line names, read from the text the trace shows them with:
 * `Template(pieces: [Piece(spine: [Point(x: 1, y: 2), ...], radius: 49), ...])`.
 */
export function templatesNamed(message: string): TemplatePiece[][] {
  const out: TemplatePiece[][] = [];
  const point = /Point\(x: (-?\d+), y: (-?\d+)\)/g;
  for (const t of message.matchAll(/Template\(pieces: \[((?:Piece\(spine: \[[^\]]*\](?:, radius: \d+)?\)(?:, )?)*)\]\)/g)) {
    const pieces: TemplatePiece[] = [];
    for (const piece of t[1]!.matchAll(/Piece\(spine: \[([^\]]*)\](?:, radius: (\d+))?\)/g)) {
      const spine = [...piece[1]!.matchAll(point)].map((m) => [Number(m[1]), Number(m[2])] as XY).filter(([x, y]) => Math.abs(x) <= FAR && Math.abs(y) <= FAR);
      if (spine.length) pieces.push({ spine, radius: Math.min(Number(piece[2] ?? 0), FAR) });
    }
    if (pieces.length) out.push(pieces);
    if (out.length >= 50) break;
  }
  return out;
}
