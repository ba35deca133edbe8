// Modifiers: a value's base run through the modifiers the program attached to it, in their order,
// each traced, and what each modifier operation does to a number or a tally. `valueThroughModifiers`
// is a free function taking the running interpreter as a `Machine` (see machine.ts): it runs once per
// value call, and a call through a parameter costs what the method call did.
import * as A from "../core/ast.ts";
import { addTallies, divide, divideTally, scaleTally, subtractTallies } from "../constructs/operators/numbers.ts";
import { checkCount, exact } from "../core/limits.ts";
import { frame, type Machine } from "./machine.ts";
import { showExpr } from "../core/show-expr.ts";
import { RuleError, showValue, Tally, tallyKey, valuesEqual, type Value } from "../core/values.ts";
import type { ExclusivePlace } from "../core/stages.ts";

export function valueThroughModifiers(vm: Machine, v: A.ValueDecl, args: Value[]): Value | undefined {
  let result = vm.eval(v.base, frame(v.frameSize, args));
  // An exclusive stage's modifiers whose conditions held, applied (or skipped) when the stage ends.
  let pending: Candidate[] | undefined;
  for (const m of vm.program.modifiers.get(v) ?? []) {
    // Each modifier has its own frame: the value's parameters, then its own comprehension variables.
    const env = frame(m.frameSize, args);
    const place = vm.program.exclusive.get(m);
    const outer = vm.rule;
    vm.rule = vm.label(m, () => `modifier ${m.name.text}`);
    try {
      // `result` is the value as it stands when this modifier is reached (in an exclusive stage, as the stage found it).
      env[m.resultSlot!] = result;
      if (m.condition && vm.eval(m.condition, env) !== true) continue;
      const amount = m.amount ? vm.eval(m.amount, env) : undefined;
      const before = result;
      const into = m.into ? vm.eval(m.into, env) : undefined;
      const factor = m.factor ? vm.eval(m.factor, env) : undefined;
      if (place) {
        (pending ??= []).push({ m, amount, into, factor });
        continue;
      }
      result = applyModifierAt(m, result, amount, into ?? factor);
      const after = result;
      // A modifier whose condition held is reported even when it changed nothing: it did fire.
      vm.note("modifier", () => modifierMessage(v, m, before, after, amount, into, factor), m.span);
    } finally {
      vm.rule = outer;
      if (place?.last && pending) {
        result = settleExclusive(vm, v, place, result, pending);
        pending = undefined;
      }
    }
  }
  return result;
}

/** A modifier of an exclusive stage whose condition held, with its operands evaluated. */
export interface Candidate {
  m: A.ModifierDecl;
  amount: Value | undefined;
  into: Value | undefined;
  factor: Value | undefined;
}

/** What settling an exclusive stage uses of a run (either engine's): its trace and its rule labels. */
interface TraceRun {
  readonly tracing: boolean;
  rule: string | undefined;
  note(kind: "modifier", message: () => string, span: A.Span): void;
}

/**
 * The end of an exclusive stage (`multiply exclusive largest`): per result, the one candidate its rule
 * picks applies, in the stage's order, and the others are skipped, each with a trace line naming the one
 * that applied. A result is a member of a tally where the modifier names one (`double Icon.a`,
 * `multiply Icon.b by 3`, `count Icon.a as Icon.b`), else the whole value. Every engine calls this,
 * so the choice and its lines are made in one place.
 */
export function settleExclusive(vm: TraceRun, v: A.ValueDecl, place: ExclusivePlace, start: Value | undefined, pending: readonly Candidate[]): Value | undefined {
  const groups = new Map<string, Candidate[]>();
  for (const c of pending) {
    const key = resultOf(c, start);
    const list = groups.get(key);
    if (list) list.push(c);
    else groups.set(key, [c]);
  }
  const chosen = new Map<Candidate, Candidate[]>();
  for (const [key, list] of groups) {
    let best = list[0]!;
    if (place.rule !== "first" && list.length > 1) {
      let bestSize = 0;
      list.forEach((c, i) => {
        const size = sizeOf(within(vm, c, () => applyModifierAt(c.m, start, c.amount, c.into ?? c.factor)), key);
        if (i === 0 || (place.rule === "largest" ? size > bestSize : size < bestSize)) [best, bestSize] = [c, size];
      });
    }
    chosen.set(best, list.filter((c) => c !== best));
  }
  let result = start;
  for (const c of pending) {
    const others = chosen.get(c);
    const before = result;
    if (others) result = within(vm, c, () => applyModifierAt(c.m, before, c.amount, c.into ?? c.factor));
    if (!vm.tracing) continue;
    const after = result;
    const winner = others ? undefined : [...chosen].find(([, skipped]) => skipped.includes(c))![0];
    within(vm, c, () => vm.note("modifier", () => (others ? appliedLine(v, place, c, before, after, others) : skippedLine(v, place, c, winner!)), c.m.span));
  }
  return result;
}

