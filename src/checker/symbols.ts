// The program-wide symbol table: every named declaration, the state's fields, modifiers by the value
// they change, triggers by event, and which files each file can see through its imports.
import type * as A from "../ast.ts";
import { diag, type Diagnostic } from "../diagnostics.ts";

export type NamedDecl = A.EnumDecl | A.KindDecl | A.StatusDecl | A.EventDecl | A.FnDecl | A.ValueDecl | A.TableDecl | A.ModifierDecl | A.DieDecl;

export interface Symbols {
  decls: Map<string, NamedDecl>;
  stateFields: Map<string, A.FieldDecl>;
  modifiersByValue: Map<string, A.ModifierDecl[]>;
  triggersByEvent: Map<string, A.TriggerDecl[]>;
  /** For each file, the files whose declarations it may use: itself and everything it imports, transitively. */
  visible: Map<string, Set<string>>;
  /** The program's `stages [...]` declaration, if any (at most one). */
  stages?: A.StagesDecl;
}

export const RESERVED_FIELD = "statuses";

export function collectSymbols(files: A.SourceFile[], diagnostics: Diagnostic[], resolveImport: (from: string, path: string) => string): Symbols {
  const decls = new Map<string, NamedDecl>();
  const stateFields = new Map<string, A.FieldDecl>();
  const modifiersByValue = new Map<string, A.ModifierDecl[]>();
  const triggersByEvent = new Map<string, A.TriggerDecl[]>();
  const imports = new Map<string, string[]>();
  const exampleTitles = new Map<string, A.Span>();
  let stages: A.StagesDecl | undefined;

  const declare = (name: A.Name, d: NamedDecl) => {
    const prior = decls.get(name.text);
    if (prior) {
      diagnostics.push(diag("E0102", name.span, `\`${name.text}\` is already declared at ${prior.span.file}:${prior.span.line}:${prior.span.col}`, "rename one of them"));
    } else decls.set(name.text, d);
  };

  for (const f of files) {
    imports.set(f.path, []);
    for (const d of f.decls) {
      switch (d.kind) {
        case "import":
          imports.get(f.path)!.push(resolveImport(f.path, d.path));
          break;
        case "state":
          for (const field of d.fields) {
            const prior = stateFields.get(field.name.text);
            if (prior) diagnostics.push(diag("E0102", field.name.span, `the state field \`${field.name.text}\` is already declared at ${prior.span.file}:${prior.span.line}`));
            else stateFields.set(field.name.text, field);
          }
          break;
        case "trigger": {
          const list = triggersByEvent.get(d.event.text) ?? [];
          list.push(d);
          triggersByEvent.set(d.event.text, list);
          break;
        }
        case "modifier": {
          declare(d.name, d);
          const list = modifiersByValue.get(d.target.text) ?? [];
          list.push(d);
          modifiersByValue.set(d.target.text, list);
          break;
        }
        case "stages":
          // One program, one default order: a second would leave it unclear which applies.
          if (stages) diagnostics.push(diag("E0102", { ...d.span, endLine: d.span.line, endCol: d.span.col + "stages".length, end: d.span.start + "stages".length }, `the program already declares its stages at ${stages.span.file}:${stages.span.line}:${stages.span.col}`, "keep one `stages [...]` declaration, or give a value its own stages"));
          else stages = d;
          break;
        case "example": {
          // Titles name failures and seed the dice, so two alike would be indistinguishable.
          const prior = exampleTitles.get(d.title);
          if (prior) diagnostics.push(diag("E0102", d.span, `another example is already titled "${d.title}" (${prior.file}:${prior.line})`, "give each example its own title"));
          else exampleTitles.set(d.title, d.span);
          break;
        }
        default:
          declare(d.name, d);
      }
    }
  }

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
  return { decls, stateFields, modifiersByValue, triggersByEvent, visible, ...(stages ? { stages } : {}) };
}
