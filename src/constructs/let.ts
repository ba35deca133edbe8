// `let name[: Type] = value`: a new variable in the next slot of its rule's frame.
import type * as A from "../core/ast.ts";
import { walk } from "../core/ast-walk.ts";
import { showExpr } from "../core/show-expr.ts";
import { typeUnknown, type Type } from "../core/types.ts";
import type { StatementConstruct } from "./contexts.ts";

export const letStatement: StatementConstruct<"let"> = {
  kind: "let",
  check(s, scope, ctx, k) {
    const reported = k.reported();
    let t = k.expr(s.value, scope, ctx);
    if (s.type) {
      const declared = k.resolveType(s.type, ctx.file);
      k.expectType(t, declared, s.value.span, `\`${s.name.text}\``);
      k.constantInRange(s.value, declared, `\`${s.name.text}\``);
      t = declared;
    } else if (t.t === "void") k.report("E0201", s.value.span, "this produces no value to store");
    else if (t.t === "none") k.report("E0241", s.value.span, `\`${s.name.text}\` needs a type to hold \`none\``, `write the optional type, like \`let ${s.name.text}: Unit? = none\``);
    // `[]` fits any list where a type is expected; here none is, and a list of anything would take
    // text into a list of numbers. Only for a value with an empty list in it and no error of its
    // own: an error's `any` (in this value, or in a variable it reads) is not the author's `[]`.
    else if (k.reported() === reported && typeUnknown(t) && holdsEmptyList(s.value)) {
      const what = (t.t === "optional" ? t.of : t).t === "list" ? "an empty list says nothing of what it will hold" : "its value comes from an empty list, which says nothing of its items";
      const shown = showExpr(s.value);
      k.report("E0243", s.value.span, `\`${s.name.text}\` needs a type: ${what}`, `write the type, like \`let ${s.name.text}: ${typeShape(t)} = ${shown.length <= 24 ? shown : "..."}\``);
    }
    if (k.isStateField(s.name.text, ctx.file)) {
      k.report("W0305", s.name.span, `\`${s.name.text}\` hides the state field of the same name in the rest of this block`, "choose another name for the variable");
    }
    k.resolve(s, "slot", scope.declare(s.name.text, { type: t, span: s.name.span, mutable: true }));
  },
  run(s, env, vm) {
    env[s.slot!] = vm.eval(s.value, env);
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const slot = s.slot!;
    const value = c.expr(s.value);
    return (env, vm) => {
      vm.tick(span);
      env[slot] = value(env, vm);
      return undefined;
    };
  },
  generate(s, { g, expr }) {
    return `vm.tick(${g.k(s.span)});\nenv[${g.int(s.slot)}] = ${expr(s.value)};`;
  },
};

/** Whether an expression has an empty list literal in it, as `[]`, `[[]]` and `last([])` have. */
function holdsEmptyList(e: A.Expr): boolean {
  let found = false;
  walk(e, (n) => {
    if (found) return false;
    if (n.kind === "list" && (n as A.Expr & { kind: "list" }).items.length === 0) found = true;
  });
  return found;
}

/** `list<list<int>>` for `[[]]`: the value's shape, with `int` standing for the type to write (the checker's help for `fn` too). */
export function typeShape(t: Type): string {
  return t.t === "list" ? `list<${typeShape(t.of)}>` : t.t === "optional" ? `${typeShape(t.of)}?` : "int";
}
