// A checked program saved as JSON, so it can run without the parser or checker (the playground's
// worker, or a server that only runs rules). The AST is plain data; this adds a format tag.
import type { SourceFile } from "../ast.ts";

export const PROGRAM_FORMAT = "rulesmith-program";
// Version 2: the tree carries the checker's resolution (ids, slots, frame sizes); version 1 files have none.
export const PROGRAM_VERSION = 2;

export function saveProgram(files: SourceFile[]): string {
  return JSON.stringify({ format: PROGRAM_FORMAT, version: PROGRAM_VERSION, files });
}

/** Returns the files, or a plain-words reason the text is not a saved program this version can run. */
export function loadProgram(text: string): { files: SourceFile[] } | { error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { error: `not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  const r = raw as { format?: unknown; version?: unknown; files?: unknown };
  if (typeof r !== "object" || r === null || r.format !== PROGRAM_FORMAT) return { error: `not a saved program (no "format": "${PROGRAM_FORMAT}")` };
  if (r.version !== PROGRAM_VERSION) return { error: `saved with format version ${String(r.version)}; this version runs ${PROGRAM_VERSION}: save it again with \`rulesmith compile\`` };
  if (!Array.isArray(r.files) || !r.files.every((f) => typeof f === "object" && f !== null && Array.isArray((f as SourceFile).decls))) {
    return { error: '"files" must be a list of checked source files' };
  }
  return { files: r.files as SourceFile[] };
}
