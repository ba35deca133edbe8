// The program-wide symbol table: every named declaration with its id, the state's fields, and which
// files each file can see through its imports. A file sees only its own declarations and those of the
// files it imports, so two files that do not import each other may both declare a name.
import type * as A from "../core/ast.ts";
import { diag, type Diagnostic } from "../core/diagnostics.ts";
import { isStdPath } from "../core/std-paths.ts";
import { ResolutionTable } from "./resolved-tree.ts";
import type { ImpliedImports } from "../syntax/mods/packages.ts";

export type NamedDecl = A.EnumDecl | A.KindDecl | A.StatusDecl | A.EventDecl | A.FnDecl | A.ValueDecl | A.TableDecl | A.ModifierDecl | A.DieDecl;

export interface Symbols {
  /** Every named declaration, in load order; a declaration's `id` is its place here plus `firstId`. */
  all: NamedDecl[];
  firstId: number;
  /** What the checker resolved, by parsed node: declaration ids here, everything else as it checks. */
  resolution: ResolutionTable;
  /** Declarations by name: more than one where files that cannot see each other reuse a name. */
  byName: Map<string, NamedDecl[]>;
  stateFields: Map<string, A.FieldDecl>;
  /** A state field's place in the state, by name: the runtime reads the state by this index. */
  stateIndex: Map<string, number>;
  /** Per value's name, the modifiers whose target resolved to it; filled in by the checker. */
  modifiersByValue: Map<string, A.ModifierDecl[]>;
  /** For each file, the files whose declarations it may use: itself and everything it imports, transitively. */
  visible: Map<string, Set<string>>;
  /** The program's `stages [...]` declaration, if any (at most one). */
  stages?: A.StagesDecl;
  /** Per extended enum, kind or table as parsed, its merged copy (check/extensions.ts), which `all` and `byName` hold in its place. */
  merged: Map<A.Decl, NamedDecl>;
  /** The modifiers, handlers and functions another file replaced or removed: not checked, not run. */
  dropped: Set<A.Decl>;
  /** A function another file replaced, and its replacement: every name that means the one means the other. */
  standIn: Map<NamedDecl, NamedDecl>;
  /** Per `extend fn`, the version of the function its `previous(...)` calls: the base's, or an earlier extension's or replacement's. */
  previous: Map<A.FnDecl, A.FnDecl>;
}

/** What a name means in a file: the one declaration it sees, or every one it could mean. */
export type Lookup =
  | { found: NamedDecl }
  /** Declared only in files this file does not import. */
  | { hidden: NamedDecl }
  /** Declared in two or more files this file sees (that do not see each other). */
  | { ambiguous: NamedDecl[] }
  | { missing: true };

export function lookupName(s: Symbols, name: string, file: string): Lookup {
  const r = lookupDeclared(s, name, file);
  if (!("found" in r)) return r;
  let found = r.found;
  for (let next = s.standIn.get(found); next; next = s.standIn.get(found)) found = next;
  return { found };
}

/** As `lookupName`, but the declaration as declared, not what replaced it: what a `replace` names. */
export function lookupDeclared(s: Symbols, name: string, file: string): Lookup {
  const all = s.byName.get(name);
  if (!all) return { missing: true };
  const seen = s.visible.get(file);
  const here = all.filter((d) => seen?.has(d.span.file));
  if (here.length === 1) return { found: here[0]! };
  // A standard module's name gives way to a game's own: importing `std/square` must not take `line`
  // from a game that declares one (the module itself still sees only its own).
  const games = here.filter((d) => !isStdPath(d.span.file));
  if (games.length === 1 && !isStdPath(file)) return { found: games[0]! };
  if (here.length > 1) return { ambiguous: here };
  return { hidden: all[0]! };
}

/** The declarations a file can see, one per name as `lookupName` finds it (an ambiguous name gives its first). */
export function visibleDecls(s: Symbols, file: string): NamedDecl[] {
  const seen = s.visible.get(file);
  const shadowed = (d: NamedDecl) => isStdPath(d.span.file) && (s.byName.get(d.name.text) ?? []).some((o) => o !== d && !isStdPath(o.span.file) && seen?.has(o.span.file));
  return s.all.filter((d) => seen?.has(d.span.file) && !shadowed(d));
}

export const RESERVED_FIELD = "statuses";

/**
 * `implied` gives files that see others without importing them: a mod's files see its base's (syntax/mods).
 */
