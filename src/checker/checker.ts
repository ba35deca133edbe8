// The checker: name resolution, types and rule-specific checks for a whole program. It reports every
// mistake it can find before anything runs; each report names the exact span and, where a name is
// misspelt, the closest declared name.
import * as A from "../ast.ts";
import { diag, didYouMean, type Diagnostic } from "../diagnostics.ts";
import { aggregates, builtins, isAggregate } from "../stdlib.ts";
import { ANY, BOOL, INT, TEXT, VOID, assignable, listOf, typeToString, type Type } from "../types.ts";
import { showExpr } from "../runtime/show-expr.ts";
import { neverBothHold, sameConstant } from "./disjoint.ts";
import { domainOf, tableCoverage, type ConstPattern, type Key } from "./coverage.ts";
import { collectSymbols, RESERVED_FIELD, type NamedDecl, type Symbols } from "./symbols.ts";

export interface CheckResult {
  diagnostics: Diagnostic[];
  symbols: Symbols;
}

export interface Var {
  type: Type;
  span: A.Span;
  mutable: boolean;
  /** An event's parameter: only a `before` handler may change it. */
  eventParam?: boolean;
}

export class Scope {
  private readonly vars = new Map<string, Var>();
  constructor(readonly parent?: Scope) {}
  get(name: string): Var | undefined {
    return this.vars.get(name) ?? this.parent?.get(name);
  }
  set(name: string, v: Var) {
    this.vars.set(name, v);
  }
  names(): string[] {
    return [...this.vars.keys(), ...(this.parent?.names() ?? [])];
  }
}

interface Context {
  file: string;
  /** The declared result of the enclosing function; undefined where `return` takes no value. */
  returns?: Type;
  inExample: boolean;
  /** Inside an event's default body or one of its handlers: `proceed` needs to know which. */
  event?: { decl: A.EventDecl; timing: A.TriggerTiming | "body" };
}

/** The built-in type names; every other type names a declared enum or kind. */
export const PRIMITIVES = ["int", "bool", "text", "list", "tally", "die"];
/** A table pattern that is not a constant: its row takes no part in the coverage check. */
const INVALID = Symbol("invalid pattern");

/** Sees each expression the checker types, with its type and scope: the language service's window on types and locals. */
export type ExprObserver = (e: A.Expr, type: Type, scope: Scope) => void;

/**
 * Checks one program. `elsewhere` holds the files loaded alongside it that it does not import: a name
 * found only there gets E0105 with the import to add, rather than a bare "unknown name".
 */
export function checkProgram(files: A.SourceFile[], resolveImport: (from: string, path: string) => string, elsewhere: A.SourceFile[] = [], observe?: ExprObserver): CheckResult {
  const diagnostics: Diagnostic[] = [];
  const symbols = collectSymbols(files, diagnostics, resolveImport);
  const outside = new Map<string, A.Span>();
  for (const f of elsewhere) {
    for (const d of f.decls) {
      if ("name" in d) outside.set(d.name.text, d.span);
      if (d.kind === "state") for (const field of d.fields) outside.set(field.name.text, field.span);
    }
  }
  new Checker(symbols, diagnostics, outside, observe).run(files);
  return { diagnostics, symbols };
}

class Checker {
  constructor(
    private readonly s: Symbols,
    private readonly out: Diagnostic[],
    private readonly outside: Map<string, A.Span> = new Map(),
    private readonly observe?: ExprObserver,
  ) {}

  /** Reports E0105 when `name` is declared in a loaded file this program does not import. */
  private notImported(name: string, span: A.Span, file: string): boolean {
    const where = this.outside.get(name);
    if (!where) return false;
    this.report("E0105", span, `\`${name}\` is declared in \`${where.file}\`, which this file does not import`, `add \`import "${relativeImport(file, where.file)}"\``);
    return true;
  }

  private report(code: Parameters<typeof diag>[0], span: A.Span, message: string, help?: string) {
    this.out.push(diag(code, span, message, help));
  }

  run(files: A.SourceFile[]) {
    for (const f of files) for (const d of f.decls) this.decl(d, f.path);
    this.checkSetModifierOrder();
    this.checkCountBeforeScale();
  }

  // ---- names -----------------------------------------------------------------------------------

  /** A global declaration by name, reporting E0105 when it exists but the file does not import it. */
  private lookup(name: string, span: A.Span, file: string): NamedDecl | undefined {
    const d = this.s.decls.get(name);
    if (!d) return undefined;
    if (!this.s.visible.get(file)?.has(d.span.file)) {
      this.report("E0105", span, `\`${name}\` is declared in \`${d.span.file}\`, which this file does not import`, `add \`import "${relativeImport(file, d.span.file)}"\``);
      return undefined;
    }
    return d;
  }

  private stateField(name: string, file: string): A.FieldDecl | undefined {
    const f = this.s.stateFields.get(name);
    return f && this.s.visible.get(file)?.has(f.span.file) ? f : undefined;
  }

  private isEnum = (name: string): boolean => this.s.decls.get(name)?.kind === "enum";

  private enumMembers = (name: string): string[] => {
    const d = this.s.decls.get(name);
    return d?.kind === "enum" ? d.members.map((m) => m.text) : [];
  };

  /** Each written type is resolved once: a parameter's bad type is reported once, not at every call. */
  private readonly resolved = new WeakMap<A.TypeRef, Type>();

  resolveType(ref: A.TypeRef, file: string): Type {
    let t = this.resolved.get(ref);
    if (!t) {
      t = this.resolveTypeOnce(ref, file);
      this.resolved.set(ref, t);
    }
    return t;
  }

