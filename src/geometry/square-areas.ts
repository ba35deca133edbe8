// Areas of effect on a square grid: cones, lines and blocks (cubes, and the squares a cylinder or a
// sphere covers), measured from the midpoint of one side of the footprint of whoever makes them,
// and how much of a footprint an area covers. Game-neutral: the lengths are in squares, and the
// caller converts its own units. Every area is returned in reading order (north to south, west to
// east in a row), so two areas compare as lists.
import { opposite, rightOf, sideMidpoint2, step, type Footprint, type Hand, type Side, type Square } from "./square.ts";

/** A corner of a square, toward which a block of even size leans. */
export type Corner = "northeast" | "southeast" | "southwest" | "northwest";

/** How much of a footprint an area covers. */
export type Coverage = "none" | "part" | "whole";

/**
 * A cone from the midpoint of side `side` of `from`, `length` squares long. The square at depth k
 * (k = 1 for the squares touching the side, when `offset` is 0) is one of a row of k squares across
 * the cone, as evenly as possible on both sides of the line straight out from the midpoint; where
 * they cannot be even, the extra square is on `hand` (seen looking out of that side). Each square
 * beyond the first so touches a square of the row before it. `offset` moves the point of origin
 * that many squares out from the side.
 */
export function cone(from: Footprint, side: Side, length: number, hand: Hand, offset = 0): Square[] {
  const out: Square[] = [];
  for (let k = 1; k <= length; k++) out.push(...row(from, side, offset + k, k, hand));
  return inReadingOrder(out);
}

/**
 * A line from the midpoint of side `side` of `from`, `length` squares long and one square wide,
 * straight out from the midpoint; from a side of even length the midpoint is between two squares,
 * and the line takes the one on `hand`.
 */
export function line(from: Footprint, side: Side, length: number, hand: Hand, offset = 0): Square[] {
  const out: Square[] = [];
  for (let k = 1; k <= length; k++) out.push(...row(from, side, offset + k, 1, hand));
  return inReadingOrder(out);
}

/**
 * A block of `size` by `size` squares that holds the square `origin` and stays as close to it as
 * it can: every square of a block of size 2 or 3 is within 1 square of the origin, of size 4 or 5
 * within 2. An odd block is centred on the origin; an even one has the origin among its middle
 * squares and reaches one square further toward `lean`.
 */
export function block(origin: Square, size: number, lean: Corner): Square[] {
  const east = lean === "northeast" || lean === "southeast";
  const south = lean === "southeast" || lean === "southwest";
  const x0 = origin.x - near(size, east);
  const y0 = origin.y - near(size, south);
  const out: Square[] = [];
  for (let y = y0; y < y0 + size; y++) for (let x = x0; x < x0 + size; x++) out.push({ x, y });
  return out;
}

/**
 * A block of `size` by `size` squares standing against side `side` of `from`, reaching away from
 * it, as evenly as possible on both sides of the side's midpoint (the extra square, when they
 * cannot be even, on `hand`).
 */
export function blockFromSide(from: Footprint, side: Side, size: number, hand: Hand): Square[] {
  const out: Square[] = [];
  for (let k = 1; k <= size; k++) out.push(...row(from, side, k, size, hand));
  return inReadingOrder(out);
}

/** How many squares of a footprint lie in an area: none, part of them, or the whole footprint. */
export function coverage(area: readonly Square[], f: Footprint): Coverage {
  let inside = 0;
  for (const s of area) if (s.x >= f.corner.x && s.x < f.corner.x + f.size && s.y >= f.corner.y && s.y < f.corner.y + f.size) inside++;
  if (inside === 0) return "none";
  return inside === f.size * f.size ? "whole" : "part";
}

/**
 * How many squares of a block of `size` lie on the near side (west or north) of its origin:
 * half of the others, the odd one out going to the far side when the block leans that way.
 */
function near(size: number, leansFar: boolean): number {
  return leansFar ? Math.floor((size - 1) / 2) : Math.ceil((size - 1) / 2);
}

/**
 * The `width` squares at `depth` squares out from side `side` of `from`, centred across the line
 * straight out from the side's midpoint, the extra one (when they cannot be centred) on `hand`.
 */
function row(from: Footprint, side: Side, depth: number, width: number, hand: Hand): Square[] {
  const n = from.size;
  const m = sideMidpoint2(from, side);
  const across = side === "north" || side === "south" ? "x" : "y";
  // Which way along the row is the hand's side: +1 when it is toward growing coordinates.
  const handSide = hand === "right" ? rightOf(side) : opposite(rightOf(side));
  const sign = step(handSide)[across];
  // The row's squares are lo..lo + width - 1; its centre, in half squares, is 2 lo + width.
  const twice = m[across] - width;
  const lo = (twice % 2 === 0 ? twice : sign > 0 ? twice + 1 : twice - 1) / 2;
  const level = depthLine(from, side, depth, n);
  const out: Square[] = [];
  for (let i = 0; i < width; i++) out.push(across === "x" ? { x: lo + i, y: level } : { x: level, y: lo + i });
  return out;
}

/** The row (for north and south) or column (east, west) `depth` squares out from a side. */
function depthLine(from: Footprint, side: Side, depth: number, n: number): number {
  switch (side) {
    case "north":
      return from.corner.y - depth;
    case "south":
      return from.corner.y + n - 1 + depth;
    case "east":
      return from.corner.x + n - 1 + depth;
    case "west":
      return from.corner.x - depth;
  }
}

function inReadingOrder(squares: Square[]): Square[] {
  return squares.sort((a, b) => a.y - b.y || a.x - b.x);
}
