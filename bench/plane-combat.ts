// The plane battle of bench/plane-battle/battle.rules, written by hand in plain TypeScript: the yardstick
// the rules' gridless measuring (std/plane) is timed against in `npm run bench`. It follows the rules
// and std/plane's functions step by step, in whole numbers rounded where and as std/plane rounds, and
// draws its dice from seedrandom as src/run/dice.ts does, in the same order, so a seed gives the same
// battle here as in the rules (the bench checks that, seed by seed, before it times anything).
//
// This file is for the bench only. It imports nothing from src/ (and src/ must never import it).
import { Dice } from "./warlords-combat.ts";

// ---- std/plane, the parts the battle uses ------------------------------------------------------------

export interface Point {
  x: number;
  y: number;
}
export interface Base {
  at: Point;
  shape: "circle" | "rectangle";
  width: number;
  depth: number;
  facing: number;
}
interface Piece {
  spine: Point[];
  radius: number;
}
type Template = Piece[];

/** Whole-number division as the rules do it: `up` toward plus infinity, `nearest` a half away from zero. */
function divide(a: number, b: number, rounding: "up" | "nearest"): number {
  const q = Math.trunc(a / b);
  const r = a % b;
  if (r === 0) return q;
  const sign = Math.sign(a) * Math.sign(b);
  if (rounding === "up") return sign > 0 ? q + 1 : q;
  return 2 * Math.abs(r) >= Math.abs(b) ? q + sign : q;
}

/** The whole square root rounded down, exactly. */
function isqrt(n: number): number {
  let r = Math.floor(Math.sqrt(n));
  while (r * r > n) r--;
  while ((r + 1) * (r + 1) <= n) r++;
  return r;
}
const ceilSqrt = (n: number) => (n <= 0 ? 0 : isqrt(n - 1) + 1);

/** std/plane's table of sines: 10000 sin d, rounded to the nearest, for 0 to 90 degrees. */
const SINE_QUARTER = Array.from({ length: 91 }, (_, d) => Math.round(10000 * Math.sin((d * Math.PI) / 180)));
const bearing = (d: number) => ((d % 360) + 360) % 360;
const turnBetween = (facing: number, target: number) => bearing(target - facing + 180) - 180;
function sine(degrees: number): number {
  const d = bearing(degrees);
  if (d <= 90) return SINE_QUARTER[d]!;
  if (d <= 180) return SINE_QUARTER[180 - d]!;
  if (d <= 270) return -SINE_QUARTER[d - 180]!;
  return -SINE_QUARTER[360 - d]!;
}
const cosine = (d: number) => sine(d + 90);
const heading = (d: number): Point => ({ x: sine(d), y: -cosine(d) });
function offset(p: Point, degrees: number, length: number): Point {
  const h = heading(degrees);
  return { x: p.x + divide(length * h.x, 10000, "nearest"), y: p.y + divide(length * h.y, 10000, "nearest") };
}
function along(dx: number, dy: number, degrees: number): number {
  const h = heading(degrees);
  return dx * h.x + dy * h.y;
}
function bearingToward(a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) return 0;
  let coarse = 0;
  for (let d = 0; d <= 35; d++) if (along(dx, dy, d * 10) > along(dx, dy, coarse)) coarse = d * 10;
  let best = bearing(coarse - 9);
  for (let k = -8; k <= 9; k++) if (along(dx, dy, coarse + k) > along(dx, dy, best)) best = bearing(coarse + k);
  return best;
}
const squaredDistance = (a: Point, b: Point) => (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
const placed = (b: Base, at: Point, facing: number): Base => ({ at, shape: b.shape, width: b.width, depth: b.depth, facing: bearing(facing) });
const sameBase = (a: Base, b: Base) => a.at.x === b.at.x && a.at.y === b.at.y && a.shape === b.shape && a.width === b.width && a.depth === b.depth && a.facing === b.facing;

function corners(b: Base): Point[] {
  const f = heading(b.facing);
  const r = heading(b.facing + 90);
  const depth = b.shape === "circle" ? b.width : b.depth;
  return [
    [1, -1],
    [1, 1],
    [-1, 1],
    [-1, -1],
  ].map(([s, t]) => ({ x: b.at.x + divide(s! * depth * f.x + t! * b.width * r.x, 20000, "nearest"), y: b.at.y + divide(s! * depth * f.y + t! * b.width * r.y, 20000, "nearest") }));
}
const basePiece = (b: Base): Piece => (b.shape === "circle" ? { spine: [b.at], radius: divide(b.width, 2, "up") } : { spine: corners(b), radius: 0 });

const cross = (o: Point, a: Point, p: Point) => (a.x - o.x) * (p.y - o.y) - (a.y - o.y) * (p.x - o.x);
const signOf = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);
const withinBox = (a: Point, b: Point, p: Point) => Math.min(a.x, b.x) <= p.x && p.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= p.y && p.y <= Math.max(a.y, b.y);
function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  const s1 = signOf(cross(c, d, a));
  const s2 = signOf(cross(c, d, b));
  const s3 = signOf(cross(a, b, c));
  const s4 = signOf(cross(a, b, d));
  if (s1 * s2 < 0 && s3 * s4 < 0) return true;
  return (s1 === 0 && withinBox(c, d, a)) || (s2 === 0 && withinBox(c, d, b)) || (s3 === 0 && withinBox(a, b, c)) || (s4 === 0 && withinBox(a, b, d));
}
function segmentDistance(p: Point, a: Point, b: Point): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const length2 = ex * ex + ey * ey;
  const t = (p.x - a.x) * ex + (p.y - a.y) * ey;
  if (length2 === 0 || t <= 0) return ceilSqrt(squaredDistance(p, a));
  if (t >= length2) return ceilSqrt(squaredDistance(p, b));
  const c = cross(a, b, p);
  return ceilSqrt(divide(c * c, length2, "up"));
}
function sides(spine: Point[]): [Point, Point][] {
  const n = spine.length;
  if (n <= 2) return [[spine[0]!, spine[n - 1]!]];
  return spine.map((p, i) => [p, spine[(i + 1) % n]!]);
}
function insideConvex(polygon: Point[], p: Point): boolean {
  const n = polygon.length;
  if (n < 3) return false;
  let clockwise = false;
  let counter = false;
  for (let i = 0; i < n; i++) {
    const s = cross(polygon[i]!, polygon[(i + 1) % n]!, p);
    if (s > 0) clockwise = true;
    if (s < 0) counter = true;
  }
  return !(clockwise && counter);
}
function spinesMeet(a: Point[], b: Point[]): boolean {
  if (a.some((p) => insideConvex(b, p)) || b.some((p) => insideConvex(a, p))) return true;
  const sb = sides(b);
  return sides(a).some((e) => sb.some((g) => segmentsMeet(e[0], e[1], g[0], g[1])));
}
const xs = (s: Point[]) => s.map((p) => p.x);
const ys = (s: Point[]) => s.map((p) => p.y);
const boxesApart = (a: Point[], b: Point[]) =>
  Math.max(...xs(a)) < Math.min(...xs(b)) || Math.max(...xs(b)) < Math.min(...xs(a)) || Math.max(...ys(a)) < Math.min(...ys(b)) || Math.max(...ys(b)) < Math.min(...ys(a));
