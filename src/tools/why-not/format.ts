// The text `rulesmith why-not` prints, and the playground shows: the rule and where it is, the answer,
// and links (`file:line:col`) to the source and to the line of `rulesmith run ... --trace` the run stood at.
import type { Span } from "../../core/ast.ts";
import { clipShown, escapeControls } from "../../core/diagnostics.ts";
import { traceLine } from "../../run/trace.ts";
import type { TracePlace, WhyNotResult } from "./why-not.ts";

const at = (s: Span) => `${escapeControls(s.file)}:${s.line}:${s.col}`;

/** Where the run stood: `trace line N: <the line>`. */
function traceLink(p: TracePlace | undefined, runCommand: string): string {
  if (!p) return `  trace: before the first line of \`${runCommand}\``;
  return `  trace: line ${p.line} of \`${runCommand}\`\n    ${traceLine({ ...p.entry, depth: 0 })}`;
}

const times = (n: number) => (n === 1 ? "once" : n === 2 ? "twice" : `${n} times`);

/** The answer as text; `runCommand` is the `rulesmith run ... --trace` whose trace the line numbers count in. */
export function formatWhyNot(r: WhyNotResult, runCommand: string): string {
  const out = [`rule: ${clipShown(r.rule, 200)}\n  --> ${at(r.source)}`];
  const a = r.answer;
  switch (a.kind) {
    case "fired":
      out.push(`it fired ${times(a.times)} in this run; the first:`, traceLink(a.first, runCommand));
      break;
    case "false": {
      const tested = a.considered === 1 ? "its condition was tested once and was false" : `its condition was tested ${a.considered} times and never held`;
      out.push(`${tested}; ${a.considered === 1 ? "" : "the first time, "}\`${clipShown(a.conjunct, 300)}\` was false\n  --> ${at(a.at)}`);
      for (const read of a.reads) out.push(`    ${clipShown(read.expr, 200)} = ${clipShown(read.value, 300)}`);
      out.push(traceLink(a.place, runCommand));
      break;
    }
    case "never": {
      const what = a.what === "event" ? `its event \`${a.name}\` never happened in this run` : a.what === "value" ? `its value \`${a.name}\` was never worked out in this run` : `its table \`${a.name}\` was never looked up in this run`;
      out.push(what);
      break;
    }
    case "replaced":
      out.push(`its event happened ${times(a.emissions)}, but each time an earlier \`instead of\` handler took it; the first:`, traceLink(a.first, runCommand));
      break;
    case "row": {
      const args = `(${a.args.map((x) => clipShown(x, 100)).join(", ")})`;
      const first = `the table was looked up ${times(a.lookups)}, never by this row; the first time, with ${args}`;
      const before = a.matched !== undefined ? `, row ${a.matched + 1} came first` : "";
      const why = a.pattern ? `${before ? " and" : ","} its pattern ${a.pattern.index + 1} \`${clipShown(a.pattern.pattern, 100)}\` does not match ${clipShown(a.pattern.arg, 100)}\n  --> ${at(a.pattern.at)}` : "";
      out.push(`${first}${before}${why}`, traceLink(a.place, runCommand));
      break;
    }
  }
  if (r.error) out.push(`note: the run stopped with an error: ${clipShown(r.error.message, 300)}${r.error.span ? `\n  --> ${at(r.error.span)}` : ""}`);
  else out.push(`result: ${r.resultText === undefined ? "(none)" : clipShown(r.resultText, 300)}`);
  return out.join("\n");
}
