// Types of expressions: `expr` gives each expression its type and records on it what the runtime needs
// (slots, refs, field indexes), for literals, names, members, operators, `choose` and the narrowing of
// optionals by a `!= none` check. Calls and constructions, the largest group, follow in calls.ts; kept
// apart from statements so that what an expression means can be read without the rules that use it.
import * as A from "../core/ast.ts";
import { walk } from "../core/ast-walk.ts";
import { didYouMean } from "../core/diagnostics.ts";
import { foreignWordHelp, keywordGuess } from "../../grammar/messages.ts";
import { ANY, BOOL, INT, NONE, TEXT, assignable, listOf, optional, typeToString, typeUnknown, type Type } from "../core/types.ts";
import { showExpr } from "../core/show-expr.ts";
import { relativeImport, Resolution, Scope, type Context } from "./resolution.ts";
import { idOf } from "./symbols.ts";
import { statusLevel } from "../core/statuses.ts";
import { operatorConstruct } from "../constructs/operators.ts";
import type { OperatorCheck } from "../constructs/operators/contexts.ts";
import { constInt } from "../constructs/operators/operands.ts";

export abstract class Expressions extends Resolution {
  /** In calls.ts: a name applied to arguments. */
  protected abstract call(e: A.Expr & { kind: "call" }, scope: Scope, ctx: Context): Type;
  /** In statements.ts: the checker as the constructs' check rules see it. */
  protected abstract readonly statements: OperatorCheck;
  /** In calls.ts: the event and arguments of an `emit`. */
  protected abstract emitArgs(s: { event: A.Name; args: A.Arg[]; span: A.Span; ref?: A.Ref }, scope: Scope, ctx: Context): A.EventDecl | undefined;

  /** Reads of one count from a tally: tallies are values, so such a read cannot be assigned to. */
  protected readonly tallyReads = new WeakMap<A.Expr, string>();

  /** Reads of a field of a record, with the record and the expression it was read from. */
  protected readonly recordReads = new WeakMap<A.Expr, { record: A.KindDecl; object: A.Expr }>();

  protected entity(t: Type, span: A.Span) {
    if (t.t === "kind" && this.isRecord(t.name)) this.report("E0201", span, `statuses belong to entities of a \`kind\`, but \`${t.name}\` is a record, a plain value`);
    if (t.t === "optional" && t.of.t === "kind") this.report("E0240", span, `this may be \`none\`, which holds no statuses`, this.checkHelp(span));
    else if (t.t !== "kind" && t.t !== "any") this.report("E0201", span, `statuses belong to entities of a \`kind\`, but this is ${typeToString(t)}`);
  }

  /** A constant given where a ranged int is expected must fit the range; other values are checked at run time. */
  protected constantInRange(e: A.Expr, t: Type, what: string) {
    const v = constInt(e);
    if (t.t === "int" && t.low !== undefined && v !== undefined && (v < t.low || v > t.high!)) {
      this.report("E0210", e.span, `${v} is outside the range ${t.low}..${t.high} of ${what}`);
    }
  }

  protected condition(e: A.Expr, scope: Scope, ctx: Context) {
    this.expectType(this.expr(e, scope, ctx), BOOL, e.span, "a condition");
  }

  protected expectType(actual: Type, expected: Type, span: A.Span, what: string) {
    if (assignable(actual, expected)) return;
    // `Unit?` where a `Unit` is needed: a value that may be none used as if it were there (E0240, as a
    // field read of it is); the fix is a check, not a different value.
    if (actual.t === "optional" && assignable(actual.of, expected)) {
      this.report("E0240", span, `${what} should be ${typeToString(expected)}, but this is ${typeToString(actual)} and may be \`none\``, this.checkHelp(span));
      return;
    }
    const help =
      // \`R()\` or \`R(f: v)\` where a \`tally<R>\` of a record is wanted: the tally has a form of its own.
      expected.t === "tally" && actual.t === "kind" && actual.name === expected.of
        ? `\`${actual.name}(...)\` makes one value of the record; a tally of them is \`${actual.name}(k in ${actual.name} => 0)\` (empty) or \`${actual.name}(k in ${actual.name} => N)\``
        : this.poolHelp(actual, expected, span);
    this.report("E0201", span, `${what} should be ${typeToString(expected)}, but this is ${typeToString(actual)}`, help);
  }

