// The standard module `std/hex`: hex-grid geometry in the rules language, bundled with rulesmith and
// imported as `import "std/hex"`. Every expectation below is worked by hand on a pointy-topped axial
// grid (q grows east, r south-east; the sides counterclockwise from east: E (1,0), NE (1,-1),
// NW (0,-1), W (-1,0), SW (-1,1), SE (0,1)).
import { describe, expect, it } from "vitest";
import { compile, indexProgram, runExamples, runScenario } from "../../src/pipeline.ts";
import { stateSchema } from "../../src/run/schema.ts";
import { checked, compileText, memoryHost } from "../support/helpers.ts";

/** Runs the examples of `body` (which imports std/hex) and returns the failures, as "title: message". */
function failures(body: string): string[] {
  return runExamples(checked(`import "std/hex"\n${body}`))
    .filter((r) => !r.passed)
    .map((r) => `${r.title}: ${r.failure?.message}`);
}

/** Asserts every example of `body` passed, and that there was at least one. */
function passes(body: string) {
  const results = runExamples(checked(`import "std/hex"\n${body}`));
  expect(results.length).toBeGreaterThan(0);
  expect(failures(body)).toEqual([]);
}

describe("std/hex: coordinates, directions, neighbours, distance", () => {
  it("neighbours go counterclockwise from east; turns wrap round", () => {
    passes(`
example "neighbours" {
  expect hexNeighbours(Hex(q: 0, r: 0)) == [Hex(q: 1, r: 0), Hex(q: 1, r: -1), Hex(q: 0, r: -1), Hex(q: -1, r: 0), Hex(q: -1, r: 1), Hex(q: 0, r: 1)]
  expect hexNeighbour(Hex(q: 2, r: 3), HexDir.northwest) == Hex(q: 2, r: 2)
  expect hexMoved(Hex(q: 0, r: 0), HexDir.southwest, 3) == Hex(q: -3, r: 3)
  expect turn(HexDir.east, -1) == HexDir.southeast and turn(HexDir.east, 7) == HexDir.northeast
  expect opposite(HexDir.northwest) == HexDir.southeast and opposite(HexDir.east) == HexDir.west
}`);
  });

  it("distance is the number of steps", () => {
    passes(`
example "distances" {
  expect hexDistance(Hex(q: 0, r: 0), Hex(q: 0, r: 0)) == 0
  expect hexDistance(Hex(q: 0, r: 0), Hex(q: 3, r: -1)) == 3
  expect hexDistance(Hex(q: 0, r: 0), Hex(q: 2, r: -1)) == 2
  expect hexDistance(Hex(q: -2, r: 5), Hex(q: 1, r: 1)) == 4
  expect hexesAdjacent(Hex(q: 0, r: 0), Hex(q: -1, r: 1)) and not hexesAdjacent(Hex(q: 0, r: 0), Hex(q: 1, r: 1))
}`);
  });

  it("hexes within N number 3N(N+1)+1 and rings 6N", () => {
    passes(`
example "counts" {
  expect len(hexesWithin(Hex(q: 4, r: -2), 0)) == 1
  expect len(hexesWithin(Hex(q: 4, r: -2), 1)) == 7
  expect len(hexesWithin(Hex(q: 4, r: -2), 2)) == 19
  expect len(hexesWithin(Hex(q: 4, r: -2), 3)) == 37
  expect len(hexesWithin(Hex(q: 0, r: 0), 18)) == 1027
  expect all(h in hexesWithin(Hex(q: 4, r: -2), 3) where hexDistance(h, Hex(q: 4, r: -2)) <= 3)
  expect hexRing(Hex(q: 1, r: 1), 0) == [Hex(q: 1, r: 1)]
  expect len(hexRing(Hex(q: 1, r: 1), 2)) == 12 and len(hexRing(Hex(q: 1, r: 1), 5)) == 30
  expect all(h in hexRing(Hex(q: 1, r: 1), 3) where hexDistance(h, Hex(q: 1, r: 1)) == 3)
  expect hexRing(Hex(q: 0, r: 0), 1) == hexNeighbours(Hex(q: 0, r: 0))
  expect hexRing(Hex(q: 0, r: 0), 2)[0] == Hex(q: 2, r: 0) and hexRing(Hex(q: 0, r: 0), 2)[1] == Hex(q: 2, r: -1)
}`);
  });
});

