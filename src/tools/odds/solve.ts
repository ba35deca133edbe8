// Absorption probabilities of the chain `rulesmith odds` builds: from the start, how likely each result
// is, how much mass reaches a state not explored, and (the rest) how much never ends.
//
// The chain is cut into strongly connected components (Tarjan, without recursion), solved sinks first:
// a component's states depend only on themselves and on components already solved. A component of one
// state with a loop onto itself (a round in which nobody hits) is x = rest / (1 - p_self); a larger one is
// a small linear system, solved by Gaussian elimination. Exact with fractions while the chain and its
// numbers stay small; otherwise in doubles, the same steps (Gauss-Seidel sweeps for a large component).
// A component no path leaves is closed: the mass that reaches it never ends.
import { addFraction, divFraction, mulFraction, ONE, subFraction, toNumber, ZERO, type Fraction } from "./fraction.ts";

export interface ChainState {
  /** Probabilities of going on to other states (by index), of each result, and of what was not explored. */
  next: Map<number, Fraction>;
  results: Map<string, Fraction>;
  /** The mass of the continuations not run (a budget ran out): all of it for a state never explored. */
  unexplored: Fraction;
}

export interface Absorption<T> {
  results: Map<string, T>;
  unexplored: T;
  /** States in a closed component reached from the start: their runs never end. */
  closed: number[];
}

/** Past these the exact solve gives way to doubles: fractions grow with every state they pass through. */
const MAX_EXACT_STATES = 5000;
const MAX_EXACT_COMPONENT = 40;
const MAX_EXACT_BITS = 1 << 16;
/** Past this a component is swept (Gauss-Seidel) rather than eliminated. */
const MAX_DIRECT_COMPONENT = 400;

/** Exact absorption from state 0, or undefined where it would grow past the bounds above. */
export function solveExact(states: readonly ChainState[], columns: readonly string[]): Absorption<Fraction> | undefined {
  if (states.length > MAX_EXACT_STATES) return undefined;
  try {
    return solve(states, columns, exactField);
  } catch (err) {
    if (err instanceof TooBig) return undefined;
    throw err;
  }
}

export function solveDoubles(states: readonly ChainState[], columns: readonly string[]): Absorption<number> {
  return solve(states, columns, doubleField);
}

class TooBig extends Error {}

/** The arithmetic a solve runs on: fractions or doubles. */
interface Field<T> {
  zero: T;
  one: T;
  of(f: Fraction): T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  div(a: T, b: T): T;
  isZero(a: T): boolean;
  /** Largest in absolute value: the pivot (doubles); the first not zero will do for fractions. */
  magnitude(a: T): number;
  maxComponent: number;
}

const exactField: Field<Fraction> = {
  zero: ZERO,
  one: ONE,
  of: (f) => f,
  add: (a, b) => guard(addFraction(a, b)),
  sub: (a, b) => guard(subFraction(a, b)),
  mul: (a, b) => guard(mulFraction(a, b)),
  div: (a, b) => guard(divFraction(a, b)),
  isZero: (a) => a.num === 0n,
  magnitude: (a) => (a.num === 0n ? 0 : 1),
  maxComponent: MAX_EXACT_COMPONENT,
};

const LIMIT = 1n << BigInt(MAX_EXACT_BITS);

function guard(f: Fraction): Fraction {
  if (f.den > LIMIT || f.num > LIMIT || -f.num > LIMIT) throw new TooBig();
  return f;
}

const doubleField: Field<number> = {
  zero: 0,
  one: 1,
  of: toNumber,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => a / b,
  isZero: (a) => a === 0,
  magnitude: Math.abs,
  maxComponent: Infinity,
};

function solve<T>(states: readonly ChainState[], columns: readonly string[], F: Field<T>): Absorption<T> {
  // x[i][c]: the probability that state i ends in column c (the results, then "unexplored" last).
  const width = columns.length + 1;
  const x: (T[] | undefined)[] = new Array(states.length);
  const closedStates: number[] = [];
  for (const comp of components(states)) {
    const inComp = new Set(comp);
    // What each state reaches outside its component, already solved: the right-hand side.
    const rhs = comp.map((i) => {
      const s = states[i]!;
      const row = columns.map((c) => F.of(s.results.get(c) ?? ZERO));
      row.push(F.of(s.unexplored));
      for (const [j, p] of s.next) {
        if (inComp.has(j)) continue;
        const pj = F.of(p);
        const xj = x[j]!;
        for (let c = 0; c < width; c++) row[c] = F.add(row[c]!, F.mul(pj, xj[c]!));
      }
      return row;
    });
    const leaves = comp.some((i) => {
      const s = states[i]!;
      return s.results.size > 0 || s.unexplored.num !== 0n || [...s.next.keys()].some((j) => !inComp.has(j));
    });
    if (!leaves) {
      // Closed: nothing is ever absorbed from here.
      for (const i of comp) x[i] = new Array<T>(width).fill(F.zero);
      closedStates.push(...comp);
      continue;
    }
    const solved = comp.length === 1 ? selfLoop(states, comp[0]!, rhs[0]!, F) : system(states, comp, rhs, F);
    comp.forEach((i, k) => (x[i] = solved[k]!));
  }
  const start = x[0]!;
  const seen = reachable(states);
  return {
    results: new Map(columns.map((c, k) => [c, start[k]!])),
    unexplored: start[columns.length]!,
    closed: closedStates.filter((i) => seen.has(i)),
  };
}

