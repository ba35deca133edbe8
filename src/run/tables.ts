// Tables at run time: the first row whose patterns match the arguments gives the result. A pattern is
// a constant or a range (`low..high`), `_` matches anything, and a row's result may use the table's
// inputs. Free functions taking the running interpreter as a `Machine` (see machine.ts), called once
// per table call as the methods they were, so at the same cost.
import type * as A from "../core/ast.ts";
import { isRangePattern } from "../core/ast.ts";
import { frame, type Env, type Machine } from "./machine.ts";
import { RuleError, showValue, valuesEqual, type Value } from "../core/values.ts";

export function tableRow(vm: Machine, t: A.TableDecl, args: Value[], span: A.Span): Value | undefined {
  // Patterns are constants, but a row's result may use the table's inputs: `_ => n * 2`.
  const env = frame(t.frameSize, args);
  for (const row of t.rows) {
    if (rowMatches(vm, t, row, args, env)) {
      const result = vm.eval(row.result, env);
      const outer = vm.rule;
      vm.rule = vm.label(t, () => `table ${t.name.text}`);
      vm.note("table", () => tableMessage(t, args, result), row.span);
      vm.rule = outer;
      return result;
    }
  }
  throw noTableRow(t, args, span);
}

/** The trace's line for a row found (the compiled backend's too). */
export function tableMessage(t: A.TableDecl, args: Value[], result: Value | undefined): string {
  return `${t.name.text}(${args.map(showValue).join(", ")}) -> ${showValue(result)}`;
}

/** The error when no row matches (the compiled backend's too). */
export function noTableRow(t: A.TableDecl, args: Value[], span: A.Span): RuleError {
  return new RuleError("R0501", `table \`${t.name.text}\` has no row for (${args.map(showValue).join(", ")})`, span);
}

/**
 * A range pattern's bound, or the input it is tested against, as a number: a member of an enum by its
 * place in the enum the input is declared with (every enum is ordered by its declaration).
 */
export function placeIn(vm: Machine, t: A.TableDecl, i: number, v: Value | undefined): number {
  if (typeof v !== "string") return v as number;
  const d = vm.decl(t.params[i]!.type.ref) as A.EnumDecl;
  return d.members.findIndex((m) => m.text === v);
}

function rowMatches(vm: Machine, t: A.TableDecl, row: A.TableRow, args: Value[], env: Env): boolean {
  for (let i = 0; i < row.patterns.length; i++) {
    const p = row.patterns[i]!;
    if (!isRangePattern(p)) {
      if (p.low && !valuesEqual(vm.eval(p.low, env), args[i])) return false;
      continue;
    }
    // `..2` has no low bound and `12..` no high one.
    const a = placeIn(vm, t, i, args[i]);
    if (p.low && a < placeIn(vm, t, i, vm.eval(p.low, env))) return false;
    if (p.high && a > placeIn(vm, t, i, vm.eval(p.high, env))) return false;
  }
  return true;
}
