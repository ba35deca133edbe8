// Declarations and blocks: each declaration's own checks (fields and defaults, events, triggers,
// statuses, functions, values, examples), blocks, and what statements share: what may be assigned or
// changed in place. Each statement's own rule is in its construct (src/constructs/), which gets this
// checker as a `StatementCheck`. Modifiers, tables and dice have checks of their own in
// rule-checks.ts; this layer hands them over from `decl`.
import * as A from "../core/ast.ts";
import { VOID, typeToString, typeUnknown, type Type } from "../core/types.ts";
import { showExpr } from "../core/show-expr.ts";
import { Calls } from "./calls.ts";
import { presentWhen } from "./expressions.ts";
import { constInt } from "../constructs/operators/operands.ts";
import { Scope, type Context } from "./resolution.ts";
import { statementConstruct } from "../constructs/statements.ts";
import type { OperatorCheck } from "../constructs/operators/contexts.ts";
import { typeShape } from "../constructs/let.ts";
import { declById, idOf, lookupName, RESERVED_FIELD } from "./symbols.ts";
import { stackingPolicies, statusLevel } from "../core/statuses.ts";
import { didYouMean } from "../core/diagnostics.ts";
import { EXCLUSIVE_RULES } from "../core/stages.ts";

/** In a modifier's condition and expressions, the value's result as it stands when the modifier is reached. */
export const RESULT = "result";

export abstract class Statements extends Calls {
  /** In rule-checks.ts: a modifier's target, operation, stage, rounding and amounts. */
  protected abstract modifier(d: A.ModifierDecl, ctx: Context): void;
  /** In rule-checks.ts: a table's rows, patterns and coverage. */
  protected abstract table(d: A.TableDecl, ctx: Context): void;
  /** In rule-checks.ts: a die's faces. */
  protected abstract die(d: A.DieDecl, ctx: Context): void;

