// The board following the trace: the state at each step of a run, as the boards the run worker read
// from it while the run went on (workers/board-timeline.ts), and which pieces died on the way. Step 0
// is the start; step k (1..steps) the state once trace line k (k-1 counted from 0) and what it did
// have run, just before the next line. A piece gone from the state stays on the board where it last
// stood, dead, from the step whose line was running when it went (the line that names it: `wound(Model
// "Archer")`, `kill(Unit "Orcs")`). Pure: no DOM, no program; test/playground/board-steps.test.ts.
import type { Board, Piece } from "./board-model.ts";
import type { PlanePiece } from "./board-plane-model.ts";
import type { SquarePiece } from "./board-squares-model.ts";

/** The board as it was from `step` on, until the next change. */
export interface BoardChange {
  step: number;
  board: Board;
}

/** What the run worker sends: the starting board, each change with its step, and how many steps. */
export interface BoardTimeline {
  steps: number;
  start: Board;
  changes: BoardChange[];
  /** Set when the run had more lines than the worker followed: the board stops changing at the last followed step. */
  followed?: number;
}

export type AnyPiece = Piece | SquarePiece | PlanePiece;

/** Where a piece stands, as two numbers, whatever the geometry (for matching pieces of the same name). */
function place(p: AnyPiece): [number, number] {
  if ("at" in p) return [p.at.q + p.at.r / 2, p.at.r];
  return [p.x, p.y];
}

const identity = (p: AnyPiece) => `${p.kind}\u0000${p.label}`;

/**
 * Pairs the pieces of one board with the pieces of the next: the same kind and label, and, among
 * pieces of the same name, each taken by the nearest one still free (in list order on a tie). Returns,
 * for each piece of `next`, the index in `prev` it continues (or -1 for a piece that is new).
 */
export function matchPieces(prev: readonly AnyPiece[], next: readonly AnyPiece[]): number[] {
  const free = new Map<string, number[]>();
  prev.forEach((p, i) => {
    const k = identity(p);
    free.set(k, [...(free.get(k) ?? []), i]);
  });
  return next.map((p) => {
    const pool = free.get(identity(p));
    if (!pool || pool.length === 0) return -1;
    const [x, y] = place(p);
    let best = 0;
    let bestD = Infinity;
    pool.forEach((i, at) => {
      const [px, py] = place(prev[i]!);
      const d = (px - x) ** 2 + (py - y) ** 2;
      if (d < bestD) [best, bestD] = [at, d];
    });
    return pool.splice(best, 1)[0]!;
  });
}

/** One resolved step: the board with its dead added, and the step each dead piece died at. */
export interface StepBoard {
  step: number;
  board: Board;
  /** The index in board.pieces of each dead piece, with the step it died at. */
  died: Map<number, number>;
}

/** A trace line as far as the board reads it. */
export interface TracedLine {
  depth: number;
  message: string;
}

/** Lines looked at after a removal for the same piece added elsewhere (a move, not a death). */
const LOOK_AHEAD = 200;
const named = (kind: string, quoted: string): string | undefined => {
  try {
    return `${kind}\u0000${JSON.parse(quoted) as string}`;
  } catch {
    return undefined;
  }
};

/**
 * The deaths and returns the trace names: `Unit "Harpies" removed from units` (a `remove`, traced once
 * the piece is out of the list) makes the piece dead from that line's step, unless the same call goes
 * on to add it elsewhere (`Piece "Knight" removed from u.pieces`, then `added to stand.solos`: a move);
 * `added to` brings a dead piece back. A piece still held elsewhere in the state (a list of the units
 * a gaze met) is still read from it, so the state alone would not show it gone.
 */
