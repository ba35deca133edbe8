// `expect C` (in an example): the example fails there, with expected against actual for a comparison.
// Rare, so the closure is the tree-walker's case.
import type { StatementConstruct } from "./contexts.ts";

export const expectStatement: StatementConstruct<"expect"> = {
  kind: "expect",
  check(s, scope, ctx, k) {
    if (!ctx.inExample) k.report("E0206", s.span, "`expect` belongs in an `example`");
    k.condition(s.value, scope, ctx);
  },
  run(s, env, vm) {
    vm.kit.expect(vm, s.value, env, s.span);
    return undefined;
  },
  compile(s, c) {
    return c.tree(s);
  },
};
