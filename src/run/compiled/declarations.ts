// Values (with their modifiers) and tables as callables, each built once per program. They run as the
// interpreter's `callValue` + modifiers.ts and `callTable` + tables.ts do, step for step; the parts
// that decide something (a modifier's operation, the trace's lines, the error for a missing row) are
// those files' own functions. Only the walk is here, over closures instead of nodes.
import type * as A from "../../core/ast.ts";
import { isRangePattern } from "../../core/ast.ts";
import { frame } from "../machine.ts";
import { applyModifierAt, modifierMessage, settleExclusive, type Candidate } from "../modifiers.ts";
import type { ExclusivePlace } from "../../core/stages.ts";
import { noTableRow, placeIn, tableMessage } from "../tables.ts";
import { valuesEqual, type Value } from "../../core/values.ts";
import type { CExpr, CFn, Compiler } from "./compiler.ts";

interface ModifierCode {
  m: A.ModifierDecl;
  label: string;
  condition?: CExpr;
  amount?: CExpr;
  into?: CExpr;
  factor?: CExpr;
  place: ExclusivePlace | undefined;
}

export function compileValue(c: Compiler, v: A.ValueDecl): CFn {
  const label = `value ${v.name.text}`;
  let base: CExpr | undefined;
  let modifiers: ModifierCode[] | undefined;
  const optional = (e: A.Expr | undefined) => (e ? c.entry(e) : undefined);
  return (args, span, vm) => {
    vm.tick(span);
    vm.nest(label, span);
    try {
      base ??= c.entry(v.base);
      modifiers ??= (c.program.modifiers.get(v) ?? []).map((m) => ({
        m,
        label: `modifier ${m.name.text}`,
        place: c.program.exclusive.get(m),
        condition: optional(m.condition),
        amount: optional(m.amount),
        into: optional(m.into),
        factor: optional(m.factor),
      }));
      let result = base(frame(v.frameSize, args), vm);
      // An exclusive stage's modifiers whose conditions held, settled when the stage ends (modifiers.ts).
      let pending: Candidate[] | undefined;
      for (let i = 0; i < modifiers.length; i++) {
        const code = modifiers[i]!;
        const m = code.m;
        // Each modifier has its own frame: the value's parameters, then its own comprehension variables.
        const env = frame(m.frameSize, args);
        const place = code.place;
        const outer = vm.rule;
        vm.rule = code.label;
        try {
          // `result` is the value as it stands when this modifier is reached.
          env[m.resultSlot!] = result;
          if (code.condition && code.condition(env, vm) !== true) continue;
          const amount = code.amount ? code.amount(env, vm) : undefined;
          const before = result;
          const into = code.into ? code.into(env, vm) : undefined;
          const factor = code.factor ? code.factor(env, vm) : undefined;
          if (place) {
            (pending ??= []).push({ m, amount, into, factor });
            continue;
          }
          result = applyModifierAt(m, result, amount, into ?? factor);
          const after = result;
          // A modifier whose condition held is reported even when it changed nothing: it did fire.
          if (vm.tracing) vm.note("modifier", () => modifierMessage(v, m, before, after, amount, into, factor), m.span);
        } finally {
          vm.rule = outer;
          if (place?.last && pending) {
            result = settleExclusive(vm, v, place, result, pending);
            pending = undefined;
          }
        }
      }
      return result;
    } finally {
      vm.nested--;
    }
  };
}

interface RowCode {
  /** Per column: nothing for `_`, a constant's closure, or a range's bounds (`range`; either may be missing). */
  patterns: { low?: CExpr; high?: CExpr; lowConstant?: { value: Value }; range: boolean }[];
  result: CExpr;
  span: A.Span;
}

export function compileTable(c: Compiler, t: A.TableDecl): CFn {
  const label = `table ${t.name.text}`;
  let rows: RowCode[] | undefined;
  return (args, span, vm) => {
    vm.tick(span);
    vm.nest(label, span);
    try {
      rows ??= t.rows.map((row) => ({
        patterns: row.patterns.map((p) => ({ ...(p.low ? { low: c.expr(p.low), lowConstant: constant(p.low) } : {}), ...(p.high ? { high: c.expr(p.high) } : {}), range: isRangePattern(p) })),
        result: c.entry(row.result),
        span: row.span,
      }));
      // Patterns are constants, but a row's result may use the table's inputs: `_ => n * 2`.
      const env = frame(t.frameSize, args);
      for (let r = 0; r < rows.length; r++) {
        const row = rows[r]!;
        if (!rowMatches(t, row, args, env, vm)) continue;
        const result = row.result(env, vm);
        if (vm.tracing) {
          const outer = vm.rule;
          vm.rule = label;
          vm.note("table", () => tableMessage(t, args as Value[], result), row.span);
          vm.rule = outer;
        }
        return result;
      }
      throw noTableRow(t, args as Value[], span);
    } finally {
      vm.nested--;
    }
  };
}

function rowMatches(t: A.TableDecl, row: RowCode, args: (Value | undefined)[], env: (Value | undefined)[], vm: Parameters<CExpr>[1]): boolean {
  const patterns = row.patterns;
  for (let i = 0; i < patterns.length; i++) {
    const p = patterns[i]!;
    if (!p.range) {
      if (p.low && !valuesEqual(p.lowConstant ? p.lowConstant.value : p.low(env, vm), args[i])) return false;
      continue;
    }
    // `..2` has no low bound and `12..` no high one.
    const a = placeIn(vm, t, i, args[i]);
    if (p.low && a < placeIn(vm, t, i, p.lowConstant ? p.lowConstant.value : p.low(env, vm))) return false;
    if (p.high && a > placeIn(vm, t, i, p.high(env, vm))) return false;
  }
  return true;
}

/** A pattern written as a literal or an enum member (`true`, `3`, `Side.attacker`): its value, known before the run. */
function constant(e: A.Expr): { value: Value } | undefined {
  if (e.kind === "int" || e.kind === "bool" || e.kind === "text") return { value: e.value };
  if (e.kind === "member" && e.ref) return { value: e.member.text };
  return undefined;
}
