// `say v`: a line in the trace. The value is evaluated even when not tracing: it may roll dice.
import { showValue, type Value } from "../core/values.ts";
import type { CompiledRun } from "../run/compiled/run.ts";
import type { StatementConstruct } from "./contexts.ts";

export const sayStatement: StatementConstruct<"say"> = {
  kind: "say",
  check(s, scope, ctx, k) {
    k.expr(s.value, scope, ctx);
  },
  run(s, env, vm) {
    const said = vm.eval(s.value, env);
    vm.note("say", () => saidLine(said), s.span);
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const value = c.expr(s.value);
    return (env, vm) => {
      vm.tick(span);
      const said = value(env, vm);
      if (vm.tracing) vm.note("say", () => saidLine(said), span);
      return undefined;
    };
  },
  generate(s, { g, expr }) {
    const v = g.temp();
    const note = (vm: CompiledRun, said: Value | undefined) => vm.note("say", () => saidLine(said), s.span);
    return [`vm.tick(${g.k(s.span)});`, `${v} = ${expr(s.value)};`, `if (vm.tracing) ${g.k(note)}(vm, ${v});`].join("\n");
  },
};

/** Its trace line, which all three engines write: the value as the trace shows values. */
const saidLine = (said: Value | undefined): string => showValue(said);
