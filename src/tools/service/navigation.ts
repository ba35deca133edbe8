// Hover and go-to-definition: the name under the cursor, resolved to what declares it - a declaration,
// a field, an enum member, a parameter or a variable - across the files the file imports.
import * as A from "../../core/ast.ts";
import { spanAt } from "../../syntax/parse.ts";
import type { NamedDecl } from "../../check/symbols.ts";
import { aggregateNamed, builtinFunction } from "../../core/builtins.ts";
import { typeToString } from "../../core/types.ts";
import { showTiming } from "../../core/show-expr.ts";
import { visibleDecl, visibleStateField, type Analysis, type Documents } from "./analysis.ts";
import { chunkAt, declarationChunks } from "./repair.ts";
import type { Hover, Location } from "./service-types.ts";
import { aggregateSignature, builtinSignature, showField, showTypeRef, signature } from "./signatures.ts";
import { siteAt, type Site } from "./sites.ts";
import { inCommentOrText, offsetAt, rangeOf, wordAround } from "./text-position.ts";

/** What a name resolves to: where it is declared (nothing for built-ins), and what hover says of it. */
export interface Target {
  declared?: A.Name;
  signature: string;
  doc?: string;
}

export function hoverAt(docs: Documents, path: string, line: number, col: number): Hover | null {
  const found = targetAt(docs, path, line, col);
  if (!found) return null;
  const { target, at } = found;
  return { range: rangeOf(at), markdown: "```rules\n" + target.signature + "\n```" + (target.doc ? `\n\n${target.doc}` : "") };
}

export function definitionAt(docs: Documents, path: string, line: number, col: number): Location | null {
  const imported = importAt(docs, path, line, col);
  if (imported !== undefined) return imported;
  const declared = targetAt(docs, path, line, col)?.target.declared;
  return declared ? { path: declared.span.file, range: rangeOf(declared.span) } : null;
}

/** On an import's path: the start of the file it names, when the workspace holds it (null when not); undefined elsewhere. */
function importAt(docs: Documents, path: string, line: number, col: number): Location | null | undefined {
  const text = docs.text(path);
  if (text === undefined) return undefined;
  const offset = offsetAt(text, line, col);
  const a = docs.analysis(path);
  const d = a.file?.decls.find((x): x is A.ImportDecl => x.kind === "import" && x.pathSpan.start <= offset && offset < x.pathSpan.end);
  if (!d) return undefined;
  const target = docs.resolveImport(a.path, d.path);
  return target === undefined ? null : { path: target, range: { line: 1, col: 1, endLine: 1, endCol: 1 } };
}