function spineGap(a: Point[], b: Point[]): number {
  if (!boxesApart(a, b) && spinesMeet(a, b)) return 0;
  const sa = sides(a);
  const sb = sides(b);
  const ab = Math.min(...a.map((p) => Math.min(...sb.map((e) => segmentDistance(p, e[0], e[1])))));
  const ba = Math.min(...b.map((p) => Math.min(...sa.map((e) => segmentDistance(p, e[0], e[1])))));
  return Math.min(ab, ba);
}
const pieceGap = (a: Piece, b: Piece) => Math.max(0, spineGap(a.spine, b.spine) - a.radius - b.radius);
export const baseDistance = (a: Base, b: Base) => pieceGap(basePiece(a), basePiece(b));
const outerRadius = (b: Base) => (b.shape === "circle" ? divide(b.width, 2, "up") : divide(ceilSqrt(b.width * b.width + b.depth * b.depth), 2, "up") + 1);
const innerRadius = (b: Base) => (b.shape === "circle" ? divide(b.width, 2, "up") : Math.max(0, Math.floor(Math.min(b.width, b.depth) / 2) - 1));
function withinUnits(a: Base, b: Base, units: number): boolean {
  if (units < 0) return false;
  const apart = squaredDistance(a.at, b.at);
  const far = units + outerRadius(a) + outerRadius(b);
  if (apart > far * far) return false;
  const near = units + innerRadius(a) + innerRadius(b);
  if (apart <= near * near) return true;
  return baseDistance(a, b) <= units;
}
function insidePolygon(polygon: Point[], p: Point): boolean {
  const n = polygon.length;
  let inside = false;
  for (let i = 0; i < n; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % n]!;
    if (cross(a, b, p) === 0 && withinBox(a, b, p)) return true;
    if (a.y > p.y !== b.y > p.y) {
      const left = (p.x - a.x) * (b.y - a.y);
      const right = (p.y - a.y) * (b.x - a.x);
      if ((b.y > a.y && left < right) || (b.y < a.y && left > right)) inside = !inside;
    }
  }
  return inside;
}
const segmentHitsPolygon = (a: Point, b: Point, polygon: Point[]) => insidePolygon(polygon, a) || sides(polygon).some((e) => segmentsMeet(a, b, e[0], e[1]));
function baseSight(from: Base, to: Base, others: Base[], terrain: Point[][]): boolean {
  const line: Piece = { spine: [from.at, to.at], radius: 0 };
  if (others.some((o) => !sameBase(o, from) && !sameBase(o, to) && pieceGap(line, basePiece(o)) === 0)) return false;
  return !terrain.some((t) => segmentHitsPolygon(from.at, to.at, t));
}
/** faceToward's base: a pivot about the centre to the bearing of p (what it uses is not needed here). */
const faceToward = (b: Base, p: Point): Base => placed(b, b.at, b.facing + turnBetween(b.facing, bearingToward(b.at, p)));
const advance = (b: Base, distance: number): Base => placed(b, offset(b.at, b.facing, distance), b.facing);
const blast = (centre: Point, diameter: number): Template => [{ spine: [centre], radius: divide(diameter, 2, "up") }];
const touches = (t: Template, b: Base) => t.some((p) => pieceGap(p, basePiece(b)) === 0);

