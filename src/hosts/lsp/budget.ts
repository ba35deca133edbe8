// The language server's memory budget: an editor may send any text, and each open document is held,
// parsed and checked, and its diagnostics sent back. So a document longer than a file on disk may be
// (MAX_FILE_BYTES, 8 MB) is held by the editor's library only, never analysed, and says so with E0006;
// and at most MAX_PUBLISHED diagnostics of one document are sent, then one saying how many were left
// out (11,000 errors in one file once made a message V8 could not build).
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from "vscode-languageserver/node";
import { MAX_FILE_BYTES } from "../../api/node.ts";

/** The most characters of an open document the server analyses. */
export const MAX_DOCUMENT = MAX_FILE_BYTES;
/** The most diagnostics published for one document, besides the one that counts the rest. */
export const MAX_PUBLISHED = 1000;

const start = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The one diagnostic of a document too long to analyse. */
export function tooLarge(length: number): LspDiagnostic {
  return {
    range: start,
    severity: DiagnosticSeverity.Error,
    code: "E0006",
    source: "rulesmith",
    message: `this document is ${length} characters long, more than the ${MAX_DOCUMENT} a rules file may have: it is not checked, and hover, completion and the rest answer nothing here\nhelp: split it into files that import each other`,
  };
}

/** The first MAX_PUBLISHED diagnostics, and one at the last of them saying how many more there are. */
export function bounded(ds: LspDiagnostic[]): LspDiagnostic[] {
  if (ds.length <= MAX_PUBLISHED) return ds;
  const last = ds[MAX_PUBLISHED - 1]!;
  return [...ds.slice(0, MAX_PUBLISHED), { range: last.range, severity: DiagnosticSeverity.Information, source: "rulesmith", message: `... and ${ds.length - MAX_PUBLISHED} more diagnostics in this file, not shown: fix these first` }];
}
