// The text of the standard module `std/arcs`: the four arcs around a piece and the one rule for a
// point on the boundary between two, shared by std/square and std/plane so a game that imports both
// has one `Arc`, and a square's arcs and a base's arcs treat their boundaries alike. (No backquotes
// in the text below: it is a template literal.)
export const ARCS_MODULE = `// std/arcs: the arcs around a piece, shared by std/square and std/plane (each imports it).

/// The four arcs around a piece, clockwise from the front.
enum Arc { front, right, rear, left }

/// The arc of a point, given which side it lies of the two lines that cut the arcs (a piece's
/// diagonals, extended from its centre through its corners): frontOrLeft is 0 or more when the
/// point is on the front-and-left side of the line through the rear-left and front-right corners
/// (0 on it), frontOrRight likewise for the line through the rear-right and front-left corners. A
/// point on a boundary goes to the front rather than a flank, and to a flank rather than the rear;
/// the centre, on both lines, is in the front arc.
fn arcBySides(frontOrLeft: int, frontOrRight: int) -> Arc {
  if frontOrLeft >= 0 and frontOrRight >= 0 { return Arc.front }
  if frontOrLeft < 0 and frontOrRight < 0 { return Arc.rear }
  if frontOrLeft >= 0 { return Arc.left }
  return Arc.right
}
`;