  protected decl(d: A.Decl, file: string) {
    const ctx: Context = { file, inExample: false };
    switch (d.kind) {
      case "import":
      // Its title is checked against the examples of what the mod extends, which only the mod loader knows (tools/mods).
      case "overrides":
      case "enum":
        if (d.kind === "enum") this.duplicates(d.members, "member", `enum \`${d.name.text}\``);
        return;
      case "kind":
      case "state":
        this.fields(d.fields, ctx, d.kind === "kind" ? `${d.record ? "record" : "kind"} \`${d.name.text}\`` : "the state");
        if (d.kind === "kind" && d.record) this.plainFields(d);
        return;
      case "status":
        this.statusDecl(d, file);
        return;
      case "event": {
        const scope = this.eventScope(d, "body", file, d);
        const result = d.params.find((p) => p.name.text === "result");
        if (d.returns && result) {
          this.report("E0232", result.name.span, `an event with a result type cannot have a parameter named \`result\`: the handlers use that name for the event's result`, "rename the parameter");
        }
        if (d.body) this.block(d.body, scope, { ...ctx, event: { decl: d, timing: "body" } });
        return;
      }
      case "trigger": {
        const ev = this.expectEvent(d.event, file);
        if (ev) this.s.resolution.set(d, "eventRef", { to: "decl", id: idOf(this.s, ev) });
        const scope = ev ? this.eventScope(ev, d.timing, file, d) : this.paramScope([], file, d);
        const inner = ev ? { ...ctx, event: { decl: ev, timing: d.timing } } : ctx;
        if (d.condition) this.condition(d.condition, scope, inner);
        this.block(d.body, scope, inner);
        return;
      }
      case "fn": {
        const scope = this.paramScope(d.params, file, d);
        const returns = d.returns ? this.resolveType(d.returns, file) : VOID;
        const inFn: Context = d.extends ? { ...ctx, previous: this.s.previous.get(d) ?? null } : ctx;
        if (d.body.kind === "block") {
          this.block(d.body, scope, { ...inFn, returns });
          if (returns.t !== "void" && !alwaysReturns(d.body)) {
            this.report("E0205", d.name.span, `\`${d.name.text}\` can reach its end without returning a value of type ${typeToString(returns)}`, "end every path with `return`");
          }
        }
        else {
          const t = this.expr(d.body, scope, inFn);
          if (d.returns) this.expectType(t, returns, d.body.span, "the function's result");
          else {
            const hint = t.t === "void" ? "`-> int`" : `\`-> ${typeUnknown(t) ? typeShape(t) : typeToString(t)}\``;
            this.report("E0205", d.name.span, `\`${d.name.text}\` is written with \`=\`, so it must declare what it produces`, `add ${hint} before the \`=\``);
          }
        }
        return;
      }
      case "stages":
        this.duplicates(d.stages, "stage", "this stage list");
        this.exclusiveRules(d.exclusive);
        return;
      case "value": {
        const scope = this.paramScope(d.params, file, d);
        const returns = this.resolveType(d.returns, file);
        if (d.stages) this.duplicates(d.stages, "stage", `the stages of \`${d.name.text}\``);
        this.exclusiveRules(d.exclusive, { name: d.name.text, type: returns });
        const shadow = d.params.find((p) => p.name.text === RESULT);
        if (shadow) this.report("E0222", shadow.name.span, `a value's parameter cannot be named \`${RESULT}\`: in its modifiers, \`${RESULT}\` is the value's current result`, "rename the parameter");
        this.expectType(this.expr(d.base, scope, ctx), returns, d.base.span, `the base of \`${d.name.text}\``);
        return;
      }
      case "modifier":
        this.modifier(d, ctx);
        return;
      case "table":
        this.table(d, ctx);
        return;
      case "example":
        const scope = new Scope();
        this.block(d.body, scope, { file, inExample: true });
        this.s.resolution.set(d, "frameSize", scope.frame.size);
        return;
      case "die":
        this.die(d, ctx);
        return;
      case "extendKind":
        // Merged (check/extensions.ts); its own fields are checked here, in its own file.
        this.fields(d.fields, ctx, `the extension of \`${d.target.text}\``);
        {
          const base = lookupName(this.s, d.target.text, file);
          if ("found" in base && base.found.kind === "kind" && base.found.record) this.plainFields({ ...base.found, fields: d.fields });
        }
        return;
      case "extendValue": {
        // Merged (check/extensions.ts); the rules of the stages it makes exclusive are checked here, in its own file.
        const base = lookupName(this.s, d.target.text, file);
        const rules = d.stages.flatMap((x) => (x.rule ? [{ stage: x.stage, rule: x.rule }] : []));
        if ("found" in base && base.found.kind === "value") this.exclusiveRules(rules, { name: base.found.name.text, type: this.resolveType(base.found.returns, base.found.span.file) });
        else this.exclusiveRules(rules);
        return;
      }
      // Merged before the check: their members and rows are checked as the enum's and table's own.
      case "extendEnum":
      case "extendTable":
      case "replaceRow":
      case "removal":
        return;
      default:
        A.assertNever(d);
    }
  }

  protected fields(fields: A.FieldDecl[], ctx: Context, where: string) {
    this.duplicates(fields.map((f) => f.name), "field", where);
    for (const f of fields) {
      if (f.name.text === RESERVED_FIELD) this.report("E0102", f.name.span, `\`${RESERVED_FIELD}\` is reserved: every entity already holds its statuses there`, "choose another field name");
      const t = this.resolveType(f.type, ctx.file);
      if (!f.default) continue;
      if (!isConstant(f.default, (n) => this.declKindOf(n, ctx.file))) {
        this.report("E0207", f.default.span, "a field's default must be a constant: a number, text, `true`/`false`, an enum member, a die, a tally like `Icon(melee: 1)`, a record like `Hex(q: 0, r: 0)` or a list of those");
      }
      const dt = this.expr(f.default, new Scope(), ctx);
      this.expectType(dt, t, f.default.span, `the default of \`${f.name.text}\``);
      const v = constInt(f.default);
      if (t.t === "int" && t.low !== undefined && v !== undefined && (v < t.low || v > t.high!)) {
        this.report("E0210", f.default.span, `the default ${v} of \`${f.name.text}\` is outside its range ${t.low}..${t.high}`);
      }
    }
  }

