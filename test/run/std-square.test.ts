// The standard module `std/square`: square-grid geometry in the rules language, imported as
// `import "std/square"`. Every expectation is worked by hand; the areas are drawn as grids: `C` is
// the space of whoever makes the area, `#` a square of the area, `.` any other square. x grows to
// the east, y to the south.
import { describe, expect, it } from "vitest";
import { runExamples } from "../../src/pipeline.ts";
import { checked } from "../support/helpers.ts";

/** Runs the examples of `body` (which imports std/square) and returns the failures, as "title: message". */
function failures(body: string): string[] {
  return runExamples(checked(`import "std/square"\n${body}`))
    .filter((r) => !r.passed)
    .map((r) => `${r.title}: ${r.failure?.message}`);
}

/** Asserts every example of `body` passed, and that there was at least one. */
function passes(body: string) {
  expect(runExamples(checked(`import "std/square"\n${body}`)).length).toBeGreaterThan(0);
  expect(failures(body)).toEqual([]);
}

/** The `#` squares of a drawn grid whose top-left character is the square (x0, y0), in reading order, as rules text. */
function drawn(x0: number, y0: number, picture: string): string {
  const rows = picture.trim().split("\n").map((r) => r.trim().split(/\s+/));
  const out: string[] = [];
  rows.forEach((r, dy) => r.forEach((c, dx) => c === "#" && out.push(`Square(x: ${x0 + dx}, y: ${y0 + dy})`)));
  return `[${out.join(", ")}]`;
}

/** An example expecting `expr` to be the drawn squares. */
function area(expr: string, x0: number, y0: number, picture: string) {
  passes(`example "area" { expect ${expr} == ${drawn(x0, y0, picture)} }`);
}

const one = (x: number, y: number) => `Space(corner: Square(x: ${x}, y: ${y}))`;
const two = (x: number, y: number) => `Space(corner: Square(x: ${x}, y: ${y}), size: 2)`;

