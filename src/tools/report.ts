// How the commands print what stopped them: diagnostics as `check` prints them, and what stopped a
// scenario in `run` and `simulate`. The playground's workers show the same text.
import { clipShown, escapeControls, formatDiagnostic, type Diagnostic } from "../core/diagnostics.ts";
import type { ScenarioRun } from "../pipeline.ts";

/** The most diagnostics printed for one file; the rest are counted in one line, so output stays readable and bounded. */
export const DIAGNOSTICS_PER_FILE = 50;

/**
 * Every diagnostic with its code frame, a blank line after each, then how many errors and warnings.
 * Past DIAGNOSTICS_PER_FILE in one file, one line `... and N more in FILE` stands for the rest.
 */
export function formatDiagnostics(ds: Diagnostic[], texts: Map<string, string>): string {
  const errors = ds.filter((d) => d.severity === "error").length;
  const out: string[] = [];
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of ds) {
    const own = byFile.get(d.span.file);
    if (own) own.push(d);
    else byFile.set(d.span.file, [d]);
  }
  for (const [file, own] of byFile) {
    for (const d of own.slice(0, DIAGNOSTICS_PER_FILE)) out.push(formatDiagnostic(d, texts.get(d.span.file)) + "\n");
    if (own.length > DIAGNOSTICS_PER_FILE) out.push(`... and ${own.length - DIAGNOSTICS_PER_FILE} more in ${file}\n`);
  }
  return [...out, `${errors} error(s), ${ds.length - errors} warning(s)`].join("\n");
}

/** The most characters of a name, and of a message or a JSON path, printed from a run or a state (then `... (N characters)`). */
const SHOWN_NAME = 80;
const SHOWN_MESSAGE = 2000;

export function formatStateProblems(problems: NonNullable<ScenarioRun["stateProblems"]>): string {
  return problems
    .map((p) => {
      const decl = p.declaration ? `\n  --> ${escapeControls(p.declaration.span.file)}:${p.declaration.span.line}:${p.declaration.span.col}\n  note: the value breaks the declaration of \`${clipShown(p.declaration.name, SHOWN_NAME)}\`` : "";
      // The path is made of the state's own keys, and the message may quote its values: both escaped.
      return `error[${p.code ?? "E0401"}]: the state at \`${clipShown(p.path, SHOWN_MESSAGE)}\` ${clipShown(p.message, SHOWN_MESSAGE)}${decl}`;
    })
    .join("\n");
}

export function formatRunError(error: NonNullable<ScenarioRun["error"]>, context = ""): string {
  return `error[${error.code ?? "R0501"}]: ${context}${clipShown(error.message, SHOWN_MESSAGE)}${error.span ? `\n  --> ${escapeControls(error.span.file)}:${error.span.line}:${error.span.col}` : ""}`;
}
