// A statement changing a value: assignment (`target = v`) and the checks statements make as they change
// the state or an example's outcome: a field's declared range, the list budget on `add` and `move`, the
// item `remove` and `move` take, and `expect`. Free functions, off the expression hot path.
import type * as A from "../core/ast.ts";
import { compareAt } from "../constructs/operators/comparison.ts";
import { checkListSize } from "../core/limits.ts";
import type { Interpreter } from "./interpreter.ts";
import type { Env, Machine } from "./machine.ts";
import { showExpr } from "../core/show-expr.ts";
import { RuleError, showValue, valuesEqual, type Value } from "../core/values.ts";

/** An `expect` that does not hold: the example fails there, with expected against actual. */
export class ExpectationFailed extends Error {
  constructor(
    message: string,
    readonly span: A.Span,
  ) {
    super(message);
  }
}

export function expect(vm: Machine, e: A.Expr, env: Env, span: A.Span) {
  if (e.kind === "binary" && ["==", "!=", "<", "<=", ">", ">="].includes(e.op)) {
    const left = vm.eval(e.left, env);
    const right = vm.eval(e.right, env);
    if (compareAt(vm, e, left, right)) return;
    throw new ExpectationFailed(`expected \`${showExpr(e)}\`\n    expected: ${e.op === "==" ? "" : `${e.op} `}${showValue(right)}\n    actual:   ${showValue(left)}`, span);
  }
  if (vm.eval(e, env) !== true) throw new ExpectationFailed(`expected \`${showExpr(e)}\` to be true, but it is false`, span);
}

export function checkRange(f: A.FieldDecl, v: Value | undefined, span: A.Span) {
  const r = f.type.range;
  // `!(v >= low)` rather than `v < low`: a value that is no number at all is outside too.
  if (r && typeof v === "number" && (!(v >= r.low && v <= r.high) || !Number.isSafeInteger(v))) {
    throw new RuleError("R0501", `\`${f.name.text}\` would become ${v}, outside its declared range ${r.low}..${r.high}`, span);
  }
}

/** `add` and `move`: a list grows by one, within the budget of MAX_LIST items. */
export function push(list: Value[], item: Value, span: A.Span) {
  checkListSize(list.length + 1, span);
  list.push(item);
}

export function take(list: Value[], item: Value, listExpr: A.Expr, span: A.Span) {
  const i = list.findIndex((x) => valuesEqual(x, item));
  if (i < 0) throw new RuleError("R0501", `${showValue(item)} is not in ${showExpr(listExpr)}`, span);
  list.splice(i, 1);
}

/** `target = v` for a variable, a state field, an entity's field or a list item; a field's declared range is checked. */
export function assignTo(m: Interpreter, target: A.Expr, v: Value | undefined, env: Env, span: A.Span) {
  switch (target.kind) {
    case "name": {
      const ref = target.ref!;
      if (ref.to === "local") {
        env[ref.slot] = v;
        // An argument or the result of the emission this handler runs in: the emission's value changes.
        if (ref.event) m.events.changeEmission(ref.slot, v, span);
      }
      else if (ref.to === "state") {
        checkRange(m.program.stateFields[ref.index]!, v, span);
        m.globals[ref.index] = v;
      } else throw new RuleError("R0501", "cannot assign to this", target.span);
      return;
    }
    case "member": {
      const obj = m.entity(target.object, env);
      if (target.field) checkRange((m.decl({ to: "decl", id: target.field.kind }) as A.KindDecl).fields[target.field.index]!, v, span);
      obj.fields[target.member.text] = v;
      return;
    }
    case "index": {
      const list = m.list(target.object, env);
      const i = m.eval(target.index, env) as number;
      if (i < 0 || i >= list.length) throw new RuleError("R0501", `index ${i} is outside the list of ${list.length}`, target.index.span);
      list[i] = v as Value;
      return;
    }
    default:
      throw new RuleError("R0501", "cannot assign to this", target.span);
  }
}
