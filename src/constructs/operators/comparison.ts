// The comparisons: `==` and `!=` on any two values of types that can meet (`valuesEqual`), and `<`,
// `<=`, `>`, `>=` on whole numbers. The closures and the generated code answer numbers, and equality
// with a constant, inline; everything else, and every error, goes to the operator's values.
import { showExpr } from "../../core/show-expr.ts";
import { assignable, BOOL, typeToString, type Type } from "../../core/types.ts";
import { valuesEqual, type Value } from "../../core/values.ts";
import type { Machine } from "../../run/machine.ts";
import type * as A from "../../core/ast.ts";
import type { Binary, OperatorCheck, OperatorConstruct, OperatorGenerate } from "./contexts.ts";
import { noneOperand } from "./numbers.ts";
import { numbers, operands } from "./operands.ts";
import type { Context, Scope } from "../../check/resolution.ts";

/** A comparison of two evaluated values: the operators' own answer, and `expect`'s (src/run/writes.ts). */
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

function equality(e: Binary, scope: Scope, ctx: Context, k: OperatorCheck): Type {
  const [l, r] = operands(e, scope, ctx, k);
  if ((l.t === "none") !== (r.t === "none") && ![l, r].some((t) => t.t === "optional" || t.t === "any")) {
    const other = l.t === "none" ? e.right : e.left;
    k.report("W0309", e.span, `\`${showExpr(other)}\` is ${typeToString(l.t === "none" ? r : l)}, which is never \`none\`, so this is always ${e.op === "!=" ? "true" : "false"}`, "declare its type optional, like `Unit?`, if it may hold nothing");
    return BOOL;
  }
  if (!assignable(l, r) && !assignable(r, l)) k.report("E0201", e.span, `cannot compare ${typeToString(l)} with ${typeToString(r)}`);
  return BOOL;
}

/** A literal or an enum member: a value that is no object, or none. */
function plainConstant(e: A.Expr): boolean {
  return e.kind === "int" || e.kind === "text" || e.kind === "bool" || e.kind === "none" || (e.kind === "member" && e.ref !== undefined);
}

export const equal: OperatorConstruct<"=="> = {
  op: "==",
  check: equality,
  run: (e, env, vm) => valuesEqual(vm.eval(e.left, env), vm.eval(e.right, env)),
  compile(e, c) {
    const l = c.expr(e.left);
    if (e.right.kind === "int") {
      const k = e.right.value;
      return (env, vm) => {
        const a = l(env, vm);
        return a === k || valuesEqual(a, k);
      };
    }
    const r = c.expr(e.right);
    return (env, vm) => valuesEqual(l(env, vm), r(env, vm));
  },
  generate: (e, { g, expr }) => sameText(e, g.h("eq"), expr(e.left), expr(e.right)),
};

export const notEqual: OperatorConstruct<"!="> = {
  op: "!=",
  check: equality,
  run: (e, env, vm) => !valuesEqual(vm.eval(e.left, env), vm.eval(e.right, env)),
  compile(e, c) {
    const l = c.expr(e.left);
    if (e.right.kind === "int") {
      const k = e.right.value;
      return (env, vm) => {
        const a = l(env, vm);
        return a !== k && !valuesEqual(a, k);
      };
    }
    const r = c.expr(e.right);
    return (env, vm) => !valuesEqual(l(env, vm), r(env, vm));
  },
  generate: (e, { g, expr }) => `(!${sameText(e, g.h("eq"), expr(e.left), expr(e.right))})`,
};

/** Against a number, text, truth value, enum member or none written in the rules, `valuesEqual` is `===`: it looks further only when both sides are objects (null included, but nothing else equals it). */
function sameText(e: Binary, eq: string, l: string, r: string): string {
  return plainConstant(e.right) ? `(${l} === ${r})` : `${eq}(${l}, ${r})`;
}

/**
 * `<`, `<=`, `>`, `>=` on evaluated operands: `none` is R0501, then the comparison; two members of an
 * enum (the node's `ref`) compare by their places in its declaration. The numbers' fast paths never
 * come here, so the members' order is looked up only for members.
 */
function orderedValues(vm: Machine, e: Binary, l: Value | undefined, r: Value | undefined): Value {
  noneOperand(e, l, r);
  return compareAt(vm, e, l, r);
}

/** The comparison `e` makes of its evaluated operands (`expect`'s too): members of its enum by their places. */
export function compareAt(vm: Machine, e: Binary, l: Value | undefined, r: Value | undefined): boolean {
  if (e.ref && typeof l === "string" && typeof r === "string") {
    const members = (vm.decl(e.ref) as A.EnumDecl).members;
    const place = (m: string) => members.findIndex((x) => x.text === m);
    return compare(e.op, place(l), place(r));
  }
  return compare(e.op, l, r);
}

