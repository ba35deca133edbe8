// Which rule `rulesmith why-not --rule NAME` asks about. A rule is a modifier (by its name), an event
// handler (`on UnitHit`, `before Damaged`, `instead of Moved`, with `#2` for the second of several), a
// table (by its name) or one of its rows (`exchange:3`, the third row), or whichever of those is
// declared at a line (`hits.rules:14`, the file's path or its end).
import type * as A from "../../core/ast.ts";
import { didYouMean } from "../../core/diagnostics.ts";
import { isStdPath } from "../../core/std-paths.ts";
import { showTiming } from "../../core/show-expr.ts";
import type { RuntimeProgram } from "../../run/index-program.ts";

export type WatchedRule =
  | { kind: "modifier"; decl: A.ModifierDecl; value: A.ValueDecl | undefined; label: string }
  | { kind: "handler"; decl: A.TriggerDecl; event: A.EventDecl | undefined; label: string }
  | { kind: "table"; decl: A.TableDecl; label: string }
  | { kind: "row"; decl: A.TableDecl; row: number; label: string };

/** The rule, or a message saying why none is meant (with a guess when a name was misspelt). */
export function findRule(program: RuntimeProgram, name: string): WatchedRule | { problem: string } {
  const text = name.trim();
  const rules = candidates(program);
  const atLine = /^(.*\.rules):(\d+)$/.exec(text);
  if (atLine) return ruleAtLine(rules, atLine[1]!, Number(atLine[2]));
  const row = /^(.+):(\d+)$/.exec(text);
  if (row) {
    const table = rules.find((r) => r.kind === "table" && r.decl.name.text === row[1]);
    if (!table || table.kind !== "table") return { problem: `there is no table \`${row[1]}\`${guess(row[1]!, rules.filter((r) => r.kind === "table"))}` };
    const n = Number(row[2]);
    if (n < 1 || n > table.decl.rows.length) return { problem: `table \`${table.decl.name.text}\` has ${table.decl.rows.length} rows: name one from 1 to ${table.decl.rows.length}` };
    return { kind: "row", decl: table.decl, row: n - 1, label: `table ${table.decl.name.text}, row ${n}` };
  }
  const numbered = /^(.*?)\s*#(\d+)$/.exec(text);
  const base = (numbered ? numbered[1]! : text).replace(/\s+/g, " ");
  const named = rules.filter((r) => r.label === base || (r.kind !== "handler" && "name" in r.decl && r.decl.name.text === base));
  if (named.length === 0) return { problem: `no modifier, handler or table is called \`${base}\`${guess(base, rules)}` };
  if (numbered) {
    const i = Number(numbered[2]) - 1;
    if (i < 0 || i >= named.length) return { problem: `there ${named.length === 1 ? "is 1 rule" : `are ${named.length} rules`} called \`${base}\`: name one from #1 to #${named.length}` };
    return numberedLabel(named, i);
  }
  if (named.length > 1) {
    const where = named.map((r, i) => `\`${base} #${i + 1}\` (${r.decl.span.file}:${r.decl.span.line})`).join(", ");
    return { problem: `${named.length} rules are called \`${base}\`: name one, ${where}` };
  }
  return named[0]!;
}

function numberedLabel(named: WatchedRule[], i: number): WatchedRule {
  const r = named[i]!;
  return named.length > 1 ? { ...r, label: `${r.label} #${i + 1}` } : r;
}

/** Every rule of the program's own files, in source order (a standard module's are not the author's). */
function candidates(program: RuntimeProgram): WatchedRule[] {
  const out: WatchedRule[] = [];
  for (const d of program.decls) {
    if (!d || isStdPath(d.span.file)) continue;
    if (d.kind === "modifier") {
      const value = d.targetRef?.to === "decl" ? program.decls[d.targetRef.id] : undefined;
      out.push({ kind: "modifier", decl: d, value: value?.kind === "value" ? value : undefined, label: `modifier ${d.name.text}` });
    } else if (d.kind === "table") {
      out.push({ kind: "table", decl: d, label: `table ${d.name.text}` });
    }
  }
  for (const [event, h] of program.handlers) {
    for (const d of [...h.before, ...h.instead, ...h.after]) {
      if (isStdPath(d.span.file)) continue;
      const timing = showTiming(d.timing);
      out.push({ kind: "handler", decl: d, event, label: `${timing} ${event.name.text}` });
    }
  }
  return out.sort((a, b) => a.decl.span.file.localeCompare(b.decl.span.file) || a.decl.span.line - b.decl.span.line);
}

/** The rule declared at a line: a table row's own line names the row. */
function ruleAtLine(rules: WatchedRule[], file: string, line: number): WatchedRule | { problem: string } {
  const inFile = rules.filter((r) => r.decl.span.file === file || r.decl.span.file.endsWith(`/${file}`));
  if (inFile.length === 0) return { problem: `no modifier, handler or table is declared in \`${file}\`` };
  for (const r of inFile) {
    if (r.kind === "table") {
      // A merged table holds rows other files added (`extend table`): only its own file's lines name its rows here.
      const row = r.decl.rows.findIndex((x) => x.span.line === line && x.span.file === r.decl.span.file);
      if (row >= 0) return { kind: "row", decl: r.decl, row, label: `table ${r.decl.name.text}, row ${row + 1}` };
    }
    const s = r.decl.span;
    if (line >= s.line && line <= (s.endLine ?? s.line)) {
      const same = rules.filter((x) => x.label === r.label);
      return same.length > 1 ? numberedLabel(same, same.indexOf(r)) : r;
    }
  }
  const lines = inFile.map((r) => r.decl.span.line).join(", ");
  return { problem: `no modifier, handler or table is declared at \`${file}:${line}\`; in that file they start at lines ${lines}` };
}

function guess(name: string, rules: WatchedRule[]): string {
  const names = rules.flatMap((r) => (r.kind === "handler" ? [r.label] : [r.decl.name.text]));
  const g = didYouMean(name, names);
  return g ? `; ${g}` : "";
}
