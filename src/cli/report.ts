// How the commands print what stopped them: diagnostics as `check` prints them, and what stopped a
// scenario in `run` and `simulate`. The playground's workers show the same text.
import { formatDiagnostic, type Diagnostic } from "../diagnostics.ts";
import type { ScenarioRun } from "../pipeline.ts";

/** Every diagnostic with its code frame, a blank line after each, then how many errors and warnings. */
export function formatDiagnostics(ds: Diagnostic[], texts: Map<string, string>): string {
  const errors = ds.filter((d) => d.severity === "error").length;
  return [...ds.map((d) => formatDiagnostic(d, texts.get(d.span.file)) + "\n"), `${errors} error(s), ${ds.length - errors} warning(s)`].join("\n");
}

export function formatStateProblems(problems: NonNullable<ScenarioRun["stateProblems"]>): string {
  return problems
    .map((p) => {
      const decl = p.declaration ? `\n  --> ${p.declaration.span.file}:${p.declaration.span.line}:${p.declaration.span.col}\n  note: the value breaks the declaration of \`${p.declaration.name}\`` : "";
      return `error[${p.code ?? "E0401"}]: the state at \`${p.path}\` ${p.message}${decl}`;
    })
    .join("\n");
}

export function formatRunError(error: NonNullable<ScenarioRun["error"]>, context = ""): string {
  return `error[${error.code ?? "R0501"}]: ${context}${error.message}${error.span ? `\n  --> ${error.span.file}:${error.span.line}:${error.span.col}` : ""}`;
}
