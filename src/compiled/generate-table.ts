// A table as one generated function: its rows written out in order, each pattern a comparison and
// each result an expression inline, instead of compileTable's walk over closures (declarations.ts).
// The same steps (one for the call, none per row), the same nesting count, the same trace line and the
// same error for a missing row, those from tables.ts. See source.ts for what the text may hold.
import type * as A from "../ast.ts";
import { frame } from "../runtime/machine.ts";
import { noTableRow, tableMessage } from "../runtime/tables.ts";
import type { Value } from "../runtime/values.ts";
import type { CFn, Compiler } from "./compiler.ts";
import { compileTable } from "./declarations.ts";
import { genExpr } from "./generate-expressions.ts";
import { Source, tryGenerate } from "./source.ts";
import type { CompiledRun } from "./run.ts";

/**
 * The table's callable, generated on its first call: a row's result may call the table itself, and
 * generating that call must find the callable already there (as a function's cell, generate-fn.ts).
 */
export function tableCallable(c: Compiler, t: A.TableDecl): CFn {
  let f: CFn | undefined;
  return (args, span, vm) => (f ??= generateTable(c, t) ?? compileTable(c, t))(args, span, vm);
}

function generateTable(c: Compiler, t: A.TableDecl): CFn | undefined {
  return tryGenerate((g) => g.finish<CFn>(tableBody(c, g, t), "env, span, vm"));
}

/** A literal or an enum member (`true`, `3`, `Side.attacker`): its value, known before the run, as compileTable's `constant`. */
function constant(e: A.Expr): { value: Value } | undefined {
  if (e.kind === "int" || e.kind === "bool" || e.kind === "text") return { value: e.value };
  if (e.kind === "member" && e.ref) return { value: e.member.text };
  return undefined;
}

/**
 * The parameter `env` holds the arguments; the rows run in a frame of the table's size made from
 * them (a row's result may use the inputs, and a comprehension in it writes slots past them), kept
 * apart from the arguments the trace line and the error show.
 */
function tableBody(c: Compiler, g: Source, t: A.TableDecl): string {
  const args = g.temp();
  const label = `table ${t.name.text}`;
  const traced = (vm: CompiledRun, a: Value[], result: Value | undefined, span: A.Span) => {
    vm.rules.push(label);
    vm.note("table", () => tableMessage(t, a, result), span);
    vm.rules.pop();
  };
  const missing = (a: Value[], span: A.Span) => {
    throw noTableRow(t, a, span);
  };
  const head = ["vm.tick(span);", `vm.nest(${g.k(label)}, span);`, "try {", `${args} = env;`];
  const lines: string[] = [];
  for (const row of t.rows) {
    const tests = row.patterns.map((p, i) => patternTest(c, g, p, `${args}[${g.int(i)}]`)).filter((s) => s !== "");
    const result = g.temp();
    lines.push(
      `if (${tests.length > 0 ? tests.join(" && ") : "true"}) {`,
      `${result} = ${genExpr(c, g, row.result)};`,
      `if (vm.tracing) ${g.k(traced)}(vm, ${args}, ${result}, ${g.k(row.span)});`,
      `return ${result};`,
      "}",
    );
  }
  lines.push(`${g.k(missing)}(${args}, span);`, "} finally {", "vm.nested--;", "}");
  const rows = lines.join("\n");
  // Rows that never read the frame (constant patterns and results, as most tables have) need none made.
  const frameUsed = /\benv\b/.test(rows);
  return [...head, frameUsed ? `env = ${g.k(frame)}(${g.int(t.frameSize ?? 0)}, ${args});` : "", rows].join("\n");
}

/** One column's test, as compileTable's rowMatches: `_` none, a value by equality, a range low then high. */
function patternTest(c: Compiler, g: Source, p: A.Pattern, arg: string): string {
  if (!p.low) return "";
  const known = constant(p.low);
  if (!p.high) {
    // A constant that is a number, text, truth value or member equals only itself (valuesEqual's first test).
    if (known && typeof known.value !== "object") return `${arg} === ${g.k(known.value)}`;
    return `${g.h("eq")}(${known ? g.k(known.value) : genExpr(c, g, p.low)}, ${arg})`;
  }
  const low = g.temp();
  const high = g.temp();
  const a = g.temp();
  // Low before high, as the closures evaluate them; a row that does not match is `a < low || a > high`.
  return `(${low} = ${known ? g.k(known.value) : genExpr(c, g, p.low)}, ${high} = ${genExpr(c, g, p.high)}, ${a} = ${arg}, !(${a} < ${low} || ${a} > ${high}))`;
}
