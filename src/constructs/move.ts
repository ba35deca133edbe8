// `move x from xs to ys`: taken from one list (R0501 when it is not there), then added to the other,
// within the list budget; traced as one move. Both lists change, so neither may be inside a record.
import type * as A from "../core/ast.ts";
import { showExpr } from "../core/show-expr.ts";
import { showValue, type Value } from "../core/values.ts";
import type { CompiledRun } from "../run/compiled/run.ts";
import type { StatementConstruct } from "./contexts.ts";

export const moveStatement: StatementConstruct<"move"> = {
  kind: "move",
  check(s, scope, ctx, k) {
    const from = k.expr(s.source, scope, ctx);
    const to = k.expr(s.target, scope, ctx);
    const item = k.expr(s.item, scope, ctx);
    k.insideRecord(s.source, s);
    k.insideRecord(s.target, s);
    k.listItem(item, from, s.item.span, s.source.span);
    k.listItem(item, to, s.item.span, s.target.span);
  },
  run(s, env, vm) {
    const item = vm.eval(s.item, env) as Value;
    vm.kit.take(vm.list(s.source, env), item, s.source, s.span);
    vm.kit.push(vm.list(s.target, env), item, s.span);
    vm.note("move", () => movedLine(item, s.source, s.target), s.span);
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const { push, take } = c.kit;
    const item = c.expr(s.item);
    const source = c.list(s.source);
    const target = c.list(s.target);
    return (env, vm) => {
      vm.tick(span);
      const v = item(env, vm) as Value;
      take(source(env, vm), v, s.source, span);
      push(target(env, vm), v, span);
      if (vm.tracing) vm.note("move", () => movedLine(v, s.source, s.target), span);
      return undefined;
    };
  },
  generate(s, { g, kit, expr, list }) {
    const v = g.temp();
    const span = g.k(s.span);
    const note = (vm: CompiledRun, item: Value) => vm.note("move", () => movedLine(item, s.source, s.target), s.span);
    return [
      `vm.tick(${span});`,
      `${v} = ${expr(s.item)};`,
      `${g.k(kit.take)}(${list(s.source)}, ${v}, ${g.k(s.source)}, ${span});`,
      `${g.k(kit.push)}(${list(s.target)}, ${v}, ${span});`,
      `if (vm.tracing) ${g.k(note)}(vm, ${v});`,
    ].join("\n");
  },
};

/** Its trace line, which all three engines write. */
const movedLine = (item: Value, source: A.Expr, target: A.Expr): string => `${showValue(item)} moved from ${showExpr(source)} to ${showExpr(target)}`;