  /** `roll 3d6` where a list of numbers is wanted: the roll is the sum; the dice apart are a pool. */
  private poolHelp(actual: Type, expected: Type, span: A.Span): string | undefined {
    const e = this.typedAt.get(spanKey(span));
    if (e?.kind !== "roll" || !e.count || constInt(e.count) === 1 || actual.t !== "int" || expected.t !== "list" || expected.of.t !== "int") return undefined;
    return "a `roll` of several dice is their sum; `rollEach(count, sides)` gives each die apart, as a list";
  }

  /** The expression last typed at each span, so a help text can name what to check. */
  protected readonly typedAt = new Map<string, A.Expr>();

  /** The modifier being checked: no `if` or `let` can be written in it, so the help points at its `when`. */
  protected modifierAt: A.ModifierDecl | undefined;

  protected checkHelp(span: A.Span): string {
    const e = this.typedAt.get(spanKey(span));
    const m = this.modifierAt;
    if (m && (!e || e.kind === "name")) {
      const check = `${e ? showExpr(e) : "x"} != none`;
      const c = m.condition;
      const rest = c ? (c.kind === "binary" && c.op === "or" ? `(${showExpr(c)})` : showExpr(c)) : undefined;
      return `check it in the modifier's \`when\`: \`when ${rest ? `${check} and ${rest}` : check}\``;
    }
    if (!e || e.kind === "name") return `check it with \`if ${e ? showExpr(e) : "x"} != none\``;
    // Only plain names are narrowed: a field could change between the check and the use.
    const name = e.kind === "member" ? e.member.text : "v";
    if (m) return `a \`when\` narrows only a plain name: read \`${showExpr(e)}\` in a \`fn\` the modifier calls, copy it there with \`let ${name} = ${showExpr(e)}\` and check \`if ${name} != none\``;
    return `a check narrows only a plain name: copy it with \`let ${name} = ${showExpr(e)}\`, then check \`if ${name} != none\``;
  }

  /** E0240: a `T?` used where only a present value will do. */
  protected maybeNone(e: A.Expr, what: string) {
    this.report("E0240", e.span, `${what}, but \`${showExpr(e)}\` may be \`none\``, this.checkHelp(e.span));
  }

  protected roundingMode(mode: A.Name) {
    if ((A.roundings as readonly string[]).includes(mode.text)) return;
    this.report("E0221", mode.span, `unknown rounding \`${mode.text}\``, didYouMean(mode.text, A.roundings) ?? "round `down`, `up` or `nearest`");
  }

  expr(e: A.Expr, scope: Scope, ctx: Context): Type {
    const t = this.typeOf(e, scope, ctx);
    this.typedAt.set(spanKey(e.span), e);
    this.observe?.(e, t, scope);
    return t;
  }

