// Modifiers: a value's base run through the modifiers the program attached to it, in their order,
// each traced, and what each modifier operation does to a number or a tally. `valueThroughModifiers`
// is a free function taking the running interpreter as a `Machine` (see machine.ts): it runs once per
// value call, and a call through a parameter costs what the method call did.
import * as A from "../core/ast.ts";
import { addTallies, divide, divideTally, scaleTally, subtractTallies } from "../constructs/operators/numbers.ts";
import { checkCount, exact } from "../core/limits.ts";
import { frame, type Machine } from "./machine.ts";
import { showExpr } from "../core/show-expr.ts";
import { RuleError, showValue, Tally, valuesEqual, type Value } from "../core/values.ts";

export function valueThroughModifiers(vm: Machine, v: A.ValueDecl, args: Value[]): Value | undefined {
  let result = vm.eval(v.base, frame(v.frameSize, args));
  for (const m of vm.program.modifiers.get(v) ?? []) {
    // Each modifier has its own frame: the value's parameters, then its own comprehension variables.
    const env = frame(m.frameSize, args);
    vm.rules.push(vm.label(m, () => `modifier ${m.name.text}`));
    try {
      // `result` is the value as it stands when this modifier is reached.
      env[m.resultSlot!] = result;
      if (m.condition && vm.eval(m.condition, env) !== true) continue;
      const amount = m.amount ? vm.eval(m.amount, env) : undefined;
      const before = result;
      const into = m.into ? vm.eval(m.into, env) : undefined;
      const factor = m.factor ? vm.eval(m.factor, env) : undefined;
      result = applyModifierAt(m, result, amount, into ?? factor);
      const after = result;
      // A modifier whose condition held is reported even when it changed nothing: it did fire.
      vm.note("modifier", () => modifierMessage(v, m, before, after, amount, into, factor), m.span);
    } finally {
      vm.rules.pop();
    }
  }
  return result;
}

/** The trace's line for a modifier that fired (the compiled backend's too). */
export function modifierMessage(v: A.ValueDecl, m: A.ModifierDecl, before: Value | undefined, after: Value | undefined, amount: Value | undefined, into: Value | undefined, factor: Value | undefined): string {
  const rounding = m.rounding?.text;
  // `compute` shows its expression: its value is already the result after the arrow.
  const shown = m.op.text === "compute" && m.amount ? showExpr(m.amount) : amount === undefined ? undefined : showValue(amount);
  const how = `${m.op.text}${shown === undefined ? "" : ` ${shown}`}${rounding === undefined ? "" : ` round ${rounding}`}${into === undefined ? "" : ` as ${showValue(into)}`}${factor === undefined ? "" : ` by ${showValue(factor)}`}`;
  return `${v.name.text}: ${showValue(before)} ${valuesEqual(before, after) ? "unchanged" : `-> ${showValue(after)}`} (${how})`;
}

/** One modifier's operation on the value, an error it raises pointed at the modifier (the compiled backend's too). */
export function applyModifierAt(m: A.ModifierDecl, current: Value | undefined, amount: Value | undefined, other: Value | undefined): Value | undefined {
  try {
    return applyModifier(m.op.text as A.ModifierOp, current, amount, other, m.rounding?.text as A.Rounding | undefined);
  } catch (err) {
    // The operation cannot know which modifier it serves: point at the modifier.
    if (err instanceof RuleError && !err.span) throw new RuleError(err.code, err.message, m.span);
    throw err;
  }
}

/**
 * On a tally, `double`, `multiply ... by` and `count` change the named members only; `subtract`,
 * `divide` and a bare `multiply N` change every member. `other` is `count`'s target member, or
 * `multiply`'s factor.
 */
function applyTallyModifier(op: A.ModifierOp, t: Tally, amount: Value | undefined, other: Value | undefined, rounding: A.Rounding | undefined): Value | undefined {
  switch (op) {
    case "set":
    case "compute":
      return amount;
    case "add":
      return addTallies(t, amount as Tally);
    case "subtract":
      return subtractTallies(t, amount as Tally);
    case "divide":
      return divideTally(t, amount as number, rounding ?? "down");
    case "double":
      return t.with(amount as string, checkCount(amount as string, t.get(amount as string) * 2));
    case "multiply": {
      if (other === undefined) return scaleTally(t, amount as number);
      const factor = other as number;
      if (factor < 0) throw new RuleError("R0501", `a count cannot be negative, but \`multiply ${String(amount)} by ${factor}\` would make it so`);
      return t.with(amount as string, checkCount(amount as string, t.get(amount as string) * factor));
    }
    case "count": {
      // The counted results become the other member: they are not counted twice.
      const from = amount as string;
      const to = other as string;
      if (from === to) return t;
      return t.with(to, checkCount(to, t.get(to) + t.get(from))).with(from, 0);
    }
    default:
      throw new RuleError("R0501", `\`${op}\` cannot change a tally`);
  }
}

function applyModifier(op: A.ModifierOp, current: Value | undefined, amount: Value | undefined, other?: Value, rounding?: A.Rounding): Value | undefined {
  if (current instanceof Tally) return applyTallyModifier(op, current, amount, other, rounding);
  const c = current as number;
  const a = amount as number;
  switch (op) {
    case "set":
    case "compute":
      return amount;
    case "add":
      return exact(c + a, () => `\`add ${a}\` to ${c}`);
    case "subtract":
      return exact(c - a, () => `\`subtract ${a}\` from ${c}`);
    case "divide":
      return divide(c, a, rounding ?? "down");
    case "multiply":
      return exact(c * a, () => `\`multiply ${a}\` on ${c}`);
    case "double":
      return exact(c * 2, () => `\`double\` on ${c}`);
    case "count":
      throw new RuleError("R0501", "`count` moves results between members of a tally");
    case "atLeast":
      return Math.max(c, a);
    case "atMost":
      return Math.min(c, a);
    default:
      return A.assertNever(op);
  }
}
