// `return [value]`: leaves the rule with `{ value }` (or, in a function's body written out with its
// call, the bare value: generate-fn.ts).
import { typeToString } from "../core/types.ts";
import type { StatementConstruct } from "./contexts.ts";

export const returnStatement: StatementConstruct<"return"> = {
  kind: "return",
  check(s, scope, ctx, k) {
    if (ctx.returns === undefined || ctx.returns.t === "void") {
      if (s.value) k.report("E0205", s.value.span, "this returns a value, but the enclosing rule has no result type", "declare one with `-> int`, or remove the value");
    } else if (!s.value) k.report("E0205", s.span, `\`return\` needs a value of type ${typeToString(ctx.returns)}`);
    else k.expectType(k.expr(s.value, scope, ctx), ctx.returns, s.value.span, "the returned value");
  },
  run(s, env, vm) {
    return { value: s.value ? vm.eval(s.value, env) : undefined };
  },
  compile(s, c) {
    const span = s.span;
    const value = s.value ? c.expr(s.value) : undefined;
    return (env, vm) => {
      vm.tick(span);
      return { value: value ? value(env, vm) : undefined };
    };
  },
  generate(s, { g, expr }) {
    const value = s.value ? expr(s.value) : "undefined";
    return `vm.tick(${g.k(s.span)});\n${g.ret(value)}`;
  },
};
