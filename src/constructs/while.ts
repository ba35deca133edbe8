// `while C { ... }`: every pass counts a step, so even an empty body cannot run away.
import type { StatementConstruct } from "./contexts.ts";

export const whileStatement: StatementConstruct<"while"> = {
  kind: "while",
  check(s, scope, ctx, k) {
    k.condition(s.condition, scope, ctx);
    k.block(s.body, scope, ctx);
  },
  run(s, env, vm) {
    while ((vm.loopHead(s, env), vm.eval(s.condition, env) === true)) {
      const r = vm.execBlock(s.body, env);
      if (r) return r;
      vm.tick(s.span);
    }
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const test = c.expr(s.condition);
    const body = c.block(s.body);
    return (env, vm) => {
      vm.tick(span);
      while (test(env, vm) === true) {
        const r = body(env, vm);
        if (r) return r;
        vm.tick(span);
      }
      return undefined;
    };
  },
  generate(s, { g, expr, block }) {
    const tick = `vm.tick(${g.k(s.span)});`;
    return `${tick}\nwhile (${expr(s.condition)} === true) {\n${block(s.body)}\n${tick}\n}`;
  },
};
