// When do two modifier conditions never hold together? Only the plainest cases are recognised: a
// conjunct `x == A` against `x == B` (or `x != A`), and `c` against `not c`. That is enough to keep the
// "two `set` modifiers" warning for pairs whose order can really matter, such as two rules that both
// apply to a unit of the same race, and silent for `u.race == Race.a` against `u.race == Race.b`.
import type * as A from "../core/ast.ts";
import { showExpr } from "../core/show-expr.ts";

interface Fact {
  subject: string;
  value: string;
  equal: boolean;
}

function conjuncts(e: A.Expr | undefined): A.Expr[] {
  if (!e) return [];
  if (e.kind === "binary" && e.op === "and") return [...conjuncts(e.left), ...conjuncts(e.right)];
  return [e];
}

type IsEnum = (name: string) => boolean;

function constant(e: A.Expr, isEnum: IsEnum): string | undefined {
  switch (e.kind) {
    case "int":
    case "text":
    case "bool":
      return JSON.stringify(e.value);
    case "member":
      return e.object.kind === "name" && isEnum(e.object.name) ? showExpr(e) : undefined;
    default:
      return undefined;
  }
}

function fact(e: A.Expr, isEnum: IsEnum): Fact | undefined {
  if (e.kind !== "binary" || (e.op !== "==" && e.op !== "!=")) return undefined;
  const equal = e.op === "==";
  const right = constant(e.right, isEnum);
  if (right !== undefined) return { subject: showExpr(e.left), value: right, equal };
  const left = constant(e.left, isEnum);
  if (left !== undefined) return { subject: showExpr(e.right), value: left, equal };
  return undefined;
}

/** True when the two conditions can be seen, from their text alone, never to hold at once. */
export function neverBothHold(a: A.Expr | undefined, b: A.Expr | undefined, isEnum: IsEnum): boolean {
  const as = conjuncts(a);
  const bs = conjuncts(b);
  const shown = new Set(as.map(showExpr));
  if (bs.some((x) => (x.kind === "not" && shown.has(showExpr(x.operand))) || shown.has(showExpr({ kind: "not", operand: x, span: x.span })))) return true;
  const af = as.map((x) => fact(x, isEnum)).filter((f): f is Fact => f !== undefined);
  for (const g of bs.map((x) => fact(x, isEnum))) {
    if (!g) continue;
    for (const f of af) {
      if (f.subject !== g.subject) continue;
      if (f.equal && g.equal && f.value !== g.value) return true;
      if (f.equal !== g.equal && f.value === g.value) return true;
    }
  }
  return false;
}

/** Two `set`s of the same constant give the same result in either order. */
export function sameConstant(a: A.Expr | undefined, b: A.Expr | undefined, isEnum: IsEnum): boolean {
  if (!a || !b) return false;
  const x = constant(a, isEnum);
  return x !== undefined && x === constant(b, isEnum);
}
