// The outline of a file (document symbols) and the meaning of every name in it (semantic tokens):
// both read from the declarations that parsed, the second resolved by the checker as hover is.
import type * as A from "../../core/ast.ts";
import { builtinFunction, isAggregate } from "../../core/builtins.ts";
import { showTiming } from "../../core/show-expr.ts";
import { visibleDecl, visibleStateField, type Analysis } from "./analysis.ts";
import type { Site } from "./sites.ts";
import { rangeOf, type Range } from "./text-position.ts";

export type SymbolKind = "enum" | "member" | "kind" | "record" | "field" | "state" | "status" | "event" | "handler" | "function" | "value" | "modifier" | "table" | "die" | "example" | "import" | "stages" | "parameter";

export interface DocumentSymbol {
  name: string;
  kind: SymbolKind;
  /** The whole declaration. */
  range: Range;
  /** Its name. */
  selectionRange: Range;
  detail?: string;
  children: DocumentSymbol[];
}

function leaf(name: A.Name, kind: SymbolKind, span: A.Span = name.span, detail?: string): DocumentSymbol {
  return { name: name.text, kind, range: rangeOf(span), selectionRange: rangeOf(name.span), ...(detail ? { detail } : {}), children: [] };
}

function symbolOf(d: A.Decl): DocumentSymbol | undefined {
  switch (d.kind) {
    case "enum":
      return { ...leaf(d.name, "enum", d.span), children: d.members.map((m) => leaf(m, "member")) };
    case "kind":
      return { ...leaf(d.name, d.record ? "record" : "kind", d.span), children: d.fields.map((f) => leaf(f.name, "field", f.span)) };
    case "state": {
      const at = { text: "state", span: { ...d.span, endLine: d.span.line, endCol: d.span.col + 5, end: d.span.start + 5 } };
      return { ...leaf(at, "state", d.span), children: d.fields.map((f) => leaf(f.name, "field", f.span)) };
    }
    case "status":
      return leaf(d.name, "status", d.span);
    case "event":
      return leaf(d.name, "event", d.span);
    case "trigger":
      return leaf({ text: `${showTiming(d.timing)} ${d.event.text}`, span: d.event.span }, "handler", d.span, d.order ? `order ${d.order}` : undefined);
    case "fn":
      return leaf(d.name, "function", d.span);
    case "value":
      return leaf(d.name, "value", d.span);
    case "modifier":
      return leaf(d.name, "modifier", d.span, `for ${d.target.text}`);
    case "table":
      return leaf(d.name, "table", d.span);
    case "die":
      return leaf(d.name, "die", d.span);
    case "example":
      return { name: d.title, kind: "example", range: rangeOf(d.span), selectionRange: rangeOf(d.span), children: [] };
    case "import":
      return { name: d.path, kind: "import", range: rangeOf(d.span), selectionRange: rangeOf(d.pathSpan), children: [] };
    case "stages":
      return undefined;
    default:
      return undefined;
  }
}

export function documentSymbolsOf(a: Analysis): DocumentSymbol[] {
  return (a.file?.decls ?? []).flatMap((d) => symbolOf(d) ?? []);
}

/** What a name means, for colouring: the LSP's standard semantic token types. */
export type NameMeaning = "type" | "class" | "struct" | "enum" | "enumMember" | "property" | "parameter" | "variable" | "function" | "event" | "macro";

export interface SemanticName {
  range: Range;
  meaning: NameMeaning;
  /** Where the name is declared, rather than used. */
  declaration: boolean;
  /** A built-in: `len`, `int`, `max`. */
  builtin: boolean;
}

function meaningOfDecl(d: A.Decl | undefined): NameMeaning | undefined {
  switch (d?.kind) {
    case "enum":
      return "enum";
    case "kind":
      return d.record ? "struct" : "class";
    case "status":
      return "enumMember";
    case "event":
      return "event";
    case "fn":
    case "table":
    case "value":
      return "function";
    case "modifier":
      return "macro";
    case "die":
      return "type";
    default:
      return undefined;
  }
}

function globalMeaning(a: Analysis, name: string): Omit<SemanticName, "range" | "declaration"> | undefined {
  if (visibleStateField(a, name)) return { meaning: "property", builtin: false };
  const m = meaningOfDecl(visibleDecl(a, name));
  if (m) return { meaning: m, builtin: false };
  if (builtinFunction(name) || isAggregate(name)) return { meaning: "function", builtin: true };
  if (/^(int|bool|text|list|tally|die)$/.test(name)) return { meaning: "type", builtin: true };
  return undefined;
}

function meaningOf(a: Analysis, s: Site): Omit<SemanticName, "range"> | undefined {
  const own = (meaning: NameMeaning, declaration = false) => ({ meaning, declaration, builtin: false });
  switch (s.kind) {
    case "declaration":
      return own(meaningOfDecl(s.decl) ?? "type", true);
    case "field":
    case "addedField":
      return own("property", true);
    case "enumMember":
      return own("enumMember", true);
    case "parameter":
      return own("parameter", true);
    case "variable":
      return own("variable", true);
    case "holder":
    case "argument":
      return own("parameter");
    case "handler":
      return own("function");
    case "member": {
      const obj = s.expr.object;
      const enumName = obj.kind === "name" && !a.variables.has(obj) ? visibleDecl(a, obj.name) : undefined;
      return own(enumName?.kind === "enum" ? "enumMember" : "property");
    }
    case "name": {
      const v = a.variables.get(s.expr);
      if (v) return own("variable");
      const g = globalMeaning(a, s.name.text);
      return g && { ...g, declaration: false };
    }
    case "global": {
      const g = globalMeaning(a, s.name.text);
      return g && { ...g, declaration: false };
    }
    default:
      return undefined;
  }
}

/** Every name of the file that parsed, with its meaning, in text order. */
export function semanticNamesOf(a: Analysis): SemanticName[] {
  if (!a.file) return [];
  const out: SemanticName[] = [];
  const seen = new Set<number>();
  for (const s of a.sites) {
    if (s.name.span.file !== a.path || seen.has(s.name.span.start) || s.name.span.line !== s.name.span.endLine) continue;
    const m = meaningOf(a, s);
    if (!m) continue;
    seen.add(s.name.span.start);
    out.push({ range: rangeOf(s.name.span), ...m });
  }
  return out.sort((x, y) => x.range.line - y.range.line || x.range.col - y.range.col);
}
