// An expression as a statement: a call, a roll, a choice or an emission run for what it does; any other
// value left unused is W0303.
import type { StatementConstruct } from "./contexts.ts";

export const exprStatement: StatementConstruct<"expr"> = {
  kind: "expr",
  check(s, scope, ctx, k) {
    const t = k.expr(s.value, scope, ctx);
    const isCall = s.value.kind === "call" || s.value.kind === "choose" || s.value.kind === "roll" || s.value.kind === "emit";
    if (!isCall && t.t !== "any") k.report("W0303", s.span, "this expression's value is not used", "assign it with `let`, or remove it");
  },
  run(s, env, vm) {
    vm.eval(s.value, env);
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const value = c.expr(s.value);
    return (env, vm) => {
      vm.tick(span);
      value(env, vm);
      return undefined;
    };
  },
  generate(s, { g, expr }) {
    return `vm.tick(${g.k(s.span)});\n${expr(s.value)};`;
  },
};
