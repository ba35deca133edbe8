// Shared test helpers: an in-memory file host, and shortcuts from source text to a checked program.
import type { SourceFile } from "../../src/core/ast.ts";
import { formatDiagnostic, type Diagnostic } from "../../src/core/diagnostics.ts";
import { compile, runExamples, type Compiled, type ExampleResult } from "../../src/pipeline.ts";
import { memoryFileHost } from "../../src/tools/service/memory-host.ts";

export { memoryFileHost as memoryHost } from "../../src/tools/service/memory-host.ts";

/** Compiles one in-memory file called `main.rules` (plus any others given). */
export function compileText(text: string, others: Record<string, string> = {}): Compiled {
  return compile(["main.rules"], memoryFileHost({ "main.rules": text, ...others }));
}

/** Compiles and insists there are no errors; returns the program. */
export function checked(text: string, others: Record<string, string> = {}): SourceFile[] {
  const c = compileText(text, others);
  if (!c.program) throw new Error(`expected the program to check, got:\n${render(c.diagnostics, c.texts)}`);
  return c.program;
}

/** Runs every example of a program that must check; results by title. */
export function examples(text: string): Map<string, ExampleResult> {
  return new Map(runExamples(checked(text)).map((r) => [r.title, r]));
}

export function example(text: string, title: string): ExampleResult {
  const r = examples(text).get(title);
  if (!r) throw new Error(`no example "${title}"`);
  return r;
}

export function render(ds: readonly Diagnostic[], texts: Map<string, string>): string {
  return ds.map((d) => formatDiagnostic(d, texts.get(d.span.file), (f) => texts.get(f))).join("\n\n");
}
