// Calls and constructions: a name applied to arguments, which may be a function, value, table, built-in,
// a kind or record built field by field, a tally counted by member, an aggregate over a list (`count(x
// in xs where ...)`) or an emitted event. Matching arguments to parameters is shared by all of them, so
// they live together, apart from the simpler expressions in expressions.ts.
import * as A from "../core/ast.ts";
import { didYouMean } from "../core/diagnostics.ts";
import { aggregateNamed, aggregates, builtinFunction, builtins, isAggregate } from "../core/builtins.ts";
import { ANY, INT, VOID, listOf, typeToString, type Type } from "../core/types.ts";
import { Expressions } from "./expressions.ts";
import { constInt } from "../constructs/operators/operands.ts";
import { Scope, type Context } from "./resolution.ts";
import { idOf, lookupName } from "./symbols.ts";

/** The name an `extend fn` calls the version it extends by. */
const PREVIOUS = "previous";

export abstract class Calls extends Expressions {
  /**
   * An enum's name where a list is walked (`for m in Icon`, `count(m in Icon where ...)`): its members,
   * in declaration order. Anywhere else an enum's name is not a value (E0201).
   */
  protected enumSource(e: A.Expr, scope: Scope, ctx: Context): Type | undefined {
    if (e.kind !== "name" || scope.get(e.name) || this.stateField(e.name, ctx.file)) return undefined;
    const r = lookupName(this.s, e.name, ctx.file);
    const d = "found" in r ? r.found : undefined;
    // A record counted by a tally (`for k in Magic`): its values, in order (run/record-tallies.ts).
    if (d?.kind === "kind" && d.record) {
      const k: Type = { t: "kind", name: d.name.text, id: idOf(this.s, d) };
      // A record of other fields is no list of values: the name is read as any other (E0201).
      if (this.recordTally(k, e.span, true).t === "any") return undefined;
      this.s.resolution.set(e, "ref", { to: "decl", id: idOf(this.s, d) });
      const t = listOf(k);
      this.observe?.(e, t, scope);
      return t;
    }
    if (d?.kind !== "enum") return undefined;
    this.s.resolution.set(e, "ref", { to: "decl", id: idOf(this.s, d) });
    const t = listOf({ t: "enum", name: d.name.text, id: idOf(this.s, d) });
    this.observe?.(e, t, scope);
    return t;
  }

  /** `Icon(m in Icon => n)`: a tally whose count of each member `m` is `n`; `Magic(k in Magic => n)`, of each value of a record. */
  protected perMember(en: A.EnumDecl | A.KindDecl, e: A.Expr & { kind: "call" }, c: A.Comprehension, span: A.Span, scope: Scope, ctx: Context): Type {
    const name = en.name.text;
    const key: Type = en.kind === "kind" ? { t: "kind", name, id: idOf(this.s, en) } : { t: "enum", name, id: idOf(this.s, en) };
    const t: Type = en.kind === "kind" ? this.recordTally(key as Type & { t: "kind" }, e.callee.span) : { t: "tally", of: name };
    if (t.t === "any" || !this.lookup(name, e.callee.span, ctx.file)) return ANY;
    if (e.args.length !== 1) this.report("E0209", e.span, `\`${name}(m in ${name} => count)\` takes exactly one comprehension`);
    if (c.source.kind !== "name" || c.source.name !== name) {
      this.expr(c.source, scope, ctx);
      this.report("E0209", c.source.span, `a count for each member goes over \`${name}\` itself`, `write \`${name}(${c.binder.text} in ${name} => ...)\``);
    } else this.enumSource(c.source, scope, ctx);
    const inner = new Scope(scope);
    this.s.resolution.set(c, "slot", inner.declare(c.binder.text, { type: key, span: c.binder.span, mutable: false }));
    if (c.where) this.report("E0209", c.where.span, `\`${name}(m in ${name} => count)\` takes no \`where\`: give a member 0 instead`, `write \`=> if condition then count else 0\``);
    if (c.otherwise) this.report("E0209", c.otherwise.span, `\`${name}(m in ${name} => count)\` takes no \`else\``);
    if (c.yield) this.expectType(this.expr(c.yield, inner, ctx), INT, c.yield.span, "the count of each member");
    else this.report("E0209", span, `\`${name}(${c.binder.text} in ${name})\` needs \`=> count\`: the count of each member`, `write \`${name}(${c.binder.text} in ${name} => 1)\``);
    return t;
  }

