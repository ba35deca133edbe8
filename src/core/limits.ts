// The resource budget of a run, besides its steps (interpreter.ts): how long a list or a text may grow,
// how high a tally count may go, and the exact range of whole numbers. Rules come from strangers, so a
// runaway (`xs = xs + xs` in a loop) must stop with a coded error at the rule that did it, long before
// the process runs out of memory. The checks are one comparison each, on the results that can grow.
import type * as A from "./ast.ts";
import { RuleError } from "./values.ts";

/** Items in one list. */
export const MAX_LIST = 1_000_000;
/** Characters in one text. */
export const MAX_TEXT = 1_000_000;
/** One member's count in a tally. */
export const MAX_COUNT = 1_000_000;

/**
 * List items and text characters one run may make, all told: counted when a list is joined (`+`) and
 * when a text is joined or shown (`+`, `str`). It counts what is made, not what is still alive (the
 * runtime cannot see what the rules let go of), so it is a budget of work as much as of memory: a run
 * that keeps 100,000 copies of a long list stops with R0506 long before V8 runs out of heap.
 */
export const MAX_ALLOCATED = 20_000_000;

/**
 * Items a list copy (`xs + ys`) makes per step it is charged: a copy of an item is far cheaper than a
 * statement, but not free, so a loop of copies of a long list runs into the step budget.
 */
export const ITEMS_PER_STEP = 16;

/** Dice in one roll, `roll(n, sides)` or a pool, `rollEach(n, sides)`: the checker refuses a larger constant, the runtime a larger count. */
export const MAX_DICE = 1000;

/** Rules nested deeper than this at run time (trace levels and expression-bodied calls together) are R0502; generated code writes it as a literal. */
export const MAX_RULE_DEPTH = 400;

/** Characters in all the messages of one run's trace (when it is kept). */
export const MAX_TRACE = 50_000_000;

/** A list about to hold `n` items: R0504 when that is more than MAX_LIST. */
export function checkListSize(n: number, span?: A.Span): void {
  if (n > MAX_LIST) throw new RuleError("R0504", `a list would hold ${n} items, more than the limit of ${MAX_LIST} items a list may hold`, span);
}

/** A text just built: R0504 when it is longer than MAX_TEXT. */
export function checkText(s: string, span?: A.Span): string {
  if (s.length > MAX_TEXT) throw new RuleError("R0504", `a text would be ${s.length} characters long, more than the limit of ${MAX_TEXT} characters a text may hold`, span);
  return s;
}

/** A tally count just computed: R0504 above MAX_COUNT (and so never an inexact number). */
export function checkCount(member: string, n: number, span?: A.Span): number {
  if (n > MAX_COUNT) throw new RuleError("R0504", `the count of \`${member}\` would be ${n}, more than the limit of ${MAX_COUNT} a tally count may hold`, span);
  return n;
}

/**
 * A whole number just computed: R0505 when it is outside -(2^53 - 1)..2^53 - 1, where a JavaScript
 * number stops being exact (`2^53 + 1` would round), or is not a number at all. `what` says how it was made.
 */
export function exact(n: number, what: () => string, span?: A.Span): number {
  if (Number.isSafeInteger(n)) return n;
  throw new RuleError("R0505", `${what()} would be ${Number.isFinite(n) ? `about ${n}` : "no number"}: whole numbers are exact only from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`, span);
}

/** Whole-number division toward zero, exact for every safe integer: `a % b` is exact, and so is the rest. */
export function truncDiv(a: number, b: number): number {
  return (a - (a % b)) / b + 0;
}
