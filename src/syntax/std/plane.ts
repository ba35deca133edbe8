// The text of the standard module `std/plane`: gridless geometry in the rules language, bundled as text
// like std/hex: points in hundredths of an inch, round and rectangular bases with a facing, distance
// edge to edge, base contact, arcs, line of sight, moves with pivots and wheels, and templates (their
// part in plane-templates.ts, joined at the end). Whole numbers only: distances are compared squared
// or rounded up through the built-in isqrt, and directions come from a table of sines, so every
// rounding is at a place the module's header names.
// (No backquotes in the text below: it is a template literal.)
import { SINE_TABLE } from "./plane-sines.ts";
import { PLANE_TEMPLATES } from "./plane-templates.ts";

export const PLANE_MODULE = `// std/plane: gridless geometry, shipped with rulesmith. Import it with: import "std/plane"
//
// Its arcs are those of std/arcs, which it imports.
//
// Lengths and positions are whole numbers of UNITS, hundredths of an inch: inches(6) is 600, and a
// 6 by 4 foot table is 7200 by 4800 units. x grows to the east and y to the south (as on std/square),
// bearings are whole degrees clockwise from north: 0 north, 90 east, 180 south, 270 west.
//
// Where rounding happens, and which way (everything else is exact):
// - mm(n) rounds to the nearest unit (0.254 mm).
// - Directions come from a table of sines in ten-thousandths, each rounded to the nearest; a point
//   moved along a bearing, a rotated base's corners and a turned point are rounded to the nearest
//   unit (a half away from zero). A bearing that is a multiple of 90 degrees is exact.
// - A round base or template's radius is half its diameter rounded up.
// - Distances (baseDistance, pointDistance, the distance a move uses) are rounded UP to a whole unit,
//   so "within N" holds exactly when the true distance is at most N, and a move never uses less than
//   its true path. Arc lengths take pi as 355/113 (too large by less than 3 parts in ten million).

import "std/arcs"

/// A point of the table, in units (hundredths of an inch): x grows eastward, y southward.
record Point {
  x: int
  y: int
}

/// The outline of a base: round (width is its diameter) or rectangular.
enum BaseShape { circle, rectangle }

/// A model's or unit's base: its centre, shape, size in units and facing (a bearing in whole degrees,
/// clockwise from north). A rectangle is width across its front and depth from front to rear; a
/// circle's diameter is its width (its depth is not used).
record Base {
  at: Point
  shape: BaseShape
  width: int in 1..100000
  depth: int in 1..100000 = 1
  facing: int in 0..359
}

/// A convex piece of the table: the points within radius of its spine, which is one point (a disc),
/// two (a segment, or a capsule with a radius) or three or more (a convex polygon, corners in order).
record Piece {
  spine: list<Point>
  radius: int in 0..10000000 = 0
}

/// A template laid on the table: the union of its pieces.
record Template {
  pieces: list<Piece>
}

/// How much of a base a template covers: none of it, part, or the whole base.
enum Under { none, part, whole }

/// A base after a move, and the distance the move used, in units (rounded up).
record Moved {
  base: Base
  used: int
}

/// Units in one inch: every length in std/plane is in hundredths of an inch.
fn unitsPerInch() -> int = 100

/// n inches in units.
fn inches(n: int) -> int = n * 100

/// n millimetres in units, rounded to the nearest unit: mm(25) is 98, mm(40) is 157.
fn mm(n: int) -> int = n * 500 / 127 round nearest

/// A round base of that diameter, in units.
fn roundBase(at: Point, diameter: int, facing: int) -> Base = Base(at: at, shape: BaseShape.circle, width: diameter, depth: diameter, facing: bearing(facing))

/// A rectangular base width units across its front and depth units deep.
fn rectBase(at: Point, width: int, depth: int, facing: int) -> Base = Base(at: at, shape: BaseShape.rectangle, width: width, depth: depth, facing: bearing(facing))

/// The base b at another place and facing.
fn placed(b: Base, at: Point, facing: int) -> Base = Base(at: at, shape: b.shape, width: b.width, depth: b.depth, facing: bearing(facing))

/// Any whole number of degrees as a bearing from 0 to 359: bearing(-90) is 270, bearing(450) 90.
fn bearing(degrees: int) -> int = (degrees % 360 + 360) % 360

/// The turn from bearing facing to bearing target, from -180 to 179: positive is clockwise.
fn turnBetween(facing: int, target: int) -> int = bearing(target - facing + 180) - 180

${SINE_TABLE}
/// The sine of a bearing in ten-thousandths.
fn sine(degrees: int) -> int {
  let d = bearing(degrees)
  if d <= 90 { return sineQuarter(d) }
  if d <= 180 { return sineQuarter(180 - d) }
  if d <= 270 { return -sineQuarter(d - 180) }
  return -sineQuarter(360 - d)
}

/// The cosine of a bearing in ten-thousandths.
fn cosine(degrees: int) -> int = sine(degrees + 90)

/// The direction of a bearing as a step of (about) 10000 units: heading(0) is Point(x: 0, y: -10000).
fn heading(degrees: int) -> Point = Point(x: sine(degrees), y: -cosine(degrees))

/// The point length units from p along a bearing, rounded to the nearest unit.
fn offset(p: Point, degrees: int, length: int) -> Point {
  let h = heading(degrees)
  return Point(x: p.x + (length * h.x) / 10000 round nearest, y: p.y + (length * h.y) / 10000 round nearest)
}

/// The point p turned about centre by degrees (clockwise when positive), rounded to the nearest unit.
fn turnedAbout(p: Point, centre: Point, degrees: int) -> Point {
  let c = cosine(degrees)
  let s = sine(degrees)
  let dx = p.x - centre.x
  let dy = p.y - centre.y
  return Point(x: centre.x + (dx * c - dy * s) / 10000 round nearest, y: centre.y + (dx * s + dy * c) / 10000 round nearest)
}

/// The whole-degree bearing from a toward b, to the nearest degree (a tie goes to the one
/// further counterclockwise); 0 when a is b.
fn bearingToward(a: Point, b: Point) -> int {
  let dx = b.x - a.x
  let dy = b.y - a.y
  if dx == 0 and dy == 0 { return 0 }
  let coarse = 0
  for d in 0..35 where along(dx, dy, d * 10) > along(dx, dy, coarse) { coarse = d * 10 }
  let best = bearing(coarse - 9)
  for k in -8..9 where along(dx, dy, coarse + k) > along(dx, dy, best) { best = bearing(coarse + k) }
  return best
}

/// How far (dx, dy) goes along a bearing, times 10000.
fn along(dx: int, dy: int, degrees: int) -> int = dx * heading(degrees).x + dy * heading(degrees).y

/// The square of the distance between two points: compare these to compare distances exactly.
fn squaredDistance(a: Point, b: Point) -> int = (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)

/// The whole square root rounded up: the least r with r * r >= n (0 for 0 or less).
fn ceilSqrt(n: int) -> int = if n <= 0 then 0 else isqrt(n - 1) + 1

/// The distance between two points, rounded up to a whole unit.
fn pointDistance(a: Point, b: Point) -> int = ceilSqrt(squaredDistance(a, b))

/// Whether two points are at most units apart, exactly (no rounding).
fn pointsWithin(a: Point, b: Point, units: int) -> bool = units >= 0 and squaredDistance(a, b) <= units * units

/// Twice the signed area of the triangle o, a, p: above 0 when p lies clockwise of the ray o to a on
/// the table (x east, y south), below 0 counterclockwise, 0 on its line.
fn cross(o: Point, a: Point, p: Point) -> int = (a.x - o.x) * (p.y - o.y) - (a.y - o.y) * (p.x - o.x)

/// -1, 0 or 1 as n is below, at or above 0.
fn signOf(n: int) -> int = if n > 0 then 1 else if n < 0 then -1 else 0

/// The corners of a base in order, front-left, front-right, rear-right, rear-left (for a round base,
/// those of the square around it, which give its arcs). Each rounded to the nearest unit.
fn corners(b: Base) -> list<Point> {
  let f = heading(b.facing)
  let r = heading(b.facing + 90)
  let depth = if b.shape == BaseShape.circle then b.width else b.depth
  let out: list<Point> = []
  for s in [[1, -1], [1, 1], [-1, 1], [-1, -1]] {
    let x = (s[0] * depth * f.x + s[1] * b.width * r.x) / 20000 round nearest
    let y = (s[0] * depth * f.y + s[1] * b.width * r.y) / 20000 round nearest
    add Point(x: b.at.x + x, y: b.at.y + y) to out
  }
  return out
}

/// The piece of table a base stands on.
fn basePiece(b: Base) -> Piece {
  if b.shape == BaseShape.circle { return Piece(spine: [b.at], radius: b.width / 2 round up) }
  return Piece(spine: corners(b), radius: 0)
}

/// Whether p lies on the segment a-b, given that it lies on its line.
fn withinBox(a: Point, b: Point, p: Point) -> bool = min(a.x, b.x) <= p.x and p.x <= max(a.x, b.x) and min(a.y, b.y) <= p.y and p.y <= max(a.y, b.y)

/// Whether segments a-b and c-d share a point (ends and touching included; either may be one point).
fn segmentsMeet(a: Point, b: Point, c: Point, d: Point) -> bool {
  let s1 = signOf(cross(c, d, a))
  let s2 = signOf(cross(c, d, b))
  let s3 = signOf(cross(a, b, c))
  let s4 = signOf(cross(a, b, d))
  if s1 * s2 < 0 and s3 * s4 < 0 { return true }
  return (s1 == 0 and withinBox(c, d, a)) or (s2 == 0 and withinBox(c, d, b)) or (s3 == 0 and withinBox(a, b, c)) or (s4 == 0 and withinBox(a, b, d))
}

/// The square of the distance from p to the segment a-b, as a fraction [numerator, denominator].
fn segmentSquaredDistance(p: Point, a: Point, b: Point) -> list<int> {
  let ex = b.x - a.x
  let ey = b.y - a.y
  let length2 = ex * ex + ey * ey
  let t = (p.x - a.x) * ex + (p.y - a.y) * ey
  if length2 == 0 or t <= 0 { return [squaredDistance(p, a), 1] }
  if t >= length2 { return [squaredDistance(p, b), 1] }
  let c = cross(a, b, p)
  return [c * c, length2]
}

/// The distance from p to the segment a-b, rounded up.
fn segmentDistance(p: Point, a: Point, b: Point) -> int {
  let q = segmentSquaredDistance(p, a, b)
  return ceilSqrt(q[0] / q[1] round up)
}

/// The sides of a spine: a point is one side from itself to itself, two points one side, three or
/// more the sides of the polygon, the last back to the first.
fn sides(spine: list<Point>) -> list<list<Point>> {
  let n = len(spine)
  if n <= 2 { return [[spine[0], spine[n - 1]]] }
  let out: list<list<Point>> = []
  for i in 0..n - 1 { add [spine[i], spine[(i + 1) % n]] to out }
  return out
}

/// Whether p lies in the convex polygon (its sides included). False for fewer than three corners.
fn insideConvex(polygon: list<Point>, p: Point) -> bool {
  let n = len(polygon)
  if n < 3 { return false }
  let clockwise = false
  let counter = false
  for i in 0..n - 1 {
    let s = cross(polygon[i], polygon[(i + 1) % n], p)
    if s > 0 { clockwise = true }
    if s < 0 { counter = true }
  }
  return not (clockwise and counter)
}

/// Whether two spines share a point.
fn spinesMeet(a: list<Point>, b: list<Point>) -> bool {
  if any(p in a where insideConvex(b, p)) or any(p in b where insideConvex(a, p)) { return true }
  let sb = sides(b)
  return any(e in sides(a) where any(g in sb where segmentsMeet(e[0], e[1], g[0], g[1])))
}

/// Whether the boxes around two spines are apart, so the spines cannot meet: a quick test first.
fn boxesApart(a: list<Point>, b: list<Point>) -> bool =
  max(p in a => p.x) < min(p in b => p.x) or max(p in b => p.x) < min(p in a => p.x) or max(p in a => p.y) < min(p in b => p.y) or max(p in b => p.y) < min(p in a => p.y)

/// The least distance between two spines, rounded up: 0 when they meet.
fn spineGap(a: list<Point>, b: list<Point>) -> int {
  if not boxesApart(a, b) and spinesMeet(a, b) { return 0 }
  let sa = sides(a)
  let sb = sides(b)
  let ab = min(p in a => min(e in sb => segmentDistance(p, e[0], e[1])))
  let ba = min(p in b => min(e in sa => segmentDistance(p, e[0], e[1])))
  return min(ab, ba)
}

/// The gap between two pieces, edge to edge, rounded up: 0 when they touch or overlap.
fn pieceGap(a: Piece, b: Piece) -> int = max(0, spineGap(a.spine, b.spine) - a.radius - b.radius)

/// The distance between two bases, edge to edge as the rules measure, in units rounded up: 0 when
/// they touch or overlap.
fn baseDistance(a: Base, b: Base) -> int = pieceGap(basePiece(a), basePiece(b))

/// Whether b is within n inches of a, edge to edge: exactly 6 inches away is within 6.
fn within(a: Base, b: Base, n: int) -> bool = withinUnits(a, b, inches(n))

/// Whether b is within units of a, edge to edge: baseDistance(a, b) <= units, decided from the
/// centres alone when they are far enough apart or close enough together.
fn withinUnits(a: Base, b: Base, units: int) -> bool {
  if units < 0 { return false }
  let apart = squaredDistance(a.at, b.at)
  let far = units + outerRadius(a) + outerRadius(b)
  if apart > far * far { return false }
  let near = units + innerRadius(a) + innerRadius(b)
  if apart <= near * near { return true }
  return baseDistance(a, b) <= units
}

/// At least the distance from a base's centre to its farthest point (a corner, rounded, is at most
/// a unit further out than the true one).
fn outerRadius(b: Base) -> int = if b.shape == BaseShape.circle then b.width / 2 round up else ceilSqrt(b.width * b.width + b.depth * b.depth) / 2 round up + 1

/// At most the distance from a base's centre to its nearest edge.
fn innerRadius(b: Base) -> int = if b.shape == BaseShape.circle then b.width / 2 round up else max(0, min(b.width, b.depth) / 2 round down - 1)

/// Whether two bases touch (base contact): their edges meet, or they overlap.
fn inContact(a: Base, b: Base) -> bool = baseDistance(a, b) == 0

/// The distance from the edge of a base to a point, rounded up: 0 when the point is on the base.
fn distanceToPoint(b: Base, p: Point) -> int = pieceGap(basePiece(b), Piece(spine: [p]))

/// The arc of b that the point p lies in. The arcs are cut by the base's diagonals, extended from
/// the centre through the corners (for a round base, those of the square around it: four arcs of 90
/// degrees). A point on a boundary goes to the front rather than a flank, and to a flank rather than
/// the rear (arcBySides); the centre is in the front arc.
fn baseArc(b: Base, p: Point) -> Arc {
  let c = corners(b)
  return arcBySides(signOf(cross(c[3], c[1], p)) * signOf(cross(c[3], c[1], c[0])), signOf(cross(c[2], c[0], p)) * signOf(cross(c[2], c[0], c[1])))
}

/// Whether other's centre is in b's front arc.
fn inFrontArc(b: Base, other: Base) -> bool = baseArc(b, other.at) == Arc.front

/// Whether other's centre is in either flank arc of b.
fn inFlankArc(b: Base, other: Base) -> bool = baseArc(b, other.at) == Arc.left or baseArc(b, other.at) == Arc.right

/// Whether other's centre is in b's rear arc.
fn inRearArc(b: Base, other: Base) -> bool = baseArc(b, other.at) == Arc.rear

/// The arcs of b that p lies in when the arcs are cut, as many rule sets cut them, by a line from
/// each corner at 135 degrees to the facing (45 degrees out from the front or rear edge) rather than
/// by the diagonals (baseArc): of front, right, rear and left, those p is in. A point on a line is in
/// both arcs it divides (which of them counts is the game's rule). A round base has the lines of the
/// square around it. A point on the base itself may be in the front and the rear arc at once. The
/// sides are taken from the table of sines, so a facing that is a multiple of 90 is exact.
fn cornerArcs(b: Base, p: Point) -> list<Arc> {
  let u = along(p.x - b.at.x, p.y - b.at.y, b.facing)
  let v = along(p.x - b.at.x, p.y - b.at.y, b.facing + 90)
  let depth = if b.shape == BaseShape.circle then b.width else b.depth
  // Ahead of the front corners' lines: u - |v| at least half the depth less half the width (times 10000).
  let lengthwise = (depth - b.width) * 5000
  let out: list<Arc> = []
  if u - abs(v) >= lengthwise { add Arc.front to out }
  if v - abs(u) >= -lengthwise { add Arc.right to out }
  if -u - abs(v) >= lengthwise { add Arc.rear to out }
  if -v - abs(u) >= -lengthwise { add Arc.left to out }
  return out
}

/// The piece of table an arc of b covers when its arcs are cut by the corners' 135-degree lines (as
/// cornerArcs cuts them), out to reach units along each line: the quadrilateral between the arc's
/// two corners and the points reach out along their lines. A facing that is a multiple of 90 gives
/// lines at exactly 45 degrees; others are within a unit per 100 inches.
fn cornerArcPiece(b: Base, arc: Arc, reach: int) -> Piece {
  let k = if arc == Arc.front then 0 else if arc == Arc.right then 1 else if arc == Arc.rear then 2 else 3
  let c = corners(b)
  let d = b.facing + 90 * k
  return Piece(spine: [c[k], offset(c[k], d - 45, reach), offset(c[(k + 1) % 4], d + 45, reach), c[(k + 1) % 4]])
}

/// Whether any part of other's base is inside the arc of b (cut by the corners' lines, as
/// cornerArcs cuts them): touching the line counts. For a rule that asks whether a unit is inside an
/// arc, rather than which arc it is located in. The arc is taken out to half again the farthest
/// other's base reaches from b's corners, which holds every point of it that can meet other.
fn arcReaches(b: Base, arc: Arc, other: Base) -> bool {
  let far = max(c in corners(b) => pointDistance(c, other.at)) + outerRadius(other) + 1
  return pieceGap(cornerArcPiece(b, arc, far * 3 / 2 round up), basePiece(other)) == 0
}

/// The middle of a base's front edge (of a round base, the point of its edge straight ahead), to the
/// nearest unit.
fn frontCentre(b: Base) -> Point {
  let depth = if b.shape == BaseShape.circle then b.width else b.depth
  let h = heading(b.facing)
  return Point(x: b.at.x + (depth * h.x) / 20000 round nearest, y: b.at.y + (depth * h.y) / 20000 round nearest)
}

/// Whether p lies in the polygon (any simple polygon, corners in order; its sides included).
fn insidePolygon(polygon: list<Point>, p: Point) -> bool {
  let n = len(polygon)
  let inside = false
  for i in 0..n - 1 {
    let a = polygon[i]
    let b = polygon[(i + 1) % n]
    if cross(a, b, p) == 0 and withinBox(a, b, p) { return true }
    if (a.y > p.y) != (b.y > p.y) {
      let left = (p.x - a.x) * (b.y - a.y)
      let right = (p.y - a.y) * (b.x - a.x)
      if (b.y > a.y and left < right) or (b.y < a.y and left > right) { inside = not inside }
    }
  }
  return inside
}

/// Whether the segment a-b touches the polygon (any simple polygon): crosses or touches a side, or
/// lies inside.
fn segmentHitsPolygon(a: Point, b: Point, polygon: list<Point>) -> bool =
  insidePolygon(polygon, a) or any(e in sides(polygon) where segmentsMeet(a, b, e[0], e[1]))

/// The bases of others (besides from and to) that the line between the centres of from and to
/// touches, in the order given.
fn sightBlockers(from: Base, to: Base, others: list<Base>) -> list<Base> =
  filter(o in others where o != from and o != to and pieceGap(Piece(spine: [from.at, to.at]), basePiece(o)) == 0)

/// Whether the segment p-q touches no base of others (from and to skipped) and no terrain polygon.
fn sightLineClear(p: Point, q: Point, from: Base, to: Base, others: list<Base>, terrain: list<list<Point>>) -> bool {
  if any(o in others where o != from and o != to and pieceGap(Piece(spine: [p, q]), basePiece(o)) == 0) { return false }
  return not any(t in terrain where segmentHitsPolygon(p, q, t))
}

/// Line of sight, centre to centre: the straight line from the centre of from to the centre of to
/// touches no base of others (from and to themselves are skipped) and no terrain polygon. A line
/// that only grazes a base's edge or a polygon's corner is blocked.
fn baseSight(from: Base, to: Base, others: list<Base>, terrain: list<list<Point>>) -> bool = sightLineClear(from.at, to.at, from, to, others, terrain)

/// What one base sees of another.
enum Sight { clear, partial, blocked }

/// How much of to from sees, by three lines: centre to centre, and one on either side of it joining
/// points of the two bases square to it, a unit inside the nearest edge (innerRadius - 1 out from
/// each centre). Clear when all three lines are clear, blocked when none is, and partial (in cover)
/// otherwise.
fn baseCover(from: Base, to: Base, others: list<Base>, terrain: list<list<Point>>) -> Sight {
  if from.at == to.at { return Sight.clear }
  let d = bearingToward(from.at, to.at)
  let ra = max(0, innerRadius(from) - 1)
  let rb = max(0, innerRadius(to) - 1)
  let left = sightLineClear(offset(from.at, d - 90, ra), offset(to.at, d - 90, rb), from, to, others, terrain)
  let right = sightLineClear(offset(from.at, d + 90, ra), offset(to.at, d + 90, rb), from, to, others, terrain)
  let seen = count(c in [baseSight(from, to, others, terrain), left, right] where c)
  if seen == 3 { return Sight.clear }
  if seen == 0 { return Sight.blocked }
  return Sight.partial
}

/// The length of an arc of degrees on a circle of that radius, rounded up (pi as 355/113).
fn arcLength(degrees: int, radius: int) -> int = abs(degrees) * radius * 355 / (180 * 113) round up

/// Moves b straight ahead along its facing (back for a negative distance), using that distance.
fn advance(b: Base, distance: int) -> Moved = Moved(base: placed(b, offset(b.at, b.facing, distance), b.facing), used: abs(distance))

/// Moves b's centre straight to p without turning, using the distance between, rounded up.
fn moveTo(b: Base, p: Point) -> Moved = Moved(base: placed(b, p, b.facing), used: pointDistance(b.at, p))

/// Turns b about its centre by degrees (clockwise when positive). It uses the path of the corner
/// farthest from the centre: half the diagonal (rounded up) for a rectangle, none for a round base.
fn pivot(b: Base, degrees: int) -> Moved {
  let reach = if b.shape == BaseShape.circle then 0 else ceilSqrt(b.width * b.width + b.depth * b.depth) / 2 round up
  return Moved(base: placed(b, b.at, b.facing + degrees), used: arcLength(degrees, reach))
}

/// Wheels b by degrees: clockwise (positive) about its front-right corner, counterclockwise about
/// its front-left; it uses the path of the outer front corner, an arc of radius width.
fn wheel(b: Base, degrees: int) -> Moved {
  let c = corners(b)
  let hinge = if degrees >= 0 then c[1] else c[0]
  return Moved(base: placed(b, turnedAbout(b.at, hinge, degrees), b.facing + degrees), used: arcLength(degrees, b.width))
}

/// Wheels b toward a turn of degrees (clockwise when positive, as wheel) by the most whole degrees,
/// at most abs(degrees), whose path fits within units: the wheel of a move whose distance runs out
/// before the turn is done.
fn wheelUpTo(b: Base, degrees: int, units: int) -> Moved {
  let most = 0
  if degrees != 0 {
    for d in 1..abs(degrees) where arcLength(d, b.width) <= units { most = d }
  }
  return wheel(b, signOf(degrees) * most)
}

/// Turns b about its centre to face p (the nearest whole degree), as pivot measures it.
fn faceToward(b: Base, p: Point) -> Moved = pivot(b, turnBetween(b.facing, bearingToward(b.at, p)))

${PLANE_TEMPLATES}`;
