// `add x to xs`: the list grows by one, within the list budget; traced as a move.
import type * as A from "../core/ast.ts";
import { showExpr } from "../core/show-expr.ts";
import { showValue, type Value } from "../core/values.ts";
import type { CompiledRun } from "../run/compiled/run.ts";
import type { StatementConstruct } from "./contexts.ts";

export const addStatement: StatementConstruct<"add"> = {
  kind: "add",
  check(s, scope, ctx, k) {
    const list = k.expr(s.list, scope, ctx);
    k.assignableTarget(s.list, undefined, s);
    k.listItem(k.expr(s.item, scope, ctx), list, s.item.span, s.list.span);
  },
  run(s, env, vm) {
    const item = vm.eval(s.item, env) as Value;
    vm.kit.push(vm.list(s.list, env), item, s.span);
    vm.note("move", () => addedLine(item, s.list), s.span);
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const { push } = c.kit;
    const item = c.expr(s.item);
    const list = c.list(s.list);
    return (env, vm) => {
      vm.tick(span);
      const v = item(env, vm) as Value;
      push(list(env, vm), v, span);
      if (vm.tracing) vm.note("move", () => addedLine(v, s.list), span);
      return undefined;
    };
  },
  generate(s, { g, kit, expr, list }) {
    const v = g.temp();
    const note = (vm: CompiledRun, item: Value) => vm.note("move", () => addedLine(item, s.list), s.span);
    return [`vm.tick(${g.k(s.span)});`, `${v} = ${expr(s.item)};`, `${g.k(kit.push)}(${list(s.list)}, ${v}, ${g.k(s.span)});`, `if (vm.tracing) ${g.k(note)}(vm, ${v});`].join("\n");
  },
};

/** Its trace line, which all three engines write. */
const addedLine = (item: Value, list: A.Expr): string => `${showValue(item)} added to ${showExpr(list)}`;
