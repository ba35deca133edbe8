// `// mutate:` marks: an author's word, next to a clause, that a mutant of it is not a gap in the
// examples. Three kinds, each with a reason that the report prints:
//
//   // mutate: equivalent <reason>    no example could tell the mutant apart: it changes no behaviour
//   // mutate: unspecified <reason>   the rule text gives no value here (a number chosen by the author),
//                                     so no example can be written from the text to pin it
//   // mutate: policy <reason>        not a rule at all: how a scenario's side chooses to play (a turn
//                                     policy, a tactic); the text says nothing an example could check
//
// A mark after code applies to the mutants whose clause starts on its line; a mark alone on its line
// applies to the next line that is not a comment (so marks stack, and sit above a doc comment, which
// must stay next to its declaration). `equivalent(comparison, constant) <reason>` limits it
// to those operators, and a clause in backticks, `equivalent(comparison) \`u.hp > 0\` <reason>`, to the
// mutants whose clause is that text before or after the change (`drop-conjunct` keeps one side: the
// side kept names which of the two mutants, and only that mutant, not those of the side itself). Marked mutants still run: an `equivalent` one that an example kills is
// reported (E0423), since the mark is wrong; an `unspecified` or `policy` one that an example kills is
// killed (an example built on the author's number or tactic pins it, which is fine). Policy is a kind of
// its own so a report tells "the text is silent on this number" from "this is no rule", and counts each.
import type { Span } from "../../core/ast.ts";
import { spanAt } from "../../syntax/parse.ts";
import { diag, didYouMean, type Diagnostic } from "../../core/diagnostics.ts";
import { OPERATORS, type Mutant, type Operator } from "./mutants.ts";

export type MarkKind = "equivalent" | "unspecified" | "policy";
const MARK_KINDS: readonly MarkKind[] = ["equivalent", "unspecified", "policy"];

export interface Mark {
  kind: MarkKind;
  reason: string;
  operators?: Operator[];
  /** Only the mutants whose clause is this text, before or after the change. */
  clause?: string;
  /** The comment itself, for diagnostics. */
  span: Span;
  /** The file and 1-based line of the code it marks. */
  file: string;
  line: number;
}

const REASON_EXAMPLE: Record<MarkKind, string> = {
  equivalent: "the list is never empty here",
  unspecified: "the text gives no number for this",
  policy: "the side attacks the nearest foe: our tactic",
};

const MARK = /\/\/\s*mutate\s*:\s*([A-Za-z_-]*)\s*(?:\(([^)]*)\))?\s*(?:`([^`]*)`)?\s*(.*)$/;

/** The marks in one file's text, and the mistakes in them. */
export function readMarks(file: string, text: string): { marks: Mark[]; diagnostics: Diagnostic[] } {
  const marks: Mark[] = [];
  const diagnostics: Diagnostic[] = [];
  const lines = text.split("\n");
  let offset = 0;
  lines.forEach((line, i) => {
    const start = offset;
    offset += line.length + 1;
    const at = commentStart(line);
    if (at < 0) return;
    const m = MARK.exec(line.slice(at));
    if (!m) return;
    const span = spanAt(file, text, start + at, start + line.trimEnd().length);
    const kind = m[1]!;
    if (!MARK_KINDS.includes(kind as MarkKind)) {
      diagnostics.push(diag("E0420", span, `\`// mutate: ${kind}\` is not a mark rulesmith knows`, didYouMean(kind, MARK_KINDS) ?? "a mark is `// mutate: equivalent <reason>`, `// mutate: unspecified <reason>` or `// mutate: policy <reason>`"));
      return;
    }
    const operators = m[2] === undefined ? undefined : m[2].split(",").map((o) => o.trim());
    const unknown = operators?.find((o) => !(OPERATORS as readonly string[]).includes(o));
    if (unknown !== undefined) {
      diagnostics.push(diag("E0422", span, `\`${unknown}\` is not a mutation operator`, didYouMean(unknown, OPERATORS) ?? `the operators are ${OPERATORS.map((o) => `\`${o}\``).join(", ")}`));
      return;
    }
    const clause = m[3];
    const reason = m[4]!.trim();
    if (reason === "") {
      diagnostics.push(diag("E0421", span, `this \`// mutate: ${kind}\` mark gives no reason`, `say why, as in \`// mutate: ${kind} ${REASON_EXAMPLE[kind as MarkKind]}\``));
      return;
    }
    const alone = line.slice(0, at).trim() === "";
    let target = i;
    if (alone) {
      target = i + 1;
      while (target < lines.length && (lines[target]!.trim() === "" || lines[target]!.trim().startsWith("//"))) target++;
    }
    marks.push({ kind: kind as MarkKind, reason, ...(operators ? { operators: operators as Operator[] } : {}), ...(clause !== undefined ? { clause } : {}), span, file, line: target + 1 });
  });
  return { marks, diagnostics };
}

/** Where a `//` comment starts on a line, outside a text literal; -1 when there is none. */
function commentStart(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "\\" && quoted) i++;
    else if (c === '"') quoted = !quoted;
    else if (!quoted && c === "/" && line[i + 1] === "/") return i;
  }
  return -1;
}

/** The mark that applies to a mutant, if any. */
export function markOf(m: Mutant, marks: readonly Mark[]): Mark | undefined {
  return marks.find((k) => k.file === m.span.file && k.line === m.span.line && (!k.operators || k.operators.includes(m.operator)) && (k.clause === undefined || namesClause(k.clause, m)));
}

/** Whether a mark's clause names the mutant. A `drop-conjunct` mutant is named by the side it keeps
 * (its `after`) only: in `a and b and c` the side kept by dropping `c` is `a and b`, which is also the
 * `before` of the two mutants that drop `a` or `b`, and a mark about one must not mark those. */
function namesClause(clause: string, m: Mutant): boolean {
  return m.operator === "drop-conjunct" ? clause === m.after : clause === m.before || clause === m.after;
}
