// The checker: name resolution, types and rule-specific checks for a whole program. It reports every
// mistake it can find before anything runs; each report names the exact span and, where a name is
// misspelt, the closest declared name. This file is the pipeline of the check; the checks themselves
// are a chain of classes, one concern a file: resolution.ts, expressions.ts, calls.ts, statements.ts, rule-checks.ts.
import type * as A from "../core/ast.ts";
import type { Diagnostic } from "../core/diagnostics.ts";
import type { ExprObserver } from "./resolution.ts";
import type { ResolutionTable } from "./resolved-tree.ts";
import { RuleChecks } from "./rule-checks.ts";
import { mergeExtensions } from "./extensions.ts";
import type { ImpliedImports } from "../syntax/mods/packages.ts";
import { collectSymbols, type Symbols } from "./symbols.ts";
import { unreadWrites } from "./unread.ts";

export { PRIMITIVES, Scope, type ExprObserver, type Frame, type Var } from "./resolution.ts";
export { constInt } from "../constructs/operators/operands.ts";

export interface CheckResult {
  diagnostics: Diagnostic[];
  symbols: Symbols;
  /** What the check resolved, by parsed node; `resolution.resolvedFiles(files)` is the tree the engines run. */
  resolution: ResolutionTable;
}

/**
 * Checks one program, resolving every name in it (ids from `firstId` on, so that programs checked
 * together never share one). `elsewhere` holds the files loaded alongside it that it does not import: a name
 * found only there gets E0105 with the import to add, rather than a bare "unknown name".
 */
export function checkProgram(files: A.SourceFile[], resolveImport: (from: string, path: string) => string, elsewhere: A.SourceFile[] = [], observe?: ExprObserver, firstId = 0, implied?: ImpliedImports, unread = true): CheckResult {
  const diagnostics: Diagnostic[] = [];
  const symbols = collectSymbols(files, diagnostics, resolveImport, firstId, implied);
  const outside = new Map<string, A.Span>();
  const broken = new Set(files.flatMap((f) => (f.broken ?? []).map((n) => n.text)));
  for (const f of elsewhere) {
    for (const d of f.decls) {
      if ("name" in d) outside.set(d.name.text, d.span);
      if (d.kind === "state") for (const field of d.fields) outside.set(field.name.text, field.span);
    }
  }
  new Checker(symbols, diagnostics, outside, observe, broken).run(files);
  // Who reads what is only known of a program whose every name resolved.
  // (`unread` false: a check that only asks for errors, a rename's trial, skips these warnings.)
  if (unread && !diagnostics.some((d) => d.severity === "error")) diagnostics.push(...unreadWrites(files, symbols));
  return { diagnostics, symbols, resolution: symbols.resolution };
}

class Checker extends RuleChecks {
  /** After `collectSymbols`: every declaration on its own, then what needs them all, then the frames. */
  run(files: A.SourceFile[]) {
    // Extensions first: every later check reads the merged enums, kinds and tables.
    mergeExtensions(files, this.s, { report: (...a) => this.report(...a), suggest: (...a) => this.suggest(...a), lookup: (...a) => this.lookup(...a), notImported: (...a) => this.notImported(...a) });
    // A table is checked merged (its rows, coverage over them); an enum's or kind's own members and fields
    // are checked in its file, the new ones in the extension's.
    for (const f of files) {
      for (const d of f.decls) {
        if (this.s.dropped.has(d)) continue;
        const merged = this.s.merged.get(d);
        this.decl(merged?.kind === "table" ? merged : d, f.path);
      }
    }
    // Program-wide: the modifiers of a value are known only once every file is checked.
    this.checkSetModifierOrder();
    this.checkCountBeforeScale();
    // A rule's frame size is known only once its whole body is: the runtime allocates that many slots.
    for (const [owner, frame] of this.frames) this.s.resolution.set(owner, "frameSize", frame.size);
  }
}