describe("std/hex: the line between two centres", () => {
  it("leaves by one side, and enters by the opposite one", () => {
    passes(`
example "one side" {
  expect sidesToward(Hex(q: 0, r: 0), Hex(q: 3, r: -1)) == [HexDir.east]
  expect sidesEntered(Hex(q: 0, r: 0), Hex(q: 3, r: -1)) == [HexDir.west]
  expect sidesToward(Hex(q: 0, r: 0), Hex(q: 0, r: 3)) == [HexDir.southeast]
  expect sidesToward(Hex(q: 0, r: 0), Hex(q: -1, r: 0)) == [HexDir.west]
  expect sidesToward(Hex(q: 2, r: 2), Hex(q: 2, r: 2)) == []
}`);
  });

  it("along a vertex it leaves by both sides that meet there, and enters by both opposite", () => {
    // From (0,0) to (2,-1) the line passes exactly between (1,0) and (1,-1): the vertex of the
    // origin between its east and north-east sides, and of (2,-1) between its west and south-west.
    passes(`
example "along a vertex" {
  expect sidesToward(Hex(q: 0, r: 0), Hex(q: 2, r: -1)) == [HexDir.east, HexDir.northeast]
  expect sidesEntered(Hex(q: 0, r: 0), Hex(q: 2, r: -1)) == [HexDir.west, HexDir.southwest]
  expect alongVertex(Hex(q: 0, r: 0), Hex(q: 2, r: -1)) and not alongVertex(Hex(q: 0, r: 0), Hex(q: 3, r: -1))
  expect sidesToward(Hex(q: 0, r: 0), Hex(q: -1, r: 2)) == [HexDir.southwest, HexDir.southeast]
  expect sidesToward(Hex(q: 0, r: 0), Hex(q: 4, r: -2)) == [HexDir.east, HexDir.northeast]
}`);
  });

  it("the hexes along the line: one per step, both hexes where it runs along a side", () => {
    // (0,0) to (3,-1): the points (1,-1/3) and (2,-2/3) lie inside (1,0) and (2,-1).
    // (0,0) to (2,-1): the midpoint (1,-1/2) lies on the side between (1,-1) and (1,0).
    // (0,0) to (4,-1): the midpoint (2,-1/2) lies on the side between (2,-1) and (2,0).
    passes(`
example "hex line" {
  expect hexLine(Hex(q: 2, r: 2), Hex(q: 2, r: 2)) == [Hex(q: 2, r: 2)]
  expect hexLine(Hex(q: 0, r: 0), Hex(q: 3, r: 0)) == [Hex(q: 0, r: 0), Hex(q: 1, r: 0), Hex(q: 2, r: 0), Hex(q: 3, r: 0)]
  expect hexLine(Hex(q: 0, r: 0), Hex(q: 3, r: -1)) == [Hex(q: 0, r: 0), Hex(q: 1, r: 0), Hex(q: 2, r: -1), Hex(q: 3, r: -1)]
  expect hexLine(Hex(q: 0, r: 0), Hex(q: 2, r: -1)) == [Hex(q: 0, r: 0), Hex(q: 1, r: -1), Hex(q: 1, r: 0), Hex(q: 2, r: -1)]
  expect hexLine(Hex(q: 0, r: 0), Hex(q: 4, r: -1)) == [Hex(q: 0, r: 0), Hex(q: 1, r: 0), Hex(q: 2, r: -1), Hex(q: 2, r: 0), Hex(q: 3, r: -1), Hex(q: 4, r: -1)]
  expect hexLine(Hex(q: 3, r: -1), Hex(q: 0, r: 0)) == [Hex(q: 3, r: -1), Hex(q: 2, r: -1), Hex(q: 1, r: 0), Hex(q: 0, r: 0)]
  expect len(hexLine(Hex(q: -5, r: 9), Hex(q: 7, r: -4))) >= hexDistance(Hex(q: -5, r: 9), Hex(q: 7, r: -4)) + 1
}`);
  });

  it("directly away from a hex continues the line", () => {
    passes(`
example "away" {
  expect awayFrom(Hex(q: 1, r: 0), Hex(q: 0, r: 0)) == [HexDir.east]
  expect hexMoved(Hex(q: 1, r: 0), awayFrom(Hex(q: 1, r: 0), Hex(q: 0, r: 0))[0], 2) == Hex(q: 3, r: 0)
  expect awayFrom(Hex(q: 0, r: 0), Hex(q: 0, r: 2)) == [HexDir.northwest]
  expect awayFrom(Hex(q: 2, r: -1), Hex(q: 0, r: 0)) == [HexDir.east, HexDir.northeast]
}`);
  });
});