function targetAt(docs: Documents, path: string, line: number, col: number): { target: Target; at: A.Span } | undefined {
  const text = docs.text(path);
  if (text === undefined) return undefined;
  const offset = offsetAt(text, line, col);
  const a = docs.analysis(path);
  const site = siteAt(a.sites, offset);
  if (site) {
    const target = resolve(a, site);
    return target && { target, at: site.name.span };
  }
  // A name in a declaration that does not parse (the parser kept none of its text) is read alone, as a global name.
  const word = wordAround(text, offset);
  const name = text.slice(word.start, word.end);
  if (!/^[A-Za-z_]/.test(name) || inCommentOrText(text, word.start) || parsedAround(a, text, word.start)) return undefined;
  const owner = /([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*$/.exec(text.slice(0, word.start))?.[1];
  const target = owner === undefined ? globalName(a, name) : enumMember(a, owner, name);
  return target && { target, at: spanAt(a.path, text, word.start, word.end) };
}

/** Whether the declaration `offset` stands in (with the comments above it) is one the parser kept. */
function parsedAround(a: Analysis, text: string, offset: number): boolean {
  const chunk = chunkAt(declarationChunks(text), offset);
  return (a.file?.decls ?? []).some((d) => d.span.start >= chunk.start && d.span.start < chunk.end);
}

export function resolve(a: Analysis, site: Site): Target | undefined {
  switch (site.kind) {
    case "declaration":
      return declaration(site.decl);
    case "global":
      return globalName(a, site.name.text);
    case "name": {
      const v = a.variables.get(site.expr);
      if (v) return { declared: { text: site.name.text, span: v.span }, signature: `${v.mutable ? "let " : ""}${site.name.text}: ${typeToString(v.type)}` };
      return previousVersion(a, site.name) ?? globalName(a, site.name.text);
    }
    case "member": {
      const obj = site.expr.object;
      if (obj.kind === "name" && !a.variables.has(obj)) {
        const member = enumMember(a, obj.name, site.name.text);
        if (member) return member;
      }
      const t = a.types.get(obj);
      const k = t?.t === "kind" ? visibleDecl(a, t.name) : undefined;
      const f = k?.kind === "kind" ? k.fields.find((x) => x.name.text === site.name.text) : undefined;
      return f && k?.kind === "kind" ? field(f, k) : undefined;
    }
    case "argument": {
      const d = visibleDecl(a, site.callee);
      if (d?.kind === "kind") {
        const f = d.fields.find((x) => x.name.text === site.name.text);
        return f && field(f, d);
      }
      // A tally of an enum, `Icon(melee: 2)`: the argument names a member.
      if (d?.kind === "enum") return enumMember(a, d.name.text, site.name.text);
      const p = d && "params" in d ? d.params?.find((x) => x.name.text === site.name.text) : undefined;
      return p && parameter(p);
    }
    case "field":
      return field(site.field, site.owner);
    case "enumMember":
      return enumMember(a, site.enumName, site.name.text);
    case "addedField": {
      const k = visibleDecl(a, site.owner);
      return field(site.field, k?.kind === "kind" ? k : undefined);
    }
    case "parameter":
      return parameter(site.param);
    case "variable":
      return variable(a, site);
    case "handler":
      return handler(a, site.name.text);
    case "holder": {
      const event = visibleDecl(a, site.event.text);
      const p = event?.kind === "event" ? event.params.find((x) => x.name.text === site.name.text) : undefined;
      return p && parameter(p);
    }
    default:
      return A.assertNever(site);
  }
}

function declaration(d: NamedDecl): Target {
  return { declared: d.name, signature: signature(d), ...(d.doc ? { doc: d.doc } : {}) };
}

/** A name looked up as the checker does outside any function: state field, declaration, built-in. */
/** `previous` in an `extend fn`: the version of the function it calls (check/extensions.ts). */
function previousVersion(a: Analysis, name: A.Name): Target | undefined {
  if (name.text !== "previous") return undefined;
  const fn = a.file?.decls.find((d): d is A.FnDecl => d.kind === "fn" && !!d.extends && d.span.start <= name.span.start && name.span.end <= d.span.end);
  const prior = fn && a.symbols.previous.get(fn);
  return prior && declaration(prior);
}

function globalName(a: Analysis, name: string): Target | undefined {
  const f = visibleStateField(a, name);
  if (f) return field(f, undefined);
  const d = visibleDecl(a, name);
  if (d) return declaration(d);
  const b = builtinFunction(name);
  if (b) return { signature: builtinSignature(name, b), doc: b.doc };
  const agg = aggregateNamed(name);
  if (agg) return { signature: aggregateSignature(name), doc: agg.doc };
  return undefined;
}

function enumMember(a: Analysis, enumName: string, member: string): Target | undefined {
  const d = visibleDecl(a, enumName);
  const m = d?.kind === "enum" ? d.members.find((x) => x.text === member) : undefined;
  if (!m || d?.kind !== "enum") return undefined;
  return { declared: m, signature: `${d.name.text}.${m.text}`, ...(d.doc ? { doc: d.doc } : {}) };
}

/**
 * The handler named `name` that the file sees: the one first declared with that name (a `replace` of it
 * elsewhere names it, as a `remove handler` does), so the name's declaration and its replacements and
 * removals are one name to find and rename.
 */
function handler(a: Analysis, name: string): Target | undefined {
  const visible = a.symbols.visible.get(a.path);
  for (const f of a.files) {
    if (f.path !== a.path && !visible?.has(f.path)) continue;
    for (const d of f.decls) {
      if (d.kind === "trigger" && !d.replaces && d.handlerName?.text === name) {
        const timing = showTiming(d.timing);
        return { declared: d.handlerName, signature: `${timing} ${d.event.text} as ${name}` };
      }
    }
  }
  return undefined;
}

function field(f: A.FieldDecl, owner: A.KindDecl | undefined): Target {
  const where = owner ? `${owner.record ? "record" : "kind"} ${owner.name.text}` : "state";
  return { declared: f.name, signature: `${where} { ${showField(f)} }`, ...(f.doc ? { doc: f.doc } : {}) };
}

function parameter(p: A.Param): Target {
  return { declared: p.name, signature: `${p.name.text}: ${showTypeRef(p.type)}` };
}

function variable(a: Analysis, site: Site & { kind: "variable" }): Target {
  const known = site.type ? showTypeRef(site.type) : site.value ? a.types.get(site.value) : [...a.variables.values()].find((v) => v.span.start === site.name.span.start && v.span.file === site.name.span.file)?.type;
  const type = known === undefined ? "" : `: ${typeof known === "string" ? known : typeToString(known)}`;
  return { declared: site.name, signature: `${site.value ? "let " : ""}${site.name.text}${type}` };
}