function selfLoop<T>(states: readonly ChainState[], i: number, rhs: T[], F: Field<T>): T[][] {
  const stay = F.sub(F.one, F.of(states[i]!.next.get(i) ?? ZERO));
  return [rhs.map((v) => F.div(v, stay))];
}

/** (I - P) x = rhs over one component, by elimination (or sweeps when too large to eliminate). */
function system<T>(states: readonly ChainState[], comp: number[], rhs: T[][], F: Field<T>): T[][] {
  if (comp.length > F.maxComponent) throw new TooBig();
  const local = new Map(comp.map((i, k) => [i, k]));
  if (comp.length > MAX_DIRECT_COMPONENT) return sweeps(states, comp, local, rhs as number[][]) as T[][];
  const n = comp.length;
  const a: T[][] = comp.map((i, r) => {
    const row = new Array<T>(n).fill(F.zero);
    row[r] = F.one;
    for (const [j, p] of states[i]!.next) {
      const k = local.get(j);
      if (k !== undefined) row[k] = F.sub(row[k]!, F.of(p));
    }
    return row;
  });
  const b = rhs.map((r) => [...r]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (F.magnitude(a[r]![col]!) > F.magnitude(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    const p = a[col]![col]!;
    for (let r = 0; r < n; r++) {
      if (r === col || F.isZero(a[r]![col]!)) continue;
      const f = F.div(a[r]![col]!, p);
      for (let c = col; c < n; c++) a[r]![c] = F.sub(a[r]![c]!, F.mul(f, a[col]![c]!));
      b[r] = b[r]!.map((v, c) => F.sub(v, F.mul(f, b[col]![c]!)));
    }
  }
  return b.map((row, r) => row.map((v) => F.div(v, a[r]![r]!)));
}

/** Gauss-Seidel sweeps in doubles until nothing moves by more than 1e-15. */
function sweeps(states: readonly ChainState[], comp: number[], local: Map<number, number>, rhs: number[][]): number[][] {
  const x = rhs.map((r) => r.map(() => 0));
  for (let sweep = 0; sweep < 100_000; sweep++) {
    let moved = 0;
    comp.forEach((i, r) => {
      const row = [...rhs[r]!];
      let self = 0;
      for (const [j, p] of states[i]!.next) {
        const k = local.get(j);
        if (k === undefined) continue;
        const pj = toNumber(p);
        if (k === r) self += pj;
        else for (let c = 0; c < row.length; c++) row[c]! += pj * x[k]![c]!;
      }
      for (let c = 0; c < row.length; c++) {
        const v = row[c]! / (1 - self);
        moved = Math.max(moved, Math.abs(v - x[r]![c]!));
        x[r]![c] = v;
      }
    });
    if (moved < 1e-15) break;
  }
  return x;
}

/** Strongly connected components, each after every component it leads to (Tarjan's order). */
function components(states: readonly ChainState[]): number[][] {
  const index = new Array<number>(states.length).fill(-1);
  const low = new Array<number>(states.length).fill(0);
  const onStack = new Array<boolean>(states.length).fill(false);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  for (let root = 0; root < states.length; root++) {
    if (index[root] !== -1) continue;
    // An explicit stack of (state, its successors, the next one to look at): chains can be long.
    const work: { v: number; succ: number[]; at: number }[] = [];
    const open = (v: number) => {
      index[v] = low[v] = counter++;
      stack.push(v);
      onStack[v] = true;
      work.push({ v, succ: [...states[v]!.next.keys()], at: 0 });
    };
    open(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      if (top.at < top.succ.length) {
        const w = top.succ[top.at++]!;
        if (index[w] === -1) open(w);
        else if (onStack[w]) low[top.v] = Math.min(low[top.v]!, index[w]!);
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent.v] = Math.min(low[parent.v]!, low[top.v]!);
      if (low[top.v] === index[top.v]) {
        const comp: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = false;
          comp.push(w);
        } while (w !== top.v);
        out.push(comp);
      }
    }
  }
  return out;
}

/** States reached from the start. */
function reachable(states: readonly ChainState[]): Set<number> {
  const seen = new Set<number>([0]);
  const todo = [0];
  while (todo.length > 0) for (const j of states[todo.pop()!]!.next.keys()) if (!seen.has(j)) seen.add(j), todo.push(j);
  return seen;
}