  private resolveTypeOnce(ref: A.TypeRef, file: string): Type {
    const n = ref.name.text;
    if (n === "int") {
      if (ref.range && ref.range.low > ref.range.high) this.report("E0104", ref.span, `the range ${ref.range.low}..${ref.range.high} is empty`);
      return ref.range ? { t: "int", low: ref.range.low, high: ref.range.high } : INT;
    }
    if (ref.range) this.report("E0104", ref.span, `only \`int\` can have a range, not \`${n}\``);
    if (n === "bool") return BOOL;
    if (n === "text") return TEXT;
    if (n === "list") {
      if (!ref.element) {
        this.report("E0104", ref.span, "`list` needs an element type", "write `list<Unit>`");
        return listOf(ANY);
      }
      return listOf(this.resolveType(ref.element, file));
    }
    if (n === "tally" || n === "die") {
      const of = ref.element ? this.enumName(ref.element, file) : undefined;
      if (!ref.element) this.report("E0104", ref.span, `\`${n}\` needs the enum it counts`, `write \`${n}<Icon>\``);
      return of ? { t: n, of } : ANY;
    }
    if (ref.element) this.report("E0104", ref.span, `\`${n}\` takes no element type`);
    const d = this.s.decls.get(n);
    if (d && (d.kind === "enum" || d.kind === "kind")) {
      if (!this.lookup(n, ref.name.span, file)) return ANY;
      return d.kind === "enum" ? { t: "enum", name: n } : { t: "kind", name: n };
    }
    const typeNames = [...PRIMITIVES, ...[...this.s.decls.values()].filter((x) => x.kind === "enum" || x.kind === "kind").map((x) => x.name.text)];
    if (!this.notImported(n, ref.name.span, file)) this.report("E0104", ref.name.span, `unknown type \`${n}\``, didYouMean(n, typeNames));
    return ANY;
  }

  /** The enum named by `ref`, for tallies and dice, whose counts are kept per member. */
  private enumName(ref: A.TypeRef, file: string): string | undefined {
    const t = this.resolveType(ref, file);
    if (t.t === "enum") return t.name;
    if (t.t !== "any") this.report("E0104", ref.span, `tallies and dice count the members of an enum, but \`${typeToString(t)}\` is not one`);
    return undefined;
  }

  // ---- declarations ----------------------------------------------------------------------------

