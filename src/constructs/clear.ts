// `clear Status from x`: the status ends on that entity; `clear Status(from: d) from x`: only its
// instances from `d` end, and any others stay.
import type { StatementConstruct } from "./contexts.ts";
import { checkStatusArgs } from "./status-args.ts";

export const clearStatement: StatementConstruct<"clear"> = {
  kind: "clear",
  check(s, scope, ctx, k) {
    const status = k.statusName(s.status, ctx);
    if (status) k.resolveRef(s, k.refTo(status));
    checkStatusArgs(s, status, false, scope, ctx, k);
    k.entity(k.expr(s.target, scope, ctx), s.target.span);
  },
  run(s, env, vm) {
    vm.events.clear(s, vm.entity(s.target, env), env);
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const target = c.entity(s.target);
    return (env, vm) => {
      vm.tick(span);
      vm.events.clear(s, target(env, vm), env);
      return undefined;
    };
  },
  generate(s, { g, entity }) {
    // The frame is for the source's expression: without one, none is passed (as `apply` does).
    return `vm.tick(${g.k(s.span)});\nvm.events.clear(${g.k(s)}, ${entity(s.target)}, ${s.args ? "env" : "undefined"});`;
  },
};
