// What the language service knows of one file after checking it: the checker's one check of the file
// and what it imports (pipeline.ts `checkForEditor`) gives the diagnostics, and, seen on the way, the
// type of each of the file's expressions and the variables in scope where it stands, which hover,
// go-to-definition, references, the outline, colouring and completion read.
import type * as A from "../../core/ast.ts";
import type { ExprObserver, Scope, Var } from "../../check/checker.ts";
import { collectSymbols, lookupName, visibleDecls as visibleDeclsOf, type NamedDecl, type Symbols } from "../../check/symbols.ts";
import type { Diagnostic } from "../../core/diagnostics.ts";
import { checkForEditor } from "../../pipeline.ts";
import type { FileHost } from "../../syntax/load.ts";
import type { ParseResult } from "../../syntax/parse.ts";
import type { Type } from "../../core/types.ts";
import { CURSOR } from "./repair.ts";
import { sitesOf, type Site } from "./sites.ts";
import type { ReferenceIndex } from "./reference-index.ts";

export interface Analysis {
  /** The analysed file's path as the program spells it. */
  path: string;
  /** Its declarations that parsed; undefined when the file cannot be read. */
  file?: A.SourceFile;
  /** The files of its system as parsed (its own, what it imports, and with mods the packages loaded): where a handler's name is declared. */
  files: readonly A.SourceFile[];
  symbols: Symbols;
  /** Exactly what `rulesmith check` reports for the file and what it imports. */
  diagnostics: Diagnostic[];
  /** The type of each expression of the file (not of the files it imports: nothing asks about those here). */
  types: Map<A.Expr, Type>;
  /** For a name in an expression that names a variable: that variable, as it stood there. */
  variables: Map<A.Expr, Var>;
  /** For each name in an expression, the variables in scope there: completion of a name being typed reads them. */
  scopes: Map<A.Expr & { kind: "name" }, InScope>;
  /** Where CURSOR stands in an expression: the variables in scope there, innermost first. */
  cursorScope?: Map<string, Var>;
  /** `x.CURSOR`: the member expression, whose object's type says which fields to offer. */
  cursorMember?: A.Expr & { kind: "member" };
  /** The names of the file, each with what it is, in text order: found when first asked, then kept. */
  readonly sites: readonly Site[];
}

/**
 * Checks `path` with what it imports, read through `host` and parsed with `parse`: the one check of the
 * file. `manifests` are the `system.json` and `mod.json` files the editor holds: a file of a mod is
 * checked with the base and the mods it requires, found among them by name, and any file of a base
 * with the mods `enabled` of it (the playground's switches). `errorsOnly`: no unread-writes warnings.
 */
export function analyse(host: FileHost, path: string, parse: (path: string, text: string) => ParseResult, manifests: Iterable<string> = [], enabled: readonly string[] = [], errorsOnly = false): Analysis {
  const target = host.normalize(path);
  const types = new Map<A.Expr, Type>();
  const variables = new Map<A.Expr, Var>();
  const scopes = new Map<A.Expr & { kind: "name" }, InScope>();
  let cursorScope: Map<string, Var> | undefined;
  let cursorMember: (A.Expr & { kind: "member" }) | undefined;
  const observe: ExprObserver = (e, type, scope) => {
    if (e.span.file !== target) return;
    types.set(e, type);
    if (e.kind === "name") {
      // The names now: the scope goes on to gain the variables declared after this one.
      scopes.set(e, { scope, names: scope.names() });
      const v = scope.get(e.name);
      // A state field narrowed by a check is still the state field to hover and navigation.
      if (v && !v.stateField) variables.set(e, v);
    }
    if (e.kind === "member" && e.member.text === CURSOR) cursorMember = e;
    if ((e.kind === "name" && e.name === CURSOR) || (e.kind === "member" && e.member.text === CURSOR)) {
      cursorScope = variablesIn({ scope, names: scope.names() });
    }
  };
  const checked = checkForEditor(target, host, parse, observe, manifests, enabled, errorsOnly);
  const file = checked.files.find((f) => f.path === target);
  let sites: readonly Site[] | undefined;
  return {
    path: target,
    // A file that cannot be read declares nothing, and sees nothing.
    symbols: checked.symbols ?? collectSymbols([], [], (_from, p) => p),
    diagnostics: checked.diagnostics,
    files: checked.files,
    types,
    variables,
    scopes,
    ...(file ? { file } : {}),
    ...(cursorScope ? { cursorScope } : {}),
    ...(cursorMember ? { cursorMember } : {}),
    get sites() {
      return (sites ??= file ? sitesOf(file) : []);
    },
  };
}

/** A scope as it stood at one expression: its names then (it gains more as the check goes on). */
export interface InScope {
  scope: Scope;
  names: string[];
}

/** The variables in scope, innermost first. */
export function variablesIn(at: InScope): Map<string, Var> {
  return new Map(at.names.map((n) => [n, at.scope.get(n)!]));
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

/** The files the service answers over, as its answers read them (the workspace, workspace.ts). */
export interface Documents {
  text(path: string): string | undefined;
  paths(): string[];
  /** The file's one check, as the files stand now. */
  analysis(path: string): Analysis;
  /** A check with `text` standing in for the file's own: completion's, with the cursor in it. */
  analysisWith(path: string, text: string): Analysis;
  /** The file an import in `from` names, when the workspace holds it (a standard module's path too). */
  resolveImport(from: string, importPath: string): string | undefined;
  /** The rules files a scenario file's `"rules"` names (a folder's files listed); none when it names none. */
  scenarioRules(path: string): string[];
  /** The workspace's index of declarations and their uses (reference-index.ts). */
  readonly index: ReferenceIndex;
}
