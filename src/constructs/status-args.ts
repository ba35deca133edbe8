// `frightened(2, from: d)`, as `apply` and `clear` write a status: its values (in its parameters' order)
// and its source (`from:`, resolved to the place after the parameters). One reading of the arguments for
// the checker and one for every engine, so `apply` and `clear` cannot read them two ways.
import type * as A from "../core/ast.ts";
import type { Value } from "../core/values.ts";
import type { Context, Scope } from "../check/resolution.ts";
import type { Env } from "../run/machine.ts";
import type { StatementCheck } from "./contexts.ts";

/** The named argument that gives an instance's source. */
export const SOURCE = "from";

type Written = { status: A.Name; span: A.Span; args?: A.Arg[] };

/**
 * Checks a status's arguments: with `values` (`apply`), they must fit its parameters (E0202, E0201), and a
 * status that declares none takes none (E0234); without (`clear`), only `from:` is allowed (E0234).
 */
export function checkStatusArgs(s: Written, status: A.StatusDecl | undefined, values: boolean, scope: Scope, ctx: Context, k: StatementCheck): void {
  const params = status?.params ?? [];
  const given: A.Arg[] = [];
  let source: A.Arg | undefined;
  for (const a of s.args ?? []) {
    if (a.kind === "named" && a.name.text === SOURCE) {
      if (source) k.report("E0202", a.span, `\`${SOURCE}\` is given twice`);
      source = a;
      k.expr(a.value, scope, ctx);
      k.resolve(a, "index", params.length);
    } else given.push(a);
  }
  if (!status) {
    for (const a of given) if (a.kind !== "comprehension") k.expr(a.value, scope, ctx);
    return;
  }
  const name = status.name.text;
  const first = given[0];
  if (first && (!values || params.length === 0)) {
    const span = { ...first.span, endLine: given.at(-1)!.span.endLine, endCol: given.at(-1)!.span.endCol, end: given.at(-1)!.span.end };
    for (const a of given) if (a.kind !== "comprehension") k.expr(a.value, scope, ctx);
    if (!values) k.report("E0234", span, `\`clear\` ends instances of \`${name}\` by their source only, not by values`, `write \`clear ${name}(${SOURCE}: x) from ...\`, or \`clear ${name} from ...\` to end them all`);
    else k.report("E0234", span, `\`${name}\` carries no values: it is declared without parameters`, `declare them, like \`status ${name}(level: int)\`, or apply it without values`);
    return;
  }
  if (!values) return;
  const typed = params.map((p) => ({ name: p.name.text, type: k.resolveType(p.type, status.span.file) }));
  if (params.length > 0) k.args(given, typed, `status \`${name}\``, given.length > 0 ? s.span : s.status.span, scope, ctx);
}

/** The source a status's arguments give (`from: d`), or undefined. */
export function sourceArg(args: A.Arg[] | undefined): A.Expr | undefined {
  const a = args?.find((x) => x.kind === "named" && x.name.text === SOURCE);
  return a && a.kind === "named" ? a.value : undefined;
}

/**
 * The values and source of `apply S(...)`, evaluated in the order written: each value at its
 * parameter's place (a named one at the place the checker gave it), the source apart.
 */
export function statusArgValues(args: A.Arg[] | undefined, params: number, env: Env, evaluate: (e: A.Expr, env: Env) => Value | undefined): { values?: Value[]; source?: Value } {
  if (!args || args.length === 0) return {};
  const values: Value[] = params > 0 ? new Array<Value>(params) : [];
  let source: Value | undefined;
  // A positional value's place is its place among the values, as the checker matched it.
  let i = 0;
  for (const a of args) {
    if (a.kind === "comprehension") continue;
    const v = evaluate(a.value, env) as Value;
    if (a.kind === "named" && a.name.text === SOURCE) {
      source = v;
      continue;
    }
    values[a.kind === "named" ? (a.index ?? i) : i] = v;
    i++;
  }
  return params > 0 ? (source === undefined ? { values } : { values, source }) : source === undefined ? {} : { source };
}