  protected typeOf(e: A.Expr, scope: Scope, ctx: Context): Type {
    switch (e.kind) {
      case "int":
        return INT;
      case "text":
        return TEXT;
      case "bool":
        return BOOL;
      case "none":
        return NONE;
      case "name":
        return this.name(e, scope, ctx);
      case "member":
        return this.member(e, scope, ctx);
      case "index": {
        const list = this.expr(e.object, scope, ctx);
        // `results[action]`: a tally read at a member known only at run time.
        if (list.t === "tally") {
          this.tallyReads.set(e, list.of);
          this.expectType(this.expr(e.index, scope, ctx), this.tallyKeyType(list), e.index.span, "a tally's index");
          return INT;
        }
        this.expectType(this.expr(e.index, scope, ctx), INT, e.index.span, "a list index");
        if (list.t === "list") return list.of;
        if (list.t === "optional") {
          this.maybeNone(e.object, "only a list can be indexed");
          return list.of.t === "list" ? list.of.of : ANY;
        }
        if (list.t !== "any") this.report("E0201", e.object.span, `only a list or a tally can be indexed, but this is ${typeToString(list)}`);
        return ANY;
      }
      case "call":
        return this.call(e, scope, ctx);
      case "list": {
        const types = e.items.map((i) => this.expr(i, scope, ctx));
        // `[u, none]`: a list of `Unit?`. `[[], [1]]`: the item type the empty list leaves open is the other's.
        const plain = types.find((t) => t.t !== "none" && !typeUnknown(t)) ?? types.find((t) => t.t !== "any" && t.t !== "none") ?? types.find((t) => t.t !== "any") ?? ANY;
        const first = types.some((t) => t.t === "none") ? optional(plain) : plain;
        types.forEach((t, i) => this.expectType(t, first, e.items[i]!.span, "every item of a list"));
        return listOf(first.t === "int" ? INT : first);
      }
      case "binary":
      case "not":
      case "neg":
      case "has": {
        const construct = operatorConstruct(e);
        if (construct) return construct.check(e, scope, ctx, this.statements);
        this.report("E0201", e.span, `\`${showExpr(e)}\` has no operator`);
        return ANY;
      }
      case "cond": {
        this.condition(e.condition, scope, ctx);
        const a = this.expr(e.then, this.narrow(scope, presentWhen(e.condition, true), [], ctx), ctx);
        const b = this.expr(e.else, this.narrow(scope, presentWhen(e.condition, false), [], ctx), ctx);
        // `if c then u else none`: a `Unit?`.
        if (a.t === "none") return optional(b);
        if (b.t === "none") return optional(a);
        if (b.t === "optional" && !assignable(b, a) && assignable(a, b)) return b;
        this.expectType(b, a, e.else.span, "both branches of `if`");
        // `if c then [] else [1]`: the branch that says more gives the type.
        const known = typeUnknown(a) && !typeUnknown(b) ? b : a;
        return known.t === "int" ? INT : known;
      }
      case "roll": {
        const sides = this.expr(e.sides, scope, ctx);
        if (sides.t === "die") {
          if (e.count) this.report("E0202", e.count.span, "a custom die is rolled one at a time: `roll Footman`");
          return { t: "tally", of: sides.of };
        }
        if (e.badArgs) this.report("E0202", e.badArgs, "`roll` takes the number of sides, or the number of dice and the sides: `roll(20)`, `roll(2, 6)`");
        if (e.count) this.expectType(this.expr(e.count, scope, ctx), INT, e.count.span, "the number of dice");
        for (const [part, what] of [[e.count, "dice"], [e.sides, "sides"]] as const) {
          const n = part ? constInt(part) : undefined;
          if (n !== undefined && n < 1) this.report("E0201", part!.span, `a roll needs at least 1 ${what === "dice" ? "die" : "side"}, not ${n}`);
        }
        this.expectType(sides, INT, e.sides.span, "the number of sides, or a die");
        // Sides already reported (`roll Icon`) may have meant a die: no second error about the result.
        return sides.t === "any" ? ANY : INT;
      }
      case "emit": {
        const ev = this.emitArgs(e, scope, ctx);
        if (!ev) return ANY;
        if (!ev.returns) {
          this.report("E0201", e.span, `event \`${ev.name.text}\` has no result, so this \`emit\` gives no value`, `declare one, like \`event ${ev.name.text}(...) -> int\`, or emit it as a statement`);
          return ANY;
        }
        return this.resolveType(ev.returns, ev.span.file);
      }
      case "choose":
        return this.choose(e, scope, ctx);
      default:
        return A.assertNever(e);
    }
  }