// ---- the battle (bench/plane-battle/battle.rules) -------------------------------------------------------

export interface Model {
  name: string;
  side: "red" | "blue";
  base: Base;
  wounds: number;
  move: number;
  range: number;
  grenadier: boolean;
}

export interface PlaneBattle {
  models: Model[];
  terrain: Point[][];
  blasts: Template[];
  turns: number;
}

/** The scenario's state as JSON, with the declared defaults filled in. */
export interface PlaneBattleJson {
  models: { name: string; side: "red" | "blue"; base: { at: Point; shape: "circle" | "rectangle"; width: number; depth?: number; facing: number }; wounds?: number; move?: number; range?: number; grenadier?: boolean }[];
  terrain?: Point[][];
  turns?: number;
}

export function planeBattleFromJson(j: PlaneBattleJson): PlaneBattle {
  return {
    models: j.models.map((m) => ({
      name: m.name,
      side: m.side,
      base: { at: { ...m.base.at }, shape: m.base.shape, width: m.base.width, depth: m.base.depth ?? 1, facing: m.base.facing },
      wounds: m.wounds ?? 1,
      move: m.move ?? 500,
      range: m.range ?? 1000,
      grenadier: m.grenadier ?? false,
    })),
    terrain: (j.terrain ?? []).map((poly) => poly.map((p) => ({ ...p }))),
    blasts: [],
    turns: j.turns ?? 4,
  };
}

function nearestEnemy(f: PlaneBattle, m: Model): Model | undefined {
  const foes = f.models.filter((e) => e.side !== m.side);
  if (foes.length === 0) return undefined;
  const d = Math.min(...foes.map((e) => baseDistance(m.base, e.base)));
  return foes.find((e) => baseDistance(m.base, e.base) === d);
}

const sees = (f: PlaneBattle, m: Model, t: Model) =>
  baseSight(
    m.base,
    t.base,
    f.models.filter((o) => o !== m && o !== t).map((o) => o.base),
    f.terrain,
  );

function wound(f: PlaneBattle, t: Model) {
  t.wounds -= 1;
  if (t.wounds === 0) f.models.splice(f.models.indexOf(t), 1);
}

function throwAt(f: PlaneBattle, dice: Dice, t: Model) {
  const b = blast(t.base.at, 300);
  f.blasts.push(b);
  for (const o of f.models.filter((o) => touches(b, o.base))) if (dice.roll(6) >= 4) wound(f, o);
}

function activate(f: PlaneBattle, dice: Dice, m: Model) {
  const foe = nearestEnemy(f, m);
  if (!foe) return;
  m.base = faceToward(m.base, foe.base.at);
  const gap = baseDistance(m.base, foe.base);
  if (gap > m.range) m.base = advance(m.base, Math.min(m.move, gap - m.range));
  if (!withinUnits(m.base, foe.base, m.range) || !sees(f, m, foe)) return;
  if (m.grenadier && withinUnits(m.base, foe.base, 600)) throwAt(f, dice, foe);
  else if (dice.roll(6) >= 4) wound(f, foe);
}

const sideLeft = (f: PlaneBattle, side: Model["side"]) => f.models.filter((m) => m.side === side).length;
function outcome(f: PlaneBattle): string {
  if (sideLeft(f, "blue") === 0) return "red wins";
  if (sideLeft(f, "red") === 0) return "blue wins";
  return "both stand";
}

export function planeBattle(f: PlaneBattle, dice: Dice): string {
  for (let turn = 1; turn <= f.turns; turn++) {
    for (const m of [...f.models]) if (f.models.includes(m)) activate(f, dice, m);
    if (sideLeft(f, "red") === 0 || sideLeft(f, "blue") === 0) return outcome(f);
  }
  return outcome(f);
}

export function runPlaneBattle(state: PlaneBattleJson, seed: string): string {
  return planeBattle(planeBattleFromJson(state), new Dice(seed));
}
