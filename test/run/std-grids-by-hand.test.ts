// std/hex and std/square on cases worked by hand: each case below was worked out on paper from the
// conventions of docs/language.md section 22 before it was run, with the drawing it was worked on.
// Hexes are pointy-topped, axial (q east, r south-east); the sides counterclockwise from east are
// E (1,0), NE (1,-1), NW (0,-1), W (-1,0), SW (-1,1), SE (0,1). Squares: x east, y south.
import { describe, expect, it } from "vitest";
import { runExamples } from "../../src/pipeline.ts";
import { checked } from "../support/helpers.ts";

/** Asserts every example of `body` (after the import line) passed, and that there was at least one. */
function passes(module: "std/hex" | "std/square", body: string) {
  const results = runExamples(checked(`import "${module}"\n${body}`));
  expect(results.length).toBeGreaterThan(0);
  expect(results.filter((r) => !r.passed).map((r) => `${r.title}: ${r.failure?.message}`)).toEqual([]);
}

const H = (q: number, r: number) => `Hex(q: ${q}, r: ${r})`;
const S = (x: number, y: number) => `Square(x: ${x}, y: ${y})`;

describe("std/hex by hand", () => {
  it("a line along a vertex, four hexes long: both hexes at each side it runs along", () => {
    // (0,0) to (4,-2): cube (4,-2,-2); r and s tie for smallest, so the line runs along the vertex
    // of (0,0) between E and NE. Its points at i/4 are (1,-1/2), (2,-1), (3,-3/2): the first and
    // last are the midpoints of the sides (1,-1)|(1,0) and (3,-2)|(3,-1); (2,-1) is a centre.
    //      (1,-1)   (2,-1)*  (3,-2)   (4,-2)
    //   (0,0)   (1,0)    ...    (3,-1)
    passes("std/hex", `
example "vertex line" {
  expect sidesToward(${H(0, 0)}, ${H(4, -2)}) == [HexDir.east, HexDir.northeast]
  expect sidesEntered(${H(0, 0)}, ${H(4, -2)}) == [HexDir.west, HexDir.southwest]
  expect hexLine(${H(0, 0)}, ${H(4, -2)}) == [${H(0, 0)}, ${H(1, -1)}, ${H(1, 0)}, ${H(2, -1)}, ${H(3, -2)}, ${H(3, -1)}, ${H(4, -2)}]
  // (0,0) to (1,1): cube (1,1,-2), q and r tie for largest: the vertex between E and SE; the one
  // point between, (1/2,1/2), is the midpoint of the side (0,1)|(1,0).
  expect sidesToward(${H(0, 0)}, ${H(1, 1)}) == [HexDir.east, HexDir.southeast]
  expect hexLine(${H(0, 0)}, ${H(1, 1)}) == [${H(0, 0)}, ${H(0, 1)}, ${H(1, 0)}, ${H(1, 1)}]
  expect facingToward(${H(0, 0)}, ${H(1, 1)}) == Facing(toward: HexDir.southeast, vertex: true)
}`);
  });

  it("a line off the vertices: one hex per step, leaving each by E or NE", () => {
    // (0,0) to (5,-2), 23 degrees above east (pixel (4*sqrt3, 3)). On paper: it leaves (0,0) by E,
    // (1,0) by NE (it meets the NE side at x = 0.25 from the centre), (2,-1) by E (exactly at the
    // side's middle height 0), (3,-1) by NE and (4,-2) by E. The points at i/5 agree:
    // (1,-0.4) in (1,0), (2,-0.8) in (2,-1), (3,-1.2) in (3,-1), (4,-1.6) in (4,-2).
    passes("std/hex", `
example "generic line" {
  expect sidesToward(${H(0, 0)}, ${H(5, -2)}) == [HexDir.east]
  expect hexLine(${H(0, 0)}, ${H(5, -2)}) == [${H(0, 0)}, ${H(1, 0)}, ${H(2, -1)}, ${H(3, -1)}, ${H(4, -2)}, ${H(5, -2)}]
  expect not alongVertex(${H(0, 0)}, ${H(5, -2)})
}`);
  });

  it("the map edge: odd rows shifted half a hex east", () => {
    // A map of 4 columns and 3 rows:
    //   row 0:  (0,0)  (1,0)  (2,0)  (3,0)
    //   row 1:     (0,1)  (1,1)  (2,1)  (3,1)
    //   row 2:  (-1,2) (0,2)  (1,2)  (2,2)
    // The north-west corner (0,0) has two neighbours on the map: E (1,0) and SE (0,1).
    // The east end of row 1, (3,1), has three: NW (3,0), W (2,1), SW (2,2); E (4,1), NE (4,0) and
    // SE (3,2) are in column 4, off the map.
    passes("std/hex", `
example "edge" {
  let m = HexMap(cols: 4, rows: 3, impassable: [])
  expect filter(h in hexNeighbours(${H(0, 0)}) where onMap(m, h)) == [${H(1, 0)}, ${H(0, 1)}]
  expect filter(h in hexNeighbours(${H(3, 1)}) where onMap(m, h)) == [${H(3, 0)}, ${H(2, 1)}, ${H(2, 2)}]
  expect hexAt(0, 2) == ${H(-1, 2)} and column(${H(-1, 2)}) == 0 and onMap(m, ${H(-1, 2)})
  expect not onMap(m, ${H(-1, 1)}) and not onMap(m, ${H(3, 2)}) and onMap(m, ${H(2, 2)})
  // Directly away from (1,1), a unit at (0,1) would go west to (-1,1): off the map.
  expect awayFrom(${H(0, 1)}, ${H(1, 1)}) == [HexDir.west] and not passable(m, hexNeighbour(${H(0, 1)}, HexDir.west))
}`);
  });

  it("a vertex facing at each of the six vertices: front, flanks, rear; face to face along the vertex", () => {
    // Facing the vertex after side d: front d, d+1; flanks d-1, d+2; rear d+3, d+4 (all six once).
    // The hex two steps out along that vertex (d then d+1) sees (0,0) along its opposite vertex.
    const rows: [string, string[], string[], string[], string][] = [
      ["east", [H(1, 0), H(1, -1)], [H(0, 1), H(0, -1)], [H(-1, 0), H(-1, 1)], H(2, -1)],
      ["northeast", [H(1, -1), H(0, -1)], [H(1, 0), H(-1, 0)], [H(-1, 1), H(0, 1)], H(1, -2)],
      ["northwest", [H(0, -1), H(-1, 0)], [H(1, -1), H(-1, 1)], [H(0, 1), H(1, 0)], H(-1, -1)],
      ["west", [H(-1, 0), H(-1, 1)], [H(0, -1), H(0, 1)], [H(1, 0), H(1, -1)], H(-2, 1)],
      ["southwest", [H(-1, 1), H(0, 1)], [H(-1, 0), H(1, 0)], [H(1, -1), H(0, -1)], H(-1, 2)],
      ["southeast", [H(0, 1), H(1, 0)], [H(-1, 1), H(1, -1)], [H(0, -1), H(-1, 0)], H(1, 1)],
    ];
    const back: Record<string, string> = { east: "west", northeast: "southwest", northwest: "southeast", west: "east", southwest: "northeast", southeast: "northwest" };
    const body = rows.map(([d, front, flank, rear, far], i) => `
example "facing ${d}" {
  let f = Facing(toward: HexDir.${d}, vertex: true)
  expect frontHexes(${H(0, 0)}, f) == [${front.join(", ")}]
  expect flankHexes(${H(0, 0)}, f) == [${flank.join(", ")}]
  expect rearHexes(${H(0, 0)}, f) == [${rear.join(", ")}]
  expect alongVertex(${H(0, 0)}, ${far}) and facingToward(${H(0, 0)}, ${far}) == f
  expect faceToFace(${H(0, 0)}, f, ${far}, Facing(toward: HexDir.${back[d]}, vertex: true))
  expect not faceToFace(${H(0, 0)}, f, ${far}, f)
  expect vertexFacings()[${i}] == f
}`).join("\n");
    passes("std/hex", body);
  });

  it("rings and areas: the order and the counts", () => {
    // Ring 2 round (0,0), from (2,0) counterclockwise: two steps each NW, W, SW, SE, E, NE.
    //            (0,-2) (1,-2) (2,-2)
    //        (-1,-1)             (2,-1)
    //     (-2,0)        (0,0)        (2,0)
    //        (-2,1)              (1,1)
    //            (-2,2) (-1,2) (0,2)
    passes("std/hex", `
example "ring" {
  expect hexRing(${H(0, 0)}, 2) == [${H(2, 0)}, ${H(2, -1)}, ${H(2, -2)}, ${H(1, -2)}, ${H(0, -2)}, ${H(-1, -1)}, ${H(-2, 0)}, ${H(-2, 1)}, ${H(-2, 2)}, ${H(-1, 2)}, ${H(0, 2)}, ${H(1, 1)}]
  expect hexesWithin(${H(0, 0)}, 1) == [${H(-1, 0)}, ${H(-1, 1)}, ${H(0, -1)}, ${H(0, 0)}, ${H(0, 1)}, ${H(1, -1)}, ${H(1, 0)}]
  expect len(hexesWithin(${H(3, -7)}, 3)) == 37 and len(hexRing(${H(3, -7)}, 3)) == 18
  expect len(hexesWithin(${H(3, -7)}, 3)) == 1 + len(hexRing(${H(3, -7)}, 1)) + len(hexRing(${H(3, -7)}, 2)) + len(hexRing(${H(3, -7)}, 3))
}`);
  });
});

