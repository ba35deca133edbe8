// Arithmetic on run-time values: the binary operators, tallies added, subtracted, scaled and divided,
// and whole-number division with an explicit rounding. The interpreter's `eval` hands a binary
// expression to `binary`, passing itself as the `Machine` that evaluates the operands: a plain
// function call, as cheap as the method it was, so the hot path keeps its speed. The tally helpers
// throw a RuleError without a span; the caller (`binary` through `at`, or a modifier) points it.
import * as A from "../core/ast.ts";
import type { Env, Machine } from "./machine.ts";
import { checkCount, checkListSize, checkText, exact, truncDiv } from "../core/limits.ts";
import { showExpr } from "../core/show-expr.ts";
import { RuleError, showValue, Tally, valuesEqual, type Value } from "../core/values.ts";

export function binary(vm: Machine, e: A.Expr & { kind: "binary" }, env: Env): Value {
  if (e.op === "and") return vm.eval(e.left, env) === true && vm.eval(e.right, env) === true;
  if (e.op === "or") return vm.eval(e.left, env) === true || vm.eval(e.right, env) === true;
  return binaryValues(vm, e, vm.eval(e.left, env), vm.eval(e.right, env));
}

/**
 * A binary operator other than `and`/`or` on its evaluated operands: shared by the tree-walker and the
 * compiled backend (src/run/compiled/), so both compute and report alike.
 */
export function binaryValues(vm: Machine, e: A.Expr & { kind: "binary" }, l: Value | undefined, r: Value | undefined): Value {
  // The checker allows `none` here only where a narrowed state field was set back to `none` by a
  // rule called in between: stop rather than compute with nothing.
  if ((l === null || r === null) && e.op !== "==" && e.op !== "!=") {
    const side = l === null ? e.left : e.right;
    throw new RuleError("R0501", `\`${showExpr(side)}\` is none`, side.span);
  }
  switch (e.op) {
    case "+": {
      // One Number.isSafeInteger on a number's result: the hot path's only cost for exactness.
      if (typeof l === "number" && typeof r === "number") {
        const n = l + r;
        return Number.isSafeInteger(n) ? n : inexact(e, n);
      }
      if (l instanceof Tally && r instanceof Tally) return at(e.span, () => addTallies(l, r));
      if (Array.isArray(l) && Array.isArray(r)) {
        checkListSize(l.length + r.length, e.span);
        // A copy is work and memory in proportion to its items: one step per item, and the memory budget.
        vm.copied(l.length + r.length, e.span);
        return [...l, ...r];
      }
      const text = checkText(showValue(l) + showValue(r), e.span);
      vm.allocate(text.length, e.span);
      return text;
    }
    case "-": {
      if (l instanceof Tally && r instanceof Tally) return subtractTallies(l, r);
      const n = (l as number) - (r as number);
      return Number.isSafeInteger(n) ? n : inexact(e, n);
    }
    case "*": {
      if (l instanceof Tally || r instanceof Tally) return at(e.span, () => scaleTally((l instanceof Tally ? l : r) as Tally, (l instanceof Tally ? r : l) as number));
      const n = (l as number) * (r as number);
      return Number.isSafeInteger(n) ? n : inexact(e, n);
    }
    case "/":
    case "%": {
      if (r === 0) throw new RuleError("R0501", `division by zero in \`${showExpr(e)}\``, e.span);
      const rounding = e.rounding?.text as A.Rounding | undefined;
      if (l instanceof Tally) return at(e.span, () => divideTally(l, r as number, rounding ?? "down"));
      if (e.op === "%") return ((l as number) % (r as number)) + 0;
      return rounding ? divide(l as number, r as number, rounding) : truncDiv(l as number, r as number);
    }
    default:
      return compare(e.op, l, r);
  }
}

/** R0505 for a result of `+`, `-` or `*` that is no longer an exact whole number. */
export function inexact(e: A.Expr & { kind: "binary" }, n: number): never {
  return exact(n, () => `\`${showExpr(e)}\``, e.span) as never;
}

/** Runs a tally operation, pointing an error it raises at the expression. */
function at<T>(span: A.Span, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof RuleError && !err.span) throw new RuleError(err.code, err.message, span);
    throw err;
  }
}

export function compare(op: string, l: Value | undefined, r: Value | undefined): boolean {
  switch (op) {
    case "==":
      return valuesEqual(l, r);
    case "!=":
      return !valuesEqual(l, r);
    case "<":
      return (l as number) < (r as number);
    case "<=":
      return (l as number) <= (r as number);
    case ">":
      return (l as number) > (r as number);
    case ">=":
      return (l as number) >= (r as number);
    default:
      return false;
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
