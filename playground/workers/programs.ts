// Worker-side loading through the one pipeline (src/pipeline.ts), from the playground's in-memory
// files instead of the disk: a game system's folder for examples, a scenario's "rules" for runs.
// Problems come back as the same text `rulesmith check` and `rulesmith run` print.
import { compile, indexProgram, scenarioProblems, type RuntimeProgram, type Scenario } from "../../src/pipeline.ts";
import { memoryFileHost } from "../../src/service/index.ts";
import type { SourceFile } from "../../src/ast.ts";
import type { Diagnostic } from "../../src/diagnostics.ts";
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

export interface LoadedScenario {
  scenario: Scenario;
  program: RuntimeProgram;
}

/** Reads a scenario file from the workspace and checks its rules, like `rulesmith run` does from disk. */
export function loadScenario(files: Files, path: string): Loaded<LoadedScenario> {
  const text = files[path];
  if (text === undefined) return { problem: `error[E0402]: there is no scenario \`${path}\`` };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { problem: `error[E0402]: cannot read the scenario \`${path}\`: ${err instanceof Error ? err.message : String(err)}` };
  }
  const problems = scenarioProblems(raw);
  if (problems.length) return { problem: problems.map((p) => `error[E0402]: ${path}: ${p}`).join("\n") };
  const scenario = raw as Scenario;
  const host = memoryFileHost(files);
  const roots = (Array.isArray(scenario.rules) ? scenario.rules : [scenario.rules]).map((r) => host.resolve(path, r));
  if (roots.some((r) => r.endsWith(".json"))) {
    return { problem: `error[E0402]: ${path}: the playground runs scenarios from .rules files; a saved program runs with \`rulesmith run\`` };
  }
  const programs = compilePrograms(files, roots);
  if ("problem" in programs) return programs;
  if (programs.ok.length !== 1) {
    const mains = programs.ok.map((p) => `\`${p[p.length - 1]!.path}\``).join(", ");
    return { problem: `error[E0402]: these rules form ${programs.ok.length} separate programs (files that do not import each other): ${mains}; name one` };
  }
  return { ok: { scenario, program: indexProgram(programs.ok[0]!) } };
}

/** A short description of a thrown value, for the UI: workers never let an exception escape raw. */
export function describeError(err: unknown): string {
  return `internal error: ${err instanceof Error ? err.message : String(err)}`;
}