describe("std/hex: facing", () => {
  it("a vertex facing has two front, two flank and two rear hexes, at each of the six vertices", () => {
    // Facing the vertex after side d: front d and d+1, flanks d-1 and d+2, rear d+3 and d+4.
    passes(`
fn at() -> Hex = Hex(q: 0, r: 0)
example "vertex facings" {
  expect frontHexes(at(), Facing(toward: HexDir.east, vertex: true)) == [Hex(q: 1, r: 0), Hex(q: 1, r: -1)]
  expect flankHexes(at(), Facing(toward: HexDir.east, vertex: true)) == [Hex(q: 0, r: 1), Hex(q: 0, r: -1)]
  expect rearHexes(at(), Facing(toward: HexDir.east, vertex: true)) == [Hex(q: -1, r: 0), Hex(q: -1, r: 1)]
  expect frontHexes(at(), Facing(toward: HexDir.northeast, vertex: true)) == [Hex(q: 1, r: -1), Hex(q: 0, r: -1)]
  expect rearHexes(at(), Facing(toward: HexDir.northeast, vertex: true)) == [Hex(q: -1, r: 1), Hex(q: 0, r: 1)]
  expect frontHexes(at(), Facing(toward: HexDir.northwest, vertex: true)) == [Hex(q: 0, r: -1), Hex(q: -1, r: 0)]
  expect flankHexes(at(), Facing(toward: HexDir.northwest, vertex: true)) == [Hex(q: 1, r: -1), Hex(q: -1, r: 1)]
  expect frontHexes(at(), Facing(toward: HexDir.west, vertex: true)) == [Hex(q: -1, r: 0), Hex(q: -1, r: 1)]
  expect rearHexes(at(), Facing(toward: HexDir.west, vertex: true)) == [Hex(q: 1, r: 0), Hex(q: 1, r: -1)]
  expect frontHexes(at(), Facing(toward: HexDir.southwest, vertex: true)) == [Hex(q: -1, r: 1), Hex(q: 0, r: 1)]
  expect flankHexes(at(), Facing(toward: HexDir.southwest, vertex: true)) == [Hex(q: -1, r: 0), Hex(q: 1, r: 0)]
  expect frontHexes(at(), Facing(toward: HexDir.southeast, vertex: true)) == [Hex(q: 0, r: 1), Hex(q: 1, r: 0)]
  expect rearHexes(at(), Facing(toward: HexDir.southeast, vertex: true)) == [Hex(q: 0, r: -1), Hex(q: -1, r: 0)]
  expect len(vertexFacings()) == 6 and vertexFacings()[5] == Facing(toward: HexDir.southeast, vertex: true)
}`);
  });

  it("a side facing has three front hexes, two flank and one rear, at each of the six sides", () => {
    passes(`
fn at() -> Hex = Hex(q: 0, r: 0)
example "side facings" {
  expect frontSides(Facing(toward: HexDir.east)) == [HexDir.southeast, HexDir.east, HexDir.northeast]
  expect flankSides(Facing(toward: HexDir.east)) == [HexDir.southwest, HexDir.northwest]
  expect rearSides(Facing(toward: HexDir.east)) == [HexDir.west]
  expect frontSides(Facing(toward: HexDir.northeast)) == [HexDir.east, HexDir.northeast, HexDir.northwest]
  expect rearSides(Facing(toward: HexDir.northeast)) == [HexDir.southwest]
  expect frontSides(Facing(toward: HexDir.northwest)) == [HexDir.northeast, HexDir.northwest, HexDir.west]
  expect frontSides(Facing(toward: HexDir.west)) == [HexDir.northwest, HexDir.west, HexDir.southwest]
  expect flankSides(Facing(toward: HexDir.west)) == [HexDir.northeast, HexDir.southeast]
  expect frontSides(Facing(toward: HexDir.southwest)) == [HexDir.west, HexDir.southwest, HexDir.southeast]
  expect rearHexes(at(), Facing(toward: HexDir.southwest)) == [Hex(q: 1, r: -1)]
  expect frontHexes(at(), Facing(toward: HexDir.southeast)) == [Hex(q: -1, r: 1), Hex(q: 0, r: 1), Hex(q: 1, r: 0)]
  expect rearHexes(at(), Facing(toward: HexDir.southeast)) == [Hex(q: 0, r: -1)]
}`);
  });

  it("facing toward a hex faces a vertex whose front the line leaves by", () => {
    passes(`
example "facing toward" {
  expect facingToward(Hex(q: 0, r: 0), Hex(q: 3, r: 0)) == Facing(toward: HexDir.east, vertex: true)
  expect facingToward(Hex(q: 0, r: 0), Hex(q: 2, r: -1)) == Facing(toward: HexDir.east, vertex: true)
  // Along the vertex between south-east and east (the vertex after south-east, counterclockwise).
  expect facingToward(Hex(q: 0, r: 0), Hex(q: 1, r: 1)) == Facing(toward: HexDir.southeast, vertex: true)
  expect seesThroughFront(Hex(q: 0, r: 0), facingToward(Hex(q: 0, r: 0), Hex(q: -2, r: 5)), Hex(q: -2, r: 5))
}`);
  });

  it("face to face: the line leaves each through its front", () => {
    passes(`
example "face to face" {
  // Adjacent, facing each other's side.
  expect faceToFace(Hex(q: 0, r: 0), Facing(toward: HexDir.east), Hex(q: 1, r: 0), Facing(toward: HexDir.west))
  expect not faceToFace(Hex(q: 0, r: 0), Facing(toward: HexDir.east), Hex(q: 1, r: 0), Facing(toward: HexDir.east))
  // Along a vertex: the origin's front (east, north-east) and (2,-1)'s front (west, south-west).
  expect faceToFace(Hex(q: 0, r: 0), Facing(toward: HexDir.east, vertex: true), Hex(q: 2, r: -1), Facing(toward: HexDir.west, vertex: true))
  // (2,-1) facing its north-west vertex (north-west and west sides): the line enters by west, so still face to face.
  expect faceToFace(Hex(q: 0, r: 0), Facing(toward: HexDir.east, vertex: true), Hex(q: 2, r: -1), Facing(toward: HexDir.northwest, vertex: true))
  // (2,-1) facing its east vertex: its back is turned.
  expect not faceToFace(Hex(q: 0, r: 0), Facing(toward: HexDir.east, vertex: true), Hex(q: 2, r: -1), Facing(toward: HexDir.east, vertex: true))
  // Three hexes apart in a straight line, the origin facing its south-east vertex (south-east, east sides).
  expect faceToFace(Hex(q: 0, r: 0), Facing(toward: HexDir.southeast, vertex: true), Hex(q: 3, r: 0), Facing(toward: HexDir.west, vertex: true))
  expect not faceToFace(Hex(q: 0, r: 0), Facing(toward: HexDir.west, vertex: true), Hex(q: 3, r: 0), Facing(toward: HexDir.west, vertex: true))
}`);
  });
});

