// Worker-side loading through the one pipeline (src/pipeline.ts), from the playground's in-memory
// files instead of the disk: a game system's folder for examples, a scenario (and its "rules") for runs.
// Problems come back as the same text `rulesmith check` and `rulesmith run` print.
import { compile, formatDiagnostics, loadScenario, memoryFileHost, type Diagnostic, type ReadyScenario, type SourceFile, type Span } from "../../src/api.ts";
import type { Files } from "../protocol.ts";

/** `error[CODE]: message` and where, the first two lines `rulesmith check` prints for a diagnostic. */
export function diagnosticLine(d: Diagnostic): string {
  return `${d.severity}[${d.code}]: ${d.message}\n  --> ${d.span.file}:${d.span.line}:${d.span.col}`;
}

export type Loaded<T> = { ok: T } | { problem: string };

/** The checked programs of some roots (files connected by imports form one program). */
export function compilePrograms(files: Files, roots: string[]): Loaded<SourceFile[][]> {
  const compiled = compile(roots, memoryFileHost(files));
  const errors = compiled.diagnostics.filter((d) => d.severity === "error");
  if (!compiled.programs || errors.length > 0) {
    const first = errors[0];
    const more = errors.length > 1 ? `\n(${errors.length - 1} more error(s): see Problems)` : "";
    return { problem: first ? `the rules do not check:\n${diagnosticLine(first)}${more}` : "the rules do not check" };
  }
  return { ok: compiled.programs };
}

/**
 * A scenario from the workspace, loaded by the pipeline exactly as `rulesmith run` loads one from disk;
 * when it cannot run, its diagnostics as `rulesmith check` prints them and where the first one points.
 */
export function readyScenario(files: Files, path: string): { ok: ReadyScenario } | { problem: string; span?: Span } {
  const loaded = loadScenario(path, memoryFileHost(files));
  if (loaded.ready) return { ok: loaded.ready };
  const first = loaded.diagnostics.find((d) => d.severity === "error");
  return { problem: formatDiagnostics(loaded.diagnostics, loaded.texts), ...(first ? { span: first.span } : {}) };
}

/** A short description of a thrown value, for the UI: workers never let an exception escape raw. */
export function describeError(err: unknown): string {
  return `internal error: ${err instanceof Error ? err.message : String(err)}`;
}
