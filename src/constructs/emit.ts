// `emit Event(args)` as a statement: the emission through events.ts (its value, when it has a result, is dropped).
import type * as A from "../core/ast.ts";
import type { StatementConstruct } from "./contexts.ts";

export const emitStatement: StatementConstruct<"emit"> = {
  kind: "emit",
  check(s, scope, ctx, k) {
    k.emitArgs(s, scope, ctx);
  },
  run(s, env, vm) {
    vm.events.emit(vm.decl(s.ref) as A.EventDecl, vm.args(s.args, env), s.span);
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const emit = c.emit(s);
    if (!emit) return c.tree(s);
    return (env, vm) => {
      vm.tick(span);
      emit(env, vm);
      return undefined;
    };
  },
  generate(s, { g, emit }) {
    const call = emit(s);
    return call ? `vm.tick(${g.k(s.span)});\n${call};` : undefined;
  },
};