  protected override call(e: A.Expr & { kind: "call" }, scope: Scope, ctx: Context): Type {
    if (e.callee.kind !== "name") {
      this.expr(e.callee, scope, ctx);
      this.report("E0203", e.callee.span, "only a named function, value, table, kind or built-in can be called");
      return ANY;
    }
    const name = e.callee.name;
    const comp = e.args.find((a) => a.kind === "comprehension");
    if (comp && comp.kind === "comprehension") {
      const r = lookupName(this.s, name, ctx.file);
      const en = "found" in r ? r.found : undefined;
      if ((en?.kind === "enum" || (en?.kind === "kind" && en.record)) && !scope.get(name) && !this.stateField(name, ctx.file)) {
        this.s.resolution.set(e, "ref", { to: "decl", id: idOf(this.s, en) });
        return this.perMember(en, e, comp.comp, comp.span, scope, ctx);
      }
      if (!isAggregate(name)) {
        this.report("E0209", e.callee.span, `\`${name}\` does not take \`x in list\`; aggregates are ${Object.keys(aggregates).map((a) => `\`${a}\``).join(", ")}`, didYouMean(name, Object.keys(aggregates)));
        return ANY;
      }
      if (e.args.length !== 1) this.report("E0209", e.span, `\`${name}(x in list ...)\` takes exactly one comprehension`);
      this.s.resolution.set(e, "builtin", name);
      return this.aggregate(name, comp.comp, comp.span, scope, ctx);
    }
    if (scope.get(name) || this.stateField(name, ctx.file)) {
      this.report("E0203", e.callee.span, `\`${name}\` is a variable, not something to call`);
      return ANY;
    }
    // `previous(...)` in an `extend fn`: the version it extends (check/extensions.ts); outside one, E0167.
    if (name === PREVIOUS && (ctx.previous !== undefined || !this.declared(name))) return this.previousCall(e, scope, ctx);
    if (this.declared(name)) {
      const d = this.lookup(name, e.callee.span, ctx.file);
      if (!d) {
        for (const a of e.args) if (a.kind !== "comprehension") this.expr(a.value, scope, ctx);
        return ANY;
      }
      this.s.resolution.set(e, "ref", { to: "decl", id: idOf(this.s, d) });
      switch (d.kind) {
        case "fn":
        case "value":
        case "table": {
          const params = d.params.map((p) => ({ name: p.name.text, type: this.resolveType(p.type, d.span.file) }));
          this.checkArgs(e.args, params, `\`${name}\``, e.span, scope, ctx);
          if (d.kind === "fn") return d.returns ? this.resolveType(d.returns, d.span.file) : VOID;
          return this.resolveType(d.returns, d.span.file);
        }
        case "kind":
          return this.construct(d, e, scope, ctx);
        case "enum":
          return this.tally(d, e, scope, ctx);
        case "event":
          this.report("E0203", e.callee.span, `\`${name}\` is an event: use \`emit ${name}(...)\``);
          return ANY;
        default:
          this.report("E0203", e.callee.span, `\`${name}\` is a ${d.kind} and cannot be called`);
          return ANY;
      }
    }
    const b = builtinFunction(name);
    if (b) {
      this.s.resolution.set(e, "builtin", name);
      const types = this.checkArgs(e.args, b.params, `\`${name}\``, e.span, scope, ctx);
      for (const p of b.check?.(types, e.args, constInt) ?? []) {
        if (p.mayBeNone) this.maybeNone(p.mayBeNone, p.message);
        else this.report("E0201", p.span, p.message);
      }
      if (b.members) this.orderedArgs(e, b.params, types);
      return b.returns(types);
    }
    const callables = () => [...this.namesOf(ctx.file, "fn", "value", "table", "kind"), ...Object.keys(builtins)];
    if (!this.notImported(name, e.callee.span, ctx.file)) this.report("E0101", e.callee.span, `unknown function \`${name}\``, this.suggest(name, e.callee.span, callables));
    for (const a of e.args) if (a.kind !== "comprehension") this.expr(a.value, scope, ctx);
    return ANY;
  }

  /** `previous(args)`: a call of the version of the function an `extend fn` extends, with its parameters and type. */
  private previousCall(e: A.Expr & { kind: "call" }, scope: Scope, ctx: Context): Type {
    const d = ctx.previous;
    if (!d) {
      if (d === undefined) this.report("E0167", e.callee.span, "`previous(...)` calls the version of a function that an `extend fn` extends, so it means nothing outside one", "write it in `extend fn NAME(...)`, or call the function by its name");
      for (const a of e.args) if (a.kind !== "comprehension") this.expr(a.value, scope, ctx);
      return ANY;
    }
    this.s.resolution.set(e, "ref", { to: "decl", id: idOf(this.s, d) });
    const params = d.params.map((p) => ({ name: p.name.text, type: this.resolveType(p.type, d.span.file) }));
    this.checkArgs(e.args, params, "`previous`", e.span, scope, ctx);
    return d.returns ? this.resolveType(d.returns, d.span.file) : VOID;
  }

  /**
   * `min`/`max`: two numbers, or two members of one enum (`max(a.size, b.size)`), which the engines order
   * by that enum's declaration: the call is resolved to the enum. Members of two enums have no order.
   */
  private orderedArgs(e: A.Expr & { kind: "call" }, params: readonly { name: string }[], types: Type[]) {
    const en = types.find((t) => t?.t === "enum");
    e.args.forEach((a, i) => {
      if (a.kind === "comprehension") return;
      const at = a.kind === "named" ? params.findIndex((p) => p.name === a.name.text) : i;
      const t = types[at];
      if (t && at >= 0) this.expectType(t, en ?? INT, a.value.span, `\`${params[at]!.name}\``);
    });
    if (en?.t === "enum" && en.id !== undefined) this.s.resolution.set(e, "ref", { to: "decl", id: en.id });
  }

  /** Matches positional and named arguments to parameters; returns the argument types in parameter order. */
  protected checkArgs(args: A.Arg[], params: { name: string; type: Type }[] | undefined, what: string, span: A.Span, scope: Scope, ctx: Context): Type[] {
    const types: Type[] = [];
    if (!params) {
      for (const a of args) if (a.kind !== "comprehension") this.expr(a.value, scope, ctx);
      return types;
    }
    const given = new Set<string>();
    args.forEach((a, i) => {
      if (a.kind === "comprehension") {
        this.report("E0209", a.span, `${what} does not take \`x in list\``);
        return;
      }
      const t = this.expr(a.value, scope, ctx);
      let p: { name: string; type: Type } | undefined;
      if (a.kind === "named") {
        p = params.find((x) => x.name === a.name.text);
        if (!p) {
          this.report("E0202", a.name.span, `${what} has no parameter \`${a.name.text}\``, this.suggest(a.name.text, a.name.span, () => params.map((x) => x.name)));
          return;
        }
      } else p = params[i];
      if (!p) {
        this.report("E0202", a.span, `${what} takes ${params.length} argument(s), but this is argument ${i + 1}`);
        return;
      }
      if (given.has(p.name)) this.report("E0202", a.span, `\`${p.name}\` is given twice`);
      given.add(p.name);
      types[params.indexOf(p)] = t;
      if (a.kind === "named") this.s.resolution.set(a, "index", params.indexOf(p));
      this.expectType(t, p.type, a.value.span, `\`${p.name}\``);
    });
    const missing = params.filter((p) => !given.has(p.name));
    if (missing.length) this.report("E0202", span, `${what} is missing ${missing.map((p) => `\`${p.name}\``).join(", ")}`);
    return types;
  }

  protected construct(k: A.KindDecl, e: A.Expr & { kind: "call" }, scope: Scope, ctx: Context): Type {
    const given = new Set<string>();
    for (const a of e.args) {
      if (a.kind !== "named") {
        this.report("E0202", a.span, `fields of \`${k.name.text}\` are given by name, like \`${k.name.text}(${k.fields[0]?.name.text ?? "field"}: ...)\``);
        if (a.kind === "positional") this.expr(a.value, scope, ctx);
        continue;
      }
      const t = this.expr(a.value, scope, ctx);
      const f = k.fields.find((x) => x.name.text === a.name.text);
      if (!f) {
        this.report("E0103", a.name.span, `\`${k.name.text}\` has no field \`${a.name.text}\``, this.suggest(a.name.text, a.name.span, () => k.fields.map((x) => x.name.text)));
        continue;
      }
      if (given.has(f.name.text)) this.report("E0202", a.span, `\`${f.name.text}\` is given twice`);
      given.add(f.name.text);
      this.s.resolution.set(a, "index", k.fields.indexOf(f));
      const ft = this.resolveType(f.type, k.span.file);
      this.expectType(t, ft, a.value.span, `\`${k.name.text}.${f.name.text}\``);
      this.constantInRange(a.value, ft, `\`${k.name.text}.${f.name.text}\``);
    }
    const kindNamed = (n: string) => {
      const d = this.typeDecl(n, undefined);
      return d?.kind === "kind" ? d : undefined;
    };
    const missing = k.fields.filter((f) => !given.has(f.name.text) && !A.mayBeLeftOut(f, kindNamed));
    if (missing.length) this.report("E0202", e.span, `\`${k.name.text}\` needs ${missing.map((f) => `\`${f.name.text}\``).join(", ")}, which ${missing.length === 1 ? "has no default" : "have no defaults"}`);
    return { t: "kind", name: k.name.text, id: idOf(this.s, k) };
  }

  /** `Icon(melee: 2, save: 1)`: counts by member; members left out count 0. */
  protected tally(en: A.EnumDecl, e: A.Expr & { kind: "call" }, scope: Scope, ctx: Context): Type {
    const members = en.members.map((m) => m.text);
    const given = new Set<string>();
    for (const a of e.args) {
      if (a.kind !== "named") {
        this.report("E0202", a.span, `counts of \`${en.name.text}\` are given by member, like \`${en.name.text}(${members[0] ?? "member"}: 1)\``);
        if (a.kind === "positional") this.expr(a.value, scope, ctx);
        continue;
      }
      this.expectType(this.expr(a.value, scope, ctx), INT, a.value.span, `the count of \`${a.name.text}\``);
      const n = constInt(a.value);
      if (n !== undefined && n < 0) this.report("E0210", a.value.span, `a count cannot be negative, but this is ${n}`);
      if (!members.includes(a.name.text)) this.report("E0103", a.name.span, `enum \`${en.name.text}\` has no member \`${a.name.text}\``, this.suggest(a.name.text, a.name.span, () => members));
      else if (given.has(a.name.text)) this.report("E0202", a.span, `\`${a.name.text}\` is given twice`);
      given.add(a.name.text);
    }
    return { t: "tally", of: en.name.text };
  }

  /** An aggregate over a comprehension, as its entry in core/builtins.ts declares it. */
  protected aggregate(name: string, c: A.Comprehension, span: A.Span, scope: Scope, ctx: Context): Type {
    const agg = aggregateNamed(name)!;
    const source = this.enumSource(c.source, scope, ctx) ?? this.expr(c.source, scope, ctx);
    let element: Type = ANY;
    if (source.t === "list") element = source.of;
    else if (source.t !== "any") this.report("E0201", c.source.span, `\`${name}\` goes over a list, but this is ${typeToString(source)}`);
    const inner = new Scope(scope);
    this.s.resolution.set(c, "slot", inner.declare(c.binder.text, { type: element, span: c.binder.span, mutable: false }));
    if (c.where) this.condition(c.where, inner, ctx);
    const yields = c.yield ? this.expr(c.yield, inner, ctx) : undefined;
    const wanted = agg.yields;
    if (wanted && !c.yield) {
      this.report("E0209", span, `\`${name}\` needs \`=> value\` to say what to ${wanted.what}`, `write \`${name}(${c.binder.text} in ... => ${c.binder.text}.field)\``);
    }
    if (!wanted && c.yield) this.report("E0209", c.yield.span, `\`${name}\` takes no \`=> value\``);
    if (agg.needsWhere && !c.where) this.report("E0209", span, `\`${name}\` needs \`where condition\``);
    if (wanted?.into === "int" && yields) this.expectType(yields, INT, c.yield!.span, `the value \`${name}\` works on`);
    if (wanted?.into === "list" && yields?.t === "void") this.report("E0201", c.yield!.span, "this produces no value to put in the list");
    if (wanted?.into === "list" && yields?.t === "none") this.report("E0241", c.yield!.span, "a list of nothing but `none` has no type to hold it", "give each item a value, like `=> if c then x.field else none`");
    if (c.otherwise && !agg.takesElse) this.report("E0209", c.otherwise.span, `\`${name}\` takes no \`else\`: it always has a result`);
    const result = agg.result(element, yields);
    if (c.otherwise && agg.takesElse) this.expectType(this.expr(c.otherwise, scope, ctx), result, c.otherwise.span, "the `else` value");
    return result;
  }

  protected override emitArgs(s: { event: A.Name; args: A.Arg[]; span: A.Span; ref?: A.Ref }, scope: Scope, ctx: Context): A.EventDecl | undefined {
    const ev = this.expectEvent(s.event, ctx.file);
    if (ev) this.s.resolution.set(s, "ref", { to: "decl", id: idOf(this.s, ev) });
    this.checkArgs(s.args, ev?.params.map((p) => ({ name: p.name.text, type: this.resolveType(p.type, ctx.file) })), `event \`${s.event.text}\``, s.span, scope, ctx);
    return ev;
  }
}
