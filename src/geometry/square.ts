// Square grids: coordinates, adjacency, distance and the blocks a large piece occupies. Plain,
// game-neutral functions over plain objects; the areas of effect built on them are in
// square-areas.ts. Coordinates are screen-like: `x` grows to the east, `y` to the south, so the
// square north of (3, 3) is (3, 2).

/** One square of the grid. */
export interface Square {
  x: number;
  y: number;
}

/**
 * The squares a piece occupies: a block of `size` by `size` squares whose north-west square is
 * `corner`. A piece of size 1 occupies just its corner.
 */
export interface Footprint {
  corner: Square;
  size: number;
}

/** The four sides of a square or of a block, and the four directions straight across the grid. */
export type Side = "north" | "east" | "south" | "west";
export const SIDES: readonly Side[] = ["north", "east", "south", "west"];

/** Left or right, seen from a piece looking in some direction: which way a tie leans. */
export type Hand = "left" | "right";

/** The step one square in a direction. */
export function step(side: Side): Square {
  switch (side) {
    case "north":
      return { x: 0, y: -1 };
    case "east":
      return { x: 1, y: 0 };
    case "south":
      return { x: 0, y: 1 };
    case "west":
      return { x: -1, y: 0 };
  }
}

/** The direction to the right of someone looking toward `side` (north's right is east). */
export function rightOf(side: Side): Side {
  return SIDES[(SIDES.indexOf(side) + 1) % 4]!;
}

export function opposite(side: Side): Side {
  return SIDES[(SIDES.indexOf(side) + 2) % 4]!;
}

/** The square one step from `s` in direction `side`. */
export function moved(s: Square, side: Side, steps = 1): Square {
  const d = step(side);
  return { x: s.x + d.x * steps, y: s.y + d.y * steps };
}

export function sameSquare(a: Square, b: Square): boolean {
  return a.x === b.x && a.y === b.y;
}

/**
 * The distance in squares when a diagonal step counts as one step (the 5e grid's default):
 * the larger of the two coordinate differences.
 */
export function distance(a: Square, b: Square): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/** The distance in squares when only steps across a side count: the sum of the differences. */
export function orthogonalDistance(a: Square, b: Square): number {
  return Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
}

/**
 * Whether two different squares touch: across a side, or also across a corner when `diagonals`.
 * A square is not adjacent to itself.
 */
export function isAdjacent(a: Square, b: Square, diagonals: boolean): boolean {
  return diagonals ? distance(a, b) === 1 : orthogonalDistance(a, b) === 1;
}

/**
 * The squares adjacent to `s`, clockwise from the north: 4 without diagonals, 8 with them
 * (north, north-east, east, ...).
 */
export function neighbours(s: Square, diagonals: boolean): Square[] {
  const around = [
    { x: 0, y: -1 },
    { x: 1, y: -1 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
    { x: -1, y: 1 },
    { x: -1, y: 0 },
    { x: -1, y: -1 },
  ];
  return around.filter((d) => diagonals || d.x === 0 || d.y === 0).map((d) => ({ x: s.x + d.x, y: s.y + d.y }));
}

/** The squares of a footprint, row by row from the north-west. */
export function squaresOf(f: Footprint): Square[] {
  const out: Square[] = [];
  for (let dy = 0; dy < f.size; dy++) for (let dx = 0; dx < f.size; dx++) out.push({ x: f.corner.x + dx, y: f.corner.y + dy });
  return out;
}

export function occupies(f: Footprint, s: Square): boolean {
  return s.x >= f.corner.x && s.x < f.corner.x + f.size && s.y >= f.corner.y && s.y < f.corner.y + f.size;
}

/** Whether two footprints share a square. */
export function overlaps(a: Footprint, b: Footprint): boolean {
  return gap(a.corner.x, a.size, b.corner.x, b.size) < 0 && gap(a.corner.y, a.size, b.corner.y, b.size) < 0;
}

/**
 * The distance between two footprints: the least distance between a square of one and a square of
 * the other (0 when they overlap, 1 when they touch).
 */
export function footprintDistance(a: Footprint, b: Footprint, diagonals: boolean): number {
  const dx = Math.max(0, gap(a.corner.x, a.size, b.corner.x, b.size) + 1);
  const dy = Math.max(0, gap(a.corner.y, a.size, b.corner.y, b.size) + 1);
  return diagonals ? Math.max(dx, dy) : dx + dy;
}

/** Whether two footprints touch (across a side, or a corner when `diagonals`) without overlapping. */
export function footprintsAdjacent(a: Footprint, b: Footprint, diagonals: boolean): boolean {
  return !overlaps(a, b) && footprintDistance(a, b, diagonals) === 1;
}

/**
 * The squares around a footprint that touch it (across a side, or a corner when `diagonals`):
 * where a piece standing beside it could be. Clockwise from the north-west.
 */
export function ring(f: Footprint, diagonals: boolean): Square[] {
  const { x, y } = f.corner;
  const n = f.size;
  const out: Square[] = [];
  const corner = (s: Square) => diagonals && out.push(s);
  corner({ x: x - 1, y: y - 1 });
  for (let i = 0; i < n; i++) out.push({ x: x + i, y: y - 1 });
  corner({ x: x + n, y: y - 1 });
  for (let i = 0; i < n; i++) out.push({ x: x + n, y: y + i });
  corner({ x: x + n, y: y + n });
  for (let i = n - 1; i >= 0; i--) out.push({ x: x + i, y: y + n });
  corner({ x: x - 1, y: y + n });
  for (let i = n - 1; i >= 0; i--) out.push({ x: x - 1, y: y + i });
  return out;
}

/**
 * How far apart two intervals [a, a + an) and [b, b + bn) are: the number of whole cells between
 * them (0 when they touch), or a negative number when they overlap.
 */
function gap(a: number, an: number, b: number, bn: number): number {
  return Math.max(b - (a + an), a - (b + bn));
}

/**
 * The distance from the midpoint of one side of a footprint to a square, counted in squares as a
 * step across a corner counts one: how far away a point of origin in that square is, measured
 * from that midpoint. The square just outside the midpoint is 1 away.
 */
export function distanceFromSide(f: Footprint, side: Side, s: Square): number {
  // Work in half squares, so the midpoint and the square's centre have whole coordinates.
  const m = sideMidpoint2(f, side);
  const cx = 2 * s.x + 1;
  const cy = 2 * s.y + 1;
  const d2 = Math.max(Math.abs(cx - m.x), Math.abs(cy - m.y));
  return Math.ceil(d2 / 2);
}

/** The midpoint of one side of a footprint, in half squares (the square (x, y) spans 2x..2x+2). */
export function sideMidpoint2(f: Footprint, side: Side): Square {
  const { x, y } = f.corner;
  const n = f.size;
  switch (side) {
    case "north":
      return { x: 2 * x + n, y: 2 * y };
    case "south":
      return { x: 2 * x + n, y: 2 * (y + n) };
    case "east":
      return { x: 2 * (x + n), y: 2 * y + n };
    case "west":
      return { x: 2 * x, y: 2 * y + n };
  }
}