describe("std/square: squares, spaces, adjacency, distance", () => {
  it("adjacency with and without diagonals; neighbours clockwise from the north", () => {
    passes(`
example "adjacency" {
  expect squaresAdjacent(Square(x: 0, y: 0), Square(x: 1, y: 0), false)
  expect not squaresAdjacent(Square(x: 0, y: 0), Square(x: 1, y: 1), false)
  expect squaresAdjacent(Square(x: 0, y: 0), Square(x: 1, y: 1), true)
  expect not squaresAdjacent(Square(x: 0, y: 0), Square(x: 0, y: 0), true)
  expect not squaresAdjacent(Square(x: 0, y: 0), Square(x: 2, y: 0), true)
  expect squareNeighbours(Square(x: 5, y: 5), false) == [Square(x: 5, y: 4), Square(x: 6, y: 5), Square(x: 5, y: 6), Square(x: 4, y: 5)]
  expect len(squareNeighbours(Square(x: 0, y: 0), true)) == 8
  expect squareNeighbours(Square(x: 0, y: 0), true)[1] == Square(x: 1, y: -1)
  expect squareMoved(Square(x: 2, y: 2), SquareSide.west, 3) == Square(x: -1, y: 2)
  expect rightOf(SquareSide.north) == SquareSide.east and leftOf(SquareSide.north) == SquareSide.west
}`);
  });

  it("distance counts a step across a corner as one; the orthogonal distance as two", () => {
    passes(`
example "distance" {
  expect squareDistance(Square(x: 0, y: 0), Square(x: 3, y: 2)) == 3
  expect orthogonalDistance(Square(x: 0, y: 0), Square(x: 3, y: 2)) == 5
  expect squareDistance(Square(x: -2, y: 4), Square(x: -2, y: 4)) == 0
}`);
  });

  it("a piece of size N occupies an N by N block from its north-west square", () => {
    passes(`
example "spaces" {
  expect squaresOf(${two(3, 4)}) == [Square(x: 3, y: 4), Square(x: 4, y: 4), Square(x: 3, y: 5), Square(x: 4, y: 5)]
  expect len(squaresOf(Space(corner: Square(x: 0, y: 0), size: 3))) == 9
  expect occupies(${two(3, 4)}, Square(x: 4, y: 5)) and not occupies(${two(3, 4)}, Square(x: 5, y: 5))
}`);
  });

  it("spaces: overlap, distance and adjacency", () => {
    // . C C .
    // . C C a      a: a space of 1 at (2, 1) touches the 2 by 2 across a side
    // . . . b      b: at (2, 2), across a corner only
    passes(`
example "spaces touch" {
  expect spaceDistance(${two(0, 0)}, ${one(2, 1)}, true) == 1
  expect spacesAdjacent(${two(0, 0)}, ${one(2, 1)}, false)
  expect spacesAdjacent(${two(0, 0)}, ${one(2, 2)}, true)
  expect not spacesAdjacent(${two(0, 0)}, ${one(2, 2)}, false)
  expect spaceDistance(${two(0, 0)}, ${one(2, 2)}, false) == 2
  expect spaceDistance(${two(0, 0)}, ${one(3, 0)}, true) == 2
  expect spacesOverlap(${two(0, 0)}, ${one(1, 1)}) and spaceDistance(${two(0, 0)}, ${one(1, 1)}, true) == 0
  expect not spacesAdjacent(${two(0, 0)}, ${one(1, 1)}, true)
}`);
  });

  it("the distance from the midpoint of a side", () => {
    passes(`
example "from a side" {
  expect distanceFromSide(${one(0, 0)}, SquareSide.north, Square(x: 0, y: -1)) == 1
  expect distanceFromSide(${one(0, 0)}, SquareSide.north, Square(x: 0, y: -3)) == 3
  expect distanceFromSide(${one(0, 0)}, SquareSide.north, Square(x: 2, y: -1)) == 2
  // the midpoint of a 2 by 2's north side is between (0, 0) and (1, 0)
  expect distanceFromSide(${two(0, 0)}, SquareSide.north, Square(x: 3, y: -1)) == 3
  expect spaceDistance(${two(0, 0)}, ${one(3, -1)}, true) == 2
}`);
  });
});

describe("std/square: cones", () => {
  it("3 long to the north from a space of 1, leaning right", () => {
    area(`cone(${one(0, 0)}, SquareSide.north, 3, Hand.right, 0)`, -2, -3, `
        . # # # .
        . . # # .
        . . # . .
        . . C . .`);
  });

  it("the same cone leaning left", () => {
    area(`cone(${one(0, 0)}, SquareSide.north, 3, Hand.left, 0)`, -2, -3, `
        . # # # .
        . # # . .
        . . # . .
        . . C . .`);
  });

  it("2 long to the east: its right is the south", () => {
    area(`cone(${one(0, 0)}, SquareSide.east, 2, Hand.right, 0)`, 0, -1, `
        . . .
        C # #
        . . #`);
  });

  it("4 long to the south from a 2 by 2: the midpoint is between two squares", () => {
    // looking south, the right hand is the west
    area(`cone(${two(0, 0)}, SquareSide.south, 4, Hand.right, 0)`, -2, 0, `
        . . C C . .
        . . C C . .
        . . # . . .
        . . # # . .
        . # # # . .
        . # # # # .`);
  });

  it("its point of origin 2 squares out from the side", () => {
    area(`cone(${one(0, 0)}, SquareSide.west, 2, Hand.left, 2)`, -4, 0, `
        # # . . C
        # . . . .`);
  });

  it("each square beyond the first touches a square of the row before", () => {
    passes(`
example "rows touch" {
  let c = cone(${two(4, 4)}, SquareSide.west, 5, Hand.left, 0)
  expect len(c) == 15
  expect all(s in c where 4 - s.x == 1 or any(t in c where 4 - t.x == 4 - s.x - 1 and squaresAdjacent(s, t, true)))
}`);
  });
});