describe("std/hex: line of sight along the line between centres", () => {
  it("a hex under the line blocks; along a vertex only both hexes beside it do; the ends never block", () => {
    passes(`
example "sight" {
  let here = Hex(q: 0, r: 0)
  expect hexLineSteps(here, Hex(q: 2, r: -1)) == [[here], [Hex(q: 1, r: -1), Hex(q: 1, r: 0)], [Hex(q: 2, r: -1)]]
  expect not hexSight(here, Hex(q: 3, r: 0), [Hex(q: 2, r: 0)])
  expect hexSight(here, Hex(q: 3, r: 0), [Hex(q: 3, r: 0), here, Hex(q: 2, r: 1)])
  expect hexSight(here, Hex(q: 2, r: -1), [Hex(q: 1, r: 0)])
  expect not hexSight(here, Hex(q: 2, r: -1), [Hex(q: 1, r: 0), Hex(q: 1, r: -1)])
  expect hexSight(here, Hex(q: 1, r: 0), [])
}`);
  });
});

describe("std/hex: arcs as std/arcs' Arc", () => {
  it("a hex is in the arc of the side the line from the centre leaves by; along a vertex, front before flank before rear", () => {
    // Side facing east: front SE, E, NE; right flank SW; left flank NW; rear W. Vertex facing east
    // (between E and NE): front E, NE; right SE; left NW; rear W, SW. (-1, 2) lies along the vertex
    // between SW and SE (cube vector (-1, 2, -1)); (-2, 1) along the one between W and SW.
    passes(`
example "hex arcs" {
  let o = Hex(q: 0, r: 0)
  let side = Facing(toward: HexDir.east, vertex: false)
  expect hexArc(o, side, Hex(q: 3, r: 0)) == Arc.front and hexArc(o, side, Hex(q: 2, r: -1)) == Arc.front
  expect hexArc(o, side, Hex(q: -1, r: 2)) == Arc.front
  expect hexArc(o, side, Hex(q: -2, r: 2)) == Arc.right and hexArc(o, side, Hex(q: -2, r: 1)) == Arc.right
  expect hexArc(o, side, Hex(q: -3, r: 0)) == Arc.rear
  expect hexArc(o, side, Hex(q: 0, r: -3)) == Arc.left
  expect hexArc(o, side, o) == Arc.front
  let vertex = Facing(toward: HexDir.east, vertex: true)
  expect hexArc(o, vertex, Hex(q: 2, r: -1)) == Arc.front
  expect hexArc(o, vertex, Hex(q: 0, r: 2)) == Arc.right and hexArc(o, vertex, Hex(q: -1, r: 2)) == Arc.right
  expect hexArc(o, vertex, Hex(q: -2, r: 1)) == Arc.rear and hexArc(o, vertex, Hex(q: -2, r: 2)) == Arc.rear
  expect hexArc(o, vertex, Hex(q: -1, r: -1)) == Arc.left
  // The arc of every neighbour agrees with frontHexes, flankHexes and rearHexes.
  for f in vertexFacings() + [side] {
    expect all(h in frontHexes(o, f) where hexArc(o, f, h) == Arc.front)
    expect all(h in flankHexes(o, f) where hexArc(o, f, h) == Arc.left or hexArc(o, f, h) == Arc.right)
    expect all(h in rearHexes(o, f) where hexArc(o, f, h) == Arc.rear)
  }
}`);
  });
});