  private decl(d: A.Decl, file: string) {
    const ctx: Context = { file, inExample: false };
    switch (d.kind) {
      case "import":
      case "enum":
        if (d.kind === "enum") this.duplicates(d.members, "member", `enum \`${d.name.text}\``);
        return;
      case "kind":
      case "state":
        this.fields(d.fields, ctx, d.kind === "kind" ? `kind \`${d.name.text}\`` : "the state");
        return;
      case "status": {
        const ev = d.expiry ? this.expectEvent(d.expiry.event, file) : undefined;
        if (d.expiry?.times !== undefined && d.expiry.times < 1) this.report("E0201", d.span, `a status cannot last for ${d.expiry.times} events`, "use `for 1` or more");
        const holder = d.expiry?.holder;
        if (ev && holder) {
          const p = ev.params.find((x) => x.name.text === holder.text);
          if (!p) this.report("E0103", holder.span, `event \`${ev.name.text}\` has no parameter \`${holder.text}\``, didYouMean(holder.text, ev.params.map((x) => x.name.text)));
          else if (!this.s.decls.get(p.type.name.text) || this.s.decls.get(p.type.name.text)!.kind !== "kind") {
            this.report("E0201", holder.span, `\`${holder.text}\` must be an entity to hold a status, but it is ${p.type.name.text}`);
          }
        }
        return;
      }
      case "event": {
        const scope = this.eventScope(d, "body", file);
        const result = d.params.find((p) => p.name.text === "result");
        if (d.returns && result) {
          this.report("E0232", result.name.span, `an event with a result type cannot have a parameter named \`result\`: the handlers use that name for the event's result`, "rename the parameter");
        }
        if (d.body) this.block(d.body, scope, { ...ctx, event: { decl: d, timing: "body" } });
        return;
      }
      case "trigger": {
        const ev = this.expectEvent(d.event, file);
        const scope = ev ? this.eventScope(ev, d.timing, file) : new Scope();
        const inner = ev ? { ...ctx, event: { decl: ev, timing: d.timing } } : ctx;
        if (d.condition) this.condition(d.condition, scope, inner);
        this.block(d.body, scope, inner);
        return;
      }
      case "fn": {
        const scope = this.paramScope(d.params, file);
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
            const hint = t.t === "void" || t.t === "any" ? "`-> int`" : `\`-> ${typeToString(t)}\``;
            this.report("E0205", d.name.span, `\`${d.name.text}\` is written with \`=\`, so it must declare what it produces`, `add ${hint} before the \`=\``);
          }
        }
        return;
      }
      case "value": {
        const scope = this.paramScope(d.params, file);
        const returns = this.resolveType(d.returns, file);
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
        this.block(d.body, new Scope(), { file, inExample: true });
        return;
      case "die":
        this.die(d, ctx);
        return;
      default:
        A.assertNever(d);
    }
  }

  private duplicates(names: A.Name[], what: string, where: string) {
    const seen = new Set<string>();
    for (const n of names) {
      if (seen.has(n.text)) this.report("E0102", n.span, `the ${what} \`${n.text}\` appears twice in ${where}`);
      seen.add(n.text);
    }
  }

  private fields(fields: A.FieldDecl[], ctx: Context, where: string) {
    this.duplicates(fields.map((f) => f.name), "field", where);
    for (const f of fields) {
      if (f.name.text === RESERVED_FIELD) this.report("E0102", f.name.span, `\`${RESERVED_FIELD}\` is reserved: every entity already holds its statuses there`, "choose another field name");
      const t = this.resolveType(f.type, ctx.file);
      if (!f.default) continue;
      if (!isConstant(f.default, (n) => this.s.decls.get(n)?.kind)) {
        this.report("E0207", f.default.span, "a field's default must be a constant: a number, text, `true`/`false`, an enum member, a die, a tally like `Icon(melee: 1)` or a list of those");
      }
      const dt = this.expr(f.default, new Scope(), ctx);
      this.expectType(dt, t, f.default.span, `the default of \`${f.name.text}\``);
      const v = constInt(f.default);
      if (t.t === "int" && t.low !== undefined && v !== undefined && (v < t.low || v > t.high!)) {
        this.report("E0210", f.default.span, `the default ${v} of \`${f.name.text}\` is outside its range ${t.low}..${t.high}`);
      }
    }
  }

  private paramScope(params: A.Param[], file: string): Scope {
    const scope = new Scope();
    this.duplicates(params.map((p) => p.name), "parameter", "this parameter list");
    for (const p of params) scope.set(p.name.text, { type: this.resolveType(p.type, file), span: p.name.span, mutable: false });
    return scope;
  }

  /**
   * What the body and handlers of an event see: its parameters (assignable in a `before` handler only,
   * which may change the arguments for what follows) and, for an event with a result type, `result`.
   */
  private eventScope(ev: A.EventDecl, timing: A.TriggerTiming | "body", file: string): Scope {
    const scope = new Scope();
    // Duplicates are reported once, at the event's own declaration.
    if (timing === "body") this.duplicates(ev.params.map((p) => p.name), "parameter", "this parameter list");
    for (const p of ev.params) {
      scope.set(p.name.text, { type: this.resolveType(p.type, ev.span.file), span: p.name.span, mutable: timing === "before", eventParam: true });
    }
    if (ev.returns) scope.set("result", { type: this.resolveType(ev.returns, ev.span.file), span: ev.returns.span, mutable: true });
    return scope;
  }

  private expectEvent(name: A.Name, file: string): A.EventDecl | undefined {
    const d = this.lookup(name.text, name.span, file);
    if (d?.kind === "event") return d;
    if (d) this.report("E0201", name.span, `\`${name.text}\` is a ${d.kind}, not an event`);
    else if (!this.s.decls.has(name.text)) {
      const events = [...this.s.decls.values()].filter((x) => x.kind === "event").map((x) => x.name.text);
      if (!this.notImported(name.text, name.span, file)) this.report("E0101", name.span, `unknown event \`${name.text}\``, didYouMean(name.text, events));
    }
    return undefined;
  }

  private modifier(d: A.ModifierDecl, ctx: Context) {
    const target = this.lookup(d.target.text, d.target.span, ctx.file);
    if (!target || target.kind !== "value") {
      if (target) this.report("E0208", d.target.span, `a modifier changes a \`value\`, but \`${d.target.text}\` is a ${target.kind}`);
      else if (!this.s.decls.has(d.target.text)) {
        const values = [...this.s.decls.values()].filter((x) => x.kind === "value").map((x) => x.name.text);
        if (!this.notImported(d.target.text, d.target.span, ctx.file)) this.report("E0101", d.target.span, `unknown value \`${d.target.text}\``, didYouMean(d.target.text, values));
      }
      return;
    }
    const op = d.op.text;
    if (!(A.modifierOps as readonly string[]).includes(op)) {
      this.report("E0208", d.op.span, `unknown modifier operation \`${op}\``, didYouMean(op, A.modifierOps) ?? `use one of ${A.modifierOps.map((o) => `\`${o}\``).join(", ")}`);
      return;
    }
    const scope = this.paramScope(target.params, ctx.file);
    const valueType = this.resolveType(target.returns, ctx.file);
    if (d.condition) this.condition(d.condition, scope, ctx);
    if (d.into && op !== "count") this.report("E0208", d.into.span, `only \`count\` takes \`as\``);
    if (d.factor && (op !== "multiply" || valueType.t !== "tally")) {
      this.report("E0208", d.factor.span, "only `multiply` of one member of a tally takes `by`", valueType.t === "tally" ? undefined : "a number is multiplied without `by`: `multiply 3`");
    }
    if (op === "count" && !d.into) this.report("E0208", d.op.span, "`count` needs `as`: what the counted results become", this.countHelp(d, valueType));
    if (valueType.t === "tally") return this.tallyModifier(d, op, valueType, scope, ctx);
    if (op === "count") {
      if (valueType.t !== "any") this.report("E0208", d.op.span, `\`count\` moves results between members of a tally, but \`${d.target.text}\` is ${typeToString(valueType)}`);
      return;
    }
    if (op === "double") {
      if (d.amount) this.report("E0208", d.amount.span, "`double` takes no amount");
    } else if (!d.amount) {
      this.report("E0208", d.op.span, `\`${op}\` needs an amount`, `write \`${op} 1\``);
      return;
    }
    if (op !== "set" && valueType.t !== "int" && valueType.t !== "any") {
      this.report("E0208", d.op.span, `\`${op}\` works on numbers, but \`${d.target.text}\` is ${typeToString(valueType)}`);
    }
    if (d.amount) this.expectType(this.expr(d.amount, scope, ctx), op === "set" ? valueType : INT, d.amount.span, "the modifier's amount");
  }

  /** `write \`count Icon.maneuver as Icon.save\``, in the value's own enum and with the member already named. */
  private countHelp(d: A.ModifierDecl, valueType: Type): string {
    if (valueType.t !== "tally") return "write `count Icon.a as Icon.b`";
    const members = this.enumMembers(valueType.of);
    const from = d.amount?.kind === "member" && members.includes(d.amount.member.text) ? d.amount.member.text : members[0] ?? "a";
    const to = members.find((m) => m !== from) ?? "b";
    return `write \`count ${valueType.of}.${from} as ${valueType.of}.${to}\``;
  }

  private die(d: A.DieDecl, ctx: Context) {
    const of = this.enumName({ name: d.faceType, span: d.faceType.span }, ctx.file);
    if (d.faces.length === 0) this.report("E0201", d.facesSpan, `the die \`${d.name.text}\` needs at least one face`);
    for (const face of d.faces) {
      const t = this.expr(face, new Scope(), ctx);
      if (of) this.expectType(t, { t: "tally", of }, face.span, "a face");
      // Built with the die's own enum, not a function that returns a tally: faces are read once and kept.
      const constant = isConstantTally(face, this.isEnum);
      if (!constant && t.t !== "any") this.report("E0207", face.span, "a die face must be a constant tally, like `Icon(melee: 2)`");
    }
  }

  /** Modifiers of a tally change one member's count, so they name it: `double Icon.save`, `count Icon.a as Icon.b`. */
  private tallyModifier(d: A.ModifierDecl, op: string, valueType: Type & { t: "tally" }, scope: Scope, ctx: Context) {
    const member = (e: A.Expr | undefined, what: string) => {
      const first = this.enumMembers(valueType.of)[0] ?? "member";
      if (!e) return this.report("E0208", d.op.span, `\`${op}\` on a tally needs ${what}`, op === "count" ? this.countHelp(d, valueType) : `write \`${op} ${valueType.of}.${first}\``);
      this.expectType(this.expr(e, scope, ctx), { t: "enum", name: valueType.of }, e.span, `the member \`${op}\` changes`);
    };
    switch (op) {
      case "set":
      case "add":
        if (d.amount) this.expectType(this.expr(d.amount, scope, ctx), valueType, d.amount.span, "the modifier's amount");
        else this.report("E0208", d.op.span, `\`${op}\` needs an amount`, `write \`${op} ${valueType.of}(member: 1)\``);
        return;
      case "double":
        return member(d.amount, "the member whose count doubles");
      case "multiply":
        member(d.amount, "the member whose count is multiplied");
        if (d.factor) this.expectType(this.expr(d.factor, scope, ctx), INT, d.factor.span, "the factor");
        else {
          const named = d.amount?.kind === "member" ? d.amount.member.text : this.enumMembers(valueType.of)[0] ?? "member";
          this.report("E0208", d.op.span, "`multiply` on a tally needs `by` and a factor", `write \`multiply ${valueType.of}.${named} by 3\``);
        }
        return;
      case "count":
        // A bare `count` is already reported for its missing `as`, with the whole form as help.
        if (d.amount || d.into) member(d.amount, "the member to count");
        if (d.into) member(d.into, "the member it counts as");
        return;
      default:
        this.report("E0208", d.op.span, `\`${op}\` works on numbers, but \`${d.target.text}\` is ${typeToString(valueType)}`, "a tally takes `set`, `add`, `count`, `double` or `multiply ... by`");
    }
  }

  /**
   * `count Icon.a as Icon.b` runs before `double Icon.a`, so when both apply the doubling finds nothing:
   * almost always a rule text whose order was never fixed, so say so.
   */
  private checkCountBeforeScale() {
    for (const [value, mods] of this.s.modifiersByValue) {
      const member = (m: A.ModifierDecl) => (m.amount?.kind === "member" ? showExpr(m.amount) : undefined);
      const counts = mods.filter((m) => m.op.text === "count" && member(m) !== undefined);
      for (const scale of mods.filter((m) => (m.op.text === "double" || m.op.text === "multiply") && member(m) !== undefined)) {
        const c = counts.find((x) => member(x) === member(scale) && !neverBothHold(x.condition, scale.condition, this.isEnum));
        if (!c) continue;
        this.report("W0306", scale.amount!.span, `\`${scale.name.text}\` finds no \`${member(scale)}\` in \`${value}\` when \`${c.name.text}\` also applies: \`count\` runs before \`${scale.op.text}\` and has moved them`, "give them conditions that cannot both hold, or scale the member they are counted as");
      }
    }
  }

  /** Two `set` modifiers on one value: which wins depends on declaration order, which the rule text rarely fixes. */
  private checkSetModifierOrder() {
    for (const [value, mods] of this.s.modifiersByValue) {
      const sets = mods.filter((m) => m.op.text === "set");
      sets.forEach((m, i) => {
        // Only a pair that can apply together, with different results, depends on declaration order.
        const earlier = sets.slice(0, i).find((x) => !neverBothHold(x.condition, m.condition, this.isEnum) && !sameConstant(x.amount, m.amount, this.isEnum));
        if (!earlier) return;
        this.report("W0304", m.op.span, `\`${value}\` has two \`set\` modifiers (\`${earlier.name.text}\` and \`${m.name.text}\`); when both apply, the one declared later wins`, "give them conditions that cannot both hold, or merge them");
      });
    }
  }

  private table(d: A.TableDecl, ctx: Context) {
    const scope = this.paramScope(d.params, ctx.file);
    const paramTypes = d.params.map((p) => scope.get(p.name.text)!.type);
    const returns = this.resolveType(d.returns, ctx.file);
    const rows: ConstPattern[][] = [];
    // A row whose patterns are already reported cannot be placed, so coverage would only guess.
    let rowsKnown = true;
    for (const row of d.rows) {
      this.expectType(this.expr(row.result, scope, ctx), returns, row.result.span, "the table's result");
      if (row.patterns.length !== d.params.length) {
        this.report("E0202", row.span, `this row has ${row.patterns.length} pattern(s) but \`${d.name.text}\` takes ${d.params.length} input(s)`);
        rowsKnown = false;
        continue;
      }
      const patterns = row.patterns.map((p, i) => this.pattern(p, paramTypes[i]!, ctx));
      if (patterns.includes(INVALID)) rowsKnown = false;
      else rows.push(patterns as ConstPattern[]);
    }
    if (!rowsKnown) return;
    const coverage = tableCoverage(paramTypes.map((t) => domainOf(t, this.enumMembers)), rows);
    if (coverage && coverage.uncoveredCount > 0) {
      const show = (tuple: Key[]) => tuple.map((v, i) => `${d.params[i]!.name.text} = ${showKey(v, paramTypes[i]!)}`).join(", ");
      const more = coverage.uncoveredCount > coverage.uncovered.length ? ` and ${coverage.uncoveredCount - coverage.uncovered.length} more` : "";
      this.report("W0301", d.name.span, `table \`${d.name.text}\` says nothing for ${coverage.uncovered.map(show).join("; ")}${more}`, "add a row for these inputs, or a final row of `_` patterns");
    }
    for (const i of coverage?.unreachable ?? []) {
      this.report("W0302", d.rows[i]!.span, `this row of \`${d.name.text}\` never applies: earlier rows take every input it matches`);
    }
    for (const i of coverage?.impossible ?? []) {
      const inputs = d.params.map((p, j) => `\`${p.name.text}\` is ${typeToString(paramTypes[j]!)}`).join(", ");
      this.report("W0302", d.rows[i]!.span, `this row of \`${d.name.text}\` never applies: no possible input matches it`, `compare its patterns with the inputs: ${inputs}`);
    }
  }

  /** A row pattern as a constant; INVALID when it is not one (already reported). */
  private pattern(p: A.Pattern, t: Type, ctx: Context): ConstPattern | typeof INVALID {
    if (!p.low) return undefined;
    const low = this.constant(p.low, t, ctx);
    const high = p.high ? this.constant(p.high, t, ctx) : low;
    if (p.high && t.t !== "int" && t.t !== "any") {
      this.report("E0207", p.span, "a range pattern needs a number input");
      return INVALID;
    }
    if (low === undefined || high === undefined) return INVALID;
    return { low, high };
  }

  private constant(e: A.Expr, t: Type, ctx: Context): Key | undefined {
    const ty = this.expr(e, new Scope(), ctx);
    this.expectType(ty, t, e.span, "this pattern");
    const n = constInt(e);
    if (n !== undefined) return n;
    if (e.kind === "bool" || e.kind === "text") return e.value;
    if (e.kind === "member" && e.object.kind === "name" && this.isEnum(e.object.name)) return e.member.text;
    this.report("E0207", e.span, "a table pattern must be a constant: a number, `true`/`false`, text, an enum member or `_`");
    return undefined;
  }

  // ---- statements ------------------------------------------------------------------------------

  private block(b: A.Block, outer: Scope, ctx: Context) {
    const scope = new Scope(outer);
    for (const s of b.statements) this.stmt(s, scope, ctx);
  }

  private stmt(s: A.Stmt, scope: Scope, ctx: Context) {
    switch (s.kind) {
      case "let": {
        let t = this.expr(s.value, scope, ctx);
        if (s.type) {
          const declared = this.resolveType(s.type, ctx.file);
          this.expectType(t, declared, s.value.span, `\`${s.name.text}\``);
          this.constantInRange(s.value, declared, `\`${s.name.text}\``);
          t = declared;
        } else if (t.t === "void") this.report("E0201", s.value.span, "this produces no value to store");
        if (this.stateField(s.name.text, ctx.file)) {
          this.report("W0305", s.name.span, `\`${s.name.text}\` hides the state field of the same name in the rest of this block`, "choose another name for the variable");
        }
        scope.set(s.name.text, { type: t, span: s.name.span, mutable: true });
        return;
      }
      case "if":
        this.condition(s.condition, scope, ctx);
        this.block(s.then, scope, ctx);
        if (s.else) this.block(s.else, scope, ctx);
        return;
      case "while":
        this.condition(s.condition, scope, ctx);
        this.block(s.body, scope, ctx);
        return;
      case "for": {
        const inner = new Scope(scope);
        const from = this.expr(s.from, scope, ctx);
        let element: Type = ANY;
        if (s.to) {
          this.expectType(from, INT, s.from.span, "the start of the range");
          this.expectType(this.expr(s.to, scope, ctx), INT, s.to.span, "the end of the range");
          element = INT;
        } else if (from.t === "list") element = from.of;
        else if (from.t !== "any") this.report("E0201", s.from.span, `\`for\` needs a list or a range \`a..b\`, but this is ${typeToString(from)}`);
        inner.set(s.name.text, { type: element, span: s.name.span, mutable: false });
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
        this.statusName(s.status, ctx);
        const target = this.expr(s.target, scope, ctx);
        this.entity(target, s.target.span);
        this.appliedExpiry(s, target, scope, ctx);
        return;
      }
      case "clear":
        this.statusName(s.status, ctx);
        this.entity(this.expr(s.target, scope, ctx), s.target.span);
        return;
      case "add":
      case "remove": {
        const list = this.expr(s.list, scope, ctx);
        this.assignableTarget(s.list);
        this.listItem(this.expr(s.item, scope, ctx), list, s.item.span, s.list.span);
        return;
      }
      case "move": {
        const from = this.expr(s.source, scope, ctx);
        const to = this.expr(s.target, scope, ctx);
        const item = this.expr(s.item, scope, ctx);
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
        this.assignableTarget(s.target, scope);
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

  private emitArgs(s: { event: A.Name; args: A.Arg[]; span: A.Span }, scope: Scope, ctx: Context): A.EventDecl | undefined {
    const ev = this.expectEvent(s.event, ctx.file);
    this.checkArgs(s.args, ev?.params.map((p) => ({ name: p.name.text, type: this.resolveType(p.type, ctx.file) })), `event \`${s.event.text}\``, s.span, scope, ctx);
    return ev;
  }

  /**
   * `apply S to x for N [E(...)]` / `until E(...)`: the count is a number, the event exists, a named
   * parameter exists, and the expiry can match at all: a holder parameter of another kind, or a value
   * that can never equal the parameter, would leave the status on forever.
   */
  private appliedExpiry(s: A.Stmt & { kind: "apply" }, target: Type, scope: Scope, ctx: Context) {
    const status = this.s.decls.get(s.status.text);
    const declared = status?.kind === "status" ? status : undefined;
    const x = s.expiry;
    if (x?.times) this.expectType(this.expr(x.times, scope, ctx), INT, x.times.span, "the number of events");
    const matchType = x?.match ? this.expr(x.match.value, scope, ctx) : ANY;
    if (x && !x.event && declared && !declared.expiry) {
      this.report("E0233", x.span, `\`${s.status.text}\` is declared without an expiry event, so \`for\` has nothing to count`, `name the event: \`for ${x.times ? showExpr(x.times) : "N"} RoundEnds\`, or declare \`status ${s.status.text} until RoundEnds\``);
    }
    const eventName = x?.event ?? declared?.expiry?.event;
    if (!eventName) return;
    const ev = x?.event ? this.expectEvent(x.event, ctx.file) : (this.s.decls.get(eventName.text) as A.EventDecl | undefined);
    if (ev?.kind !== "event") return;
    const holder = x?.event ? x.holder : x?.match ? undefined : declared?.expiry?.holder;
    if (holder) {
      const p = this.eventParam(ev, holder, x?.event !== undefined);
      if (!p) return;
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
      const pt = this.resolveType(p.type, ev.span.file);
      const vt = matchType;
      if (!canEqual(vt, pt)) this.report("E0201", x.match.value.span, `\`${x.match.param.text}\` of \`${ev.name.text}\` is ${typeToString(pt)} and can never equal ${typeToString(vt)}, so the status would never expire`, `give a value of type ${typeToString(pt)}`);
    }
  }

  /** A parameter of `ev` by name; E0103 with a suggestion where it is written in this `apply`. */
  private eventParam(ev: A.EventDecl, name: A.Name, report: boolean): A.Param | undefined {
    const p = ev.params.find((x) => x.name.text === name.text);
    if (!p && report) this.report("E0103", name.span, `event \`${ev.name.text}\` has no parameter \`${name.text}\``, didYouMean(name.text, ev.params.map((x) => x.name.text)));
    return p;
  }

  /** Reads of one count from a tally: tallies are values, so such a read cannot be assigned to. */
  private readonly tallyReads = new WeakMap<A.Expr, string>();

  private assignableTarget(e: A.Expr, scope?: Scope) {
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

  private listItem(item: Type, list: Type, itemSpan: A.Span, listSpan: A.Span) {
    if (list.t === "any") return;
    if (list.t !== "list") {
      this.report("E0201", listSpan, `expected a list, but this is ${typeToString(list)}`);
      return;
    }
    this.expectType(item, list.of, itemSpan, "the item");
  }

  private statusName(n: A.Name, ctx: Context) {
    const d = this.lookup(n.text, n.span, ctx.file);
    if (d?.kind === "status") return;
    if (d) this.report("E0201", n.span, `\`${n.text}\` is a ${d.kind}, not a status`);
    else if (!this.s.decls.has(n.text)) {
      const statuses = [...this.s.decls.values()].filter((x) => x.kind === "status").map((x) => x.name.text);
      if (!this.notImported(n.text, n.span, ctx.file)) this.report("E0101", n.span, `unknown status \`${n.text}\``, didYouMean(n.text, statuses));
    }
  }

  private entity(t: Type, span: A.Span) {
    if (t.t !== "kind" && t.t !== "any") this.report("E0201", span, `statuses belong to entities of a \`kind\`, but this is ${typeToString(t)}`);
  }

  /** A constant given where a ranged int is expected must fit the range; other values are checked at run time. */
  private constantInRange(e: A.Expr, t: Type, what: string) {
    const v = constInt(e);
    if (t.t === "int" && t.low !== undefined && v !== undefined && (v < t.low || v > t.high!)) {
      this.report("E0210", e.span, `${v} is outside the range ${t.low}..${t.high} of ${what}`);
    }
  }

  private condition(e: A.Expr, scope: Scope, ctx: Context) {
    this.expectType(this.expr(e, scope, ctx), BOOL, e.span, "a condition");
  }

  private expectType(actual: Type, expected: Type, span: A.Span, what: string) {
    if (!assignable(actual, expected)) this.report("E0201", span, `${what} should be ${typeToString(expected)}, but this is ${typeToString(actual)}`);
  }

  // ---- expressions -----------------------------------------------------------------------------

  expr(e: A.Expr, scope: Scope, ctx: Context): Type {
    const t = this.typeOf(e, scope, ctx);
    this.observe?.(e, t, scope);
    return t;
  }

  private typeOf(e: A.Expr, scope: Scope, ctx: Context): Type {
    switch (e.kind) {
      case "int":
        return INT;
      case "text":
        return TEXT;
      case "bool":
        return BOOL;
      case "name":
        return this.name(e, scope, ctx);
      case "member":
        return this.member(e, scope, ctx);
      case "index": {
        const list = this.expr(e.object, scope, ctx);
        // `results[action]`: a tally read at a member known only at run time.
        if (list.t === "tally") {
          this.tallyReads.set(e, list.of);
          this.expectType(this.expr(e.index, scope, ctx), { t: "enum", name: list.of }, e.index.span, "a tally's index");
          return INT;
        }
        this.expectType(this.expr(e.index, scope, ctx), INT, e.index.span, "a list index");
        if (list.t === "list") return list.of;
        if (list.t !== "any") this.report("E0201", e.object.span, `only a list or a tally can be indexed, but this is ${typeToString(list)}`);
        return ANY;
      }
      case "call":
        return this.call(e, scope, ctx);
      case "list": {
        const types = e.items.map((i) => this.expr(i, scope, ctx));
        const first = types.find((t) => t.t !== "any") ?? ANY;
        types.forEach((t, i) => this.expectType(t, first, e.items[i]!.span, "every item of a list"));
        return listOf(first.t === "int" ? INT : first);
      }
      case "binary":
        return this.binary(e, scope, ctx);
      case "not":
        this.condition(e.operand, scope, ctx);
        return BOOL;
      case "neg":
        this.expectType(this.expr(e.operand, scope, ctx), INT, e.operand.span, "the operand of `-`");
        return INT;
      case "has":
        this.entity(this.expr(e.object, scope, ctx), e.object.span);
        this.statusName(e.status, ctx);
        return BOOL;
      case "cond": {
        this.condition(e.condition, scope, ctx);
        const a = this.expr(e.then, scope, ctx);
        const b = this.expr(e.else, scope, ctx);
        this.expectType(b, a, e.else.span, "both branches of `if`");
        return a.t === "any" ? b : a.t === "int" ? INT : a;
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
      case "choose": {
        this.expectType(this.expr(e.question, scope, ctx), TEXT, e.question.span, "the question");
        const options = this.expr(e.options, scope, ctx);
        if (options.t === "list") return options.of;
        if (options.t !== "any") this.report("E0201", e.options.span, `\`choose\` picks from a list, but this is ${typeToString(options)}`);
        return ANY;
      }
      default:
        return A.assertNever(e);
    }
  }

  private name(e: A.Expr & { kind: "name" }, scope: Scope, ctx: Context): Type {
    const local = scope.get(e.name);
    if (local) return local.type;
    const field = this.stateField(e.name, ctx.file);
    if (field) return this.resolveType(field.type, ctx.file);
    const hidden = this.s.stateFields.get(e.name);
    if (hidden) {
      this.report("E0105", e.span, `the state field \`${e.name}\` is declared in \`${hidden.span.file}\`, which this file does not import`, `add \`import "${relativeImport(ctx.file, hidden.span.file)}"\``);
      return ANY;
    }
    const d = this.s.decls.get(e.name);
    if (d) {
      if (!this.lookup(e.name, e.span, ctx.file)) return ANY;
      if (d.kind === "die") return { t: "die", of: d.faceType.text };
      if (d.kind === "enum") this.report("E0201", e.span, `\`${e.name}\` is an enum; name one of its members, like \`${e.name}.${d.members[0]?.text ?? "member"}\``);
      else this.report("E0201", e.span, `\`${e.name}\` is a ${d.kind}, not a value`, d.kind === "fn" || d.kind === "value" || d.kind === "table" ? `call it: \`${e.name}(...)\`` : undefined);
      return ANY;
    }
    const candidates = [...scope.names(), ...this.s.stateFields.keys(), ...[...this.s.decls.keys()]];
    if (!this.notImported(e.name, e.span, ctx.file)) this.report("E0101", e.span, `unknown name \`${e.name}\``, didYouMean(e.name, candidates));
    return ANY;
  }

  private member(e: A.Expr & { kind: "member" }, scope: Scope, ctx: Context): Type {
    const m = e.member.text;
    // `Side.attacker`: an enum member.
    if (e.object.kind === "name" && !scope.get(e.object.name) && !this.s.stateFields.has(e.object.name)) {
      const d = this.s.decls.get(e.object.name);
      if (d?.kind === "enum") {
        if (!this.lookup(e.object.name, e.object.span, ctx.file)) return ANY;
        if (d.members.some((x) => x.text === m)) return { t: "enum", name: d.name.text };
        this.report("E0103", e.member.span, `enum \`${d.name.text}\` has no member \`${m}\``, didYouMean(m, d.members.map((x) => x.text)));
        return ANY;
      }
    }
    const obj = this.expr(e.object, scope, ctx);
    if (obj.t === "any") return ANY;
    if (obj.t === "kind") {
      const k = this.s.decls.get(obj.name) as A.KindDecl;
      const f = k.fields.find((x) => x.name.text === m);
      if (f) return this.resolveType(f.type, k.span.file);
      this.report("E0103", e.member.span, `\`${obj.name}\` has no field \`${m}\``, didYouMean(m, k.fields.map((x) => x.name.text)));
      return ANY;
    }
    if (obj.t === "tally") {
      this.tallyReads.set(e, obj.of);
      const members = this.enumMembers(obj.of);
      if (members.includes(m)) return INT;
      this.report("E0103", e.member.span, `enum \`${obj.of}\` has no member \`${m}\` to count`, didYouMean(m, members));
      return ANY;
    }
    this.report("E0103", e.member.span, `${typeToString(obj)} has no field \`${m}\``, obj.t === "list" && m === "length" ? "use `len(list)`" : undefined);
    return ANY;
  }

  private binary(e: A.Expr & { kind: "binary" }, scope: Scope, ctx: Context): Type {
    const l = this.expr(e.left, scope, ctx);
    const r = this.expr(e.right, scope, ctx);
    switch (e.op) {
      case "and":
      case "or":
        this.expectType(l, BOOL, e.left.span, `the left of \`${e.op}\``);
        this.expectType(r, BOOL, e.right.span, `the right of \`${e.op}\``);
        return BOOL;
      case "==":
      case "!=":
        if (!assignable(l, r) && !assignable(r, l)) this.report("E0201", e.span, `cannot compare ${typeToString(l)} with ${typeToString(r)}`);
        return BOOL;
      case "<":
      case "<=":
      case ">":
      case ">=":
        this.numbers(e, l, r);
        return BOOL;
      case "+":
        if (l.t === "text" || r.t === "text") return TEXT;
        if (l.t === "list" || r.t === "list" || l.t === "tally" || r.t === "tally") {
          // Two lists join; two tallies add member by member. Either way both sides are alike, and an
          // empty list `[]` takes the other side's element type.
          const t = (l.t === "tally" || l.t === "list") && !(l.t === "list" && l.of.t === "any") ? l : r;
          this.expectType(l, t, e.left.span, "the left of `+`");
          this.expectType(r, t, e.right.span, "the right of `+`");
          return t;
        }
        this.numbers(e, l, r);
        return INT;
      case "-":
      case "*":
      case "/":
      case "%":
        this.numbers(e, l, r);
        return INT;
      default:
        return A.assertNever(e.op);
    }
  }

  private numbers(e: A.Expr & { kind: "binary" }, l: Type, r: Type) {
    this.expectType(l, INT, e.left.span, `the left of \`${e.op}\``);
    this.expectType(r, INT, e.right.span, `the right of \`${e.op}\``);
  }

  private call(e: A.Expr & { kind: "call" }, scope: Scope, ctx: Context): Type {
    if (e.callee.kind !== "name") {
      this.expr(e.callee, scope, ctx);
      this.report("E0203", e.callee.span, "only a named function, value, table, kind or built-in can be called");
      return ANY;
    }
    const name = e.callee.name;
    const comp = e.args.find((a) => a.kind === "comprehension");
    if (comp && comp.kind === "comprehension") {
      if (!isAggregate(name)) {
        this.report("E0209", e.callee.span, `\`${name}\` does not take \`x in list\`; aggregates are ${Object.keys(aggregates).map((a) => `\`${a}\``).join(", ")}`, didYouMean(name, Object.keys(aggregates)));
        return ANY;
      }
      if (e.args.length !== 1) this.report("E0209", e.span, `\`${name}(x in list ...)\` takes exactly one comprehension`);
      return this.aggregate(name, comp.comp, comp.span, scope, ctx);
    }
    if (scope.get(name) || this.stateField(name, ctx.file)) {
      this.report("E0203", e.callee.span, `\`${name}\` is a variable, not something to call`);
      return ANY;
    }
    const d = this.s.decls.get(name);
    if (d) {
      if (!this.lookup(name, e.callee.span, ctx.file)) {
        for (const a of e.args) if (a.kind !== "comprehension") this.expr(a.value, scope, ctx);
        return ANY;
      }
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
    const b = builtins[name];
    if (b) {
      const types = this.checkArgs(e.args, b.params, `\`${name}\``, e.span, scope, ctx);
      // `contains` takes any list and any item; an item that can never be in the list is a predicate
      // that silently never holds, so say so.
      const [list, item] = types;
      const itemArg = e.args[1];
      if (name === "contains" && list?.t === "list" && item && itemArg && !assignable(item, list.of) && !assignable(list.of, item)) {
        this.report("E0201", itemArg.span, `${typeToString(list)} can never contain ${typeToString(item)}, so this is always false`);
      }
      return b.returns(types);
    }
    const callables = [...[...this.s.decls.values()].filter((x) => ["fn", "value", "table", "kind"].includes(x.kind)).map((x) => x.name.text), ...Object.keys(builtins)];
    if (!this.notImported(name, e.callee.span, ctx.file)) this.report("E0101", e.callee.span, `unknown function \`${name}\``, didYouMean(name, callables));
    for (const a of e.args) if (a.kind !== "comprehension") this.expr(a.value, scope, ctx);
    return ANY;
  }

  /** Matches positional and named arguments to parameters; returns the argument types in parameter order. */
  private checkArgs(args: A.Arg[], params: { name: string; type: Type }[] | undefined, what: string, span: A.Span, scope: Scope, ctx: Context): Type[] {
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
          this.report("E0202", a.name.span, `${what} has no parameter \`${a.name.text}\``, didYouMean(a.name.text, params.map((x) => x.name)));
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
      this.expectType(t, p.type, a.value.span, `\`${p.name}\``);
    });
    const missing = params.filter((p) => !given.has(p.name));
    if (missing.length) this.report("E0202", span, `${what} is missing ${missing.map((p) => `\`${p.name}\``).join(", ")}`);
    return types;
  }

  private construct(k: A.KindDecl, e: A.Expr & { kind: "call" }, scope: Scope, ctx: Context): Type {
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
        this.report("E0103", a.name.span, `\`${k.name.text}\` has no field \`${a.name.text}\``, didYouMean(a.name.text, k.fields.map((x) => x.name.text)));
        continue;
      }
      if (given.has(f.name.text)) this.report("E0202", a.span, `\`${f.name.text}\` is given twice`);
      given.add(f.name.text);
      const ft = this.resolveType(f.type, k.span.file);
      this.expectType(t, ft, a.value.span, `\`${k.name.text}.${f.name.text}\``);
      this.constantInRange(a.value, ft, `\`${k.name.text}.${f.name.text}\``);
    }
    const kindNamed = (n: string) => (this.s.decls.get(n)?.kind === "kind" ? (this.s.decls.get(n) as A.KindDecl) : undefined);
    const missing = k.fields.filter((f) => !given.has(f.name.text) && !A.mayBeLeftOut(f, kindNamed));
    if (missing.length) this.report("E0202", e.span, `\`${k.name.text}\` needs ${missing.map((f) => `\`${f.name.text}\``).join(", ")}, which ${missing.length === 1 ? "has no default" : "have no defaults"}`);
    return { t: "kind", name: k.name.text };
  }

  /** `Icon(melee: 2, save: 1)`: counts by member; members left out count 0. */
  private tally(en: A.EnumDecl, e: A.Expr & { kind: "call" }, scope: Scope, ctx: Context): Type {
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
      if (!members.includes(a.name.text)) this.report("E0103", a.name.span, `enum \`${en.name.text}\` has no member \`${a.name.text}\``, didYouMean(a.name.text, members));
      else if (given.has(a.name.text)) this.report("E0202", a.span, `\`${a.name.text}\` is given twice`);
      given.add(a.name.text);
    }
    return { t: "tally", of: en.name.text };
  }

  private aggregate(name: string, c: A.Comprehension, span: A.Span, scope: Scope, ctx: Context): Type {
    const source = this.expr(c.source, scope, ctx);
    let element: Type = ANY;
    if (source.t === "list") element = source.of;
    else if (source.t !== "any") this.report("E0201", c.source.span, `\`${name}\` goes over a list, but this is ${typeToString(source)}`);
    const inner = new Scope(scope);
    inner.set(c.binder.text, { type: element, span: c.binder.span, mutable: false });
    if (c.where) this.condition(c.where, inner, ctx);
    const yields = c.yield ? this.expr(c.yield, inner, ctx) : undefined;
    const needsYield = name === "sum" || name === "min" || name === "max";
    if (needsYield && !c.yield) {
      this.report("E0209", span, `\`${name}\` needs \`=> value\` to say what to ${name === "sum" ? "add up" : "compare"}`, `write \`${name}(${c.binder.text} in ... => ${c.binder.text}.field)\``);
    }
    if (!needsYield && c.yield) this.report("E0209", c.yield.span, `\`${name}\` takes no \`=> value\``);
    if ((name === "any" || name === "all") && !c.where) this.report("E0209", span, `\`${name}\` needs \`where condition\``);
    if (needsYield && yields) this.expectType(yields, INT, c.yield!.span, `the value \`${name}\` works on`);
    const canElse = name === "first" || name === "min" || name === "max";
    if (c.otherwise && !canElse) this.report("E0209", c.otherwise.span, `\`${name}\` takes no \`else\`: it always has a result`);
    const result: Type = name === "count" || needsYield ? INT : name === "any" || name === "all" ? BOOL : name === "filter" ? listOf(element) : element;
    if (c.otherwise && canElse) this.expectType(this.expr(c.otherwise, scope, ctx), result, c.otherwise.span, "the `else` value");
    return result;
  }
}

