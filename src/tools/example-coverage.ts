// What the examples never exercise (issue 26, item 3), read from the traces of their runs: a handler no
// example fires (W0312), and a choice no example makes or an option of it no example takes (W0313).
// `rulesmith test` and `rulesmith mutate` report them: a handler or an option no example reaches is rule
// text no example checks, whatever the mutants say (a mutant of code no example runs cannot be killed,
// but a choice's untaken option has no mutant at all).
//
// A choice's options are known where the rules list them (`choose "Withdraw?" from [true, false]`, and
// `none` with `or none`); a choice from a computed list is reported only when no example makes it.
import type * as A from "../core/ast.ts";
import { walk } from "../core/ast-walk.ts";
import { diag, type Diagnostic } from "../core/diagnostics.ts";
import { showExpr } from "../core/show-expr.ts";
import { isStdPath } from "../core/std-paths.ts";
import type { ExampleResult } from "../pipeline.ts";
import type { TraceEntry } from "../run/trace.ts";

const LITERALS = new Set(["int", "text", "bool", "none", "member"]);

/**
 * What the examples reached, read one trace entry at a time (a trace sink), so a caller that streams the
 * examples' traces (`rulesmith test`) never holds one whole: the handlers that fired, the answers each
 * choice was given.
 */
export class ExampleReach {
  readonly fired = new Set<string>();
  readonly picks = new Map<string, Set<string>>();

  push(e: TraceEntry): void {
    if (e.kind === "trigger") this.fired.add(`${e.span.file}:${e.span.start}`);
    else if (e.kind === "choice") {
      const at = `${e.span.file}:${e.span.start}`;
      this.picks.set(at, (this.picks.get(at) ?? new Set()).add(pickedOf(e.message)));
    }
  }
}

/** W0312 and W0313 for the declarations of `files` that `inFile` names, from the runs of their examples. */
export function exampleCoverage(files: readonly A.SourceFile[], runs: readonly ExampleResult[] | ExampleReach, inFile: (path: string) => boolean): Diagnostic[] {
  let reach = runs instanceof ExampleReach ? runs : undefined;
  if (!reach) {
    reach = new ExampleReach();
    for (const r of runs as readonly ExampleResult[]) for (const e of r.trace) reach.push(e);
  }
  const { fired, picks } = reach;
  const out: Diagnostic[] = [];
  for (const f of files) {
    if (!inFile(f.path) || isStdPath(f.path)) continue;
    for (const d of f.decls) {
      if (d.kind === "example") continue;
      if (d.kind === "trigger" && !fired.has(`${d.span.file}:${d.span.start}`)) {
        const head = { ...d.span, endLine: d.event.span.endLine, endCol: d.event.span.endCol, end: d.event.span.end };
        out.push(diag("W0312", head, `no example fires this handler of \`${d.event.text}\``, "write an example in which the event happens and the handler's condition holds"));
      }
      walk(d, (n) => {
        if (n.kind !== "choose") return;
        const c = n as Extract<A.Expr, { kind: "choose" }>;
        const taken = picks.get(`${c.span.file}:${c.span.start}`);
        if (!taken) {
          out.push(diag("W0313", c.span, "no example makes this choice", "write an example that reaches it, forcing each answer the rules allow (`force choices [...]`)"));
          return;
        }
        if (c.upTo) return;
        const listed = c.options.kind === "list" && c.options.items.every((i) => LITERALS.has(i.kind)) ? c.options.items : [];
        for (const item of listed) {
          const shown = showExpr(item);
          if (!taken.has(traced(item))) out.push(diag("W0313", item.span, `no example takes the option \`${shown}\` of this choice`, `write an example that answers it: \`force choices [${shown}]\``));
        }
        if (c.orNone && listed.length > 0 && !taken.has("none")) out.push(diag("W0313", c.span, "no example takes the option `none` of this choice", "write an example that answers it: `force choices [none]`"));
      });
    }
  }
  return out;
}

/** An option as a trace line shows it picked: a text unquoted, an enum member by its own name. */
function traced(item: A.Expr): string {
  if (item.kind === "text") return item.value;
  if (item.kind === "member") return item.member.text;
  return showExpr(item);
}

/** The option a choice's trace line says was picked: `"question" -> PICKED (how)`. */
function pickedOf(message: string): string {
  const from = message.lastIndexOf(" -> ");
  const to = message.lastIndexOf(" (");
  return message.slice(from + 4, to > from ? to : undefined);
}
