// The run-time side of the expressions that are not calls of a declaration: dice rolls (`roll`, custom
// dice), choices (`choose`, scripted answers, the chooser), the walk of an aggregate over a comprehension
// (the aggregates themselves, like the built-in functions, are entries of core/builtins.ts) and a
// per-member tally. Free functions taking the running interpreter as a `Machine` (see machine.ts): `eval`
// calls them as it called the methods they were, at the same cost, and they need nothing of the
// interpreter's but that interface.
import { answers } from "./choosers.ts";
import type * as A from "../core/ast.ts";
import { frame, type Env, type Machine } from "./machine.ts";
import { aggregateNamed, noItem, shownDie, type Matched } from "../core/builtins.ts";
import { checkCount, exact, MAX_DICE } from "../core/limits.ts";
import { showExpr } from "../core/show-expr.ts";
import { tallyIn } from "./state.ts";
import { Die, RuleError, showValue, Tally, tallyKey, valuesEqual, type Value } from "../core/values.ts";
import { recordDomain, recordTally } from "./record-tallies.ts";

export function roll(vm: Machine, e: A.Expr & { kind: "roll" }, env: Env): number | Tally {
  const count = e.count ? (vm.eval(e.count, env) as number) : 1;
  return rollValues(vm, e, count, vm.eval(e.sides, env));
}

/** `roll` on its evaluated count and sides: shared by the tree-walker and the compiled backend. */
export function rollValues(vm: Machine, e: A.Expr & { kind: "roll" }, count: number, sides: Value | undefined): number | Tally {
  if (sides instanceof Die) return rollDie(vm, sides, e.span);
  if (typeof sides !== "number") throw new RuleError("R0501", `\`${showExpr(e.sides)}\` has no value yet`, e.sides.span);
  if (!Number.isInteger(count) || count < 1 || count > MAX_DICE) throw new RuleError("R0501", `cannot roll ${count} dice`, e.span);
  // Every die after the first is a step of the budget: a loop of `roll(1000, 6)` is a runaway too.
  vm.charge(count - 1, e.span);
  // Without a trace, no object per die: only the values are needed.
  if (count === 1) {
    const value = vm.dice.rollValue(sides, e.span);
    if (vm.tracing) {
      const forced = vm.dice.lastForced;
      vm.note("roll", () => `roll d${sides} -> ${value}${forced ? " (forced)" : ""}`, e.span);
    }
    return value;
  }
  if (!vm.tracing) {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += vm.dice.rollValue(sides, e.span);
    // The message's closure is made only when the total is not exact: a simulation rolls this often.
    return Number.isSafeInteger(sum) ? sum : exact(sum, () => `the total of \`${showExpr(e)}\``, e.span);
  }
  const results = Array.from({ length: count }, () => vm.dice.roll(sides, e.span));
  const total = exact(results.reduce((n, r) => n + r.value, 0), () => `the total of \`${showExpr(e)}\``, e.span);
  if (vm.tracing) vm.note("roll", () => `roll ${count}d${sides} -> ${results.map(shownDie).join(" + ")} = ${total}`, e.span);
  return total;
}

/** A die's faces: constants, so evaluated the first time they are needed (a roll, `faces`) and kept. */
export function dieFaces(vm: Machine, die: Die): readonly Tally[] {
  return (die.faces ??= die.decl.faces.map((f) => vm.eval(f, frame(0)) as Tally));
}

/** A custom die: a face is picked as a die of that many sides would be, so `force dice` names the face. */
function rollDie(vm: Machine, die: Die, span: A.Span): Tally {
  const name = die.name;
  const faces = dieFaces(vm, die);
  const r = vm.dice.roll(faces.length, span, `\`${name}\`, which has ${faces.length} faces`);
  const face = faces[r.value - 1]!;
  if (vm.tracing) vm.note("roll", () => `roll ${name} -> face ${r.value} of ${faces.length}: ${showValue(face)}${r.forced ? " (forced)" : ""}`, span);
  return face;
}

export function choose(vm: Machine, e: A.Expr & { kind: "choose" }, env: Env): Value {
  const question = vm.eval(e.question, env) as string;
  const listed = vm.eval(e.options, env) as Value[];
  const who = e.by ? showValue(vm.eval(e.by, env)) : undefined;
  if (e.upTo) return chooseUpTo(vm, e, env, question, listed, who);
  // `or none`: `none` is the last option, so the default policy takes it only from an empty list.
  const options = e.orNone ? [...listed, null] : listed;
  if (options.length === 0) throw new RuleError("R0501", `nothing to choose from for "${question}"`, e.options.span);
  return options[ask(vm, e, question, options, who)]!;
}

/**
 * `choose up to N "q" from xs`: one question per pick, offering what is not yet picked and then
 * `none` to stop. Picks are taken out by position, so equal items can each be picked once. With
 * nothing left to pick it stops without asking.
 */
function chooseUpTo(vm: Machine, e: A.Expr & { kind: "choose" }, env: Env, question: string, listed: Value[], who: string | undefined): Value[] {
  const n = vm.eval(e.upTo!, env) as number;
  if (n < 0) throw new RuleError("R0501", `cannot choose up to ${n}: the number of picks cannot be below 0`, e.upTo!.span);
  const left = [...listed];
  const picked: Value[] = [];
  while (picked.length < n && left.length > 0) {
    const index = ask(vm, e, question, [...left, null], who, `pick ${picked.length + 1} of up to ${n}`);
    if (index === left.length) break;
    picked.push(...left.splice(index, 1));
  }
  return picked;
}

