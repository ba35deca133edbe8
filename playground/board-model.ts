// What the board draws, read from a game state by its declared types, never by a game's field names:
// a position is a field whose type is the standard module's coordinate record (`Hex` of `std/hex`), a
// facing one whose type is its `Facing`, the map a field of its `HexMap`. Each entity (or record)
// holding a position is a piece, labelled by its first `text` field, its side read as board-sides.ts
// reads it. Square and gridless boards are read the same way (board-squares-model.ts,
// board-plane-model.ts). The run worker builds this for the starting state, the state after a run and
// the state at every trace line (workers/board-timeline.ts); board.ts draws it (board-hex.ts here).
import { isStdPath, type Ast as A, type RuntimeProgram } from "../src/api.ts";
import { planeBoardOf, type PlaneBoard } from "./board-plane-model.ts";
import { entityNames, labelOf, sideOf } from "./board-sides.ts";
import { squareBoardOf, type SquareBoard } from "./board-squares-model.ts";
import { walkState } from "./board-walk.ts";

export interface HexAt {
  q: number;
  r: number;
}

export interface Piece {
  /** JSON pointer to the piece in the state, like `/units/2`. */
  path: string;
  kind: string;
  label: string;
  at: HexAt;
  /** The side (or, with `vertex`, the vertex counterclockwise after it) the piece faces. */
  facing?: { toward: string; vertex: boolean };
  /** Whose piece it is (board-sides.ts). */
  side?: string;
  /** Set by board-steps.ts on a piece gone from the state: drawn where it last stood, as dead. */
  dead?: boolean;
}

export interface HexBoard {
  grid?: "hex";
  /** The name the coordinate record shows with in the trace: `Hex(q: 1, r: 2)`. */
  coordinate: string;
  map?: { cols: number; rows: number; impassable: HexAt[] };
  pieces: Piece[];
}

/** The standard module's geometry records, if the program imports it. */
function geometry(p: RuntimeProgram): { hex: A.KindDecl; facing?: A.KindDecl; map?: A.KindDecl } | undefined {
  const std = (name: string) => [...p.kinds.values()].find((k) => k.record && isStdPath(k.span.file) && k.name.text === name);
  const hex = std("Hex");
  if (!hex) return undefined;
  const facing = std("Facing");
  const map = std("HexMap");
  return { hex, ...(facing ? { facing } : {}), ...(map ? { map } : {}) };
}

/** A hex board, a square one (board-squares-model.ts) or a gridless one (board-plane-model.ts). */
export type Board = HexBoard | SquareBoard | PlaneBoard;

const MAX_PIECES = 500;

/** The board of a state, or undefined when nothing in it has a position. */
export function boardOf(p: RuntimeProgram, state: unknown): Board | undefined {
  return hexBoardOf(p, state) ?? squareBoardOf(p, state) ?? planeBoardOf(p, state);
}

function hexBoardOf(p: RuntimeProgram, state: unknown): HexBoard | undefined {
  const g = geometry(p);
  if (!g || typeof state !== "object" || state === null) return undefined;
  const board: HexBoard = { coordinate: g.hex.name.text, pieces: [] };
  const names = entityNames(state);
  const asHex = (v: unknown): HexAt | undefined => {
    const o = v as { q?: unknown; r?: unknown } | null;
    return typeof o === "object" && o !== null && Number.isInteger(o.q) && Number.isInteger(o.r) ? { q: o.q as number, r: o.r as number } : undefined;
  };
  walkState(p, state, {
    full: () => board.pieces.length >= MAX_PIECES,
    object(kind, o, path) {
      if (kind === g.map && !board.map) {
        const cols = o["cols"];
        const rows = o["rows"];
        const impassable = Array.isArray(o["impassable"]) ? o["impassable"].map(asHex).filter((h): h is HexAt => h !== undefined) : [];
        if (Number.isInteger(cols) && Number.isInteger(rows)) board.map = { cols: cols as number, rows: rows as number, impassable };
        return "skip";
      }
      const fieldOf = (of: A.KindDecl | undefined) => (of ? kind.fields.find((f) => !f.type.element && p.kinds.get(f.type.name.text) === of && Object.hasOwn(o, f.name.text)) : undefined);
      const position = fieldOf(g.hex);
      if (!position || kind === g.hex) return;
      const at = asHex(o[position.name.text]);
      if (!at) return;
      const facingField = fieldOf(g.facing);
      const f = facingField ? (o[facingField.name.text] as { toward?: unknown; vertex?: unknown } | null) : undefined;
      const side = sideOf(p, kind, o, names);
      board.pieces.push({
        path,
        kind: kind.name.text,
        label: labelOf(kind, o, board.pieces.length + 1),
        at,
        ...(f && typeof f.toward === "string" ? { facing: { toward: f.toward, vertex: f.vertex === true } } : {}),
        ...(side !== undefined ? { side } : {}),
      });
    },
  });
  return board.map || board.pieces.length ? board : undefined;
}
