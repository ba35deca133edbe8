// The last part of std/plane's text (plane.ts): templates, a blast, a line and a teardrop, and which
// bases they touch or cover. Kept apart so each file holds one part of the module; the module is one
// text, checked as one. (No backquotes in the text below: it is a template literal.)
export const PLANE_TEMPLATES = `/// A round template of that diameter (a blast), centred on centre.
fn blast(centre: Point, diameter: int) -> Template = Template(pieces: [Piece(spine: [centre], radius: diameter / 2 round up)])

/// A line template length units long from from along a bearing, with no width.
fn lineTemplate(from: Point, degrees: int, length: int) -> Template = Template(pieces: [Piece(spine: [from, offset(from, degrees, length)])])

/// A teardrop (flame) template: its narrow tip at tip, length units long along a bearing and width
/// units across its round end. It is a circle of diameter width whose far edge is length from the
/// tip, and the triangle from the tip to the ends of that circle's diameter across the template.
fn teardrop(tip: Point, degrees: int, length: int, width: int) -> Template {
  let r = width / 2 round up
  let c = offset(tip, degrees, length - r)
  let triangle = Piece(spine: [tip, offset(c, degrees + 90, r), offset(c, degrees - 90, r)])
  return Template(pieces: [triangle, Piece(spine: [c], radius: r)])
}

/// Whether a template touches any part of a base (an edge touching counts).
fn touches(t: Template, b: Base) -> bool = any(p in t.pieces where pieceGap(p, basePiece(b)) == 0)

/// Whether one piece holds all of a base.
fn pieceHolds(p: Piece, b: Base) -> bool {
  if b.shape == BaseShape.rectangle {
    return all(c in corners(b) where spineGap(p.spine, [c]) <= p.radius)
  }
  let rb = b.width / 2 round up
  if not insideConvex(p.spine, b.at) { return spineGap(p.spine, [b.at]) + rb <= p.radius }
  let need = rb - p.radius
  if need <= 0 { return true }
  return all(e in sides(p.spine) where edgeLineFarEnough(b.at, e[0], e[1], need))
}

/// Whether p is at least d from the line through a and b.
fn edgeLineFarEnough(p: Point, a: Point, b: Point, d: int) -> bool {
  let c = cross(a, b, p)
  return c * c >= d * d * squaredDistance(a, b)
}

/// How much of b a template covers: whole when one piece of it holds all of b.
fn under(t: Template, b: Base) -> Under {
  if not touches(t, b) { return Under.none }
  if any(p in t.pieces where pieceHolds(p, b)) { return Under.whole }
  return Under.part
}

/// The bases a template touches, fully or partly, in the order given.
fn basesUnder(t: Template, bases: list<Base>) -> list<Base> = filter(b in bases where touches(t, b))

/// The bases a template covers whole, in the order given.
fn basesWhollyUnder(t: Template, bases: list<Base>) -> list<Base> = filter(b in bases where under(t, b) == Under.whole)
`;