/** One question: a scripted answer, else the chooser, else the first option. Returns the option's index. */
function ask(vm: Machine, e: A.Expr & { kind: "choose" }, question: string, options: Value[], who: string | undefined, pick?: string): number {
  let index: number | undefined;
  let how = "default: the first option";
  if (vm.scripted.length > 0) {
    const wanted = vm.scripted.shift()!;
    index = options.findIndex((o) => valuesEqual(o, wanted));
    // A text names an option as a scenario's "choices" do: by its displayed text or an entity's name.
    if (index < 0 && typeof wanted === "string") index = options.findIndex((o) => o !== null && answers(o, wanted));
    if (index < 0) {
      const shown = typeof wanted === "string" ? JSON.stringify(wanted) : showValue(wanted);
      throw new RuleError("R0503", `the scripted choice ${shown} is not one of the options for "${question}": ${options.map(showValue).join(", ")}`, e.span);
    }
    how = "scripted";
  } else if (vm.chooser) {
    index = vm.chooser.choose(question, options, e.span, who, vm);
    if (index !== undefined && (index < 0 || index >= options.length || !Number.isInteger(index))) {
      throw new RuleError("R0503", `the chooser picked option ${index} of ${options.length} for "${question}"`, e.span);
    }
    if (index !== undefined) {
      const why = vm.tracing ? vm.chooser.explain?.() : undefined;
      how = why === undefined ? "chosen" : `chosen ${why}`;
    }
  }
  const picked = options[index ?? 0]!;
  const about = [...(who === undefined ? [] : [`asked of ${who}`]), ...(pick === undefined ? [] : [pick])];
  vm.note("choice", () => `"${question}"${about.length > 0 ? ` (${about.join(", ")})` : ""} -> ${showValue(picked)} (${how})`, e.span);
  return index ?? 0;
}

/** `Icon(m in Icon => t[m] / 2 round down)`: a tally with one count per member. */
export function perMember(vm: Machine, en: A.EnumDecl, c: A.Comprehension, env: Env): Tally {
  const counts = new Map<string, number>();
  for (const m of en.members) {
    env[c.slot!] = m.text;
    const n = vm.eval(c.yield!, env) as number;
    if (n < 0) throw new RuleError("R0501", `a count cannot be negative, but \`${m.text}\` is ${n}`, c.yield!.span);
    counts.set(m.text, checkCount(m.text, n, c.yield!.span));
  }
  return tallyIn(en, counts);
}

/** `Magic(k in Magic => n)`: a tally of a record's values, counting `n` for each (run/record-tallies.ts). */
export function perRecordValue(vm: Machine, k: A.KindDecl, c: A.Comprehension, env: Env): Tally {
  const counts = new Map<string, number>();
  for (const value of recordDomain(k, (r) => vm.decl(r)) ?? []) {
    env[c.slot!] = value;
    const n = vm.eval(c.yield!, env) as number;
    const key = tallyKey(value);
    if (n < 0) throw new RuleError("R0501", `a count cannot be negative, but \`${key}\` is ${n}`, c.yield!.span);
    counts.set(key, checkCount(key, n, c.yield!.span));
  }
  return recordTally(k, (r) => vm.decl(r), (key) => counts.get(key) ?? 0);
}

export function aggregate(vm: Machine, name: string, c: A.Comprehension, env: Env, span: A.Span): Value {
  const source = vm.enumAsList(c.source) ?? vm.list(c.source, env);
  const part = (e: A.Expr | undefined) => (e ? (at: Env, m: Machine) => m.eval(e, at) : undefined);
  return aggregateOver(vm, name, c, env, span, source, part(c.where), part(c.yield), part(c.otherwise));
}

/** A part of a comprehension, evaluated in the frame: the tree-walker's `eval`, or a compiled closure. */
export type Part<M extends Machine> = (env: Env, vm: M) => Value | undefined;

/**
 * An aggregate over its evaluated source, given its `where`, yield and `else` parts: shared by the
 * tree-walker (`aggregate`) and the compiled backend, which passes its closures. The walk is the same for
 * every aggregate (a step per item, every `where` before any `=> value`); what it makes of the items
 * that matched is the aggregate's own (core/builtins.ts).
 */
export function aggregateOver<M extends Machine>(vm: M, name: string, c: A.Comprehension, env: Env, span: A.Span, source: readonly Value[], where: Part<M> | undefined, yieldOf: Part<M> | undefined, otherwise: Part<M> | undefined): Value {
  const agg = aggregateNamed(name);
  if (!agg) throw new RuleError("R0501", `\`${name}\` is not an aggregate`, span);
  const slot = c.slot!;
  const stopsAtFirst = agg.stopsAtFirst === true;
  const matching: Value[] = [];
  for (const item of source) {
    vm.tick(span); // every item counts, as every pass of a `for` does
    env[slot] = item;
    if (!where || where(env, vm) === true) {
      matching.push(item);
      if (stopsAtFirst) break;
    }
  }
  return agg.run(matching, new Walked(vm, name, c, env, span, source.length, matching, yieldOf, otherwise));
}

/** What an aggregate's `run` reads of its walk besides the items that matched: one object, its methods shared. */
class Walked<M extends Machine> implements Matched {
  constructor(
    private readonly vm: M,
    private readonly name: string,
    private readonly c: A.Comprehension,
    private readonly env: Env,
    readonly span: A.Span,
    readonly sourceLength: number,
    private readonly matching: Value[],
    private readonly yieldOf: Part<M> | undefined,
    private readonly otherwise: Part<M> | undefined,
  ) {}

  values(): Value[] {
    const slot = this.c.slot!;
    return this.matching.map((item) => {
      this.env[slot] = item;
      return this.yieldOf!(this.env, this.vm) as Value;
    });
  }

  orElse(): Value {
    if (this.otherwise) return this.otherwise(this.env, this.vm) as Value;
    throw noItem(this.name, this.c.source, this.span);
  }
}
