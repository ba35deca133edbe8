// Statements and declarations: each declaration's own checks (fields and defaults, events, triggers,
// statuses, functions, values, examples), blocks and statements, what may be assigned or changed in
// place, and the expiry of an applied status. Modifiers, tables and dice have checks of their own in
// rule-checks.ts; this layer hands them over from `decl`.
import * as A from "../core/ast.ts";
import { didYouMean } from "../core/diagnostics.ts";
import { ANY, INT, VOID, assignable, listOf, typeToString, typeUnknown, type Type } from "../core/types.ts";
import { walk } from "../core/ast-walk.ts";
import { showExpr } from "../core/show-expr.ts";
import { Calls } from "./calls.ts";
import { constInt, presentWhen } from "./expressions.ts";
import { Scope, type Context } from "./resolution.ts";
import { declById, idOf, RESERVED_FIELD } from "./symbols.ts";

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
      case "enum":
        if (d.kind === "enum") this.duplicates(d.members, "member", `enum \`${d.name.text}\``);
        return;
      case "kind":
      case "state":
        this.fields(d.fields, ctx, d.kind === "kind" ? `${d.record ? "record" : "kind"} \`${d.name.text}\`` : "the state");
        if (d.kind === "kind" && d.record) this.plainFields(d);
        return;
      case "status": {
        const ev = d.expiry ? this.expectEvent(d.expiry.event, file) : undefined;
        if (ev && d.expiry) this.s.resolution.set(d.expiry, "ref", { to: "decl", id: idOf(this.s, ev) });
        if (d.expiry?.times !== undefined && d.expiry.times < 1) this.report("E0201", d.span, `a status cannot last for ${d.expiry.times} events`, "use `for 1` or more");
        const holder = d.expiry?.holder;
        if (ev && holder) {
          const p = ev.params.find((x) => x.name.text === holder.text);
          if (!p) this.report("E0103", holder.span, `event \`${ev.name.text}\` has no parameter \`${holder.text}\``, this.suggest(holder.text, holder.span, () => ev.params.map((x) => x.name.text)));
          else if (this.resolveType(p.type, ev.span.file).t !== "kind") {
            this.report("E0201", holder.span, `\`${holder.text}\` must be an entity to hold a status, but it is ${p.type.name.text}`);
          } else this.s.resolution.set(d.expiry!, "holderIndex", ev.params.indexOf(p));
        }
        return;
      }
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
        if (d.body.kind === "block") {
          this.block(d.body, scope, { ...ctx, returns });
          if (returns.t !== "void" && !alwaysReturns(d.body)) {
            this.report("E0205", d.name.span, `\`${d.name.text}\` can reach its end without returning a value of type ${typeToString(returns)}`, "end every path with `return`");
          }
        }
        else {
          const t = this.expr(d.body, scope, ctx);
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
        return;
      case "value": {
        const scope = this.paramScope(d.params, file, d);
        const returns = this.resolveType(d.returns, file);
        if (d.stages) this.duplicates(d.stages, "stage", `the stages of \`${d.name.text}\``);
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

  protected stmt(s: A.Stmt, scope: Scope, ctx: Context) {
    switch (s.kind) {
      case "let": {
        const reported = this.out.length;
        let t = this.expr(s.value, scope, ctx);
        if (s.type) {
          const declared = this.resolveType(s.type, ctx.file);
          this.expectType(t, declared, s.value.span, `\`${s.name.text}\``);
          this.constantInRange(s.value, declared, `\`${s.name.text}\``);
          t = declared;
        } else if (t.t === "void") this.report("E0201", s.value.span, "this produces no value to store");
        else if (t.t === "none") this.report("E0241", s.value.span, `\`${s.name.text}\` needs a type to hold \`none\``, `write the optional type, like \`let ${s.name.text}: Unit? = none\``);
        // `[]` fits any list where a type is expected; here none is, and a list of anything would take
        // text into a list of numbers. Only for a value with an empty list in it and no error of its
        // own: an error's `any` (in this value, or in a variable it reads) is not the author's `[]`.
        else if (this.out.length === reported && typeUnknown(t) && holdsEmptyList(s.value)) {
          const what = (t.t === "optional" ? t.of : t).t === "list" ? "an empty list says nothing of what it will hold" : "its value comes from an empty list, which says nothing of its items";
          const shown = showExpr(s.value);
          this.report("E0243", s.value.span, `\`${s.name.text}\` needs a type: ${what}`, `write the type, like \`let ${s.name.text}: ${typeShape(t)} = ${shown.length <= 24 ? shown : "..."}\``);
        }
        if (this.stateField(s.name.text, ctx.file)) {
          this.report("W0305", s.name.span, `\`${s.name.text}\` hides the state field of the same name in the rest of this block`, "choose another name for the variable");
        }
        this.s.resolution.set(s, "slot", scope.declare(s.name.text, { type: t, span: s.name.span, mutable: true }));
        return;
      }
      case "if": {
        // An `else if` chain is walked in a loop, as `block` would check the lone `if` of each `else`.
        let at: A.Stmt & { kind: "if" } = s;
        let sc = scope;
        for (;;) {
          this.condition(at.condition, sc, ctx);
          this.block(at.then, this.narrow(sc, presentWhen(at.condition, true), at.then.statements, ctx), ctx);
          if (!at.else) return;
          const otherwise = this.narrow(sc, presentWhen(at.condition, false), at.else.statements, ctx);
          const next = A.elseIf(at);
          if (!next) return this.block(at.else, otherwise, ctx);
          sc = new Scope(otherwise);
          at = next;
        }
      }
      case "while":
        this.condition(s.condition, scope, ctx);
        this.block(s.body, scope, ctx);
        return;
      case "for": {
        const inner = new Scope(scope);
        const from = (s.to ? undefined : this.enumSource(s.from, scope, ctx)) ?? this.expr(s.from, scope, ctx);
        let element: Type = ANY;
        if (s.to) {
          this.expectType(from, INT, s.from.span, "the start of the range");
          this.expectType(this.expr(s.to, scope, ctx), INT, s.to.span, "the end of the range");
          element = INT;
        } else if (from.t === "list") element = from.of;
        else if (from.t === "optional") this.maybeNone(s.from, "`for` needs a list");
        else if (from.t !== "any") this.report("E0201", s.from.span, `\`for\` needs a list or a range \`a..b\`, but this is ${typeToString(from)}`);
        this.s.resolution.set(s, "slot", inner.declare(s.name.text, { type: element, span: s.name.span, mutable: false }));
        if (s.where) this.condition(s.where, inner, ctx);
        this.block(s.body, inner, ctx);
        return;
      }
      case "return": {
        if (ctx.returns === undefined || ctx.returns.t === "void") {
          if (s.value) this.report("E0205", s.value.span, "this returns a value, but the enclosing rule has no result type", "declare one with `-> int`, or remove the value");
        } else if (!s.value) this.report("E0205", s.span, `\`return\` needs a value of type ${typeToString(ctx.returns)}`);
        else this.expectType(this.expr(s.value, scope, ctx), ctx.returns, s.value.span, "the returned value");
        return;
      }
      case "emit":
        this.emitArgs(s, scope, ctx);
        return;
      case "proceed": {
        const ev = ctx.event;
        if (!ev || ev.timing !== "instead") {
          this.report("E0230", s.span, "`proceed` runs an event's default body, so it belongs in an `instead of` handler", ev ? `this is ${ev.timing === "body" ? "the default body" : ev.timing === "after" ? "an `on` handler" : "a `before` handler"} of \`${ev.decl.name.text}\`` : "use it inside `instead of EventName { ... }`");
        } else if (!ev.decl.body) {
          this.report("E0231", s.span, `event \`${ev.decl.name.text}\` has no default body for \`proceed\` to run`, `give \`${ev.decl.name.text}\` a body, or remove \`proceed\``);
        }
        return;
      }
      case "apply": {
        const status = this.statusName(s.status, ctx);
        if (status) this.s.resolution.set(s, "ref", { to: "decl", id: idOf(this.s, status) });
        const target = this.expr(s.target, scope, ctx);
        this.entity(target, s.target.span);
        this.appliedExpiry(s, target, scope, ctx);
        return;
      }
      case "clear": {
        const status = this.statusName(s.status, ctx);
        if (status) this.s.resolution.set(s, "ref", { to: "decl", id: idOf(this.s, status) });
        this.entity(this.expr(s.target, scope, ctx), s.target.span);
        return;
      }
      case "add":
      case "remove": {
        const list = this.expr(s.list, scope, ctx);
        this.assignableTarget(s.list, undefined, s);
        this.listItem(this.expr(s.item, scope, ctx), list, s.item.span, s.list.span);
        return;
      }
      case "move": {
        const from = this.expr(s.source, scope, ctx);
        const to = this.expr(s.target, scope, ctx);
        const item = this.expr(s.item, scope, ctx);
        // Moving changes both lists, so neither may be a list inside a record.
        this.insideRecord(s.source, s);
        this.insideRecord(s.target, s);
        this.listItem(item, from, s.item.span, s.source.span);
        this.listItem(item, to, s.item.span, s.target.span);
        return;
      }
      case "expect":
        if (!ctx.inExample) this.report("E0206", s.span, "`expect` belongs in an `example`");
        this.condition(s.value, scope, ctx);
        return;
      case "force": {
        if (!ctx.inExample) this.report("E0206", s.span, "`force` belongs in an `example`: rules cannot fix their own dice");
        // Scripted answers may be of different types, one per question: `force choices ["trade", wraith]`.
        const mixed = s.what.text === "choices" && s.values.kind === "list";
        if (mixed) for (const item of (s.values as A.Expr & { kind: "list" }).items) this.expr(item, scope, ctx);
        const t = mixed ? listOf(ANY) : this.expr(s.values, scope, ctx);
        if (s.what.text === "dice") this.expectType(t, listOf(INT), s.values.span, "forced dice");
        else if (s.what.text === "choices") {
          if (t.t !== "list" && t.t !== "any") this.report("E0201", s.values.span, "scripted choices must be a list");
        } else this.report("E0206", s.what.span, `\`force\` takes \`dice\` or \`choices\`, not \`${s.what.text}\``, didYouMean(s.what.text, ["dice", "choices"]));
        return;
      }
      case "say":
        this.expr(s.value, scope, ctx);
        return;
      case "assign": {
        const target = this.expr(s.target, scope, ctx);
        this.assignableTarget(s.target, scope, s);
        const value = this.expr(s.value, scope, ctx);
        if (s.op === "=") this.expectType(value, target, s.value.span, "the assigned value");
        else {
          this.expectType(target, INT, s.target.span, `the target of \`${s.op}\``);
          this.expectType(value, INT, s.value.span, `the amount of \`${s.op}\``);
        }
        return;
      }
      case "expr": {
        const t = this.expr(s.value, scope, ctx);
        const isCall = s.value.kind === "call" || s.value.kind === "choose" || s.value.kind === "roll" || s.value.kind === "emit";
        if (!isCall && t.t !== "any") this.report("W0303", s.span, "this expression's value is not used", "assign it with `let`, or remove it");
        return;
      }
      default:
        A.assertNever(s);
    }
  }

  /**
   * `apply S to x for N [E(...)]` / `until E(...)`: the count is a number, the event exists, a named
   * parameter exists, and the expiry can match at all: a holder parameter of another kind, or a value
   * that can never equal the parameter, would leave the status on forever.
   */
  protected appliedExpiry(s: A.Stmt & { kind: "apply" }, target: Type, scope: Scope, ctx: Context) {
    const sRef = this.s.resolution.get(s, "ref");
    const status = sRef?.to === "decl" ? declById(this.s, sRef.id) : undefined;
    const declared = status?.kind === "status" ? status : undefined;
    const x = s.expiry;
    if (x?.times) this.expectType(this.expr(x.times, scope, ctx), INT, x.times.span, "the number of events");
    const matchType = x?.match ? this.expr(x.match.value, scope, ctx) : ANY;
    if (x && !x.event && declared && !declared.expiry) {
      this.report("E0233", x.span, `\`${s.status.text}\` is declared without an expiry event, so \`for\` has nothing to count`, `name the event: \`for ${x.times ? showExpr(x.times) : "N"} RoundEnds\`, or declare \`status ${s.status.text} until RoundEnds\``);
    }
    const eventName = x?.event ?? declared?.expiry?.event;
    if (!eventName) return;
    const expiryRef = declared?.expiry ? this.s.resolution.get(declared.expiry, "ref") : undefined;
    const declaredEvent = expiryRef?.to === "decl" ? declById(this.s, expiryRef.id) : undefined;
    const ev = x?.event ? this.expectEvent(x.event, ctx.file) : declaredEvent;
    if (ev?.kind !== "event") return;
    if (x?.event) this.s.resolution.set(x, "ref", { to: "decl", id: idOf(this.s, ev) });
    const holder = x?.event ? x.holder : x?.match ? undefined : declared?.expiry?.holder;
    if (holder) {
      const p = this.eventParam(ev, holder, x?.event !== undefined);
      if (!p) return;
      if (x?.event) this.s.resolution.set(x, "paramIndex", ev.params.indexOf(p));
      const pt = this.resolveType(p.type, ev.span.file);
      if (x?.holder && pt.t !== "kind" && pt.t !== "any") this.report("E0201", holder.span, `\`${holder.text}\` must be an entity to hold a status, but it is ${typeToString(pt)}`);
      else if (!canEqual(target, pt)) {
        const where = x?.holder ? "" : ` (\`${s.status.text}\` is declared at ${declared!.span.file}:${declared!.span.line}:${declared!.span.col})`;
        this.report("E0201", s.target.span, `\`${s.status.text}\` expires on \`${ev.name.text}(${holder.text})\`, whose \`${holder.text}\` is ${typeToString(pt)}, so it can never expire on ${typeToString(target)}${where}`, `apply it to ${typeToString(pt)}, or name an event about ${typeToString(target)}`);
      }
    }
    if (x?.match) {
      const p = this.eventParam(ev, x.match.param, true);
      if (!p) return;
      this.s.resolution.set(x, "paramIndex", ev.params.indexOf(p));
      const pt = this.resolveType(p.type, ev.span.file);
      const vt = matchType;
      if (!canEqual(vt, pt)) this.report("E0201", x.match.value.span, `\`${x.match.param.text}\` of \`${ev.name.text}\` is ${typeToString(pt)} and can never equal ${typeToString(vt)}, so the status would never expire`, `give a value of type ${typeToString(pt)}`);
    }
  }

  /** A parameter of `ev` by name; E0103 with a suggestion where it is written in this `apply`. */
  protected eventParam(ev: A.EventDecl, name: A.Name, report: boolean): A.Param | undefined {
    const p = ev.params.find((x) => x.name.text === name.text);
    if (!p && report) this.report("E0103", name.span, `event \`${ev.name.text}\` has no parameter \`${name.text}\``, this.suggest(name.text, name.span, () => ev.params.map((x) => x.name.text)));
    return p;
  }

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
}

/** Whether a value of one type can ever equal one of the other: either fits where the other is expected. */
function canEqual(a: Type, b: Type): boolean {
  return assignable(a, b) || assignable(b, a);
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

/** Whether an expression has an empty list literal in it, as `[]`, `[[]]` and `last([])` have. */
function holdsEmptyList(e: A.Expr): boolean {
  let found = false;
  walk(e, (n) => {
    if (found) return false;
    if (n.kind === "list" && (n as A.Expr & { kind: "list" }).items.length === 0) found = true;
  });
  return found;
}

/** `list<list<int>>` for `[[]]`: the value's shape, with `int` standing for the type to write. */
function typeShape(t: Type): string {
  return t.t === "list" ? `list<${typeShape(t.of)}>` : t.t === "optional" ? `${typeShape(t.of)}?` : "int";
}
