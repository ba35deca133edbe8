// Square grids and areas of effect (src/geometry/), against cases worked by hand and drawn as
// grids: `C` is the footprint of whoever makes the area, `#` a square of the area, `.` any other
// square. x grows to the east, y to the south.
import { describe, expect, it } from "vitest";
import {
  distance,
  distanceFromSide,
  footprintDistance,
  footprintsAdjacent,
  isAdjacent,
  neighbours,
  orthogonalDistance,
  overlaps,
  ring,
  squaresOf,
  type Square,
} from "../src/geometry/square.ts";
import { block, blockFromSide, cone, coverage, line } from "../src/geometry/square-areas.ts";

/** The `#` squares of a drawn grid whose top-left character is the square (x0, y0), in reading order. */
function drawn(x0: number, y0: number, picture: string): Square[] {
  const rows = picture.trim().split("\n").map((r) => r.trim().split(/\s+/));
  const out: Square[] = [];
  rows.forEach((r, dy) => r.forEach((c, dx) => c === "#" && out.push({ x: x0 + dx, y: y0 + dy })));
  return out;
}

const one = (x: number, y: number) => ({ corner: { x, y }, size: 1 });
const two = (x: number, y: number) => ({ corner: { x, y }, size: 2 });

describe("square grid basics", () => {
  it("adjacency with and without diagonals", () => {
    expect(isAdjacent({ x: 0, y: 0 }, { x: 1, y: 0 }, false)).toBe(true);
    expect(isAdjacent({ x: 0, y: 0 }, { x: 1, y: 1 }, false)).toBe(false);
    expect(isAdjacent({ x: 0, y: 0 }, { x: 1, y: 1 }, true)).toBe(true);
    expect(isAdjacent({ x: 0, y: 0 }, { x: 0, y: 0 }, true)).toBe(false);
    expect(isAdjacent({ x: 0, y: 0 }, { x: 2, y: 0 }, true)).toBe(false);
    expect(neighbours({ x: 5, y: 5 }, false)).toEqual([
      { x: 5, y: 4 },
      { x: 6, y: 5 },
      { x: 5, y: 6 },
      { x: 4, y: 5 },
    ]);
    expect(neighbours({ x: 0, y: 0 }, true)).toHaveLength(8);
  });

  it("distance counts a diagonal step as one; the orthogonal distance as two", () => {
    expect(distance({ x: 0, y: 0 }, { x: 3, y: 2 })).toBe(3);
    expect(orthogonalDistance({ x: 0, y: 0 }, { x: 3, y: 2 })).toBe(5);
    expect(distance({ x: -2, y: 4 }, { x: -2, y: 4 })).toBe(0);
  });

  it("a piece of size N occupies an N by N block from its north-west square", () => {
    expect(squaresOf(two(3, 4))).toEqual([
      { x: 3, y: 4 },
      { x: 4, y: 4 },
      { x: 3, y: 5 },
      { x: 4, y: 5 },
    ]);
    expect(squaresOf({ corner: { x: 0, y: 0 }, size: 3 })).toHaveLength(9);
  });

  it("footprints: overlap, distance and adjacency", () => {
    // . C C .
    // . C C x      x: a piece of size 1 at (2, 1) touches the 2x2 across a side
    // . . . y      y: at (2, 2), across a corner only
    expect(footprintDistance(two(0, 0), one(2, 1), true)).toBe(1);
    expect(footprintsAdjacent(two(0, 0), one(2, 1), false)).toBe(true);
    expect(footprintsAdjacent(two(0, 0), one(2, 2), true)).toBe(true);
    expect(footprintsAdjacent(two(0, 0), one(2, 2), false)).toBe(false);
    expect(footprintDistance(two(0, 0), one(2, 2), false)).toBe(2);
    expect(footprintDistance(two(0, 0), one(3, 0), true)).toBe(2);
    expect(overlaps(two(0, 0), one(1, 1))).toBe(true);
    expect(footprintDistance(two(0, 0), one(1, 1), true)).toBe(0);
    expect(footprintsAdjacent(two(0, 0), one(1, 1), true)).toBe(false);
  });

  it("the ring of squares around a footprint, clockwise from the north-west", () => {
    expect(ring(one(0, 0), true)).toEqual([
      { x: -1, y: -1 },
      { x: 0, y: -1 },
      { x: 1, y: -1 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
      { x: -1, y: 1 },
      { x: -1, y: 0 },
    ]);
    expect(ring(two(0, 0), false)).toHaveLength(8);
    expect(ring(two(0, 0), true)).toHaveLength(12);
  });

  it("distance from the midpoint of a side", () => {
    // From the north side of a piece of size 1 at (0, 0): the square in front is 1 away,
    // three rows out is 3, two columns aside in the first row is 2.
    expect(distanceFromSide(one(0, 0), "north", { x: 0, y: -1 })).toBe(1);
    expect(distanceFromSide(one(0, 0), "north", { x: 0, y: -3 })).toBe(3);
    expect(distanceFromSide(one(0, 0), "north", { x: 2, y: -1 })).toBe(2);
    // The midpoint of a 2x2's north side is between (0, 0) and (1, 0): (3, -1) is 3 from it,
    // though only 2 from the nearest square of the piece.
    expect(distanceFromSide(two(0, 0), "north", { x: 3, y: -1 })).toBe(3);
    expect(footprintDistance(two(0, 0), one(3, -1), true)).toBe(2);
  });
});

describe("cones", () => {
  it("a cone 3 long to the north from a piece of size 1, leaning right", () => {
    expect(cone(one(0, 0), "north", 3, "right")).toEqual(
      drawn(-2, -3, `
        . # # # .
        . . # # .
        . . # . .
        . . C . .`),
    );
  });

  it("the same cone leaning left", () => {
    expect(cone(one(0, 0), "north", 3, "left")).toEqual(
      drawn(-2, -3, `
        . # # # .
        . # # . .
        . . # . .
        . . C . .`),
    );
  });

  it("a cone 2 long to the east: its right is the south", () => {
    expect(cone(one(0, 0), "east", 2, "right")).toEqual(
      drawn(0, -1, `
        . . .
        C # #
        . . #`),
    );
  });

  it("a cone 4 long to the south from a piece of size 2: the midpoint is between two squares", () => {
    // Looking south, the right hand is the west.
    expect(cone(two(0, 0), "south", 4, "right")).toEqual(
      drawn(-2, 0, `
        . . C C . .
        . . C C . .
        . . # . . .
        . . # # . .
        . # # # . .
        . # # # # .`),
    );
  });

  it("a cone whose point of origin is 2 squares out from the side", () => {
    expect(cone(one(0, 0), "west", 2, "left", 2)).toEqual(
      drawn(-4, 0, `
        # # . . C
        # . . . .`),
    );
  });

  it("each square beyond the first touches a square of the row before", () => {
    const c = cone(two(4, 4), "west", 5, "left");
    for (const s of c) {
      const depth = 4 - s.x;
      if (depth > 1) expect(c.some((t) => 4 - t.x === depth - 1 && isAdjacent(s, t, true))).toBe(true);
    }
    expect(c).toHaveLength(1 + 2 + 3 + 4 + 5);
  });
});

describe("lines", () => {
  it("a line 3 long to the north from a piece of size 1", () => {
    expect(line(one(0, 0), "north", 3, "right")).toEqual(
      drawn(0, -3, `
        #
        #
        #
        C`),
    );
  });

  it("a line 2 long to the west from a piece of size 2 takes the row on its hand", () => {
    // Looking west, the right hand is the north.
    expect(line(two(0, 0), "west", 2, "right")).toEqual(
      drawn(-2, 0, `
        # # C C
        . . C C`),
    );
    expect(line(two(0, 0), "west", 2, "left")).toEqual(
      drawn(-2, 0, `
        . . C C
        # # C C`),
    );
  });
});

describe("blocks: cubes, cylinders and spheres", () => {
  it("a block of 1 is its origin square", () => {
    expect(block({ x: 3, y: 3 }, 1, "southeast")).toEqual([{ x: 3, y: 3 }]);
  });

  it("a block of 2 holds its origin and leans toward a corner", () => {
    expect(block({ x: 0, y: 0 }, 2, "southeast")).toEqual(
      drawn(-1, -1, `
        . . .
        . # #
        . # #`),
    );
    expect(block({ x: 0, y: 0 }, 2, "northwest")).toEqual(
      drawn(-1, -1, `
        # # .
        # # .
        . . .`),
    );
  });

  it("a block of 3 is centred on its origin; of 4, within 2 of it", () => {
    expect(block({ x: 0, y: 0 }, 3, "northeast")).toEqual(drawn(-1, -1, `
        # # #
        # # #
        # # #`));
    expect(block({ x: 0, y: 0 }, 4, "northeast")).toEqual(
      drawn(-2, -3, `
        . . . . .
        . # # # #
        . # # # #
        . # # # #
        . # # # #
        . . . . .`),
    );
    for (const size of [2, 3, 4, 5]) for (const s of block({ x: 0, y: 0 }, size, "southwest")) expect(distance(s, { x: 0, y: 0 })).toBeLessThanOrEqual(size <= 3 ? 1 : 2);
  });

  it("a block against a side of a piece, reaching away from it", () => {
    expect(blockFromSide(one(0, 0), "north", 2, "right")).toEqual(
      drawn(-1, -2, `
        . # #
        . # #
        . C .`),
    );
    expect(blockFromSide(one(0, 0), "east", 3, "left")).toEqual(
      drawn(0, -1, `
        . # # #
        C # # #
        . # # #`),
    );
  });
});

describe("coverage of a footprint", () => {
  it("whole, part or none", () => {
    const area = block({ x: 0, y: 0 }, 2, "southeast");
    expect(coverage(area, two(0, 0))).toBe("whole");
    expect(coverage(area, two(1, 1))).toBe("part");
    expect(coverage(area, one(1, 1))).toBe("whole");
    expect(coverage(area, one(2, 2))).toBe("none");
    expect(coverage([], one(0, 0))).toBe("none");
  });
});