describe("std/square: lines", () => {
  it("3 long to the north from a space of 1", () => {
    area(`line(${one(0, 0)}, SquareSide.north, 3, Hand.right, 0)`, 0, -3, `
        #
        #
        #
        C`);
  });

  it("2 long to the west from a 2 by 2 takes the row on its hand", () => {
    // looking west, the right hand is the north
    area(`line(${two(0, 0)}, SquareSide.west, 2, Hand.right, 0)`, -2, 0, `
        # # C C
        . . C C`);
    area(`line(${two(0, 0)}, SquareSide.west, 2, Hand.left, 0)`, -2, 0, `
        . . C C
        # # C C`);
  });
});

describe("std/square: blocks for cubes, cylinders and spheres", () => {
  it("a block of 1 is its origin square; of 2, it leans toward a corner", () => {
    passes(`example "one" { expect block(Square(x: 3, y: 3), 1, Corner.southeast) == [Square(x: 3, y: 3)] }`);
    area(`block(Square(x: 0, y: 0), 2, Corner.southeast)`, -1, -1, `
        . . .
        . # #
        . # #`);
    area(`block(Square(x: 0, y: 0), 2, Corner.northwest)`, -1, -1, `
        # # .
        # # .
        . . .`);
  });

  it("a block of 3 is centred on its origin; of 4 and 5, within 2 of it", () => {
    area(`block(Square(x: 0, y: 0), 3, Corner.northeast)`, -1, -1, `
        # # #
        # # #
        # # #`);
    area(`block(Square(x: 0, y: 0), 4, Corner.northeast)`, -2, -3, `
        . . . . .
        . # # # #
        . # # # #
        . # # # #
        . # # # #
        . . . . .`);
    passes(`
example "close to the origin" {
  for size in 2..5 {
    expect all(s in block(Square(x: 0, y: 0), size, Corner.southwest) where squareDistance(s, Square(x: 0, y: 0)) <= (if size <= 3 then 1 else 2))
  }
}`);
  });

  it("a block against a side of a space, reaching away from it", () => {
    area(`blockFromSide(${one(0, 0)}, SquareSide.north, 2, Hand.right)`, -1, -2, `
        . # #
        . # #
        . C .`);
    area(`blockFromSide(${one(0, 0)}, SquareSide.east, 3, Hand.left)`, 0, -1, `
        . # # #
        C # # #
        . # # #`);
  });
});

describe("std/square: coverage of a space", () => {
  it("whole, part or none", () => {
    passes(`
example "coverage" {
  let a = block(Square(x: 0, y: 0), 2, Corner.southeast)
  expect coverage(a, ${two(0, 0)}) == Coverage.whole
  expect coverage(a, ${two(1, 1)}) == Coverage.part
  expect coverage(a, ${one(1, 1)}) == Coverage.whole
  expect coverage(a, ${one(2, 2)}) == Coverage.none
  expect coverage([], ${one(0, 0)}) == Coverage.none
}`);
  });

  it("a space on the map is a record in state JSON", () => {
    passes(`
state { at: Space = Space(corner: Square(x: 1, y: 2), size: 2) }
example "state" { expect squaresOf(at)[3] == Square(x: 2, y: 3) }`);
  });
});

