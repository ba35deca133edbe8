// `remove x from xs`: the first item equal to `x` leaves the list (R0501 when there is none); traced as a move.
import type * as A from "../core/ast.ts";
import { showExpr } from "../core/show-expr.ts";
import { showValue, type Value } from "../core/values.ts";
import type { CompiledRun } from "../run/compiled/run.ts";
import type { StatementConstruct } from "./contexts.ts";

export const removeStatement: StatementConstruct<"remove"> = {
  kind: "remove",
  check(s, scope, ctx, k) {
    const list = k.expr(s.list, scope, ctx);
    k.assignableTarget(s.list, undefined, s);
    k.listItem(k.expr(s.item, scope, ctx), list, s.item.span, s.list.span);
  },
  run(s, env, vm) {
    const item = vm.eval(s.item, env) as Value;
    vm.kit.take(vm.list(s.list, env), item, s.list, s.span);
    vm.note("move", () => removedLine(item, s.list), s.span);
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const { take } = c.kit;
    const item = c.expr(s.item);
    const list = c.list(s.list);
    return (env, vm) => {
      vm.tick(span);
      const v = item(env, vm) as Value;
      take(list(env, vm), v, s.list, span);
      if (vm.tracing) vm.note("move", () => removedLine(v, s.list), span);
      return undefined;
    };
  },
  generate(s, { g, kit, expr, list }) {
    const v = g.temp();
    const note = (vm: CompiledRun, item: Value) => vm.note("move", () => removedLine(item, s.list), s.span);
    return [`vm.tick(${g.k(s.span)});`, `${v} = ${expr(s.item)};`, `${g.k(kit.take)}(${list(s.list)}, ${v}, ${g.k(s.list)}, ${g.k(s.span)});`, `if (vm.tracing) ${g.k(note)}(vm, ${v});`].join("\n");
  },
};

/** Its trace line, which all three engines write. */
const removedLine = (item: Value, list: A.Expr): string => `${showValue(item)} removed from ${showExpr(list)}`;
