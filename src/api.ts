// rulesmith's one public API (docs/api.md): rules text to a checked program with diagnostics, examples,
// scenarios, simulations, exact odds, mutation testing, saved programs, the state's JSON Schema, the
// formatter and the language service. It wraps the layers below and holds no logic of its own beyond
// composing them. It uses no Node module, so a browser bundle can take all of it; files on disk come
// from src/api/node.ts (`rulesmith/node`). Hosts that must start light import a part of it instead:
// src/api/report.ts (printing only) or src/api/runtime.ts (running a checked program, no parser).
import type { FileHost } from "./syntax/load.ts";
import { hasErrors, type Diagnostic } from "./core/diagnostics.ts";
import { compile, standardModule } from "./pipeline.ts";
import { loadProgram } from "./run/saved-program.ts";
import { memoryFileHost } from "./tools/service/index.ts";

export * from "./api/runtime.ts";
export type { FileHost, Refusal } from "./syntax/load.ts";
export { spanAt } from "./syntax/parse.ts";
export { compile, compileMods, eachExample, loadScenario, runExamples, type Compiled, type ExampleResult, type ModdedCompiled, type ReadyScenario, type ScenarioLoad, type System } from "./pipeline.ts";
export { isManifest, MOD_MANIFEST, SYSTEM_MANIFEST, type Manifest } from "./syntax/mods/manifest.ts";
export { modsToLoad, packageOf } from "./syntax/mods/packages.ts";
export { checkMods, describeOutcome, overridesOf, type CompatibilityReport, type ModSetReport, type Outcome as ExampleOutcome } from "./tools/mods/conflicts.ts";
export { allConflicts, formatMatrix, matrixJson } from "./tools/mods/matrix.ts";
export { formatRules, type Formatted } from "./tools/format/index.ts";
export { generateReference, MAX_REFERENCE, ReferenceTooLarge } from "./tools/docgen/index.ts";
/** Markdown as `rulesmith doc` renders doc comments: raw HTML escaped, only http(s) and #anchor links kept. */
export { docHtml as markdownHtml } from "./tools/docgen/html.ts";
export { balanceHtml } from "./tools/balance/html.ts";
export { exampleCoverage, ExampleReach } from "./tools/example-coverage.ts";
export { generateReferences, type DocumentedSystem } from "./tools/docgen/systems.ts";
export { monarchFromGrammar, type MonarchLanguage } from "../grammar/highlighting.ts";
export { marksOf, planSystems, shareBudget, type SystemPlan } from "./tools/mutate/plan.ts";
export { MutationRunner, type MutantResult, type MutantStatus } from "./tools/mutate/run.ts";
export type { Mutant, Operator } from "./tools/mutate/mutants.ts";
export type { Mark, MarkKind } from "./tools/mutate/marks.ts";
export { buildReport, formatMutant, formatReport, formatScores, reportJson, type MutationReport, type Outcome, type Reported } from "./tools/mutate/score.ts";
export {
  completions,
  definition,
  diagnostics,
  documentSymbols,
  formatting,
  hover,
  memoryFileHost,
  references,
  rename,
  semanticNames,
  toServiceDiagnostic,
  Workspace,
  type Completion,
  type DocumentState,
  type DocumentSymbol,
  type Hover,
  type Location,
  type NameMeaning,
  type Range,
  type RenameResult,
  type SemanticName,
  type ServiceDiagnostic,
  type ServiceFiles,
  type SymbolKind,
  type TextEdit,
} from "./tools/service/index.ts";

/**
 * `compile` over texts held in memory, keyed by `/`-separated paths (imports are relative to the
 * importing file): every `.rules` file given, or only `roots` (files or folders) and what they import.
 */
export function compileTexts(files: Record<string, string>, roots?: string[]) {
  return compile(roots ?? Object.keys(files).filter((p) => p.endsWith(".rules")), memoryFileHost(files));
}

/** What `rulesmith check` reports for the named files and folders: every diagnostic, and the texts for their code frames. */
export function check(roots: string[], host: FileHost): { ok: boolean; diagnostics: Diagnostic[]; texts: Map<string, string> } {
  const { diagnostics, texts } = compile(roots, host);
  return { ok: !hasErrors(diagnostics), diagnostics, texts };
}

/**
 * A saved program (`saveProgram`, `rulesmith compile`) checked as untrusted input: its shape, its
 * literals, its resolution, and each file named as a standard module against the real module's text.
 * This one, unlike `rulesmith/runtime`'s (which has no parser to compare with), loads a program that
 * imports a standard module. It takes the place of the runtime part's `loadSavedProgram`.
 */
export function loadSavedProgram(text: string): ReturnType<typeof loadProgram> {
  return loadProgram(text, standardModule);
}
