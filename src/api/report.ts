// The API's printing part: diagnostics, run errors and traces as the command line prints them. It loads
// no parser, checker or runtime, so a host that only prints (the CLI before it knows its command, a
// page's main thread) starts light; src/api.ts re-exports all of it.
export { formatDiagnostics, formatRunError, formatStateProblems, DIAGNOSTICS_PER_FILE } from "../tools/report.ts";
export { formatTrace, traceLine, TRACE_MESSAGE_WIDTH, TRACE_RULE_WIDTH, type TraceEntry, type TraceKind, type TraceSink } from "../run/trace.ts";
export { clipShown, diag, escapeControls, escapeJsonControls, hasErrors, WHOLE_SYSTEM_ONLY, type Code, type Diagnostic, type RelatedSpan, type Severity } from "../core/diagnostics.ts";
export { assertNever, type SourceFile, type Span } from "../core/ast.ts";
export type * as Ast from "../core/ast.ts";
export { ownGet, setOwn } from "../core/own-keys.ts";
export { isStdPath } from "../core/std-paths.ts";
export { readJson, type JsonText } from "../core/json-text.ts";
export { withoutImages } from "../core/inert-markdown.ts";
