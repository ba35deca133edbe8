// `clear Status from x`: the status ends on that entity.
import type { StatementConstruct } from "./contexts.ts";

export const clearStatement: StatementConstruct<"clear"> = {
  kind: "clear",
  check(s, scope, ctx, k) {
    const status = k.statusName(s.status, ctx);
    if (status) k.resolveRef(s, k.refTo(status));
    k.entity(k.expr(s.target, scope, ctx), s.target.span);
  },
  run(s, env, vm) {
    vm.events.clear(s, vm.entity(s.target, env));
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const target = c.entity(s.target);
    return (env, vm) => {
      vm.tick(span);
      vm.events.clear(s, target(env, vm));
      return undefined;
    };
  },
  generate(s, { g, entity }) {
    return `vm.tick(${g.k(s.span)});\nvm.events.clear(${g.k(s)}, ${entity(s.target)});`;
  },
};