  /**
   * E0250: a record's field may not hold an entity, directly or in a list, or equality would stop
   * being structural (two equal-looking records holding different units).
   */
  protected plainFields(d: A.KindDecl) {
    for (const f of d.fields) {
      let t: A.TypeRef | undefined = f.type;
      while (t?.name.text === "list") t = t.element;
      const held = t ? this.typeDecl(t.name.text, undefined) : undefined;
      if (!t || held?.kind !== "kind" || held.record) continue;
      this.report(
        "E0250",
        t.span,
        `the field \`${d.name.text}.${f.name.text}\` holds a \`${t.name.text}\`, an entity, but a record is a plain value and cannot hold an entity`,
        `keep the entity elsewhere, or declare \`${d.name.text}\` with \`kind\` instead of \`record\``,
      );
    }
  }

  protected block(b: A.Block, outer: Scope, ctx: Context) {
    let scope = new Scope(outer);
    b.statements.forEach((s, i) => {
      this.stmt(s, scope, ctx);
      // `if x == none { return }`: the rest of the block runs only when `x` is there.
      if (s.kind === "if" && !s.else && alwaysReturns(s.then)) {
        const rest = b.statements.slice(i + 1);
        scope = this.narrow(scope, presentWhen(s.condition, false), rest, ctx);
      }
    });
  }

  /** A statement: its construct's check rule (src/constructs/), given this checker as `StatementCheck` (an `OperatorCheck`, which operators use too). */
  protected stmt(s: A.Stmt, scope: Scope, ctx: Context) {
    const construct = statementConstruct(s);
    if (construct) construct.check(s, scope, ctx, this.statements);
    else this.report("E0201", s.span, `\`${s.kind}\` is no statement`);
  }

  /** The checker as the constructs' check rules see it. */
  protected readonly statements: OperatorCheck = {
    report: (code, span, message, help) => this.report(code, span, message, help),
    reported: () => this.out.length,
    expr: (e, scope, ctx) => this.expr(e, scope, ctx),
    condition: (e, scope, ctx) => this.condition(e, scope, ctx),
    block: (b, scope, ctx) => this.block(b, scope, ctx),
    inner: (outer) => new Scope(outer),
    narrowBy: (scope, condition, holds, region, ctx) => this.narrow(scope, presentWhen(condition, holds), region, ctx),
    resolveType: (t, file) => this.resolveType(t, file),
    expectType: (actual, expected, span, what) => this.expectType(actual, expected, span, what),
    constantInRange: (e, t, what) => this.constantInRange(e, t, what),
    enumSource: (e, scope, ctx) => this.enumSource(e, scope, ctx),
    maybeNone: (e, what) => this.maybeNone(e, what),
    entity: (t, span) => this.entity(t, span),
    isStateField: (name, file) => this.stateField(name, file) !== undefined,
    resolve: (node, key, value) => this.s.resolution.set(node as { slot?: number; paramIndex?: number; index?: number }, key, value),
    args: (args, params, what, span, scope, ctx) => this.checkArgs(args, params, what, span, scope, ctx),
    resolveRef: (node, value) => this.s.resolution.set(node as { ref?: A.Ref }, "ref", value),
    refOf: (node) => this.s.resolution.get(node, "ref"),
    declOf: (ref) => (ref?.to === "decl" ? declById(this.s, ref.id) : undefined),
    refTo: (d) => ({ to: "decl", id: idOf(this.s, d) }),
    expectEvent: (name, file) => this.expectEvent(name, file),
    statusName: (name, ctx) => this.statusName(name, ctx),
    suggest: (name, span, candidates) => this.suggest(name, span, candidates),
    emitArgs: (s, scope, ctx) => void this.emitArgs(s, scope, ctx),
    assignableTarget: (e, scope, s) => this.assignableTarget(e, scope, s),
    insideRecord: (e, s) => this.insideRecord(e, s),
    listItem: (item, list, itemSpan, listSpan) => this.listItem(item, list, itemSpan, listSpan),
    roundingMode: (mode) => this.roundingMode(mode),
  };

  /**
   * E0204 when `e` is a record's field, or a list item or field reached through one: records are
   * values, so a changed one is built anew. Returns whether it reported.
   */
  protected insideRecord(e: A.Expr, s: A.Stmt): boolean {
    let at: A.Expr = e;
    for (;;) {
      const read = this.recordReads.get(at);
      if (read) {
        this.report("E0204", e.span, `a field of the record \`${read.record.name.text}\` cannot be changed: records are values`, `build a new one: \`${rebuilt(read, at, s)}\``);
        return true;
      }
      if (at.kind === "member" || at.kind === "index") at = at.object;
      else return false;
    }
  }