export function tracedDeaths(lines: readonly TracedLine[]): { step: number; key: string; dead: boolean }[] {
  const out: { step: number; key: string; dead: boolean }[] = [];
  const line = /^(\w+) ("(?:[^"\\]|\\.)*") (removed from|added to) /;
  lines.forEach((l, i) => {
    const m = line.exec(l.message);
    const key = m ? named(m[1]!, m[2]!) : undefined;
    if (!m || !key) return;
    if (m[3] === "added to") {
      out.push({ step: i, key, dead: false });
      return;
    }
    for (let j = i + 1; j < lines.length && j <= i + LOOK_AHEAD && lines[j]!.depth >= l.depth; j++) {
      const again = line.exec(lines[j]!.message);
      if (again && again[3] === "added to" && named(again[1]!, again[2]!) === key) return;
    }
    out.push({ step: i, key, dead: true });
  });
  return out;
}

/**
 * Every change resolved once, in order: each board with the pieces gone since the start drawn dead
 * where they last stood, and the pieces the trace removed (tracedDeaths) drawn dead where they are.
 * A piece that comes back (the same kind and name) is alive again.
 */
export function followTrace(t: BoardTimeline, lines: readonly TracedLine[] = []): StepBoard[] {
  const out: StepBoard[] = [{ step: 0, board: t.start, died: new Map() }];
  let board = t.start;
  let living: AnyPiece[] = t.start.pieces;
  let dead: { piece: AnyPiece; step: number }[] = [];
  /** Pieces the trace removed that the state still holds: how many of each name, and since when. */
  const removed = new Map<string, number[]>();
  const boards = new Map<number, Board>();
  for (const c of t.changes) boards.set(Math.max(0, c.step), c.board);
  const deaths = new Map<number, { key: string; dead: boolean }[]>();
  for (const d of tracedDeaths(lines)) deaths.set(d.step, [...(deaths.get(d.step) ?? []), d]);
  const steps = [...new Set([...boards.keys(), ...deaths.keys()])].sort((a, b) => a - b);
  for (const step of steps) {
    const next = boards.get(step);
    if (next) {
      const pieces = next.pieces as AnyPiece[];
      const continued = matchPieces(living, pieces);
      const kept = new Set(continued);
      const gone = living.filter((_, i) => !kept.has(i)).map((piece) => ({ piece, step }));
      // A newcomer that bears a dead piece's name is that piece back: no longer dead.
      const back = matchPieces(
        dead.map((d) => d.piece),
        pieces.filter((_, i) => continued[i] === -1),
      );
      const revived = new Set(back.filter((i) => i >= 0));
      for (const g of gone) {
        // Gone from the state too: dead from when the trace said so.
        const since = removed.get(identity(g.piece));
        if (since?.length) g.step = since.shift()!;
      }
      dead = [...dead.filter((_, i) => !revived.has(i)), ...gone];
      living = pieces;
      board = next;
    }
    for (const d of deaths.get(step) ?? []) {
      const list = removed.get(d.key) ?? [];
      if (d.dead) list.push(step);
      else list.shift();
      removed.set(d.key, list);
    }
    if (step === 0 && out.length === 1) {
      out[0] = { step: 0, board, died: new Map() };
      continue;
    }
    const died = new Map<number, number>();
    const count = new Map<string, number>();
    const pieces = living.map((p, i) => {
      const key = identity(p);
      const since = removed.get(key) ?? [];
      const n = count.get(key) ?? 0;
      count.set(key, n + 1);
      if (n >= since.length) return p;
      died.set(i, since[n]!);
      return { ...p, dead: true };
    });
    dead.forEach((d, i) => died.set(pieces.length + i, d.step));
    out.push({ step, board: { ...board, pieces: [...pieces, ...dead.map((d) => ({ ...d.piece, dead: true }))] } as Board, died });
  }
  return out;
}

/** The board at a step: the last change at or before it. */
export function boardAt(resolved: readonly StepBoard[], step: number): StepBoard {
  let lo = 0;
  let hi = resolved.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (resolved[mid]!.step <= step) lo = mid;
    else hi = mid - 1;
  }
  return resolved[lo]!;
}

/** The sides on a board, in the order their pieces first appear: each gets its colour by its place. */
export function sidesOf(board: Board): string[] {
  const sides: string[] = [];
  for (const p of board.pieces as AnyPiece[]) if (p.side !== undefined && !sides.includes(p.side)) sides.push(p.side);
  return sides;
}
