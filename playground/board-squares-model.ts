// What the board draws on a square grid, read from a game state by its declared types as the hex board
// is (board-model.ts), never by a game's field names: a piece is an entity (or record) with a field
// whose type is std/square's `Space` (its footprint), or with a field of type `Square` (its north-west
// square). A piece of the second kind takes its size from the program's footprint function, if it has
// one: a function from that kind to `Space` written as `Space(corner: p.f, size: p.g)`; else one square.
import { isStdPath, type Ast as A, type RuntimeProgram } from "../src/api.ts";
import { entityNames, labelOf, sideOf } from "./board-sides.ts";
import { walkState } from "./board-walk.ts";

export interface SquarePiece {
  path: string;
  kind: string;
  label: string;
  x: number;
  y: number;
  size: number;
  side?: string;
  dead?: boolean;
}

export interface SquareBoard {
  grid: "square";
  /** The names the trace shows the records with: `Square(x: 1, y: 2)`, `Space(corner: .., size: 2)`. */
  coordinate: string;
  space: string;
  pieces: SquarePiece[];
}

const MAX_PIECES = 500;
const MAX_SIZE = 100;

function stdKind(p: RuntimeProgram, name: string): A.KindDecl | undefined {
  return [...p.kinds.values()].find((k) => k.record && isStdPath(k.span.file) && k.name.text === name);
}

/** `p.f` where `p` is the parameter: the field's name. */
function paramField(e: A.Expr | undefined, param: string): string | undefined {
  return e && e.kind === "member" && e.object.kind === "name" && e.object.name === param ? e.member.text : undefined;
}

/** For a kind, the fields its footprint function reads: `fn f(p: K) -> Space = Space(corner: p.a, size: p.b)`. */
function footprintFields(p: RuntimeProgram, kind: A.KindDecl, space: A.KindDecl): { corner: string; size?: string } | undefined {
  for (const fn of p.fns.values()) {
    const param = fn.params[0];
    if (fn.params.length !== 1 || !param || p.kinds.get(param.type.name.text) !== kind || !fn.returns || p.kinds.get(fn.returns.name.text) !== space) continue;
    let body: A.Expr | undefined;
    if (fn.body.kind !== "block") body = fn.body;
    else if (fn.body.statements.length === 1 && fn.body.statements[0]!.kind === "return") body = (fn.body.statements[0] as { value?: A.Expr }).value;
    if (!body || body.kind !== "call" || body.callee.kind !== "name" || p.kinds.get(body.callee.name) !== space) continue;
    const arg = (name: string) => body.args.find((a): a is Extract<A.Arg, { kind: "named" }> => a.kind === "named" && a.name.text === name)?.value;
    const corner = paramField(arg("corner"), param.name.text);
    const size = paramField(arg("size"), param.name.text);
    if (corner) return { corner, ...(size ? { size } : {}) };
  }
  return undefined;
}

const asSquare = (v: unknown): { x: number; y: number } | undefined => {
  const o = v as { x?: unknown; y?: unknown } | null;
  return typeof o === "object" && o !== null && Number.isInteger(o.x) && Number.isInteger(o.y) ? { x: o.x as number, y: o.y as number } : undefined;
};
const asSize = (v: unknown) => (Number.isInteger(v) && (v as number) >= 1 ? Math.min(v as number, MAX_SIZE) : 1);

/** The square board of a state, or undefined when the program has no std/square or nothing is placed. */
export function squareBoardOf(p: RuntimeProgram, state: unknown): SquareBoard | undefined {
  const square = stdKind(p, "Square");
  const space = stdKind(p, "Space");
  if (!square || typeof state !== "object" || state === null) return undefined;
  const board: SquareBoard = { grid: "square", coordinate: square.name.text, space: space?.name.text ?? "Space", pieces: [] };
  const names = entityNames(state);
  const footprints = new Map<A.KindDecl, { corner: string; size?: string } | undefined>();
  const place = (kind: A.KindDecl, o: Record<string, unknown>): { x: number; y: number; size: number } | undefined => {
    const own = (f: A.FieldDecl) => !f.type.element && Object.hasOwn(o, f.name.text);
    const spaceField = space ? kind.fields.find((f) => own(f) && p.kinds.get(f.type.name.text) === space) : undefined;
    if (spaceField) {
      const s = o[spaceField.name.text] as { corner?: unknown; size?: unknown } | null;
      const at = asSquare(s?.corner);
      return at ? { ...at, size: asSize(s?.size) } : undefined;
    }
    if (!footprints.has(kind)) footprints.set(kind, space ? footprintFields(p, kind, space) : undefined);
    const fp = footprints.get(kind);
    const cornerField = fp && kind.fields.some((f) => own(f) && f.name.text === fp.corner) ? fp.corner : kind.fields.find((f) => own(f) && p.kinds.get(f.type.name.text) === square)?.name.text;
    const at = cornerField ? asSquare(o[cornerField]) : undefined;
    if (!at) return undefined;
    return { ...at, size: fp?.size && Object.hasOwn(o, fp.size) ? asSize(o[fp.size]) : 1 };
  };
  walkState(p, state, {
    full: () => board.pieces.length >= MAX_PIECES,
    object(kind, o, path) {
      if (kind === square || kind === space) return "skip";
      const at = place(kind, o);
      if (!at) return;
      const side = sideOf(p, kind, o, names);
      board.pieces.push({ path, kind: kind.name.text, label: labelOf(kind, o, board.pieces.length + 1), ...at, ...(side !== undefined ? { side } : {}) });
    },
  });
  return board.pieces.length ? board : undefined;
}