describe("std/square by hand", () => {
  it("a cone of 4 to the north, leaning left, from a space of 1", () => {
    // The midpoint of the north side of (5,5) is x = 5.5. Rows of 1, 2, 3, 4 squares: a row of even
    // width cannot be centred on 5.5, so its extra square goes left (west).
    //   x: 3 4 5 6
    //   1  # # # #
    //   2  . # # #
    //   3  . # # .
    //   4  . . # .
    //   5  . . C .
    passes("std/square", `
example "cone north" {
  expect cone(Space(corner: ${S(5, 5)}), SquareSide.north, 4, Hand.left, 0) == [${S(3, 1)}, ${S(4, 1)}, ${S(5, 1)}, ${S(6, 1)}, ${S(4, 2)}, ${S(5, 2)}, ${S(6, 2)}, ${S(4, 3)}, ${S(5, 3)}, ${S(5, 4)}]
}`);
  });

  it("cones of 2 to the west from a 2 by 2 and of 3 to the south from a space of 1", () => {
    // West from the 2 by 2 at (0,0): the midpoint is y = 1, between rows 0 and 1; looking west the
    // right hand is the north, so the first square is in row 0.
    //   x: -2 -1  0  1
    //   0   #  #  C  C
    //   1   #  .  C  C
    // South from (0,0), left hand (looking south: the east):
    //   x: -1  0  1
    //   0   .  C  .
    //   1   .  #  .
    //   2   .  #  #
    //   3   #  #  #
    passes("std/square", `
example "cones" {
  expect cone(Space(corner: ${S(0, 0)}, size: 2), SquareSide.west, 2, Hand.right, 0) == [${S(-2, 0)}, ${S(-1, 0)}, ${S(-2, 1)}]
  expect cone(Space(corner: ${S(0, 0)}), SquareSide.south, 3, Hand.left, 0) == [${S(0, 1)}, ${S(0, 2)}, ${S(1, 2)}, ${S(-1, 3)}, ${S(0, 3)}, ${S(1, 3)}]
}`);
  });

  it("a sphere of 4 across leaning north-west, and lines from a 3 by 3 and a 2 by 2", () => {
    // block((10,10), 4, NW): two squares west and north of the origin, one east and south:
    // x 8..11, y 8..11; every square within 2 of (10,10).
    // A line of 3 south from the 3 by 3 at (0,0) runs down its middle column, x = 1, from y = 3.
    // A line of 2 north from the 2 by 2 at (4,4), left hand: the midpoint is x = 5, the west square 4.
    passes("std/square", `
example "sphere and lines" {
  let b = block(${S(10, 10)}, 4, Corner.northwest)
  expect len(b) == 16 and b[0] == ${S(8, 8)} and b[15] == ${S(11, 11)}
  expect all(q in b where squareDistance(q, ${S(10, 10)}) <= 2)
  expect line(Space(corner: ${S(0, 0)}, size: 3), SquareSide.south, 3, Hand.right, 0) == [${S(1, 3)}, ${S(1, 4)}, ${S(1, 5)}]
  expect line(Space(corner: ${S(4, 4)}, size: 2), SquareSide.north, 2, Hand.left, 0) == [${S(4, 2)}, ${S(4, 3)}]
}`);
  });

  it("what an area covers of a 3 by 3 footprint, and distances from spaces", () => {
    // The 3 by 3 at (2,2) holds x 2..4, y 2..4.
    //   block((3,3), 3): x 2..4, y 2..4: the whole of it.
    //   block((1,1), 2, SE): (1,1) (2,1) (1,2) (2,2): one square of it, (2,2).
    //   block((0,0), 2, NW): (-1,-1) (0,-1) (-1,0) (0,0): none of it.
    // An area that names (2,2) nine times still covers one square of nine: part.
    // The 2 by 2 at (0,0) and the square (3,3): 2 apart across corners, 4 along sides.
    // From the midpoint of the south side of the 3 by 3 at (0,0) (x = 1.5, y = 3): (1,3) is 1 away,
    // (3,4) is 2 across and 2 out: 2.
    passes("std/square", `
example "coverage" {
  let big = Space(corner: ${S(2, 2)}, size: 3)
  expect coverage(block(${S(3, 3)}, 3, Corner.northwest), big) == Coverage.whole
  expect coverage(block(${S(1, 1)}, 2, Corner.southeast), big) == Coverage.part
  expect coverage(block(${S(0, 0)}, 2, Corner.northwest), big) == Coverage.none
  let nine: list<Square> = []
  for i in 1..9 { add ${S(2, 2)} to nine }
  expect coverage(nine, big) == Coverage.part
  expect spaceDistance(Space(corner: ${S(0, 0)}, size: 2), Space(corner: ${S(3, 3)}), true) == 2
  expect spaceDistance(Space(corner: ${S(0, 0)}, size: 2), Space(corner: ${S(3, 3)}), false) == 4
  expect distanceFromSide(Space(corner: ${S(0, 0)}, size: 3), SquareSide.south, ${S(1, 3)}) == 1
  expect distanceFromSide(Space(corner: ${S(0, 0)}, size: 3), SquareSide.south, ${S(3, 4)}) == 2
}`);
  });
});
