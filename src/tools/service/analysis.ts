// One file and everything it imports, read as far as the text allows and checked with the real
// checker, which reports the type of every expression and the variables in scope where it stands.
import type * as A from "../../core/ast.ts";
import { checkProgram, type Var } from "../../check/checker.ts";
import { lookupName, visibleDecls as visibleDeclsOf, type NamedDecl, type Symbols } from "../../check/symbols.ts";
import { loadProgram, type FileHost } from "../../syntax/load.ts";
import type { Type } from "../../core/types.ts";
import { memoryFileHost } from "./memory-host.ts";
import { rememberedPerFile } from "./remembered.ts";
import { CURSOR, parseRemembered, readableText } from "./repair.ts";

export interface Analysis {
  /** The analysed file's path as the program spells it. */
  path: string;
  /** Its declarations that parsed; undefined when the file cannot be read. */
  file?: A.SourceFile;
  files: A.SourceFile[];
  symbols: Symbols;
  types: Map<A.Expr, Type>;
  /** For a name in an expression that names a variable: that variable, as it stood there. */
  variables: Map<A.Expr, Var>;
  /** Where CURSOR stands in an expression: the variables in scope there, innermost first. */
  cursorScope?: Map<string, Var>;
  /** `x.CURSOR`: the member expression, whose object's type says which fields to offer. */
  cursorMember?: A.Expr & { kind: "member" };
}

/**
 * Analyses `path` within `files`, remembered: hover, go-to-definition, references, the outline and
 * semantic colouring ask about the open file one after another, and only an edit changes it. A few
 * paths are kept, as each analysis holds the type of every expression of its program.
 */
export const analyse = rememberedPerFile(4, (host, path) => analyseOn(host, path));

/**
 * Analyses `path` within `files` anew, with `text`, when given, standing in for the file's own text:
 * for completion's cursor, and for the many files one search for references reads, which would push
 * the open files' analyses out of the few kept.
 */
export function analyseFresh(files: Record<string, string>, path: string, text?: string): Analysis {
  return analyseOn(memoryFileHost(files), path, text);
}

function analyseOn(base: FileHost, path: string, text?: string): Analysis {
  const target = base.normalize(path);
  const host: FileHost = {
    ...base,
    read: (p) => {
      const raw = p === target && text !== undefined ? text : base.read(p);
      return raw === undefined ? undefined : readableText(p, raw);
    },
  };
  const loaded = loadProgram([target], host, parseRemembered);
  const types = new Map<A.Expr, Type>();
  const variables = new Map<A.Expr, Var>();
  let cursorScope: Map<string, Var> | undefined;
  let cursorMember: (A.Expr & { kind: "member" }) | undefined;
  const checked = checkProgram(loaded.files, (from, p) => host.resolve(from, p), [], (e, type, scope) => {
    types.set(e, type);
    if (e.kind === "name") {
      const v = scope.get(e.name);
      // A state field narrowed by a check is still the state field to hover and navigation.
      if (v && !v.stateField) variables.set(e, v);
    }
    if (e.kind === "member" && e.member.text === CURSOR) cursorMember = e;
    if ((e.kind === "name" && e.name === CURSOR) || (e.kind === "member" && e.member.text === CURSOR)) {
      cursorScope = new Map(scope.names().map((n) => [n, scope.get(n)!]));
    }
  });
  const file = loaded.files.find((f) => f.path === target);
  return {
    path: target,
    files: loaded.files,
    symbols: checked.symbols,
    types,
    variables,
    ...(file ? { file } : {}),
    ...(cursorScope ? { cursorScope } : {}),
    ...(cursorMember ? { cursorMember } : {}),
  };
}

/** A declaration the analysed file may use, by name. */
export function visibleDecl(a: Analysis, name: string): NamedDecl | undefined {
  const r = lookupName(a.symbols, name, a.path);
  return "found" in r ? r.found : undefined;
}

export function visibleStateField(a: Analysis, name: string): A.FieldDecl | undefined {
  const f = a.symbols.stateFields.get(name);
  return f && a.symbols.visible.get(a.path)?.has(f.span.file) ? f : undefined;
}

export function visibleDecls(a: Analysis): NamedDecl[] {
  return visibleDeclsOf(a.symbols, a.path);
}