function orderedCheck(e: Binary, scope: Scope, ctx: Context, k: OperatorCheck): Type {
  const [l, r] = operands(e, scope, ctx, k);
  // Every enum is ordered by its declaration (docs/language.md, section 5): `size < Size.large`.
  if (l.t === "enum" && r.t === "enum" && l.name === r.name && l.id === r.id && l.id !== undefined) {
    k.resolveRef(e, { to: "decl", id: l.id });
    return BOOL;
  }
  if (l.t === "enum" && r.t === "enum") {
    k.report("E0201", e.span, `cannot order ${typeToString(l)} against ${typeToString(r)}: only members of one enum have an order`);
    return BOOL;
  }
  numbers(e, l, r, k);
  return BOOL;
}

const orderedRun: OperatorConstruct<"<">["run"] = (e, env, vm) => orderedValues(vm, e, vm.eval(e.left, env), vm.eval(e.right, env));

/** Numbers compared inline in generated code, everything else through the values. */
function orderedText(e: Binary, { g, expr }: OperatorGenerate): string {
  const l = expr(e.left);
  const r = expr(e.right);
  const node = g.k(e);
  const a = g.temp();
  const b = g.temp();
  return `(${a} = ${l}, ${b} = ${r}, typeof ${a} === "number" && typeof ${b} === "number" ? ${a} ${e.op} ${b} : ${g.k(orderedValues)}(vm, ${node}, ${a}, ${b}))`;
}

// Each closure below is written out for its operator, a plain comparison V8 inlines; `hp > 0`, a whole
// number written on the right, is one closure call fewer.

export const less: OperatorConstruct<"<"> = {
  op: "<",
  check: orderedCheck,
  run: orderedRun,
  compile(e, c) {
    const l = c.expr(e.left);
    if (e.right.kind === "int") {
      const k = e.right.value;
      return (env, vm) => {
        const a = l(env, vm);
        return typeof a === "number" ? a < k : orderedValues(vm, e, a, k);
      };
    }
    const r = c.expr(e.right);
    return (env, vm) => {
      const a = l(env, vm);
      const b = r(env, vm);
      return typeof a === "number" && typeof b === "number" ? a < b : orderedValues(vm, e, a, b);
    };
  },
  generate: orderedText,
};

export const lessOrEqual: OperatorConstruct<"<="> = {
  op: "<=",
  check: orderedCheck,
  run: orderedRun,
  compile(e, c) {
    const l = c.expr(e.left);
    if (e.right.kind === "int") {
      const k = e.right.value;
      return (env, vm) => {
        const a = l(env, vm);
        return typeof a === "number" ? a <= k : orderedValues(vm, e, a, k);
      };
    }
    const r = c.expr(e.right);
    return (env, vm) => {
      const a = l(env, vm);
      const b = r(env, vm);
      return typeof a === "number" && typeof b === "number" ? a <= b : orderedValues(vm, e, a, b);
    };
  },
  generate: orderedText,
};

export const greater: OperatorConstruct<">"> = {
  op: ">",
  check: orderedCheck,
  run: orderedRun,
  compile(e, c) {
    const l = c.expr(e.left);
    if (e.right.kind === "int") {
      const k = e.right.value;
      return (env, vm) => {
        const a = l(env, vm);
        return typeof a === "number" ? a > k : orderedValues(vm, e, a, k);
      };
    }
    const r = c.expr(e.right);
    return (env, vm) => {
      const a = l(env, vm);
      const b = r(env, vm);
      return typeof a === "number" && typeof b === "number" ? a > b : orderedValues(vm, e, a, b);
    };
  },
  generate: orderedText,
};

export const greaterOrEqual: OperatorConstruct<">="> = {
  op: ">=",
  check: orderedCheck,
  run: orderedRun,
  compile(e, c) {
    const l = c.expr(e.left);
    if (e.right.kind === "int") {
      const k = e.right.value;
      return (env, vm) => {
        const a = l(env, vm);
        return typeof a === "number" ? a >= k : orderedValues(vm, e, a, k);
      };
    }
    const r = c.expr(e.right);
    return (env, vm) => {
      const a = l(env, vm);
      const b = r(env, vm);
      return typeof a === "number" && typeof b === "number" ? a >= b : orderedValues(vm, e, a, b);
    };
  },
  generate: orderedText,
};
