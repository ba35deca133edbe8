// The editor-agnostic language service: diagnostics, completion, hover and go-to-definition over
// files held in memory. It imports nothing from Node, so the playground runs it in a web worker, and
// no text makes it throw: whatever the user is halfway through typing gets an answer.
import { catalogue, type Diagnostic } from "../../core/diagnostics.ts";
import { compileDiagnostics } from "../../pipeline.ts";
import { completionsAt } from "./completion.ts";
import { formattingEdits, type TextEdit } from "./formatting.ts";
import { referencesAt, renameAt, type RenameResult } from "./references.ts";
import { documentSymbolsOf, semanticNamesOf, type DocumentSymbol, type SemanticName } from "./symbols.ts";
import { memoryFileHost } from "./memory-host.ts";
import { definitionAt, hoverAt } from "./navigation.ts";
import { rememberedPerFile } from "./remembered.ts";
import { parseRemembered } from "./repair.ts";
import type { Completion, Hover, Location, ServiceDiagnostic, ServiceFiles } from "./service-types.ts";
import { rangeOf } from "./text-position.ts";

export type { Completion, Hover, Location, Range, ServiceDiagnostic, ServiceFiles } from "./service-types.ts";
export { memoryFileHost } from "./memory-host.ts";
export type { TextEdit } from "./formatting.ts";
export type { RenameResult } from "./references.ts";
export type { DocumentSymbol, NameMeaning, SemanticName, SymbolKind } from "./symbols.ts";

/** A diagnostic as editors take it: its file and its range in lines and columns. */
export function toServiceDiagnostic(d: Diagnostic): ServiceDiagnostic {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    ...(d.help ? { help: d.help } : {}),
    path: d.span.file,
    range: rangeOf(d.span),
    ...(d.related ? { related: d.related.map((r) => ({ path: r.span.file, range: rangeOf(r.span), message: r.message })) } : {}),
  };
}

/** Paths whose last check is kept; a workspace rarely has more files open. */
const checkRemembered = rememberedPerFile(32, (host, path) => compileDiagnostics([path], host, parseRemembered));

/**
 * Exactly what `rulesmith check PATH` reports: the same pipeline, over these files instead of the disk.
 * Unchanged files are not parsed again, and an unchanged program is not checked again.
 */
export function diagnostics(files: ServiceFiles, path: string): ServiceDiagnostic[] {
  return guard(
    () => checkRemembered(files, path).map(toServiceDiagnostic),
    (err) => [
      {
        code: "E0000",
        severity: catalogue.E0000.severity,
        message: `internal error while checking: ${err instanceof Error ? err.message : String(err)}`,
        help: "this is a bug in rulesmith; please report it with the text that caused it",
        path,
        range: { line: 1, col: 1, endLine: 1, endCol: 1 },
      },
    ],
  );
}

export function completions(files: ServiceFiles, path: string, line: number, col: number): Completion[] {
  return guard(() => completionsAt(files, path, line, col), () => []);
}

export function hover(files: ServiceFiles, path: string, line: number, col: number): Hover | null {
  return guard(() => hoverAt(files, path, line, col), () => null);
}

export function definition(files: ServiceFiles, path: string, line: number, col: number): Location | null {
  return guard(() => definitionAt(files, path, line, col), () => null);
}

/** Every use of what the name at the cursor declares or refers to, across the workspace's files. */
export function references(files: ServiceFiles, path: string, line: number, col: number, includeDeclaration = true): Location[] {
  return guard(() => referencesAt(files, path, line, col, includeDeclaration), () => []);
}

/** The places to rewrite to rename what is under the cursor, or why it cannot be. */
export function rename(files: ServiceFiles, path: string, line: number, col: number, newName: string): RenameResult {
  return guard(() => renameAt(files, path, line, col, newName), (err) => ({ error: `internal error while renaming: ${err instanceof Error ? err.message : String(err)}` }));
}

/** The file's outline: its declarations, with fields and enum members inside. */
export function documentSymbols(files: ServiceFiles, path: string): DocumentSymbol[] {
  return guard(() => documentSymbolsOf(files, path), () => []);
}

/** Every name in the file with what it means (a kind, a field, a parameter...), for colouring. */
export function semanticNames(files: ServiceFiles, path: string): SemanticName[] {
  return guard(() => semanticNamesOf(files, path), () => []);
}

/** The edits that lay the file out as `rulesmith fmt` does: none when it already is, or does not parse. */
export function formatting(files: ServiceFiles, path: string): TextEdit[] {
  return guard(() => formattingEdits(files, path), () => []);
}

/** An editor asks on every keystroke: a bug must cost one answer, never the editor's worker. */
function guard<T>(work: () => T, fallback: (err: unknown) => T): T {
  try {
    return work();
  } catch (err) {
    return fallback(err);
  }
}
