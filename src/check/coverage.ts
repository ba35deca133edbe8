// Table coverage: a rule text's table that says nothing for some inputs is a hole in the text, so the
// checker enumerates every input combination of finite parameters and reports the ones no row matches.
import type { Type } from "../core/types.ts";

export type Key = number | boolean | string;
/** A row pattern after constant folding: undefined is `_`; `among`, a range of an enum's members. */
export type ConstPattern = { low: Key; high: Key } | { among: readonly Key[] } | undefined;

export const LIMIT = 20000;

export function domainOf(t: Type, enumMembers: (name: string) => string[]): Key[] | undefined {
  if (t.t === "bool") return [false, true];
  if (t.t === "enum") return enumMembers(t.name);
  if (t.t === "int" && t.low !== undefined && t.high !== undefined && t.high - t.low < LIMIT) {
    return Array.from({ length: t.high - t.low + 1 }, (_, i) => t.low! + i);
  }
  return undefined;
}

export function matches(p: ConstPattern, v: Key): boolean {
  if (p === undefined) return true;
  if ("among" in p) return p.among.includes(v);
  if (typeof v === "number" && typeof p.low === "number" && typeof p.high === "number") return v >= p.low && v <= p.high;
  return p.low === v;
}

export interface CoverageResult {
  /** Up to a few input tuples that no row matches. */
  uncovered: Key[][];
  uncoveredCount: number;
  /** Indexes of rows that no input reaches because earlier rows take every input they match. */
  unreachable: number[];
  /** Indexes of rows that match no possible input at all (a value outside the range, an empty range). */
  impossible: number[];
}

/**
 * Returns undefined when some parameter has no finite domain (an unbounded `int` or `text`):
 * then only a row of `_` covers everything, and the checker cannot list what is missing.
 */
export function tableCoverage(domains: (Key[] | undefined)[], rows: ConstPattern[][]): CoverageResult | undefined {
  if (domains.some((d) => d === undefined)) return undefined;
  const ds = domains as Key[][];
  const total = ds.reduce((n, d) => n * d.length, 1);
  if (total > LIMIT) return undefined;
  const reached = new Array<boolean>(rows.length).fill(false);
  const matchesSome = new Array<boolean>(rows.length).fill(false);
  const uncovered: Key[][] = [];
  let uncoveredCount = 0;
  const tuple: Key[] = [];
  const visit = (i: number) => {
    if (i === ds.length) {
      let row = -1;
      rows.forEach((r, i) => {
        if (!r.every((p, j) => matches(p, tuple[j]!))) return;
        matchesSome[i] = true;
        if (row < 0) row = i;
      });
      if (row >= 0) reached[row] = true;
      else {
        uncoveredCount++;
        if (uncovered.length < 4) uncovered.push([...tuple]);
      }
      return;
    }
    for (const v of ds[i]!) {
      tuple[i] = v;
      visit(i + 1);
    }
  };
  visit(0);
  return {
    uncovered,
    uncoveredCount,
    unreachable: reached.flatMap((r, i) => (r || !matchesSome[i] ? [] : [i])),
    impossible: matchesSome.flatMap((m, i) => (m ? [] : [i])),
  };
}

/** An input's values as the coverage check tries them, and how one is named in W0301. */
export interface IntClasses {
  domain: number[];
  /** `= 5`, `in 3..11`, `in 12..`: the values the representative stands for. */
  label: (v: number) => string;
}

/**
 * An unbounded `int` input's values in classes: between two neighbouring bounds of the rows' patterns
 * every row matches alike, so the first value of each class stands for all of it, and `..2`, `3..11`,
 * `12..` can be shown to cover every number. Undefined when a pattern is not a number.
 */
export function intClasses(column: ConstPattern[]): IntClasses | undefined {
  const least = -Number.MAX_SAFE_INTEGER;
  const most = Number.MAX_SAFE_INTEGER;
  const starts = new Set([least]);
  for (const p of column) {
    if (p === undefined) continue;
    if ("among" in p || typeof p.low !== "number" || typeof p.high !== "number") return undefined;
    if (p.low > least && p.low <= most) starts.add(p.low);
    if (p.high >= least && p.high < most) starts.add(p.high + 1);
  }
  const domain = [...starts].sort((a, b) => a - b);
  const end = new Map(domain.map((v, i) => [v, i + 1 < domain.length ? domain[i + 1]! - 1 : most]));
  const label = (v: number) => {
    const last = end.get(v) ?? v;
    if (last === v) return `= ${v}`;
    return `in ${v === least ? "" : v}..${last === most ? "" : last}`;
  };
  return { domain, label };
}