describe("std/hex: map scales, both ways", () => {
  it("a larger hex holds scale * scale hexes, the same shape everywhere, and each hex has one larger hex", () => {
    // Scale 3: the centre and its six neighbours, and two of the six hexes whose centres lie where
    // three larger hexes meet, (1,-2) and (-1,2); (2,-1), 2 steps from the centres (0,0), (3,0) and
    // (3,-3) alike, goes to the larger (1,-1), as (-1,2) does to (0,0) three hexes over.
    passes(`
example "scales" {
  expect smallerHexes(Hex(q: 0, r: 0), 1) == [Hex(q: 0, r: 0)]
  expect smallerHexes(Hex(q: 0, r: 0), 2) == [Hex(q: -1, r: 0), Hex(q: -1, r: 1), Hex(q: 0, r: 0), Hex(q: 0, r: 1)]
  expect smallerHexes(Hex(q: 0, r: 0), 3) == [Hex(q: -1, r: 0), Hex(q: -1, r: 1), Hex(q: -1, r: 2), Hex(q: 0, r: -1), Hex(q: 0, r: 0), Hex(q: 0, r: 1), Hex(q: 1, r: -2), Hex(q: 1, r: -1), Hex(q: 1, r: 0)]
  expect largerHex(Hex(q: 2, r: -1), 3) == Hex(q: 1, r: -1) and largerHex(Hex(q: -1, r: 2), 3) == Hex(q: 0, r: 0)
  expect len(smallerHexes(Hex(q: 0, r: 0), 4)) == 16 and len(smallerHexes(Hex(q: 3, r: -5), 4)) == 16
  // The same shape at every larger hex: moved by 4 times its coordinates.
  expect map(h in smallerHexes(Hex(q: 0, r: 0), 4) => Hex(q: h.q + 8, r: h.r - 4)) == smallerHexes(Hex(q: 2, r: -1), 4)
  expect all(h in hexesWithin(Hex(q: 0, r: 0), 9) where contains(smallerHexes(largerHex(h, 4), 4), h))
  expect largerHex(centreOfLarger(Hex(q: -3, r: 2), 4), 4) == Hex(q: -3, r: 2) and centreOfLarger(Hex(q: -3, r: 2), 4) == Hex(q: -12, r: 8)
}`);
  });
});