export function collectSymbols(files: A.SourceFile[], diagnostics: Diagnostic[], resolveImport: (from: string, path: string) => string, firstId = 0, implied?: ImpliedImports): Symbols {
  const all: NamedDecl[] = [];
  const resolution = new ResolutionTable();
  const byName = new Map<string, NamedDecl[]>();
  const stateFields = new Map<string, A.FieldDecl>();
  const stateIndex = new Map<string, number>();
  const imports = new Map<string, string[]>();
  const exampleTitles = new Map<string, A.Span>();
  let stages: A.StagesDecl | undefined;

  for (const f of files) imports.set(f.path, [...f.decls.flatMap((d) => (d.kind === "import" ? [resolveImport(f.path, d.path)] : [])), ...(implied?.get(f.path) ?? [])]);
  const visible = new Map<string, Set<string>>();
  for (const f of files) {
    const seen = new Set<string>([f.path]);
    const stack = [...(imports.get(f.path) ?? [])];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(imports.get(next) ?? []));
    }
    visible.set(f.path, seen);
  }
  // A game's declaration never clashes with a standard module's: it shadows it (`lookupName`).
  const seeEachOther = (a: string, b: string) => isStdPath(a) === isStdPath(b) && (visible.get(a)?.has(b) || visible.get(b)?.has(a));

  for (const f of files) {
    for (const d of f.decls) {
      switch (d.kind) {
        case "import":
        case "overrides":
        case "trigger":
        case "extendEnum":
        case "extendKind":
        case "extendTable":
        case "extendValue":
        case "replaceRow":
        case "removal":
          break;
        case "stages":
          // One program, one default order: a second would leave it unclear which applies.
          if (stages) diagnostics.push(diag("E0102", { ...d.span, endLine: d.span.line, endCol: d.span.col + "stages".length, end: d.span.start + "stages".length }, `the program already declares its stages at ${stages.span.file}:${stages.span.line}:${stages.span.col}`, "keep one `stages [...]` declaration, or give a value its own stages", [{ span: stages.span, message: "the program's stages are declared here" }]));
          else stages = d;
          break;
        case "state":
          for (const field of d.fields) {
            const prior = stateFields.get(field.name.text);
            if (prior) {
              const first = [{ span: prior.name.span, message: `the state field \`${field.name.text}\` is first declared here` }];
              diagnostics.push(diag("E0102", field.name.span, `the state field \`${field.name.text}\` is already declared at ${prior.span.file}:${prior.span.line}`, undefined, first));
            }
            else {
              stateIndex.set(field.name.text, stateFields.size);
              stateFields.set(field.name.text, field);
            }
          }
          break;
        case "example": {
          // Titles name failures and seed the dice, so two alike would be indistinguishable.
          const prior = exampleTitles.get(d.title);
          if (prior) {
            const first = [{ span: prior, message: `the first example titled "${d.title}"` }];
            diagnostics.push(diag("E0102", d.span, `another example is already titled "${d.title}" (${prior.file}:${prior.line})`, "give each example its own title", first));
          }
          else exampleTitles.set(d.title, d.span);
          break;
        }
        default: {
          resolution.set(d, "id", firstId + all.length);
          all.push(d);
          // A replacement or an extension takes its name from the modifier or function it changes (check/extensions.ts), which keeps it.
          if ((d.kind === "modifier" || d.kind === "fn") && d.replaces) break;
          if (d.kind === "fn" && d.extends) break;
          // A name declared twice where one declaration can see the other is a real clash. Files that
          // cannot see each other may reuse a name; only a file that sees both cannot use it.
          const same = byName.get(d.name.text) ?? [];
          const prior = same.find((p) => seeEachOther(p.span.file, d.span.file));
          if (prior) {
            const first = [{ span: prior.name.span, message: `\`${d.name.text}\` is first declared here` }];
            diagnostics.push(diag("E0102", d.name.span, `\`${d.name.text}\` is already declared at ${prior.span.file}:${prior.span.line}:${prior.span.col}`, "rename one of them", first));
          }
          else byName.set(d.name.text, [...same, d]);
        }
      }
    }
  }
  return { all, firstId, resolution, byName, stateFields, stateIndex, modifiersByValue: new Map(), visible, merged: new Map(), dropped: new Set(), standIn: new Map(), previous: new Map(), ...(stages ? { stages } : {}) };
}

/** The declaration a resolved id names: an index, not a search. */
/** A declaration's id, given it by `collectSymbols`. */
export function idOf(s: Symbols, d: A.Decl): number {
  return s.resolution.get(d, "id")!;
}

export function declById(s: Symbols, id: number): NamedDecl | undefined {
  return s.all[id - s.firstId];
}
