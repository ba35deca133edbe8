// A table as one generated function: its rows written out in order, each pattern a comparison and
// each result an expression inline, instead of compileTable's walk over closures (declarations.ts).
// The same steps (one for the call, none per row), the same nesting count, the same trace line and the
// same error for a missing row, those from tables.ts. See source.ts for what the text may hold.
import type * as A from "../../core/ast.ts";
import { isRangePattern } from "../../core/ast.ts";
import { frame } from "../machine.ts";
import { noTableRow, placeIn, tableMessage } from "../tables.ts";
import type { Value } from "../../core/values.ts";
import type { CFn, Compiler } from "./compiler.ts";
import { compileTable } from "./declarations.ts";
import { genExpr } from "./generate-expressions.ts";
import { lazyCell, local, locals, NotGenerated, Source, generateFor } from "./source.ts";
import type { CompiledRun } from "./run.ts";

/** A table called with its arguments one by one, as many as it has parameters. */
export type CArgsTable = (span: A.Span, vm: CompiledRun, ...args: (Value | undefined)[]) => Value | undefined;

/**
 * Where a table's callable lives, generated on its first call: a row's result may call the table
 * itself, and generating that call must find the cell already there (as a function's, generate-fn.ts).
 * Two doors to one function: `f` given the arguments in an array (closures), `p` given them one by one
 * (generated call sites). The table is generated for `p`, its arguments its parameters `s0`, `s1`, ...:
 * a call from generated code makes no array (nor a frame, when no row reads one).
 */
export interface TableCell {
  f: CFn;
  p: CArgsTable;
}

export function tableCell(c: Compiler, t: A.TableDecl): TableCell {
  return lazyCell(() => makeTable(c, t));
}

/** The table's callable through an array of arguments (Compiler.table). */
export function tableCallable(c: Compiler, t: A.TableDecl): CFn {
  const cell = c.tableCell(t);
  return (args, span, vm) => cell.f(args, span, vm);
}

function makeTable(c: Compiler, t: A.TableDecl): TableCell {
  const n = t.params.length;
  const p = generateFor(c, (g) => g.finish<CArgsTable>(tableBody(c, g, t), ["span, vm", ...locals(0, n)].join(", ")));
  // The door for an array: its items, as arguments.
  const f = p && generateFor(c, (g) => g.finish<CFn>(`return ${g.k(p)}(span, vm${locals(0, n).map((_, i) => `, env[${g.int(i)}]`).join("")});`, "env, span, vm"));
  if (p && f) return { f, p };
  const closures = compileTable(c, t);
  return { f: closures, p: (span, vm, ...args) => closures(args.slice(0, n), span, vm) };
}

/** A literal or an enum member (`true`, `3`, `Side.attacker`): its value, known before the run, as compileTable's `constant`. */
function constant(e: A.Expr): { value: Value } | undefined {
  if (e.kind === "int" || e.kind === "bool" || e.kind === "text") return { value: e.value };
  if (e.kind === "member" && e.ref) return { value: e.member.text };
  return undefined;
}

/**
 * The arguments are the parameters `s0`, `s1`, ...; rows that read the frame (a row's result may use
 * the inputs, and a comprehension in it writes slots past them) run in a frame of the table's size made
 * from them, kept apart from the arguments the trace line and the error show.
 */
function tableBody(c: Compiler, g: Source, t: A.TableDecl): string {
  const label = `table ${t.name.text}`;
  const traced = (vm: CompiledRun, a: Value[], result: Value | undefined, span: A.Span) => {
    const outer = vm.rule;
    vm.rule = label;
    vm.note("table", () => tableMessage(t, a, result), span);
    vm.rule = outer;
  };
  const missing = (a: Value[], span: A.Span) => {
    throw noTableRow(t, a, span);
  };
  const args = `[${locals(0, t.params.length).join(", ")}]`;
  const head = [g.callCheck(g.k(label))];
  const lines: string[] = [];
  for (const row of t.rows) {
    if (row.patterns.length > t.params.length) throw new NotGenerated("a row with more patterns than the table has parameters");
    const tests = row.patterns.map((p, i) => patternTest(c, g, p, local(i), (v) => `${g.k(placeIn)}(vm, ${g.k(t)}, ${i}, ${v})`)).filter((s) => s !== "");
    const result = g.temp();
    lines.push(
      `if (${tests.length > 0 ? tests.join(" && ") : "true"}) {`,
      `${result} = ${genExpr(c, g, row.result)};`,
      `if (vm.tracing) ${g.k(traced)}(vm, ${args}, ${result}, ${g.k(row.span)});`,
      "vm.nested--;",
      `return ${result};`,
      "}",
    );
  }
  // No `finally`: an error ends the run, its message made, naming the rule, when it was thrown.
  lines.push(`${g.k(missing)}(${args}, span);`);
  const rows = lines.join("\n");
  // Rows that never read the frame (constant patterns and results, as most tables have) need none made.
  const frameUsed = /\benv\b/.test(rows);
  return [...head, frameUsed ? `const env = ${g.k(frame)}(${g.int(t.frameSize ?? 0)}, ${args});` : "", rows].join("\n");
}

/** One column's test, as compileTable's rowMatches: `_` none, a value by equality, a range low then high. */
function patternTest(c: Compiler, g: Source, p: A.Pattern, arg: string, place: (v: string) => string): string {
  if (!isRangePattern(p)) {
    if (!p.low) return "";
    const known = constant(p.low);
    // A constant that is a number, text, truth value or member equals only itself (valuesEqual's first test).
    if (known && typeof known.value !== "object") return `${arg} === ${g.k(known.value)}`;
    return `${g.h("eq")}(${known ? g.k(known.value) : genExpr(c, g, p.low)}, ${arg})`;
  }
  // Low before high, as the closures test them; `..2` has no low bound and `12..` no high one. Numbers
  // written as numbers compare inline; anything else (an enum member) by its place, as the closures do.
  const bounds = [p.low, p.high].filter((e): e is A.Expr => e !== undefined);
  const numeric = bounds.every((e) => typeof constant(e)?.value === "number");
  const bound = (e: A.Expr) => {
    const known = constant(e);
    const text = known ? g.k(known.value) : genExpr(c, g, e);
    return numeric ? text : place(text);
  };
  const a = numeric ? arg : place(arg);
  const tests = [...(p.low ? [`${a} >= ${bound(p.low)}`] : []), ...(p.high ? [`${a} <= ${bound(p.high)}`] : [])];
  return `(${tests.join(" && ")})`;
}