  protected assignableTarget(e: A.Expr, scope?: Scope, s?: A.Stmt) {
    if (s && this.insideRecord(e, s)) return;
    const tallyOf = this.tallyReads.get(e);
    if (tallyOf) {
      const member = this.enumMembers(tallyOf)[0] ?? "member";
      this.report("E0204", e.span, "a tally cannot be changed in place", `build a new one, like \`t = t + ${tallyOf}(${member}: 1)\``);
      return;
    }
    if (e.kind === "member" || e.kind === "index") return;
    if (e.kind === "name") {
      const v = scope?.get(e.name);
      if (v && !v.mutable && v.eventParam) {
        this.report("E0204", e.span, `\`${e.name}\` is a parameter of the event and cannot be changed here`, "only a `before` handler can change an event's arguments; copy it with `let` first");
      } else if (v && !v.mutable) this.report("E0204", e.span, `\`${e.name}\` is a parameter and cannot be reassigned`, "copy it with `let` first");
      return;
    }
    this.report("E0204", e.span, "only a variable, a state field, a field or a list item can be changed");
  }

  protected listItem(item: Type, list: Type, itemSpan: A.Span, listSpan: A.Span) {
    if (list.t === "any") return;
    if (list.t !== "list") {
      this.report("E0201", listSpan, `expected a list, but this is ${typeToString(list)}`);
      return;
    }
    this.expectType(item, list.of, itemSpan, "the item");
  }

  /**
   * E0223: an exclusive stage's rule is one of the rules that pick its one modifier, and a rule that
   * picks by size (`largest`, `smallest`) is on a value that has one (a number, a flag or a tally): on
   * anything else every candidate would tie and the first would win in silence.
   */
  private exclusiveRules(list: readonly A.ExclusiveStage[] | undefined, value?: { name: string; type: Type }) {
    for (const x of list ?? []) {
      if ((EXCLUSIVE_RULES as readonly string[]).includes(x.rule.text)) {
        const sized = !value || typeUnknown(value.type) || ["int", "bool", "tally"].includes(value.type.t);
        if (x.rule.text !== "first" && !sized) this.report("E0223", x.rule.span, `\`${x.rule.text}\` picks the modifier whose result is ${x.rule.text === "largest" ? "largest" : "smallest"}, but \`${value!.name}\` is ${typeToString(value!.type)}, which has no size`, "use `first` (the first modifier in the stage's order applies)");
        continue;
      }
      this.report("E0223", x.rule.span, `\`${x.rule.text}\` is no rule for picking the one modifier of the exclusive stage \`${x.stage.text}\``, didYouMean(x.rule.text, EXCLUSIVE_RULES) ?? `the rules are ${EXCLUSIVE_RULES.map((r) => `\`${r}\``).join(", ")}`);
    }
  }

  /** A status's expiry (`until A(p) or B`), its parameters and its stacking policy. */
  private statusDecl(d: A.StatusDecl, file: string) {
    const counted = new Map<A.EventDecl, A.Name>();
    for (const x of d.expiry ? [d.expiry, ...(d.expiry.or ?? [])] : []) {
      const ev = this.expectEvent(x.event, file);
      if (!ev) continue;
      this.s.resolution.set(x, "ref", { to: "decl", id: idOf(this.s, ev) });
      const first = counted.get(ev);
      if (first) this.report("E0236", x.event.span, `\`${ev.name.text}\` is named twice in the expiry of \`${d.name.text}\``, "name each event once: one emission counts a status down once", [{ span: first.span, message: `the first \`${ev.name.text}\`` }]);
      else counted.set(ev, x.event);
      const holder = x.holder;
      if (!holder) continue;
      const p = ev.params.find((y) => y.name.text === holder.text);
      if (!p) this.report("E0103", holder.span, `event \`${ev.name.text}\` has no parameter \`${holder.text}\``, this.suggest(holder.text, holder.span, () => ev.params.map((y) => y.name.text)));
      else if (this.resolveType(p.type, ev.span.file).t !== "kind") {
        this.report("E0201", holder.span, `\`${holder.text}\` must be an entity to hold a status, but it is ${p.type.name.text}`);
      } else this.s.resolution.set(x, "holderIndex", ev.params.indexOf(p));
    }
    if (d.expiry?.times !== undefined && d.expiry.times < 1) this.report("E0201", d.span, `a status cannot last for ${d.expiry.times} events`, "use `for 1` or more");
    const params = d.params ?? [];
    this.duplicates(params.map((p) => p.name), "parameter", `status \`${d.name.text}\``);
    for (const p of params) {
      this.resolveType(p.type, file);
      if (p.name.text === "from") this.report("E0234", p.name.span, `a status's parameter cannot be named \`from\`: \`apply ${d.name.text}(from: x)\` gives the source`, "rename the parameter");
    }
    const stacking = d.stacking;
    if (!stacking) return;
    if (!(stackingPolicies as readonly string[]).includes(stacking.text)) {
      this.report("E0235", stacking.span, `unknown stacking policy \`${stacking.text}\``, didYouMean(stacking.text, stackingPolicies) ?? `the policies are ${stackingPolicies.map((x) => `\`${x}\``).join(", ")}`);
    } else if ((stacking.text === "highest" || stacking.text === "sum") && !statusLevel(d)) {
      const param = params[0] ? `its first parameter \`${params[0].name.text}\` is ${params[0].type.name.text}` : "it declares no parameters";
      this.report("E0235", stacking.span, `\`stacks ${stacking.text}\` combines the instances' numbers, but \`${d.name.text}\` has none: ${param}`, `declare the number first: \`status ${d.name.text}(level: int${params.length > 0 ? ", ..." : ""}) stacks ${stacking.text}\`, or use \`stacks separate\``);
    }
  }

}

