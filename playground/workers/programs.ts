// Worker-side loading through the one pipeline (src/pipeline.ts), from the playground's in-memory
// files instead of the disk: a game system's folder for examples, a scenario (and its "rules") for runs.
// Problems come back as the same text `rulesmith check` and `rulesmith run` print.
import { compile, compileMods, formatDiagnostics, loadScenario, memoryFileHost, modsToLoad, overridesOf, type Compiled, type Diagnostic, type ModdedCompiled, type FileHost, type ReadyScenario, type SourceFile, type Span } from "../../src/api.ts";
import type { Files } from "../protocol.ts";
import { manifestsOf } from "../manifests.ts";

/** `error[CODE]: message` and where, the first two lines `rulesmith check` prints for a diagnostic. */
export function diagnosticLine(d: Diagnostic): string {
  return `${d.severity}[${d.code}]: ${d.message}\n  --> ${d.span.file}:${d.span.line}:${d.span.col}`;
}

export type Loaded<T> = { ok: T } | { problem: string };

/**
 * The packages to load for `path` with the mods switched on (`mods`, their folders): the base and its
 * mods, or undefined to load `path` as plain rules (`modsToLoad`, the language service's own choice).
 */
function packagesFor(files: Files, host: FileHost, path: string, mods: readonly string[]): { base: string; mods: string[] } | undefined {
  const at = modsToLoad(path, host, manifestsOf(Object.keys(files)), mods);
  return at && "base" in at ? at : undefined;
}

/**
 * Some roots compiled through the one pipeline; with `mods` (the folders switched on), a single root
 * that is a base system or a mod loads with them (`compileMods`), as `rulesmith test BASE MOD` loads it.
 * `folders`: the folders loaded, the root's and the mods', whose examples and clauses are the system's own.
 */
export function compileSwitchedOn(files: Files, roots: string[], mods: readonly string[] = []): { compiled: Compiled | ModdedCompiled; folders: string[]; overridden: Set<string> } {
  const host = memoryFileHost(files);
  const set = roots.length === 1 ? packagesFor(files, host, roots[0]!, mods) : undefined;
  const compiled = set ? compileMods(set.base, set.mods, host) : compile(roots, host);
  return { compiled, folders: set ? [set.base, ...set.mods] : roots, overridden: overriddenIn(compiled) };
}

/** The titles of the examples a loaded mod declares it overrides: not offered, as `rulesmith test BASE MOD` skips them. */
function overriddenIn(compiled: Compiled | ModdedCompiled): Set<string> {
  if (!("packages" in compiled) || !compiled.programs) return new Set();
  return new Set(overridesOf(compiled.programs.flat(), compiled.packages).keys());
}

/**
 * The checked programs of some roots (files connected by imports form one program); with `mods` (the
 * folders switched on), a root that is a base system or a mod loads with them, as `rulesmith test BASE MOD`.
 */
export function compilePrograms(files: Files, roots: string[], mods: readonly string[] = []): Loaded<SourceFile[][]> & { overridden?: Set<string> } {
  const { compiled, overridden } = compileSwitchedOn(files, roots, mods);
  const errors = compiled.diagnostics.filter((d) => d.severity === "error");
  if (!compiled.programs || errors.length > 0) {
    const first = errors[0];
    const more = errors.length > 1 ? `\n(${errors.length - 1} more error(s): see Problems)` : "";
    return { problem: first ? `the rules do not check:\n${diagnosticLine(first)}${more}` : "the rules do not check" };
  }
  return { ok: compiled.programs, overridden };
}

/**
 * A scenario from the workspace, loaded by the pipeline exactly as `rulesmith run` loads one from disk;
 * when it cannot run, its diagnostics as `rulesmith check` prints them and where the first one points.
 */
export function readyScenario(files: Files, path: string, mods: readonly string[] = []): { ok: ReadyScenario } | { problem: string; span?: Span } {
  const host = memoryFileHost(files);
  // The scenario's base is found by the loader (the folder with a system.json above its "rules"); the mods switched on of that base load with it.
  const set = packagesFor(files, host, path, mods);
  const loaded = loadScenario(path, host, undefined, set?.mods ?? []);
  if (loaded.ready) return { ok: loaded.ready };
  const first = loaded.diagnostics.find((d) => d.severity === "error");
  return { problem: formatDiagnostics(loaded.diagnostics, loaded.texts), ...(first ? { span: first.span } : {}) };
}

/** A short description of a thrown value, for the UI: workers never let an exception escape raw. */
export function describeError(err: unknown): string {
  return `internal error: ${err instanceof Error ? err.message : String(err)}`;
}