describe("std/hex: the map", () => {
  it("knows its edge and what is impassable", () => {
    // 4 columns, 3 rows; odd rows shifted half a hex east, so row 2 starts at q = -1.
    passes(`
fn m() -> HexMap = HexMap(cols: 4, rows: 3, impassable: [Hex(q: 1, r: 0)])
example "map edge" {
  expect hexAt(0, 0) == Hex(q: 0, r: 0) and hexAt(3, 0) == Hex(q: 3, r: 0)
  expect hexAt(0, 1) == Hex(q: 0, r: 1) and hexAt(0, 2) == Hex(q: -1, r: 2)
  expect column(Hex(q: -1, r: 2)) == 0
  expect onMap(m(), Hex(q: 3, r: 0)) and not onMap(m(), Hex(q: 4, r: 0))
  expect onMap(m(), Hex(q: -1, r: 2)) and not onMap(m(), Hex(q: -1, r: 1))
  expect not onMap(m(), Hex(q: 0, r: 3)) and not onMap(m(), Hex(q: 0, r: -1))
  expect count(h in hexNeighbours(Hex(q: 0, r: 0)) where onMap(m(), h)) == 2
  expect count(h in hexNeighbours(Hex(q: 2, r: 1)) where onMap(m(), h)) == 6
  expect not passable(m(), Hex(q: 1, r: 0)) and passable(m(), Hex(q: 2, r: 0)) and not passable(m(), Hex(q: 9, r: 9))
  expect count(h in hexesWithin(Hex(q: 0, r: 0), 1) where passable(m(), h)) == 2
}`);
  });

  it("a battlefield in the state has a JSON Schema and round-trips through a scenario", () => {
    const program = indexProgram(
      checked(`import "std/hex"
kind Unit { name: text, at: Hex, facing: Facing }
state { field: HexMap, units: list<Unit> }
fn occupied(h: Hex) -> bool = any(u in units where u.at == h)
fn advance() {
  for u in units {
    let ahead = frontHexes(u.at, u.facing)[1]
    if passable(field, ahead) and not occupied(ahead) { u.at = ahead }
  }
}`),
    );
    const schema = stateSchema(program) as { definitions: Record<string, { properties: Record<string, unknown> }> };
    expect(Object.keys(schema.definitions["HexMap"]!.properties)).toEqual(["cols", "rows", "impassable"]);
    expect(Object.keys(schema.definitions["Facing"]!.properties)).toEqual(["toward", "vertex"]);
    expect(schema.definitions["HexDir"]).toMatchObject({ enum: ["east", "northeast", "northwest", "west", "southwest", "southeast"] });
    const state = {
      field: { cols: 3, rows: 2, impassable: [{ q: 1, r: 1 }] },
      units: [
        { name: "a", at: { q: 0, r: 0 }, facing: { toward: "east" } },
        { name: "b", at: { q: 2, r: 0 }, facing: { toward: "southwest" } },
        { name: "c", at: { q: 1, r: 0 }, facing: { toward: "southeast" } },
      ],
    };
    const out = runScenario(program, { rules: "x", run: "advance", state }, { seed: "s", trace: false });
    // The middle front hex is the one straight ahead. a at (0,0) facing east: (1,0), held by c. b at
    // (2,0) facing south-west: (1,1), impassable. c at (1,0) facing south-east: (1,1) too. Nobody moves.
    const vertexFalse = state.units.map((u) => ({ ...u, facing: { toward: u.facing.toward, vertex: false } }));
    expect(out.state?.["units"]).toEqual(vertexFalse);
    const moved = runScenario(program, { rules: "x", run: "advance", state: { ...state, field: { cols: 3, rows: 2, impassable: [] } } }, { seed: "s", trace: false });
    // Now b moves from (2,0) south-west to (1,1); c then finds (1,1) occupied and stays.
    expect((moved.state?.["units"] as { at: unknown }[]).map((u) => u.at)).toEqual([{ q: 0, r: 0 }, { q: 1, r: 1 }, { q: 1, r: 0 }]);
    expect(runScenario(program, { rules: "x", run: "advance", state: { field: { cols: 0, rows: 2 } } }, { seed: "s", trace: false }).stateProblems?.map((p) => p.path)).toEqual(["/field/cols"]);
  });
});