/** Whether every path through the block ends in `return` (loops may run zero times, so they don't count). */
function alwaysReturns(b: A.Block): boolean {
  return b.statements.some((s) => s.kind === "return" || (s.kind === "if" && ifAlwaysReturns(s)));
}

/** Every branch of an `if` (an `else if` chain walked in a loop) returns, and there is an `else`. */
function ifAlwaysReturns(s: A.Stmt & { kind: "if" }): boolean {
  for (let at: (A.Stmt & { kind: "if" }) | undefined = s; at; at = A.elseIf(at)) {
    if (!at.else || !alwaysReturns(at.then)) return false;
    if (!A.elseIf(at)) return alwaysReturns(at.else);
  }
  return false;
}

/** What a field default may be: the runtime reads it without evaluating anything (`literal` in state.ts). */
export function isConstant(e: A.Expr, declKind: (name: string) => string | undefined): boolean {
  switch (e.kind) {
    case "int":
    case "text":
    case "bool":
    case "none":
      return true;
    case "neg":
      return e.operand.kind === "int";
    case "list":
      return e.items.every((i) => isConstant(i, declKind));
    case "member":
      return e.object.kind === "name" && declKind(e.object.name) === "enum";
    case "name":
      return declKind(e.name) === "die";
    case "call":
      if (e.callee.kind === "name" && declKind(e.callee.name) === "record") return e.args.every((a) => a.kind === "named" && isConstant(a.value, declKind));
      return isConstantTally(e, (n) => declKind(n) === "enum");
    default:
      return false;
  }
}

/**
 * The help for changing a record's field: the same record built anew with that field changed, like
 * `Hex(q: h.q + 1, r: h.r)` for `h.q += 1`. `at` is the field read; the statement gives the change.
 */
function rebuilt(read: { record: A.KindDecl; object: A.Expr }, at: A.Expr, s: A.Stmt): string {
  const obj = showExpr(read.object);
  const changed = at.kind === "member" ? at.member.text : "";
  const direct = s.kind === "assign" && s.target === at;
  const value = direct ? (s.op === "=" ? showExpr(s.value) : `${obj}.${changed} ${s.op[0]} ${showExpr(s.value)}`) : "...";
  return `${read.record.name.text}(${read.record.fields.map((f) => `${f.name.text}: ${f.name.text === changed ? value : `${obj}.${f.name.text}`}`).join(", ")})`;
}

/** `Icon(melee: 2)`: an enum called with constant counts only. */
export function isConstantTally(e: A.Expr, isEnum: (name: string) => boolean): boolean {
  return e.kind === "call" && e.callee.kind === "name" && isEnum(e.callee.name) && e.args.every((a) => a.kind === "named" && constInt(a.value) !== undefined);
}
