// The text of the standard module `std/hex`: hex-grid geometry written in the rules language itself,
// so its names are declared, checked and resolved like any other file's, its records serialise and get
// a JSON Schema like any other record, and every backend that runs rules runs it with nothing extra.
// It is bundled here as text (not read from disk) so the CLI, tests and the browser playground load
// the same module. All arithmetic is on whole numbers: no floating point decides a side or a distance.
// (No backquotes in the text below: it is a template literal.)
export const HEX_MODULE = `// std/hex: hex-grid geometry, shipped with rulesmith. Import it with: import "std/hex"
//
// Hexes are pointy-topped, in axial coordinates: q grows to the east, r to the south-east
// (so a hex's neighbour to the north-west is at r - 1). The third cube coordinate is s = -q - r.
//
// Its arcs are those of std/arcs, which it imports.

import "std/arcs"

/// A hex of a hex grid, in axial coordinates: q grows eastward, r south-eastward.
record Hex {
  q: int
  r: int
}

/// The six sides of a hex, counterclockwise from east; hexes are pointy-topped.
enum HexDir { east, northeast, northwest, west, southwest, southeast }

/// What a unit faces: one side of its hex (vertex false), or the vertex between the side toward
/// and the next side counterclockwise (vertex true: Facing(toward: HexDir.east, vertex: true) faces
/// the vertex between the east and north-east sides).
record Facing {
  toward: HexDir
  vertex: bool
}

/// A rectangular hex map of cols x rows hexes (rows offset every other row, odd rows shifted half a
/// hex east), with the hexes nothing may enter. Hex(q: 0, r: 0) is its north-west corner.
record HexMap {
  cols: int in 1..1000
  rows: int in 1..1000
  impassable: list<Hex>
}

/// The step from a hex to its neighbour across a side.
table hexStep(d: HexDir) -> Hex {
  HexDir.east => Hex(q: 1, r: 0)
  HexDir.northeast => Hex(q: 1, r: -1)
  HexDir.northwest => Hex(q: 0, r: -1)
  HexDir.west => Hex(q: -1, r: 0)
  HexDir.southwest => Hex(q: -1, r: 1)
  HexDir.southeast => Hex(q: 0, r: 1)
}

/// A side's place counterclockwise from east: 0 for east to 5 for south-east.
table sideNumber(d: HexDir) -> int {
  HexDir.east => 0
  HexDir.northeast => 1
  HexDir.northwest => 2
  HexDir.west => 3
  HexDir.southwest => 4
  HexDir.southeast => 5
}

/// The side steps sides counterclockwise from d (clockwise when steps is negative).
fn turn(d: HexDir, steps: int) -> HexDir {
  let n = ((sideNumber(d) + steps) % 6 + 6) % 6
  return first(x in HexDir where sideNumber(x) == n)
}

/// The side across the hex from d.
fn opposite(d: HexDir) -> HexDir = turn(d, 3)

/// The hex across side d of h.
fn hexNeighbour(h: Hex, d: HexDir) -> Hex = Hex(q: h.q + hexStep(d).q, r: h.r + hexStep(d).r)

/// The hex n hexes from h in a straight line across side d.
fn hexMoved(h: Hex, d: HexDir, n: int) -> Hex = Hex(q: h.q + n * hexStep(d).q, r: h.r + n * hexStep(d).r)

/// The six hexes around h, in the order of HexDir.
fn hexNeighbours(h: Hex) -> list<Hex> {
  let out: list<Hex> = []
  for d in HexDir { add hexNeighbour(h, d) to out }
  return out
}

/// How many steps from a to b: the number of hexes a unit crosses to get there.
fn hexDistance(a: Hex, b: Hex) -> int {
  let dq = a.q - b.q
  let dr = a.r - b.r
  return (abs(dq) + abs(dr) + abs(dq + dr)) / 2
}

/// Whether a and b share a side.
fn hexesAdjacent(a: Hex, b: Hex) -> bool = hexDistance(a, b) == 1

/// The hexes at most n steps from center (center included): 3n(n+1)+1 of them, by q then r.
fn hexesWithin(center: Hex, n: int) -> list<Hex> {
  let out: list<Hex> = []
  for dq in -n..n {
    for dr in max(-n, -dq - n)..min(n, -dq + n) { add Hex(q: center.q + dq, r: center.r + dr) to out }
  }
  return out
}

/// The hexes exactly n steps from center: 6n of them (the center alone for 0), starting n hexes
/// east and going counterclockwise.
fn hexRing(center: Hex, n: int) -> list<Hex> {
  if n <= 0 { return [center] }
  let out: list<Hex> = []
  let h = hexMoved(center, HexDir.east, n)
  for i in 0..5 {
    let d = turn(HexDir.northwest, i)
    for j in 1..n {
      add h to out
      h = hexNeighbour(h, d)
    }
  }
  return out
}

/// The sides by which the straight line from the centre of from to the centre of to leaves from:
/// one side, or the two sides that meet at a vertex when the line runs exactly along that vertex
/// (then it touches both hexes beside the vertex). None for the same hex.
fn sidesToward(from: Hex, to: Hex) -> list<HexDir> {
  if from == to { return [] }
  let v = [to.q - from.q, to.r - from.r, from.q + from.r - to.q - to.r]
  let top = max(max(v[0], v[1]), v[2])
  let bottom = min(min(v[0], v[1]), v[2])
  return filter(d in HexDir where leavesBy(v, top, bottom, d))
}

/// Whether cube vector v (whose largest and smallest coordinates are top and bottom) lies in the
/// closed 60-degree sector of side d: d's cube step is +1 on one coordinate and -1 on another, and
/// the vector is in d's sector when it is largest on the first and smallest on the second.
fn leavesBy(v: list<int>, top: int, bottom: int, d: HexDir) -> bool {
  let s = hexStep(d)
  let u = [s.q, s.r, -s.q - s.r]
  return all(i in [0, 1, 2] where (u[i] != 1 or v[i] == top) and (u[i] != -1 or v[i] == bottom))
}

/// The hexes under each of hexDistance(a, b) + 1 evenly spaced points of the straight line from the
/// centre of a to the centre of b, from a to b: one hex, or two (by q then r) where the point lies
/// exactly on the side between them, as it does all along a line that runs along a vertex.
fn hexLineSteps(a: Hex, b: Hex) -> list<list<Hex>> {
  let n = hexDistance(a, b)
  if n == 0 { return [[a]] }
  let out: list<list<Hex>> = []
  for i in 0..n {
    // The point a + (b - a) * i / n, in axial coordinates multiplied by n so they stay whole.
    let x = a.q * n + (b.q - a.q) * i
    let z = a.r * n + (b.r - a.r) * i
    let near = Hex(q: x / n round nearest, r: z / n round nearest)
    add filter(h in hexesWithin(near, 2) where underPoint(h, x, z, n)) to out
  }
  return out
}

/// The hexes the straight line from the centre of a to the centre of b passes through, from a to b:
/// the hex under each of hexDistance(a, b) + 1 evenly spaced points of the line, each adjacent to the
/// next. Where a point lies exactly on the side between two hexes (as it does all along a line that
/// runs along a vertex), both are listed, by q then r.
fn hexLine(a: Hex, b: Hex) -> list<Hex> {
  let out: list<Hex> = []
  for step in hexLineSteps(a, b) { out = out + step }
  return out
}

/// Line of sight from a to b over blocking hexes: no point of the line between them has only
/// blocking hexes under it. Along a vertex the line runs between two hexes and is blocked only where
/// both are blocking; a and b themselves never block.
fn hexSight(a: Hex, b: Hex, blocking: list<Hex>) -> bool {
  let steps = hexLineSteps(a, b)
  for i in 1..len(steps) - 2 {
    if all(h in steps[i] where contains(blocking, h)) { return false }
  }
  return true
}

/// Whether the point (x / n, z / n) lies in hex h or on its edge: in cube coordinates, every two of
/// its offsets from the centre differ by at most 1.
fn underPoint(h: Hex, x: int, z: int, n: int) -> bool {
  let dx = x - n * h.q
  let dz = z - n * h.r
  let dy = -dx - dz
  return abs(dx - dy) <= n and abs(dy - dz) <= n and abs(dz - dx) <= n
}

/// The sides of to by which the line from the centre of from enters it (its sides facing from).
fn sidesEntered(from: Hex, to: Hex) -> list<HexDir> = sidesToward(to, from)

/// Whether the line between the centres of from and to runs along a vertex of from.
fn alongVertex(from: Hex, to: Hex) -> bool = len(sidesToward(from, to)) == 2

/// The sides of h that lead directly away from other: those the line from the centre of other
/// through the centre of h leaves h by (two when that line runs along a vertex).
fn awayFrom(h: Hex, other: Hex) -> list<HexDir> = sidesToward(other, h)

/// The front sides of a facing: the faced side and the two beside it, or the two sides at the faced vertex.
fn frontSides(f: Facing) -> list<HexDir> {
  if f.vertex { return [f.toward, turn(f.toward, 1)] }
  return [turn(f.toward, -1), f.toward, turn(f.toward, 1)]
}

/// The flank sides of a facing: the two between front and rear.
fn flankSides(f: Facing) -> list<HexDir> {
  if f.vertex { return [turn(f.toward, -1), turn(f.toward, 2)] }
  return [turn(f.toward, -2), turn(f.toward, 2)]
}

/// The rear sides of a facing: the side behind, or the two sides at the vertex behind.
fn rearSides(f: Facing) -> list<HexDir> {
  if f.vertex { return [turn(f.toward, 3), turn(f.toward, 4)] }
  return [turn(f.toward, 3)]
}

/// The flank side on the right of a facing (clockwise from its front sides).
fn rightFlankSide(f: Facing) -> HexDir = if f.vertex then turn(f.toward, -1) else turn(f.toward, -2)

/// The flank side on the left of a facing (counterclockwise from its front sides).
fn leftFlankSide(f: Facing) -> HexDir = turn(f.toward, 2)

/// The arc (Arc, from std/arcs) of a unit in h with facing f that the hex other lies in: the arc of
/// the side of h that the line from h's centre to other's centre leaves by. A line along a vertex
/// between two arcs goes to the front rather than a flank, and to a flank rather than the rear, as
/// on std/square and std/plane; h itself is in the front arc.
fn hexArc(h: Hex, f: Facing, other: Hex) -> Arc {
  let sides = sidesToward(h, other)
  if len(sides) == 0 or any(d in sides where contains(frontSides(f), d)) { return Arc.front }
  if contains(sides, rightFlankSide(f)) { return Arc.right }
  if contains(sides, leftFlankSide(f)) { return Arc.left }
  return Arc.rear
}

/// The hexes across the given sides of h.
fn hexesAcross(h: Hex, sides: list<HexDir>) -> list<Hex> {
  let out: list<Hex> = []
  for d in sides { add hexNeighbour(h, d) to out }
  return out
}

/// The front hexes of a unit in hex h with facing f.
fn frontHexes(h: Hex, f: Facing) -> list<Hex> = hexesAcross(h, frontSides(f))

/// The flank hexes of a unit in hex h with facing f.
fn flankHexes(h: Hex, f: Facing) -> list<Hex> = hexesAcross(h, flankSides(f))

/// The rear hexes of a unit in hex h with facing f.
fn rearHexes(h: Hex, f: Facing) -> list<Hex> = hexesAcross(h, rearSides(f))

/// Whether the line from the centre of from to the centre of to leaves from through one of its front
/// sides (along a vertex, through either side that meets there).
fn seesThroughFront(from: Hex, f: Facing, to: Hex) -> bool = any(d in sidesToward(from, to) where contains(frontSides(f), d))

/// Face-to-face: the line between the centres of a and b leaves a through a front side of a and
/// enters b through a front side of b.
fn faceToFace(a: Hex, fa: Facing, b: Hex, fb: Facing) -> bool = seesThroughFront(a, fa, b) and seesThroughFront(b, fb, a)

/// The vertex facing of a unit in from turned toward to: the line to to leaves by its front sides
/// (along a vertex, it faces that vertex). to must not be from.
fn facingToward(from: Hex, to: Hex) -> Facing {
  let sides = sidesToward(from, to)
  if len(sides) == 2 and turn(sides[1], 1) == sides[0] { return Facing(toward: sides[1], vertex: true) }
  return Facing(toward: sides[0], vertex: true)
}

/// The six vertex facings, counterclockwise from the vertex between the east and north-east sides.
fn vertexFacings() -> list<Facing> {
  let out: list<Facing> = []
  for d in HexDir { add Facing(toward: d, vertex: true) to out }
  return out
}

/// The hex in column col and row row of a map (rows offset, odd rows shifted half a hex east).
fn hexAt(col: int, row: int) -> Hex = Hex(q: col - row / 2 round down, r: row)

/// The column of h on a map: 0 on its west edge.
fn column(h: Hex) -> int = h.q + h.r / 2 round down

/// Whether h lies on the map.
fn onMap(m: HexMap, h: Hex) -> bool = h.r >= 0 and h.r < m.rows and column(h) >= 0 and column(h) < m.cols

/// Whether a unit may stand in h: on the map and not impassable.
fn passable(m: HexMap, h: Hex) -> bool = onMap(m, h) and not contains(m.impassable, h)
/// The hex of a map scale times larger that holds h: the larger map's hexes point the same way,
/// and its Hex(q: 0, r: 0) is centred on this map's Hex(q: 0, r: 0) (a 24-mile hex holding 6-mile
/// hexes is scale 4). h goes to the larger hex its centre lies in; a centre exactly on the border
/// between larger hexes goes the same way everywhere (cube coordinates rounded half up, then the one
/// furthest off corrected), so every larger hex holds exactly scale * scale hexes.
fn largerHex(h: Hex, scale: int) -> Hex {
  let x = h.q
  let z = h.r
  let y = -x - z
  let rx = (2 * x + scale) / (2 * scale) round down
  let ry = (2 * y + scale) / (2 * scale) round down
  let rz = (2 * z + scale) / (2 * scale) round down
  let ex = abs(rx * scale - x)
  let ey = abs(ry * scale - y)
  let ez = abs(rz * scale - z)
  if ex > ey and ex > ez { return Hex(q: -ry - rz, r: rz) }
  if ey > ez { return Hex(q: rx, r: rz) }
  return Hex(q: rx, r: -rx - ry)
}

/// The hex of this map at the centre of the hex big of a map scale times larger.
fn centreOfLarger(big: Hex, scale: int) -> Hex = Hex(q: big.q * scale, r: big.r * scale)

/// The hexes of this map that the hex big of a map scale times larger holds: scale * scale of them,
/// by q then r (the other way of largerHex).
fn smallerHexes(big: Hex, scale: int) -> list<Hex> = filter(h in hexesWithin(centreOfLarger(big, scale), scale) where largerHex(h, scale) == big)
`;
