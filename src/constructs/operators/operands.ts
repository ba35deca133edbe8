// The checks operators of more than one family share: a binary operator's operands typed (and the
// rounding only `/` takes), whole numbers on both sides, and an optional operand reported once.
import type * as A from "../../core/ast.ts";
import { INT, type Type } from "../../core/types.ts";
import type { Context, Scope } from "../../check/resolution.ts";
import type { Binary, OperatorCheck } from "./contexts.ts";

/** The operands' types, the left first; then E0221 for a rounding on other than `/`. */
export function operands(e: Binary, scope: Scope, ctx: Context, k: OperatorCheck, rightScope: Scope = scope): [Type, Type] {
  const l = k.expr(e.left, scope, ctx);
  return [l, typedRight(e, rightScope, ctx, k)];
}

/** The right operand's type (in its own scope, narrowed by `and`/`or`), then the rounding's check. */
export function typedRight(e: Binary, scope: Scope, ctx: Context, k: OperatorCheck): Type {
  const r = k.expr(e.right, scope, ctx);
  if (e.rounding && e.op !== "/") k.report("E0221", e.rounding.span, `only \`/\` takes a rounding, not \`${e.op}\``);
  else if (e.rounding) k.roundingMode(e.rounding);
  return r;
}

/** `hp + 1` where `hp` is an `int?`: E0240 once, not a type mismatch. */
export function optionalOperand(e: Binary, l: Type, r: Type, k: OperatorCheck): boolean {
  const side = l.t === "optional" ? e.left : r.t === "optional" ? e.right : undefined;
  if (side) k.maybeNone(side, `\`${e.op}\` needs a number`);
  return side !== undefined;
}

/** Whole numbers on both sides. */
export function numbers(e: Binary, l: Type, r: Type, k: OperatorCheck): void {
  if (optionalOperand(e, l, r, k)) return;
  k.expectType(l, INT, e.left.span, `the left of \`${e.op}\``);
  k.expectType(r, INT, e.right.span, `the right of \`${e.op}\``);
}

/** An integer literal, or a negated one: the constant an expression is, when it is written as one. */
export function constInt(e: A.Expr): number | undefined {
  if (e.kind === "int") return e.value;
  if (e.kind === "neg" && e.operand.kind === "int") return -e.operand.value;
  return undefined;
}
