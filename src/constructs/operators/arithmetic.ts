// The arithmetic operators: `+` (whole numbers, tallies, lists joined, texts joined), `-`, `*`, `/`
// (with `round down|up|nearest`), `%` and the unary `-`. Every result of `+`, `-` and `*` on whole
// numbers is checked exact (R0505); the closures and the generated code answer whole numbers inline,
// one `Number.isSafeInteger` their only cost, and hand everything else, and every error, to the
// operator's own `values`, which the tree-walker runs: one semantics, one text for each error.
import { checkListSize, checkText, truncDiv } from "../../core/limits.ts";
import { showExpr } from "../../core/show-expr.ts";
import type * as A from "../../core/ast.ts";
import { INT, TEXT, type Type } from "../../core/types.ts";
import { RuleError, showValue, Tally, type Value } from "../../core/values.ts";
import type { Machine } from "../../run/machine.ts";
import type { CExpr } from "../../run/compiled/compiler.ts";
import type { Binary, OperatorCheck, OperatorCompile, OperatorConstruct, OperatorGenerate } from "./contexts.ts";
import { at, addTallies, divide, divideTally, inexact, noneOperand, scaleTally, subtractTallies } from "./numbers.ts";
import { constInt, numbers, operands, optionalOperand } from "./operands.ts";

/** An operator on its evaluated operands: the tree-walker's whole evaluation, the compiled code's slow path. */
type Values = (vm: Machine, e: Binary, l: Value | undefined, r: Value | undefined) => Value;