describe("std/ modules are bundled, never read from files", () => {
  it("two games that import std/hex stay two programs, each with its own copy", () => {
    const host = memoryHost({
      "a/game.rules": `import "std/hex"\nfn f() -> int = hexDistance(Hex(q: 0, r: 0), Hex(q: 2, r: 0))\nexample "a" { expect f() == 2 }`,
      "b/game.rules": `import "std/hex"\nfn f() -> int = 7\nexample "b" { expect f() == 7 and hexesAdjacent(Hex(q: 0, r: 0), Hex(q: 1, r: 0)) }`,
    });
    const c = compile(["a/game.rules", "b/game.rules"], host);
    expect(c.diagnostics).toEqual([]);
    expect(c.systems.map((s) => `${s.name}: ${s.files.map((f) => f.path).join(" ")}`)).toEqual(["a/game.rules: <std>/arcs.rules <std>/hex.rules a/game.rules", "b/game.rules: <std>/arcs.rules <std>/hex.rules b/game.rules"]);
    for (const s of c.systems) expect(runExamples(s.files).map((r) => r.passed)).toEqual([true]);
  });

  it("a file called std/hex.rules is not what `std/hex` imports", () => {
    const c = compileText(`import "std/hex"\nexample "x" { expect hexDistance(Hex(q: 0, r: 0), Hex(q: 1, r: 0)) == 1 }`, { "std/hex.rules": "this is not rules" });
    expect(c.diagnostics).toEqual([]);
  });

  it("a name of a standard module used without its import is E0105, with the import to add", () => {
    const c = compileText(`fn f(h: Hex) -> int = h.q\n`);
    expect(c.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message} | ${d.help}`)).toEqual([
      "E0105 1:9 `Hex` is declared in `<std>/hex.rules`, which this file does not import | add `import \"std/hex\"`",
    ]);
  });

  it("an unknown standard module is E0003 at the import, naming those there are", () => {
    const c = compileText(`import "std/hexes"\n`);
    expect(c.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message} | ${d.help}`)).toEqual([
      "E0003 1:8 there is no standard module `std/hexes` | the standard modules are `std/hex`, `std/square`, `std/plane`, `std/arcs`",
    ]);
  });
});
