// The text of the standard module `std/square`: square-grid geometry written in the rules language,
// bundled as text like std/hex: coordinates, adjacency with and without diagonals, distance, the
// N by N spaces of large pieces, and areas of effect measured from the midpoint of a side of a space
// (cones, lines, blocks for cubes, cylinders and spheres) with how much of a space an area covers.
// Whole numbers only: midpoints are counted in half squares. Also facing and arcs, the line between
// two squares' centres, and line of sight along it. (No backquotes in the text below: it is
// a template literal.)
export const SQUARE_MODULE = `// std/square: square-grid geometry, shipped with rulesmith. Import it with: import "std/square"
//
// x grows to the east and y to the south, so the square north of Square(x: 3, y: 3) is
// Square(x: 3, y: 2). A piece larger than one square occupies a Space: a block of size by size
// squares from its north-west square. Areas of effect are measured from the midpoint of one side of
// a space and come back in reading order (north to south, west to east along a row), so two areas
// compare as lists. All arithmetic is on whole numbers (midpoints in half squares). A piece faces
// one of the four sides; its arcs are those of std/arcs, which this module imports.

import "std/arcs"

/// A square of a square grid: x grows eastward, y southward.
record Square {
  x: int
  y: int
}

/// The squares a piece occupies: size by size squares whose north-west square is corner.
record Space {
  corner: Square
  size: int in 1..100 = 1
}

/// The four sides of a square or of a space, and the four directions straight across the grid.
enum SquareSide { north, east, south, west }

/// Left or right, seen from a piece looking out of one of its sides: which way a tie leans.
enum Hand { left, right }

/// A corner of a square, toward which a block of even size leans.
enum Corner { northeast, southeast, southwest, northwest }

/// How much of a space an area covers: none of its squares, some of them, or all.
enum Coverage { none, part, whole }

/// The step one square across a side.
table squareStep(d: SquareSide) -> Square {
  SquareSide.north => Square(x: 0, y: -1)
  SquareSide.east => Square(x: 1, y: 0)
  SquareSide.south => Square(x: 0, y: 1)
  SquareSide.west => Square(x: -1, y: 0)
}

/// The direction to the right of someone looking toward d (north's right is east).
table rightOf(d: SquareSide) -> SquareSide {
  SquareSide.north => SquareSide.east
  SquareSide.east => SquareSide.south
  SquareSide.south => SquareSide.west
  SquareSide.west => SquareSide.north
}

/// The direction to the left of someone looking toward d (north's left is west).
fn leftOf(d: SquareSide) -> SquareSide = rightOf(rightOf(rightOf(d)))

/// The square n squares from s across side d.
fn squareMoved(s: Square, d: SquareSide, n: int) -> Square = Square(x: s.x + n * squareStep(d).x, y: s.y + n * squareStep(d).y)

/// The distance from a to b in squares, a step across a corner counting one: the larger of the
/// two differences of coordinates.
fn squareDistance(a: Square, b: Square) -> int = max(abs(a.x - b.x), abs(a.y - b.y))

/// The distance from a to b when only steps across a side count: the sum of the differences.
fn orthogonalDistance(a: Square, b: Square) -> int = abs(a.x - b.x) + abs(a.y - b.y)

/// Whether two different squares touch: across a side, or also across a corner when diagonals.
fn squaresAdjacent(a: Square, b: Square, diagonals: bool) -> bool =
  if diagonals then squareDistance(a, b) == 1 else orthogonalDistance(a, b) == 1

/// The squares that touch s, clockwise from the north: 4 across its sides, or 8 with the corners
/// when diagonals (north, north-east, east, south-east, ...).
fn squareNeighbours(s: Square, diagonals: bool) -> list<Square> {
  let out: list<Square> = []
  for d in [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]] where diagonals or d[0] == 0 or d[1] == 0 {
    add Square(x: s.x + d[0], y: s.y + d[1]) to out
  }
  return out
}

/// The squares of a space, in reading order.
fn squaresOf(s: Space) -> list<Square> {
  let out: list<Square> = []
  for y in s.corner.y..s.corner.y + s.size - 1 {
    for x in s.corner.x..s.corner.x + s.size - 1 { add Square(x: x, y: y) to out }
  }
  return out
}

/// Whether a space holds a square.
fn occupies(s: Space, q: Square) -> bool =
  q.x >= s.corner.x and q.x < s.corner.x + s.size and q.y >= s.corner.y and q.y < s.corner.y + s.size

/// How many whole squares lie between two runs of squares along one axis, [a, a + an) and
/// [b, b + bn): 0 when they touch, below 0 when they overlap.
fn runGap(a: int, an: int, b: int, bn: int) -> int = max(b - (a + an), a - (b + bn))

/// The least distance between a square of a and a square of b (0 when they share a square, 1 when
/// they touch), a step across a corner counting one, or two when not diagonals.
fn spaceDistance(a: Space, b: Space, diagonals: bool) -> int {
  let dx = max(0, runGap(a.corner.x, a.size, b.corner.x, b.size) + 1)
  let dy = max(0, runGap(a.corner.y, a.size, b.corner.y, b.size) + 1)
  if diagonals { return max(dx, dy) }
  return dx + dy
}

/// Whether two spaces share a square.
fn spacesOverlap(a: Space, b: Space) -> bool = spaceDistance(a, b, true) == 0

/// Whether two spaces touch (across a side, or also a corner when diagonals) without sharing a square.
fn spacesAdjacent(a: Space, b: Space, diagonals: bool) -> bool = spaceDistance(a, b, diagonals) == 1

/// The midpoint of one side of a space, in half squares: Square(x: 2 * x, ...) is the north-west
/// corner of square x, and the midpoint of the north side of a space of size 1 at (0, 0) is (1, 0).
fn sideMidpointHalves(f: Space, side: SquareSide) -> Square {
  let x = f.corner.x
  let y = f.corner.y
  let n = f.size
  if side == SquareSide.north { return Square(x: 2 * x + n, y: 2 * y) }
  if side == SquareSide.south { return Square(x: 2 * x + n, y: 2 * (y + n)) }
  if side == SquareSide.east { return Square(x: 2 * (x + n), y: 2 * y + n) }
  return Square(x: 2 * x, y: 2 * y + n)
}

/// How far a square is from the midpoint of one side of a space, in squares, a step across a corner
/// counting one: the square just outside the midpoint is 1 away. The distance to a point of origin
/// measured from that midpoint.
fn distanceFromSide(f: Space, side: SquareSide, q: Square) -> int {
  let m = sideMidpointHalves(f, side)
  let d = max(abs(2 * q.x + 1 - m.x), abs(2 * q.y + 1 - m.y))
  return d / 2 round up
}

/// The row (north, south) or column (east, west) depth squares out from one side of a space.
fn depthLine(f: Space, side: SquareSide, depth: int) -> int {
  if side == SquareSide.north { return f.corner.y - depth }
  if side == SquareSide.south { return f.corner.y + f.size - 1 + depth }
  if side == SquareSide.east { return f.corner.x + f.size - 1 + depth }
  return f.corner.x - depth
}

/// The width squares depth squares out from one side of a space, centred across the line straight
/// out from the side's midpoint; when they cannot be centred, the extra one is on hand.
fn rowOut(f: Space, side: SquareSide, depth: int, width: int, hand: Hand) -> list<Square> {
  let across = side == SquareSide.north or side == SquareSide.south
  let m = sideMidpointHalves(f, side)
  let toward = if hand == Hand.right then rightOf(side) else leftOf(side)
  let sign = if across then squareStep(toward).x else squareStep(toward).y
  let twice = (if across then m.x else m.y) - width
  let lo = (if twice % 2 == 0 then twice else if sign > 0 then twice + 1 else twice - 1) / 2
  let level = depthLine(f, side, depth)
  let out: list<Square> = []
  for i in 0..width - 1 {
    if across { add Square(x: lo + i, y: level) to out } else { add Square(x: level, y: lo + i) to out }
  }
  return out
}

/// The squares in reading order: north to south, and west to east along a row.
fn inReadingOrder(squares: list<Square>) -> list<Square> {
  let left = squares + []
  let out: list<Square> = []
  while len(left) > 0 {
    let best = left[0]
    for s in left where s.y < best.y or (s.y == best.y and s.x < best.x) { best = s }
    remove best from left
    add best to out
  }
  return out
}

/// A cone length squares long from the midpoint of one side of a space (offset squares further out
/// for a point of origin away from the side). Its squares at depth k (1 for those touching the
/// side) are a row of k squares across the cone, as evenly as possible on both sides of the line
/// straight out from the midpoint, the extra one on hand; each square beyond the first so touches a
/// square of the row before it.
fn cone(from: Space, side: SquareSide, length: int, hand: Hand, offset: int) -> list<Square> {
  let out: list<Square> = []
  for k in 1..length { out = out + rowOut(from, side, offset + k, k, hand) }
  return inReadingOrder(out)
}

/// A line length squares long and one square wide, straight out from the midpoint of one side of a
/// space (offset squares further out); from a side of even length the midpoint is between two
/// squares, and the line takes the one on hand.
fn line(from: Space, side: SquareSide, length: int, hand: Hand, offset: int) -> list<Square> {
  let out: list<Square> = []
  for k in 1..length { out = out + rowOut(from, side, offset + k, 1, hand) }
  return inReadingOrder(out)
}

/// Squares of a block of size on the west (or north) of its origin: half of the others, the odd
/// one out going east (or south) when the block leans that way.
fn nearPart(size: int, leansFar: bool) -> int = if leansFar then (size - 1) / 2 round down else (size - 1) / 2 round up

/// A block of size by size squares (a cube, or the squares of a cylinder or sphere) that holds the
/// square origin and keeps close to it: every square of a block of 2 or 3 is within 1 square of the
/// origin, of 4 or 5 within 2. An odd block is centred on the origin; an even one reaches one square
/// further toward lean.
fn block(origin: Square, size: int, lean: Corner) -> list<Square> {
  let east = lean == Corner.northeast or lean == Corner.southeast
  let south = lean == Corner.southeast or lean == Corner.southwest
  return squaresOf(Space(corner: Square(x: origin.x - nearPart(size, east), y: origin.y - nearPart(size, south)), size: size))
}

/// A block of size by size squares standing against one side of a space and reaching away from it,
/// as evenly as possible on both sides of the side's midpoint (the extra square on hand).
fn blockFromSide(from: Space, side: SquareSide, size: int, hand: Hand) -> list<Square> {
  let out: list<Square> = []
  for k in 1..size { out = out + rowOut(from, side, k, size, hand) }
  return inReadingOrder(out)
}

/// How much of a space an area covers: none of its squares, part of them, or the whole space. The
/// space's squares are counted, not the area's, so an area that lists a square twice covers it once.
fn coverage(area: list<Square>, s: Space) -> Coverage {
  let inside = count(q in squaresOf(s) where contains(area, q))
  if inside == 0 { return Coverage.none }
  if inside == s.size * s.size { return Coverage.whole }
  return Coverage.part
}
/// The squares just outside one side of a space: the row (or column) of size squares across it, in
/// reading order. A piece facing north has these across its north side in front of it.
fn squaresAcross(s: Space, side: SquareSide) -> list<Square> = inReadingOrder(rowOut(s, side, 1, s.size, Hand.right))

/// The arc of a piece in space s, facing across side facing, that square q lies in. The arcs are cut
/// by the space's diagonals from its centre: four arcs of 90 degrees. A square whose centre lies
/// exactly on a diagonal goes to the front rather than a flank, and to a flank rather than the rear
/// (arcBySides); the squares of the space itself are in its front arc only when on or ahead of both.
fn squareArc(s: Space, facing: SquareSide, q: Square) -> Arc {
  let dx = 2 * q.x + 1 - (2 * s.corner.x + s.size)
  let dy = 2 * q.y + 1 - (2 * s.corner.y + s.size)
  let ahead = dx * squareStep(facing).x + dy * squareStep(facing).y
  let right = dx * squareStep(rightOf(facing)).x + dy * squareStep(rightOf(facing)).y
  return arcBySides(ahead - right, ahead + right)
}

/// The steps of the straight line from the centre of a to the centre of b, from a: each step the
/// one square the line enters next, except where the line passes exactly through a corner: then a
/// step of the two squares beside that corner (in reading order), which it only touches, and then
/// the square beyond it. The first step is [a] and the last [b].
fn squareLineSteps(a: Square, b: Square) -> list<list<Square>> {
  let nx = abs(b.x - a.x)
  let ny = abs(b.y - a.y)
  let sx = if b.x > a.x then 1 else -1
  let sy = if b.y > a.y then 1 else -1
  let x = a.x
  let y = a.y
  let ix = 0
  let iy = 0
  let out: list<list<Square>> = [[a]]
  while ix < nx or iy < ny {
    // Where the line crosses the next column boundary and the next row boundary, both times 2 nx ny.
    let toX = (1 + 2 * ix) * ny
    let toY = (1 + 2 * iy) * nx
    if toX == toY {
      add inReadingOrder([Square(x: x + sx, y: y), Square(x: x, y: y + sy)]) to out
      x += sx
      y += sy
      ix += 1
      iy += 1
    } else if toX < toY {
      x += sx
      ix += 1
    } else {
      y += sy
      iy += 1
    }
    add [Square(x: x, y: y)] to out
  }
  return out
}

/// The squares the straight line from the centre of a to the centre of b passes through or touches,
/// from a to b; where it passes exactly through a corner, the two squares beside it as well.
fn squareLine(a: Square, b: Square) -> list<Square> {
  let out: list<Square> = []
  for step in squareLineSteps(a, b) { out = out + step }
  return out
}

/// Line of sight from a to b over blocking squares: no step of the line between them is blocked. A
/// step through a corner is blocked only when both squares beside the corner are blocking (the line
/// slips between a blocking square and an open one); a and b themselves never block.
fn squareSight(a: Square, b: Square, blocking: list<Square>) -> bool {
  let steps = squareLineSteps(a, b)
  for i in 1..len(steps) - 2 {
    if all(q in steps[i] where contains(blocking, q)) { return false }
  }
  return true
}

/// The square of a map scale times coarser that holds s: the coarser map's Square(x: 0, y: 0) covers
/// this map's squares from (0, 0) to (scale - 1, scale - 1) (a 24-mile square holding 6-mile squares
/// is scale 4).
fn largerSquare(s: Square, scale: int) -> Square = Square(x: s.x / scale round down, y: s.y / scale round down)

/// The squares of this map that the square big of a map scale times coarser holds: scale * scale of
/// them, in reading order (the other way of largerSquare).
fn smallerSquares(big: Square, scale: int) -> list<Square> {
  let out: list<Square> = []
  for dy in 0..scale - 1 {
    for dx in 0..scale - 1 { add Square(x: big.x * scale + dx, y: big.y * scale + dy) to out }
  }
  return out
}
`;