  protected name(e: A.Expr & { kind: "name" }, scope: Scope, ctx: Context): Type {
    const local = scope.get(e.name);
    if (local) {
      // A narrowed state field is still the state field: only its type changed here.
      this.s.resolution.set(e, "ref", local.stateField ? { to: "state", index: this.s.stateIndex.get(e.name)! } : local.ofEmission ? { to: "local", slot: local.slot, event: true } : { to: "local", slot: local.slot });
      return local.type;
    }
    const field = this.stateField(e.name, ctx.file);
    if (field) {
      this.s.resolution.set(e, "ref", { to: "state", index: this.s.stateIndex.get(e.name)! });
      return this.resolveType(field.type, ctx.file);
    }
    const hidden = this.s.stateFields.get(e.name);
    if (hidden) {
      this.report("E0105", e.span, `the state field \`${e.name}\` is declared in \`${hidden.span.file}\`, which this file does not import`, `add \`import "${relativeImport(ctx.file, hidden.span.file)}"\``);
      return ANY;
    }
    if (this.declared(e.name)) {
      const d = this.lookup(e.name, e.span, ctx.file);
      if (!d) return ANY;
      if (d.kind === "die") {
        this.s.resolution.set(e, "ref", { to: "decl", id: idOf(this.s, d) });
        return { t: "die", of: d.faceType.text };
      }
      if (d.kind === "status") {
        this.s.resolution.set(e, "ref", { to: "decl", id: idOf(this.s, d) });
        return { t: "status", name: d.name.text, level: statusLevel(d) };
      }
      if (d.kind === "enum") this.report("E0201", e.span, `\`${e.name}\` is an enum; name one of its members, like \`${e.name}.${d.members[0]?.text ?? "member"}\``, `to go through its members, write \`for m in ${e.name} { ... }\``);
      else this.report("E0201", e.span, `\`${e.name}\` is a ${d.kind}, not a value`, d.kind === "fn" || d.kind === "value" || d.kind === "table" ? `call it: \`${e.name}(...)\`` : undefined);
      return ANY;
    }
    const candidates = () => [...scope.names(), ...this.s.stateFields.keys(), ...this.namesOf(ctx.file, "fn", "value", "table", "kind", "enum", "die", "event", "status", "modifier")];
    if (!this.notImported(e.name, e.span, ctx.file)) this.report("E0101", e.span, `unknown name \`${e.name}\``, this.suggest(e.name, e.span, candidates) ?? foreignWordHelp(e.name) ?? keywordGuess(e.name));
    return ANY;
  }

  protected member(e: A.Expr & { kind: "member" }, scope: Scope, ctx: Context): Type {
    const m = e.member.text;
    // `Side.attacker`: an enum member.
    if (e.object.kind === "name" && !scope.get(e.object.name) && !this.s.stateFields.has(e.object.name)) {
      const d = this.declared(e.object.name) ? this.lookup(e.object.name, e.object.span, ctx.file) : undefined;
      if (this.declared(e.object.name) && !d) return ANY;
      if (d?.kind === "enum") {
        this.s.resolution.set(e, "ref", { to: "decl", id: idOf(this.s, d) });
        if (d.members.some((x) => x.text === m)) return { t: "enum", name: d.name.text, id: idOf(this.s, d) };
        this.report("E0103", e.member.span, `enum \`${d.name.text}\` has no member \`${m}\``, this.suggest(m, e.member.span, () => d.members.map((x) => x.text)));
        return ANY;
      }
    }
    let obj = this.expr(e.object, scope, ctx);
    if (obj.t === "optional") {
      this.maybeNone(e.object, `\`.${m}\` needs a value`);
      obj = obj.of;
    }
    if (obj.t === "any") return ANY;
    if (obj.t === "kind") {
      const k = this.typeDecl(obj.name, obj.id) as A.KindDecl;
      const f = k.fields.find((x) => x.name.text === m);
      if (f && k.record) this.recordReads.set(e, { record: k, object: e.object });
      if (f) {
        this.s.resolution.set(e, "field", { kind: idOf(this.s, k), index: k.fields.indexOf(f) });
        return this.resolveType(f.type, k.span.file);
      }
      this.report("E0103", e.member.span, `\`${obj.name}\` has no field \`${m}\``, this.suggest(m, e.member.span, () => k.fields.map((x) => x.name.text)));
      return ANY;
    }
    if (obj.t === "tally" && obj.record !== undefined) {
      this.report("E0103", e.member.span, `a tally of \`${obj.of}\` counts its values, not members: read one with \`t[${obj.of}(...)]\``);
      return ANY;
    }
    if (obj.t === "tally") {
      this.tallyReads.set(e, obj.of);
      const members = this.enumMembers(obj.of);
      if (members.includes(m)) return INT;
      this.report("E0103", e.member.span, `enum \`${obj.of}\` has no member \`${m}\` to count`, this.suggest(m, e.member.span, () => members));
      return ANY;
    }
    this.report("E0103", e.member.span, `${typeToString(obj)} has no field \`${m}\``, obj.t === "list" && m === "length" ? "use `len(list)`" : undefined);
    return ANY;
  }

