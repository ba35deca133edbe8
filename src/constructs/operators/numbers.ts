// Arithmetic on run-time values that more than one operator, and the modifiers (src/run/modifiers.ts),
// share: tallies added, subtracted, scaled and divided, whole-number division with an explicit
// rounding, and the run-time errors of an operator's operands. The tally helpers throw a RuleError
// without a span; the caller (an operator through `at`, or a modifier) points it.
import * as A from "../../core/ast.ts";
import { checkCount, exact, truncDiv } from "../../core/limits.ts";
import { showExpr } from "../../core/show-expr.ts";
import { RuleError, showValue, Tally, type Value } from "../../core/values.ts";
import type { Binary } from "./contexts.ts";

/**
 * The checker allows `none` as an operand of an operator other than `==`/`!=` only where a narrowed
 * state field was set back to `none` by a rule called in between: stop rather than compute with nothing.
 */
export function noneOperand(e: Binary, l: Value | undefined, r: Value | undefined): void {
  if (l !== null && r !== null) return;
  const side = l === null ? e.left : e.right;
  throw new RuleError("R0501", `\`${showExpr(side)}\` is none`, side.span);
}

/** R0505 for a result of `+`, `-` or `*` that is no longer an exact whole number. */
export function inexact(e: Binary, n: number): never {
  return exact(n, () => `\`${showExpr(e)}\``, e.span) as never;
}

/** Runs a tally operation, pointing an error it raises at the expression. */
export function at<T>(span: A.Span, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof RuleError && !err.span) throw new RuleError(err.code, err.message, span);
    throw err;
  }
}

export function addTallies(a: Tally, b: Tally): Tally {
  return a.map((m, n) => checkCount(m, n + b.get(m)));
}

/** Member by member; a count stops at 0. */
export function subtractTallies(a: Tally, b: Tally): Tally {
  return a.map((m, n) => Math.max(0, n - b.get(m)));
}

/** Every count times `n`. */
export function scaleTally(t: Tally, n: number): Tally {
  if (n < 0) throw new RuleError("R0501", `a count cannot be negative, but scaling \`${showValue(t)}\` by ${n} would make it so`);
  return t.map((m, c) => checkCount(m, c * n));
}

/** Every count divided by `n`, rounded. */
export function divideTally(t: Tally, n: number, rounding: A.Rounding): Tally {
  if (n === 0) throw new RuleError("R0501", `division by zero: \`${showValue(t)}\` divided by 0`);
  if (n < 0) throw new RuleError("R0501", `a count cannot be negative, but dividing \`${showValue(t)}\` by ${n} would make it so`);
  return t.map((_, c) => divide(c, n, rounding));
}

/**
 * Whole-number division with an explicit rounding: `down` toward minus infinity, `up` toward plus
 * infinity, `nearest` to the closer whole number, a half away from zero. Integer arithmetic, so no
 * floating-point error decides a half.
 */
export function divide(a: number, b: number, rounding: A.Rounding): number {
  if (b === 0) throw new RuleError("R0501", `division by zero: ${a} divided by 0`);
  // `%` is exact and so is the division of what is left: no floating-point rounding decides `q`.
  const q = truncDiv(a, b);
  const r = a % b;
  if (r === 0) return q;
  const exactSign = Math.sign(a) * Math.sign(b);
  switch (rounding) {
    case "down":
      return exactSign < 0 ? q - 1 : q;
    case "up":
      return exactSign > 0 ? q + 1 : q;
    case "nearest":
      return 2 * Math.abs(r) >= Math.abs(b) ? q + exactSign : q;
    default:
      return A.assertNever(rounding);
  }
}