describe("std/square: facing, arcs, the line between two squares, line of sight", () => {
  it("arcs are cut by the space's diagonals; a square on a diagonal goes to the front, then to a flank", () => {
    passes(`
example "arcs" {
  let me = Space(corner: Square(x: 0, y: 0))
  expect squareArc(me, SquareSide.north, Square(x: 0, y: -3)) == Arc.front
  expect squareArc(me, SquareSide.north, Square(x: 3, y: -3)) == Arc.front
  expect squareArc(me, SquareSide.north, Square(x: 3, y: -2)) == Arc.right
  expect squareArc(me, SquareSide.north, Square(x: -3, y: 3)) == Arc.left
  expect squareArc(me, SquareSide.north, Square(x: -2, y: 3)) == Arc.rear
  expect squareArc(me, SquareSide.east, Square(x: 0, y: -3)) == Arc.left
  // A 2 by 2 ogre facing north: (2, -1) lies on its diagonal, (3, -1) beyond it.
  let ogre = Space(corner: Square(x: 0, y: 0), size: 2)
  expect squareArc(ogre, SquareSide.north, Square(x: 2, y: -1)) == Arc.front
  expect squareArc(ogre, SquareSide.north, Square(x: 3, y: -1)) == Arc.right
  expect squaresAcross(ogre, SquareSide.east) == [Square(x: 2, y: 0), Square(x: 2, y: 1)]
  expect squaresAcross(me, SquareSide.north) == [Square(x: 0, y: -1)]
}`);
  });

  it("map scales: a coarser square holds scale * scale squares, and each square has one coarser square", () => {
    passes(`
example "scales" {
  expect largerSquare(Square(x: 0, y: 0), 4) == Square(x: 0, y: 0) and largerSquare(Square(x: 3, y: 3), 4) == Square(x: 0, y: 0)
  expect largerSquare(Square(x: 4, y: 3), 4) == Square(x: 1, y: 0) and largerSquare(Square(x: 5, y: -1), 4) == Square(x: 1, y: -1)
  expect largerSquare(Square(x: -4, y: -5), 4) == Square(x: -1, y: -2)
  expect smallerSquares(Square(x: 1, y: -1), 2) == [Square(x: 2, y: -2), Square(x: 3, y: -2), Square(x: 2, y: -1), Square(x: 3, y: -1)]
  expect smallerSquares(Square(x: 0, y: 0), 1) == [Square(x: 0, y: 0)] and len(smallerSquares(Square(x: 7, y: -3), 4)) == 16
  expect all(s in smallerSquares(Square(x: -2, y: 3), 3) where largerSquare(s, 3) == Square(x: -2, y: 3))
}`);
  });

  it("the line between centres, with both squares beside a corner it passes through", () => {
    // From (0.5, 0.5) to (3.5, 1.5): at x = 2 the line is at y = 1, the corner of (1,0), (2,0), (1,1), (2,1).
    passes(`
example "lines" {
  expect squareLine(Square(x: 0, y: 0), Square(x: 3, y: 1)) == [Square(x: 0, y: 0), Square(x: 1, y: 0), Square(x: 2, y: 0), Square(x: 1, y: 1), Square(x: 2, y: 1), Square(x: 3, y: 1)]
  expect squareLine(Square(x: 0, y: 0), Square(x: 3, y: -1)) == [Square(x: 0, y: 0), Square(x: 1, y: 0), Square(x: 1, y: -1), Square(x: 2, y: 0), Square(x: 2, y: -1), Square(x: 3, y: -1)]
  expect squareLine(Square(x: 0, y: 0), Square(x: 2, y: 0)) == [Square(x: 0, y: 0), Square(x: 1, y: 0), Square(x: 2, y: 0)]
  expect squareLine(Square(x: 4, y: 4), Square(x: 4, y: 4)) == [Square(x: 4, y: 4)]
  expect squareLineSteps(Square(x: 0, y: 0), Square(x: 1, y: 1)) == [[Square(x: 0, y: 0)], [Square(x: 1, y: 0), Square(x: 0, y: 1)], [Square(x: 1, y: 1)]]
}`);
  });

  it("line of sight: a corner is blocked only between two blocking squares; the ends never block", () => {
    passes(`
example "sight" {
  let a = Square(x: 0, y: 0)
  let b = Square(x: 2, y: 2)
  expect not squareSight(a, b, [Square(x: 1, y: 1)])
  expect squareSight(a, b, [Square(x: 1, y: 0)])
  expect not squareSight(a, b, [Square(x: 1, y: 0), Square(x: 0, y: 1)])
  expect squareSight(a, b, [a, b, Square(x: 5, y: 5)])
  expect not squareSight(Square(x: 0, y: 0), Square(x: 3, y: 0), [Square(x: 2, y: 0)])
  expect squareSight(Square(x: 0, y: 0), Square(x: 1, y: 0), [])
}`);
  });
});
