// `proceed`: in an `instead of` handler, runs the event's default body. Rare, so the closure is the tree-walker's case.
import type { StatementConstruct } from "./contexts.ts";

export const proceedStatement: StatementConstruct<"proceed"> = {
  kind: "proceed",
  check(s, _scope, ctx, k) {
    const ev = ctx.event;
    if (!ev || ev.timing !== "instead") {
      k.report("E0230", s.span, "`proceed` runs an event's default body, so it belongs in an `instead of` handler", ev ? `this is ${ev.timing === "body" ? "the default body" : ev.timing === "after" ? "an `on` handler" : "a `before` handler"} of \`${ev.decl.name.text}\`` : "use it inside `instead of EventName { ... }`");
    } else if (!ev.decl.body) {
      k.report("E0231", s.span, `event \`${ev.decl.name.text}\` has no default body for \`proceed\` to run`, `give \`${ev.decl.name.text}\` a body, or remove \`proceed\``);
    }
  },
  run(_s, _env, vm) {
    vm.events.proceed();
    return undefined;
  },
  compile(s, c) {
    return c.tree(s);
  },
};
