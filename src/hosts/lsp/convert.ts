// Between the language service's shapes (1-based lines and columns, end column exclusive, as the
// AST's spans) and the Language Server Protocol's (0-based, end exclusive).
import {
  CompletionItemKind,
  DiagnosticSeverity,
  SymbolKind as LspSymbolKind,
  type Diagnostic as LspDiagnostic,
  type DocumentSymbol as LspDocumentSymbol,
  type Range as LspRange,
} from "vscode-languageserver/node";
import { assertNever, type Completion, type DocumentSymbol, type NameMeaning, type Range, type ServiceDiagnostic, type SymbolKind } from "../../api.ts";

export function toLspRange(r: Range): LspRange {
  return { start: { line: r.line - 1, character: r.col - 1 }, end: { line: r.endLine - 1, character: r.endCol - 1 } };
}

/** As `rulesmith check` prints it: the message, then the `help:` line; the code beside it. */
export function toLspDiagnostic(d: ServiceDiagnostic, uriOf: (path: string) => string): LspDiagnostic {
  return {
    range: toLspRange(d.range),
    severity: d.severity === "error" ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: d.code,
    source: "rulesmith",
    message: d.help ? `${d.message}\nhelp: ${d.help}` : d.message,
    ...(d.related ? { relatedInformation: d.related.map((r) => ({ location: { uri: uriOf(r.path), range: toLspRange(r.range) }, message: r.message })) } : {}),
  };
}

export function completionKind(kind: Completion["kind"]): CompletionItemKind {
  switch (kind) {
    case "keyword":
      return CompletionItemKind.Keyword;
    case "enum":
      return CompletionItemKind.Enum;
    case "member":
      return CompletionItemKind.EnumMember;
    case "kind":
      return CompletionItemKind.Struct;
    case "field":
      return CompletionItemKind.Field;
    case "function":
      return CompletionItemKind.Function;
    case "value":
      return CompletionItemKind.Value;
    case "event":
      return CompletionItemKind.Event;
    case "status":
      return CompletionItemKind.Constant;
    case "table":
      return CompletionItemKind.Module;
    case "variable":
      return CompletionItemKind.Variable;
    case "state":
      return CompletionItemKind.Property;
    case "die":
      return CompletionItemKind.Unit;
    case "other":
      return CompletionItemKind.Text;
    default:
      return assertNever(kind);
  }
}

function symbolKind(kind: SymbolKind): LspSymbolKind {
  switch (kind) {
    case "enum":
      return LspSymbolKind.Enum;
    case "member":
      return LspSymbolKind.EnumMember;
    case "kind":
      return LspSymbolKind.Class;
    case "record":
      return LspSymbolKind.Struct;
    case "field":
      return LspSymbolKind.Field;
    case "state":
      return LspSymbolKind.Namespace;
    case "status":
      return LspSymbolKind.Constant;
    case "event":
      return LspSymbolKind.Event;
    case "handler":
      return LspSymbolKind.Method;
    case "function":
      return LspSymbolKind.Function;
    case "value":
      return LspSymbolKind.Variable;
    case "modifier":
      return LspSymbolKind.Operator;
    case "table":
      return LspSymbolKind.Array;
    case "die":
      return LspSymbolKind.Object;
    case "example":
      return LspSymbolKind.Key;
    case "import":
      return LspSymbolKind.File;
    case "stages":
      return LspSymbolKind.Array;
    case "parameter":
      return LspSymbolKind.Variable;
    default:
      return assertNever(kind);
  }
}

export function toLspSymbol(s: DocumentSymbol): LspDocumentSymbol {
  return {
    name: s.name,
    kind: symbolKind(s.kind),
    range: toLspRange(s.range),
    selectionRange: toLspRange(s.selectionRange),
    ...(s.detail ? { detail: s.detail } : {}),
    children: s.children.map(toLspSymbol),
  };
}

/** The semantic token types the server announces, in the order their indexes refer to. */
export const SEMANTIC_TYPES: readonly NameMeaning[] = ["type", "class", "struct", "enum", "enumMember", "property", "parameter", "variable", "function", "event", "macro"];
export const SEMANTIC_MODIFIERS = ["declaration", "defaultLibrary"] as const;