/** Runs `f` under the candidate's rule label, as its modifier's own step ran. */
function within<T>(vm: TraceRun, c: Candidate, f: () => T): T {
  const outer = vm.rule;
  vm.rule = `modifier ${c.m.name.text}`;
  try {
    return f();
  } finally {
    vm.rule = outer;
  }
}

/** The result a candidate changes: the tally member it names, or the whole value (`*`). */
function resultOf(c: Candidate, start: Value | undefined): string {
  const op = c.m.op.text;
  if (start instanceof Tally && c.amount !== undefined && c.amount !== null && (op === "double" || op === "count" || (op === "multiply" && c.factor !== undefined))) return tallyKey(c.amount);
  return "*";
}

/** How large an outcome is for the rule: a number itself, a tally's count of the member (or of all). */
function sizeOf(v: Value | undefined, key: string): number {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof Tally) return key === "*" ? [...v.counts.values()].reduce((a, b) => a + b, 0) : v.get(key);
  return 0;
}

/** `damage: 4 -> 12 (multiply 3), the largest of exclusive stage multiply; skipped: doubled` */
function appliedLine(v: A.ValueDecl, place: ExclusivePlace, c: Candidate, before: Value | undefined, after: Value | undefined, skipped: Candidate[]): string {
  const line = modifierMessage(v, c.m, before, after, c.amount, c.into, c.factor);
  if (skipped.length === 0) return line;
  return `${line}, the ${place.rule} of exclusive stage ${place.stage}; skipped: ${skipped.map((x) => x.m.name.text).join(", ")}`;
}

/** `damage: skipped (multiply 2): exclusive stage multiply applies one, the largest: tripled` */
function skippedLine(v: A.ValueDecl, place: ExclusivePlace, c: Candidate, winner: Candidate): string {
  return `${v.name.text}: skipped (${operationText(c.m, c.amount, c.into, c.factor)}): exclusive stage ${place.stage} applies one, the ${place.rule}: ${winner.m.name.text}`;
}

/** The trace's line for a modifier that fired (the compiled backend's too). */
export function modifierMessage(v: A.ValueDecl, m: A.ModifierDecl, before: Value | undefined, after: Value | undefined, amount: Value | undefined, into: Value | undefined, factor: Value | undefined): string {
  return `${v.name.text}: ${showValue(before)} ${valuesEqual(before, after) ? "unchanged" : `-> ${showValue(after)}`} (${operationText(m, amount, into, factor)})`;
}

/** A modifier's operation as the trace shows it: `divide 2 round up`, `count maneuver as save`. */
function operationText(m: A.ModifierDecl, amount: Value | undefined, into: Value | undefined, factor: Value | undefined): string {
  const rounding = m.rounding?.text;
  // `compute` shows its expression: its value is already the result after the arrow.
  const shown = m.op.text === "compute" && m.amount ? showExpr(m.amount) : amount === undefined ? undefined : showValue(amount);
  return `${m.op.text}${shown === undefined ? "" : ` ${shown}`}${rounding === undefined ? "" : ` round ${rounding}`}${into === undefined ? "" : ` as ${showValue(into)}`}${factor === undefined ? "" : ` by ${showValue(factor)}`}`;
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
      return t.with(amount as Value, checkCount(tallyKey(amount as Value), t.get(amount as Value) * 2));
    case "multiply": {
      if (other === undefined) return scaleTally(t, amount as number);
      const factor = other as number;
      if (factor < 0) throw new RuleError("R0501", `a count cannot be negative, but \`multiply ${String(amount)} by ${factor}\` would make it so`);
      return t.with(amount as Value, checkCount(tallyKey(amount as Value), t.get(amount as Value) * factor));
    }
    case "count": {
      // The counted results become the other member: they are not counted twice.
      const from = tallyKey(amount as Value);
      const to = tallyKey(other as Value);
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