  /**
   * `choose "q" from xs`: an item of `xs`; `or none` makes it optional; `up to n` makes it a list of
   * up to `n` items, asked one at a time with `none` to stop. `by who` takes any value: it is shown.
   */
  protected choose(e: A.Expr & { kind: "choose" }, scope: Scope, ctx: Context): Type {
    if (e.upTo) {
      this.expectType(this.expr(e.upTo, scope, ctx), INT, e.upTo.span, "the number of picks");
      const n = constInt(e.upTo);
      if (n !== undefined && n < 0) this.report("E0242", e.upTo.span, `\`choose up to ${n}\` can never pick anything: the number of picks cannot be below 0`, "use 0 or more");
      if (e.orNone) this.report("E0242", e.span, "`choose up to` already offers `none` to stop, so `or none` says nothing more", "remove `or none`");
    }
    this.expectType(this.expr(e.question, scope, ctx), TEXT, e.question.span, "the question");
    const options = this.expr(e.options, scope, ctx);
    if (e.by) this.expr(e.by, scope, ctx);
    let item: Type = ANY;
    if (options.t === "list") item = options.of;
    else if (options.t === "optional" && options.of.t === "list") this.maybeNone(e.options, "`choose` picks from a list");
    else if (options.t !== "any") this.report("E0201", e.options.span, `\`choose\` picks from a list, but this is ${typeToString(options)}`);
    if (e.upTo) return listOf(item);
    return e.orNone ? optional(item) : item;
  }

  /**
   * A scope in which each named variable, parameter or state field of an optional type has its plain
   * type, because a check has shown it is not `none`. A name assigned anywhere in `region` keeps its
   * optional type: the check may no longer hold there.
   */
  protected narrow(scope: Scope, names: string[], region: A.Stmt[], ctx: Context): Scope {
    if (names.length === 0) return scope;
    const inner = new Scope(scope);
    for (const name of names) {
      if (region.some((s) => assignsName(s, name))) continue;
      const local = scope.get(name);
      const field = local ? undefined : this.stateField(name, ctx.file);
      const t = local?.type ?? (field ? this.resolveType(field.type, ctx.file) : undefined);
      if (t?.t !== "optional") continue;
      inner.set(name, local ? { ...local, type: t.of, narrowed: true } : { type: t.of, span: field!.name.span, mutable: true, narrowed: true, stateField: true, slot: -1 });
    }
    return inner;
  }
}

/** Where a span is, as a map key. */
function spanKey(s: A.Span): string {
  return `${s.file}:${s.start}:${s.end}`;
}

/**
 * The plain names (variables, parameters, state fields) that cannot be `none` when `e` is `holds`:
 * `x != none` when true, `x == none` when false, through `and`, `or` and `not`.
 */
export function presentWhen(e: A.Expr, holds: boolean): string[] {
  switch (e.kind) {
    case "binary": {
      if (e.op === "==" || e.op === "!=") {
        const name = e.left.kind === "none" && e.right.kind === "name" ? e.right.name : e.right.kind === "none" && e.left.kind === "name" ? e.left.name : undefined;
        return name !== undefined && (e.op === "!=") === holds ? [name] : [];
      }
      // Both sides of a true `and` held; both sides of a false `or` failed.
      if ((e.op === "and" && holds) || (e.op === "or" && !holds)) return [...presentWhen(e.left, holds), ...presentWhen(e.right, holds)];
      return [];
    }
    case "not":
      return presentWhen(e.operand, !holds);
    default:
      return [];
  }
}

/** Whether the statement (or one inside it) assigns the plain name: a check on it may not hold after. */
function assignsName(s: A.Stmt, name: string): boolean {
  let found = false;
  walk(s, (n) => {
    const x = n as A.Stmt;
    if (x.kind === "assign" && x.target.kind === "name" && x.target.name === name) found = true;
    return !found;
  });
  return found;
}