/** Whether every path through the block ends in `return` (loops may run zero times, so they don't count). */
/** Whether a value of one type can ever equal one of the other: either fits where the other is expected. */
function canEqual(a: Type, b: Type): boolean {
  return assignable(a, b) || assignable(b, a);
}

function alwaysReturns(b: A.Block): boolean {
  return b.statements.some((s) => s.kind === "return" || (s.kind === "if" && s.else !== undefined && alwaysReturns(s.then) && alwaysReturns(s.else)));
}

/** What a field default may be: the runtime reads it without evaluating anything (`literal` in state.ts). */
function isConstant(e: A.Expr, declKind: (name: string) => string | undefined): boolean {
  switch (e.kind) {
    case "int":
    case "text":
    case "bool":
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
      return isConstantTally(e, (n) => declKind(n) === "enum");
    default:
      return false;
  }
}

/** `Icon(melee: 2)`: an enum called with constant counts only. */
function isConstantTally(e: A.Expr, isEnum: (name: string) => boolean): boolean {
  return e.kind === "call" && e.callee.kind === "name" && isEnum(e.callee.name) && e.args.every((a) => a.kind === "named" && constInt(a.value) !== undefined);
}

export function constInt(e: A.Expr): number | undefined {
  if (e.kind === "int") return e.value;
  if (e.kind === "neg" && e.operand.kind === "int") return -e.operand.value;
  return undefined;
}

function showKey(v: Key, t: Type): string {
  return t.t === "enum" ? `${t.name}.${String(v)}` : typeof v === "string" ? JSON.stringify(v) : String(v);
}

function relativeImport(from: string, to: string): string {
  const a = from.split("/").slice(0, -1);
  const b = to.split("/");
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  const up = a.length - i;
  return (up === 0 ? "./" : "../".repeat(up)) + b.slice(i).join("/");
}

