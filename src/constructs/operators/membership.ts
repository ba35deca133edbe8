// `x has S`: whether an entity holds a status; `x has S from d`: an instance of it from `d`. The checker
// resolves `S` to its declaration; an engine given a node whose `S` is no status's (a hand-made saved
// program) runs the tree-walker's case, and so does `from d` (core/statuses.ts answers both engines).
import { RuleError, type Value } from "../../core/values.ts";
import { holds } from "../../core/statuses.ts";
import { showExpr } from "../../core/show-expr.ts";
import type * as A from "../../core/ast.ts";
import { BOOL } from "../../core/types.ts";
import type { OperatorConstruct } from "./contexts.ts";
import type { RuntimeProgram } from "../../run/index-program.ts";

type Has = A.Expr & { kind: "has" };

/** The status `has` asks about, when its reference is a status's. */
function statusOf(program: RuntimeProgram, e: Has): A.StatusDecl | undefined {
  const d = e.ref?.to === "decl" ? program.decls[e.ref.id] : undefined;
  return d?.kind === "status" ? d : undefined;
}

export const has: OperatorConstruct<"has"> = {
  op: "has",
  check(e, scope, ctx, k) {
    k.entity(k.expr(e.object, scope, ctx), e.object.span);
    const status = k.statusName(e.status, ctx);
    if (status) k.resolveRef(e, k.refTo(status));
    if (e.source) k.expr(e.source, scope, ctx);
    return BOOL;
  },
  run(e, env, vm) {
    const object = vm.entity(e.object, env);
    const name = (vm.decl(e.ref) as A.StatusDecl).name.text;
    return e.source ? holds(object, name, vm.eval(e.source, env) as Value) : object.statuses.has(name);
  },
  compile(e, c) {
    const d = statusOf(c.program, e);
    if (!d || e.source) return c.tree(e);
    const object = c.entity(e.object);
    const status = d.name.text;
    return (env, vm) => object(env, vm).statuses.has(status);
  },
  /** Anything but an entity is R0501 naming `x`, as the closure's `entity` reports it. */
  generate(e, { program, g, expr }) {
    const d = statusOf(program, e);
    if (!d || e.source) return undefined;
    const v = g.temp();
    const object = e.object;
    const noValue = () => {
      throw new RuleError("R0501", `\`${showExpr(object)}\` has no value yet`, object.span);
    };
    return `((${v} = ${expr(object)}) instanceof ${g.h("Entity")} ? ${v}.statuses.has(${g.k(d.name.text)}) : ${g.k(noValue)}())`;
  },
};