function plusValues(vm: Machine, e: Binary, l: Value | undefined, r: Value | undefined): Value {
  noneOperand(e, l, r);
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

function minusValues(_vm: Machine, e: Binary, l: Value | undefined, r: Value | undefined): Value {
  noneOperand(e, l, r);
  if (l instanceof Tally && r instanceof Tally) return subtractTallies(l, r);
  const n = (l as number) - (r as number);
  return Number.isSafeInteger(n) ? n : inexact(e, n);
}

function timesValues(_vm: Machine, e: Binary, l: Value | undefined, r: Value | undefined): Value {
  noneOperand(e, l, r);
  if (l instanceof Tally || r instanceof Tally) return at(e.span, () => scaleTally((l instanceof Tally ? l : r) as Tally, (l instanceof Tally ? r : l) as number));
  const n = (l as number) * (r as number);
  return Number.isSafeInteger(n) ? n : inexact(e, n);
}

/** `/` and `%`: no fast path, so the closures and the generated code call this alone. */
function divisionValues(_vm: Machine, e: Binary, l: Value | undefined, r: Value | undefined): Value {
  noneOperand(e, l, r);
  if (r === 0) throw new RuleError("R0501", `division by zero in \`${showExpr(e)}\``, e.span);
  const rounding = e.rounding?.text as A.Rounding | undefined;
  if (l instanceof Tally) return at(e.span, () => divideTally(l, r as number, rounding ?? "down"));
  if (e.op === "%") return ((l as number) % (r as number)) + 0;
  return rounding ? divide(l as number, r as number, rounding) : truncDiv(l as number, r as number);
}

/** The tree-walker: both operands, the left first, then the operator's values. */
function evaluated(values: Values): OperatorConstruct<"+">["run"] {
  return (e, env, vm) => values(vm, e, vm.eval(e.left, env), vm.eval(e.right, env));
}

/**
 * `+`, `-`, `*` written out inline in generated code: whole numbers answered there, everything else
 * through the operator's values. Text, not a call: the hot path of a compiled rule.
 */
function inlineText(js: string, values: Values): (e: Binary, g: OperatorGenerate) => string {
  return (e, { g, expr }) => {
    const l = expr(e.left);
    const r = expr(e.right);
    const node = g.k(e);
    const a = g.temp();
    const b = g.temp();
    const n = g.temp();
    return `(${a} = ${l}, ${b} = ${r}, typeof ${a} === "number" && typeof ${b} === "number" && ${g.h("safe")}(${n} = ${a} ${js} ${b}) ? ${n} : ${g.k(values)}(vm, ${node}, ${a}, ${b}))`;
  };
}

/** Both operands, then the values: the closure of an operator with no fast path. */
function valuesClosure(values: Values): (e: Binary, c: OperatorCompile) => CExpr {
  return (e, c) => {
    const l = c.expr(e.left);
    const r = c.expr(e.right);
    return (env, vm) => values(vm, e, l(env, vm), r(env, vm));
  };
}

export const plus: OperatorConstruct<"+"> = {
  op: "+",
  check(e, scope, ctx, k) {
    const [l, r] = operands(e, scope, ctx, k);
    if (l.t === "text" || r.t === "text") return TEXT;
    if (optionalOperand(e, l, r, k)) return INT;
    if (l.t === "list" || r.t === "list" || l.t === "tally" || r.t === "tally") {
      // Two lists join; two tallies add member by member. Either way both sides are alike, and an
      // empty list `[]` takes the other side's element type.
      const t = (l.t === "tally" || l.t === "list") && !(l.t === "list" && l.of.t === "any") ? l : r;
      k.expectType(l, t, e.left.span, "the left of `+`");
      k.expectType(r, t, e.right.span, "the right of `+`");
      return t;
    }
    numbers(e, l, r, k);
    return INT;
  },
  run: evaluated(plusValues),
  compile(e, c) {
    const l = c.expr(e.left);
    // `n + 1`: a whole number written on the right, one closure call fewer.
    if (e.right.kind === "int") {
      const k = e.right.value;
      return (env, vm) => {
        const a = l(env, vm);
        if (typeof a === "number") {
          const n = a + k;
          if (Number.isSafeInteger(n)) return n;
        }
        return plusValues(vm, e, a, k);
      };
    }
    const r = c.expr(e.right);
    return (env, vm) => {
      const a = l(env, vm);
      const b = r(env, vm);
      if (typeof a === "number" && typeof b === "number") {
        const n = a + b;
        if (Number.isSafeInteger(n)) return n;
      }
      return plusValues(vm, e, a, b);
    };
  },
  generate: inlineText("+", plusValues),
};

export const minus: OperatorConstruct<"-"> = {
  op: "-",
  check(e, scope, ctx, k) {
    const [l, r] = operands(e, scope, ctx, k);
    // Tallies subtract member by member (a count stops at 0).
    if (l.t === "tally" || r.t === "tally") {
      const t = l.t === "tally" ? l : r;
      k.expectType(l, t, e.left.span, `the left of \`${e.op}\``);
      k.expectType(r, t, e.right.span, `the right of \`${e.op}\``);
      return t;
    }
    numbers(e, l, r, k);
    return INT;
  },
  run: evaluated(minusValues),
  compile(e, c) {
    const l = c.expr(e.left);
    if (e.right.kind === "int") {
      const k = e.right.value;
      return (env, vm) => {
        const a = l(env, vm);
        if (typeof a === "number") {
          const n = a - k;
          if (Number.isSafeInteger(n)) return n;
        }
        return minusValues(vm, e, a, k);
      };
    }
    const r = c.expr(e.right);
    return (env, vm) => {
      const a = l(env, vm);
      const b = r(env, vm);
      if (typeof a === "number" && typeof b === "number") {
        const n = a - b;
        if (Number.isSafeInteger(n)) return n;
      }
      return minusValues(vm, e, a, b);
    };
  },
  generate: inlineText("-", minusValues),
};

export const times: OperatorConstruct<"*"> = {
  op: "*",
  check(e, scope, ctx, k) {
    const [l, r] = operands(e, scope, ctx, k);
    // `t * 2` and `2 * t`: every count scaled.
    if (l.t === "tally" || r.t === "tally") {
      const [t, n, nSpan] = l.t === "tally" ? [l, r, e.right.span] : [r, l, e.left.span];
      k.expectType(n, INT, nSpan, "the factor of a tally");
      return t;
    }
    numbers(e, l, r, k);
    return INT;
  },
  run: evaluated(timesValues),
  compile(e, c) {
    const l = c.expr(e.left);
    const r = c.expr(e.right);
    return (env, vm) => {
      const a = l(env, vm);
      const b = r(env, vm);
      if (typeof a === "number" && typeof b === "number") {
        const n = a * b;
        if (Number.isSafeInteger(n)) return n;
      }
      return timesValues(vm, e, a, b);
    };
  },
  generate: inlineText("*", timesValues),
};

/** `/` and `%` call their values from generated code: division has no fast path. */
function divisionText(e: Binary, { g, expr }: OperatorGenerate): string {
  const l = expr(e.left);
  const r = expr(e.right);
  return `${g.k(divisionValues)}(vm, ${g.k(e)}, ${l}, ${r})`;
}

export const divided: OperatorConstruct<"/"> = {
  op: "/",
  check(e, scope, ctx, k) {
    const [l, r] = operands(e, scope, ctx, k);
    if (l.t === "tally") {
      k.expectType(r, INT, e.right.span, "what every count is divided by");
      if (!e.rounding) k.report("E0221", e.span, "dividing a tally needs a rounding: `round down`, `round up` or `round nearest`", `write \`${showExpr(e)} round down\``);
      return l;
    }
    numbers(e, l, r, k);
    truncatingConstant(e, k);
    return INT;
  },
  run: evaluated(divisionValues),
  compile: valuesClosure(divisionValues),
  generate: divisionText,
};

export const remainder: OperatorConstruct<"%"> = {
  op: "%",
  check(e, scope, ctx, k) {
    const [l, r] = operands(e, scope, ctx, k);
    numbers(e, l, r, k);
    return INT;
  },
  run: evaluated(divisionValues),
  compile: valuesClosure(divisionValues),
  generate: divisionText,
};

/**
 * W0307: `5 / 4` written with constants is 1, since numbers are whole and `/` drops the remainder:
 * almost always a fraction meant as one (`multiply 5 / 4` for "+25%"), so say so.
 */
function truncatingConstant(e: Binary, k: OperatorCheck) {
  const a = constInt(e.left);
  const b = constInt(e.right);
  if (e.rounding || a === undefined || b === undefined || b === 0 || a % b === 0) return;
  k.report("W0307", e.span, `\`${showExpr(e)}\` is ${Math.trunc(a / b)}: numbers are whole, and \`/\` drops the remainder`, `say how it rounds, \`${showExpr(e)} round nearest\`, or scale first: \`x * ${a} / ${b} round nearest\``);
}

/** `-x`: a whole number (the checker refuses anything else, so no engine checks it again). */
export const negative: OperatorConstruct<"neg"> = {
  op: "neg",
  check(e, scope, ctx, k): Type {
    const t = k.expr(e.operand, scope, ctx);
    if (t.t === "optional" && t.of.t === "int") k.maybeNone(e.operand, "`-` needs a number");
    else k.expectType(t, INT, e.operand.span, "the operand of `-`");
    return INT;
  },
  run: (e, env, vm) => -(vm.eval(e.operand, env) as number),
  compile(e, c) {
    const o = c.expr(e.operand);
    return (env, vm) => -(o(env, vm) as number);
  },
  generate: (e, { expr }) => `(-(${expr(e.operand)}))`,
};
