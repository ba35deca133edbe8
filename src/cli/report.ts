// How `run` and `simulate` print what stopped a scenario: one format for both commands.
import type { ScenarioRun } from "../pipeline.ts";

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
