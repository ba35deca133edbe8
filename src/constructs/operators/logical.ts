// The logical operators: `and` and `or` short-circuit (the right runs only when the left leaves the
// answer open, and the checker narrows it as the left's outcome shows: `x != none and x.hp > 0`), and
// `not`. Anything but `true` counts as false, in every engine alike.
import { BOOL } from "../../core/types.ts";
import type { OperatorConstruct } from "./contexts.ts";
import { typedRight } from "./operands.ts";

export const and: OperatorConstruct<"and"> = {
  op: "and",
  check(e, scope, ctx, k) {
    const l = k.expr(e.left, scope, ctx);
    const r = typedRight(e, k.narrowBy(scope, e.left, true, [], ctx), ctx, k);
    k.expectType(l, BOOL, e.left.span, `the left of \`${e.op}\``);
    k.expectType(r, BOOL, e.right.span, `the right of \`${e.op}\``);
    return BOOL;
  },
  run: (e, env, vm) => vm.eval(e.left, env) === true && vm.eval(e.right, env) === true,
  compile(e, c) {
    const l = c.expr(e.left);
    const r = c.expr(e.right);
    return (env, vm) => l(env, vm) === true && r(env, vm) === true;
  },
  generate: (e, { expr }) => `(${expr(e.left)} === true && ${expr(e.right)} === true)`,
};

export const or: OperatorConstruct<"or"> = {
  op: "or",
  check(e, scope, ctx, k) {
    const l = k.expr(e.left, scope, ctx);
    const r = typedRight(e, k.narrowBy(scope, e.left, false, [], ctx), ctx, k);
    k.expectType(l, BOOL, e.left.span, `the left of \`${e.op}\``);
    k.expectType(r, BOOL, e.right.span, `the right of \`${e.op}\``);
    return BOOL;
  },
  run: (e, env, vm) => vm.eval(e.left, env) === true || vm.eval(e.right, env) === true,
  compile(e, c) {
    const l = c.expr(e.left);
    const r = c.expr(e.right);
    return (env, vm) => l(env, vm) === true || r(env, vm) === true;
  },
  generate: (e, { expr }) => `(${expr(e.left)} === true || ${expr(e.right)} === true)`,
};

export const not: OperatorConstruct<"not"> = {
  op: "not",
  check(e, scope, ctx, k) {
    k.condition(e.operand, scope, ctx);
    return BOOL;
  },
  run: (e, env, vm) => vm.eval(e.operand, env) !== true,
  compile(e, c) {
    const o = c.expr(e.operand);
    return (env, vm) => o(env, vm) !== true;
  },
  generate: (e, { expr }) => `(${expr(e.operand)} !== true)`,
};
