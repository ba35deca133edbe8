// The editor-agnostic language service: diagnostics, completion, hover and go-to-definition over
// files held in memory. It imports nothing from Node, so the playground runs it in a web worker, and
// no text makes it throw: whatever the user is halfway through typing gets an answer.
//
// An editor keeps a `Workspace` (workspace.ts) and tells it each edit; the functions here answer once,
// over the files given, through a workspace of their own that is then dropped: nothing is kept between
// calls, so they suit a host that asks one question of a set of files. Reading the files is guarded
// too: a host's store that throws costs one answer.
import type { TextEdit } from "./formatting.ts";
import type { RenameResult } from "./references.ts";
import type { Completion, Hover, Location, ServiceDiagnostic, ServiceFiles } from "./service-types.ts";
import type { DocumentSymbol, SemanticName } from "./symbols.ts";
import { guard, internalError, renameFailed, Workspace } from "./workspace.ts";

export type { Completion, Hover, Location, Range, ServiceDiagnostic, ServiceFiles } from "./service-types.ts";
export { memoryFileHost } from "./memory-host.ts";
export type { TextEdit } from "./formatting.ts";
export type { RenameResult } from "./references.ts";
export type { DocumentSymbol, NameMeaning, SemanticName, SymbolKind } from "./symbols.ts";
export { toServiceDiagnostic, Workspace, type DocumentState } from "./workspace.ts";

/** Exactly what `rulesmith check PATH` reports: the same pipeline, over these files instead of the disk. */
export function diagnostics(files: ServiceFiles, path: string): ServiceDiagnostic[] {
  return guard(() => new Workspace(files).diagnostics(path), (err) => internalError(path, err));
}

export function completions(files: ServiceFiles, path: string, line: number, col: number): Completion[] {
  return guard(() => new Workspace(files).completions(path, line, col), () => []);
}

export function hover(files: ServiceFiles, path: string, line: number, col: number): Hover | null {
  return guard(() => new Workspace(files).hover(path, line, col), () => null);
}

export function definition(files: ServiceFiles, path: string, line: number, col: number): Location | null {
  return guard(() => new Workspace(files).definition(path, line, col), () => null);
}

/** Every use of what the name at the cursor declares or refers to, across the files given. */
export function references(files: ServiceFiles, path: string, line: number, col: number, includeDeclaration = true): Location[] {
  return guard(() => new Workspace(files).references(path, line, col, includeDeclaration), () => []);
}

/** The places to rewrite to rename what is under the cursor, or why it cannot be. */
export function rename(files: ServiceFiles, path: string, line: number, col: number, newName: string): RenameResult {
  return guard(() => new Workspace(files).rename(path, line, col, newName), renameFailed);
}

/** The file's outline: its declarations, with fields and enum members inside. */
export function documentSymbols(files: ServiceFiles, path: string): DocumentSymbol[] {
  return guard(() => new Workspace(files).documentSymbols(path), () => []);
}

/** Every name in the file with what it means (a kind, a field, a parameter...), for colouring. */
export function semanticNames(files: ServiceFiles, path: string): SemanticName[] {
  return guard(() => new Workspace(files).semanticNames(path), () => []);
}

/** The edits that lay the file out as `rulesmith fmt` does: none when it already is, or does not parse. */
export function formatting(files: ServiceFiles, path: string): TextEdit[] {
  return guard(() => new Workspace(files).formatting(path), () => []);
}
