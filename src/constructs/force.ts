// `force dice [...]` / `force choices [...]` (in an example): fixes the next dice or answers. Rare, so
// the closure is the tree-walker's case.
import type * as A from "../core/ast.ts";
import { didYouMean } from "../core/diagnostics.ts";
import { pushAll } from "../core/push-all.ts";
import { ANY, INT, listOf } from "../core/types.ts";
import type { Value } from "../core/values.ts";
import type { StatementConstruct } from "./contexts.ts";

export const forceStatement: StatementConstruct<"force"> = {
  kind: "force",
  check(s, scope, ctx, k) {
    if (!ctx.inExample) k.report("E0206", s.span, "`force` belongs in an `example`: rules cannot fix their own dice");
    // Scripted answers may be of different types, one per question: `force choices ["trade", wraith]`.
    const mixed = s.what.text === "choices" && s.values.kind === "list";
    if (mixed) for (const item of (s.values as A.Expr & { kind: "list" }).items) k.expr(item, scope, ctx);
    const t = mixed ? listOf(ANY) : k.expr(s.values, scope, ctx);
    if (s.what.text === "dice") k.expectType(t, listOf(INT), s.values.span, "forced dice");
    else if (s.what.text === "choices") {
      if (t.t !== "list" && t.t !== "any") k.report("E0201", s.values.span, "scripted choices must be a list");
    } else k.report("E0206", s.what.span, `\`force\` takes \`dice\` or \`choices\`, not \`${s.what.text}\``, didYouMean(s.what.text, ["dice", "choices"]));
  },
  run(s, env, vm) {
    const values = vm.eval(s.values, env) as Value[];
    if (s.what.text === "dice") vm.dice.force(values as number[], s.span);
    else pushAll(vm.scripted, values);
    return undefined;
  },
  compile(s, c) {
    return c.tree(s);
  },
};
