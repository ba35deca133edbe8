// The checker: name resolution, types and rule-specific checks for a whole program. It reports every
// mistake it can find before anything runs; each report names the exact span and, where a name is
// misspelt, the closest declared name.
import * as A from "../ast.ts";
import { diag, didYouMean, type Diagnostic, type RelatedSpan } from "../diagnostics.ts";
import { aggregates, builtins, isAggregate } from "../stdlib.ts";
import { ANY, BOOL, INT, NONE, TEXT, VOID, assignable, listOf, optional, typeToString, type Type } from "../types.ts";
import { showExpr } from "../runtime/show-expr.ts";
import { neverBothHold, sameConstant } from "./disjoint.ts";
import { domainOf, LIMIT, tableCoverage, type ConstPattern, type Key } from "./coverage.ts";
import { collectSymbols, lookupName, RESERVED_FIELD, visibleDecls, type NamedDecl, type Symbols } from "./symbols.ts";
import { sortModifiers, stageIndex, stagesOf, wantedStage } from "../stages.ts";

export interface CheckResult {
  diagnostics: Diagnostic[];
  symbols: Symbols;
}

export interface Var {
  type: Type;
  span: A.Span;
  mutable: boolean;
  /** Its place in the frame of the rule it belongs to: the runtime reads and writes it there. */
  slot: number;
  /** An optional variable or state field known here not to be `none` (`if x != none { ... }`). */
  narrowed?: boolean;
  /** Set on a narrowed state field: it is in scope only for its narrowed type, and is no variable. */
  stateField?: boolean;
  /** An event's parameter: only a `before` handler may change it. */
  eventParam?: boolean;
  /** An argument or the `result` of the emission a handler runs in: a change to it is the emission's. */
  ofEmission?: boolean;
}

/** The variables of one running rule: a counter of slots shared by every scope nested inside it. */
export interface Frame {
  size: number;
}

export class Scope {
  private readonly vars = new Map<string, Var>();
  readonly frame: Frame;
  /** A scope without a parent starts a new frame: the variables of one fn, handler, modifier or example. */
  constructor(readonly parent?: Scope) {
    this.frame = parent?.frame ?? { size: 0 };
  }
  get(name: string): Var | undefined {
    return this.vars.get(name) ?? this.parent?.get(name);
  }
  /** Declares a new variable in a new slot; returns the slot. */
  declare(name: string, v: Omit<Var, "slot">): number {
    const slot = this.frame.size++;
    this.vars.set(name, { ...v, slot });
    return slot;
  }
  /** The same variable seen with another type in this scope (narrowing): same slot. */
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

/** In a modifier's condition and expressions, the value's result as it stands when the modifier is reached. */
const RESULT = "result";

/** The built-in type names; every other type names a declared enum or kind. */
export const PRIMITIVES = ["int", "bool", "text", "list", "tally", "die"];
/** A table pattern that is not a constant: its row takes no part in the coverage check. */
const INVALID = Symbol("invalid pattern");

/** Sees each expression the checker types, with its type and scope: the language service's window on types and locals. */
export type ExprObserver = (e: A.Expr, type: Type, scope: Scope) => void;

/**
 * Checks one program, resolving every name in it (ids from `firstId` on, so that programs checked
 * together never share one). `elsewhere` holds the files loaded alongside it that it does not import: a name
 * found only there gets E0105 with the import to add, rather than a bare "unknown name".
 */
export function checkProgram(files: A.SourceFile[], resolveImport: (from: string, path: string) => string, elsewhere: A.SourceFile[] = [], observe?: ExprObserver, firstId = 0): CheckResult {
  const diagnostics: Diagnostic[] = [];
  const symbols = collectSymbols(files, diagnostics, resolveImport, firstId);
  const outside = new Map<string, A.Span>();
  const broken = new Set(files.flatMap((f) => (f.broken ?? []).map((n) => n.text)));
  for (const f of elsewhere) {
    for (const d of f.decls) {
      if ("name" in d) outside.set(d.name.text, d.span);
      if (d.kind === "state") for (const field of d.fields) outside.set(field.name.text, field.span);
    }
  }
  new Checker(symbols, diagnostics, outside, observe, broken).run(files);
  return { diagnostics, symbols };
}

class Checker {
  constructor(
    private readonly s: Symbols,
    private readonly out: Diagnostic[],
    private readonly outside: Map<string, A.Span> = new Map(),
    private readonly observe?: ExprObserver,
    /** Names of declarations dropped for a syntax error: already reported, so not unknown. */
    private readonly broken: Set<string> = new Set(),
  ) {}

  /**
   * Reports E0105 when `name` is declared in a loaded file this program does not import. Either way,
   * true means "already explained": the caller reports no unknown name (nor does it for a name whose
   * declaration had a syntax error).
   */
  private notImported(name: string, span: A.Span, file: string): boolean {
    if (this.broken.has(name)) return true;
    const where = this.outside.get(name);
    if (!where) return false;
    this.report("E0105", span, `\`${name}\` is declared in \`${where.file}\`, which this file does not import`, `add \`import "${relativeImport(file, where.file)}"\``);
    return true;
  }

  private report(code: Parameters<typeof diag>[0], span: A.Span, message: string, help?: string, related?: RelatedSpan[]) {
    this.out.push(diag(code, span, message, help, related));
  }

  run(files: A.SourceFile[]) {
    for (const f of files) for (const d of f.decls) this.decl(d, f.path);
    this.checkSetModifierOrder();
    this.checkCountBeforeScale();
    for (const [owner, frame] of this.frames) owner.frameSize = frame.size;
  }

  // ---- names -----------------------------------------------------------------------------------

  /**
   * The declaration `name` means in `file`. Reports E0105 when it is declared only in files this one does
   * not import, and E0108 when this file sees two declarations of it; an unknown name is left to the
   * caller, which knows what sort of thing was expected and so what to suggest.
   */
  private lookup(name: string, span: A.Span, file: string): NamedDecl | undefined {
    const r = lookupName(this.s, name, file);
    if ("found" in r) return r.found;
    if ("hidden" in r) {
      const d = r.hidden;
      this.report("E0105", span, `\`${name}\` is declared in \`${d.span.file}\`, which this file does not import`, `add \`import "${relativeImport(file, d.span.file)}"\``);
    } else if ("ambiguous" in r) {
      const [a, b] = r.ambiguous as [NamedDecl, NamedDecl];
      const at = (d: NamedDecl) => `${d.span.file}:${d.span.line}:${d.span.col}`;
      this.out.push({
        ...diag("E0108", span, `\`${name}\` could mean the ${a.kind} declared at ${at(a)} or the ${b.kind} declared at ${at(b)}: this file imports both`, "rename one of them, or import only the file whose declaration you mean"),
        related: r.ambiguous.map((d) => ({ span: d.name.span, message: `\`${name}\` is declared here` })),
      });
    }
    return undefined;
  }

  /** What sort of declaration `name` is in `file`, without reporting anything. */
  private seenKind(name: string, file: string): NamedDecl["kind"] | undefined {
    const r = lookupName(this.s, name, file);
    return "found" in r ? r.found.kind : undefined;
  }

  /** Whether any file of the program declares `name`, seen from here or not. */
  private declared(name: string): boolean {
    return this.s.byName.has(name);
  }

  /** The names of the declarations of some sorts that `file` sees, for "did you mean". */
  private namesOf(file: string, ...kinds: NamedDecl["kind"][]): string[] {
    return visibleDecls(this.s, file).filter((d) => kinds.includes(d.kind)).map((d) => d.name.text);
  }

  /** The declaration a type names: types keep the declaration's id, so two kinds of one name never mix. */
  private typeDecl(name: string, id: number | undefined): NamedDecl | undefined {
    return id !== undefined ? this.s.all.find((d) => d.id === id) : this.s.byName.get(name)?.[0];
  }

  private stateField(name: string, file: string): A.FieldDecl | undefined {
    const f = this.s.stateFields.get(name);
    return f && this.s.visible.get(file)?.has(f.span.file) ? f : undefined;
  }

  private isEnum = (name: string): boolean => this.s.byName.get(name)?.some((d) => d.kind === "enum") ?? false;

  /** A record is a kind declared with `record`: a plain value, compared field by field. */
  private isRecord = (name: string): boolean => {
    const d = this.typeDecl(name, undefined);
    return d?.kind === "kind" && d.record === true;
  };

  /** What a name declares in `file`, with records told apart from kinds: constants may build records, not entities. */
  private declKindOf = (name: string, file?: string): string | undefined => {
    const kind = file === undefined ? this.typeDecl(name, undefined)?.kind : this.seenKind(name, file);
    return kind === "kind" && this.isRecord(name) ? "record" : kind;
  };

  /**
   * E0250: a record's field may not hold an entity, directly or in a list, or equality would stop
   * being structural (two equal-looking records holding different units).
   */
  private plainFields(d: A.KindDecl) {
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

  private enumMembers = (name: string): string[] => {
    const d = this.typeDecl(name, undefined);
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
    if (ref.optional) return optional(this.resolveTypeOnce({ ...ref, optional: false }, file));
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
    if (this.declared(n)) {
      const d = this.lookup(n, ref.name.span, file);
      if (d?.kind === "enum") return { t: "enum", name: n, id: d.id };
      if (d?.kind === "kind") return { t: "kind", name: n, id: d.id };
      if (!d) return ANY;
    }
    const typeNames = [...PRIMITIVES, ...this.namesOf(file, "enum", "kind")];
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
        this.fields(d.fields, ctx, d.kind === "kind" ? `${d.record ? "record" : "kind"} \`${d.name.text}\`` : "the state");
        if (d.kind === "kind" && d.record) this.plainFields(d);
        return;
      case "status": {
        const ev = d.expiry ? this.expectEvent(d.expiry.event, file) : undefined;
        if (ev && d.expiry) d.expiry.ref = { to: "decl", id: ev.id! };
        if (d.expiry?.times !== undefined && d.expiry.times < 1) this.report("E0201", d.span, `a status cannot last for ${d.expiry.times} events`, "use `for 1` or more");
        const holder = d.expiry?.holder;
        if (ev && holder) {
          const p = ev.params.find((x) => x.name.text === holder.text);
          if (!p) this.report("E0103", holder.span, `event \`${ev.name.text}\` has no parameter \`${holder.text}\``, didYouMean(holder.text, ev.params.map((x) => x.name.text)));
          else if (this.resolveType(p.type, ev.span.file).t !== "kind") {
            this.report("E0201", holder.span, `\`${holder.text}\` must be an entity to hold a status, but it is ${p.type.name.text}`);
          } else d.expiry!.holderIndex = ev.params.indexOf(p);
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
        if (ev) d.eventRef = { to: "decl", id: ev.id! };
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
            const hint = t.t === "void" || t.t === "any" ? "`-> int`" : `\`-> ${typeToString(t)}\``;
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
        d.frameSize = scope.frame.size;
        return;
      case "die":
        this.die(d, ctx);
        return;
      default:
        A.assertNever(d);
    }
  }

  private duplicates(names: A.Name[], what: string, where: string) {
    const seen = new Map<string, A.Name>();
    for (const n of names) {
      const first = seen.get(n.text);
      if (first) this.report("E0102", n.span, `the ${what} \`${n.text}\` appears twice in ${where}`, undefined, [{ span: first.span, message: `the first \`${n.text}\`` }]);
      else seen.set(n.text, n);
    }
  }

  private fields(fields: A.FieldDecl[], ctx: Context, where: string) {
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

  /** The frames of the rules checked so far: each rule's frame size is known once its whole body is. */
  private readonly frames: [A.Framed, Frame][] = [];

  /** A new frame whose first slots are `params`; `owner` is the rule that will run with it. */
  private paramScope(params: A.Param[], file: string, owner?: A.Framed): Scope {
    const scope = new Scope();
    if (owner) this.frames.push([owner, scope.frame]);
    this.duplicates(params.map((p) => p.name), "parameter", "this parameter list");
    // Parameters take the first slots, in order: the runtime puts the arguments there.
    for (const p of params) scope.declare(p.name.text, { type: this.resolveType(p.type, file), span: p.name.span, mutable: false });
    return scope;
  }

  /**
   * What the body and handlers of an event see: its parameters (assignable in a `before` handler only,
   * which may change the arguments for what follows) and, for an event with a result type, `result`.
   */
  /**
   * The frame of an event's default body or handler: the event's arguments in the first slots, then its
   * `result`, as the runtime lays out one emission; both are shared with the emission (`Ref.event`).
   */
  private eventScope(ev: A.EventDecl, timing: A.TriggerTiming | "body", file: string, owner: A.Framed): Scope {
    const scope = new Scope();
    this.frames.push([owner, scope.frame]);
    // Duplicates are reported once, at the event's own declaration.
    if (timing === "body") this.duplicates(ev.params.map((p) => p.name), "parameter", "this parameter list");
    for (const p of ev.params) {
      scope.declare(p.name.text, { type: this.resolveType(p.type, ev.span.file), span: p.name.span, mutable: timing === "before", eventParam: true, ofEmission: true });
    }
    if (ev.returns) scope.declare("result", { type: this.resolveType(ev.returns, ev.span.file), span: ev.returns.span, mutable: true, ofEmission: true });
    return scope;
  }

  private expectEvent(name: A.Name, file: string): A.EventDecl | undefined {
    const d = this.lookup(name.text, name.span, file);
    if (d?.kind === "event") return d;
    if (d) this.report("E0201", name.span, `\`${name.text}\` is a ${d.kind}, not an event`);
    else if (!this.declared(name.text)) {
      if (!this.notImported(name.text, name.span, file)) this.report("E0101", name.span, `unknown event \`${name.text}\``, didYouMean(name.text, this.namesOf(file, "event")));
    }
    return undefined;
  }

  private modifier(d: A.ModifierDecl, ctx: Context) {
    const target = this.lookup(d.target.text, d.target.span, ctx.file);
    if (!target || target.kind !== "value") {
      if (target) this.report("E0208", d.target.span, `a modifier changes a \`value\`, but \`${d.target.text}\` is a ${target.kind}`);
      else if (!this.declared(d.target.text)) {
        if (!this.notImported(d.target.text, d.target.span, ctx.file)) this.report("E0101", d.target.span, `unknown value \`${d.target.text}\``, didYouMean(d.target.text, this.namesOf(ctx.file, "value")));
      }
      return;
    }
    const op = d.op.text;
    if (!(A.modifierOps as readonly string[]).includes(op)) {
      this.report("E0208", d.op.span, `unknown modifier operation \`${op}\``, didYouMean(op, A.modifierOps) ?? `use one of ${A.modifierOps.map((o) => `\`${o}\``).join(", ")}`);
      return;
    }
    d.targetRef = { to: "decl", id: target.id! };
    this.s.modifiersByValue.set(target.name.text, [...(this.s.modifiersByValue.get(target.name.text) ?? []), d]);
    const valueType = this.resolveType(target.returns, ctx.file);
    // `result` sits in its own scope over the parameters: a parameter of that name is E0222 at the value.
    const scope = new Scope(this.paramScope(target.params, ctx.file, d));
    d.resultSlot = scope.declare(RESULT, { type: valueType, span: target.name.span, mutable: false });
    this.modifierStage(d, target);
    this.modifierRounding(d);
    if (d.condition) this.condition(d.condition, scope, ctx);
    if (d.into && op !== "count") this.report("E0208", d.into.span, `only \`count\` takes \`as\``);
    if (d.factor && (op !== "multiply" || valueType.t !== "tally")) {
      this.report("E0208", d.factor.span, "only `multiply` of one member of a tally takes `by`", valueType.t === "tally" ? undefined : "a number is multiplied without `by`: `multiply 3`");
    }
    if (op === "count" && !d.into) this.report("E0208", d.op.span, "`count` needs `as`: what the counted results become", this.countHelp(d, valueType));
    if (op === "compute") {
      // The general form: any expression of the value's own type, over `result` and the parameters.
      if (d.amount) this.expectType(this.expr(d.amount, scope, ctx), valueType, d.amount.span, "the computed result");
      else this.report("E0208", d.op.span, "`compute` needs the new result", `write \`compute ${RESULT}\` and change it`);
      return;
    }
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
      this.report("E0208", d.op.span, `\`${op}\` works on numbers, but \`${d.target.text}\` is ${typeToString(valueType)}`, "any value takes `set` and `compute`");
    }
    if (d.amount) this.expectType(this.expr(d.amount, scope, ctx), op === "set" ? valueType : INT, d.amount.span, "the modifier's amount");
  }

  /** E0220: the stage a modifier falls in must be one of its value's stages. */
  private modifierStage(d: A.ModifierDecl, target: A.ValueDecl) {
    const stages = stagesOf(target, this.s.stages);
    if (stageIndex(d, stages) >= 0) return;
    const wanted = wantedStage(d, stages);
    const list = stages.map((x) => `\`${x}\``).join(", ");
    const message = d.stage
      ? `\`${d.target.text}\` has no stage \`${wanted}\`; its stages are ${list}`
      : `\`${d.op.text}\` belongs to the stage \`${wanted}\`, which \`${d.target.text}\` does not have; its stages are ${list}`;
    const help = d.stage ? didYouMean(wanted, stages) : undefined;
    this.report("E0220", d.stage?.span ?? d.op.span, message, help ?? `name the stage with \`in\`, like \`in ${stages[0] ?? wanted}\`, or add \`${wanted}\` to the stages`);
  }

  /** E0221: `divide` says how it rounds; nothing else takes a rounding. */
  private modifierRounding(d: A.ModifierDecl) {
    if (d.op.text === "divide" && !d.rounding) {
      this.report("E0221", d.op.span, "`divide` needs a rounding: `round down`, `round up` or `round nearest`", `write \`divide ${d.amount ? showExpr(d.amount) : "2"} round down\``);
    } else if (d.rounding && d.op.text !== "divide") {
      this.report("E0221", d.rounding.span, `only \`divide\` takes a rounding, not \`${d.op.text}\``);
    } else if (d.rounding) this.roundingMode(d.rounding);
  }

  private roundingMode(mode: A.Name) {
    if ((A.roundings as readonly string[]).includes(mode.text)) return;
    this.report("E0221", mode.span, `unknown rounding \`${mode.text}\``, didYouMean(mode.text, A.roundings) ?? "round `down`, `up` or `nearest`");
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
      case "subtract":
        if (d.amount) this.expectType(this.expr(d.amount, scope, ctx), valueType, d.amount.span, "the modifier's amount");
        else this.report("E0208", d.op.span, `\`${op}\` needs an amount`, `write \`${op} ${valueType.of}(member: 1)\``);
        return;
      case "divide":
        if (d.amount) this.expectType(this.expr(d.amount, scope, ctx), INT, d.amount.span, "what every count is divided by");
        else this.report("E0208", d.op.span, "`divide` needs an amount", "write `divide 2 round down`");
        return;
      case "double":
        return member(d.amount, "the member whose count doubles");
      case "multiply":
        return this.tallyMultiply(d, valueType, scope, ctx, member);
      case "count":
        // A bare `count` is already reported for its missing `as`, with the whole form as help.
        if (d.amount || d.into) member(d.amount, "the member to count");
        if (d.into) member(d.into, "the member it counts as");
        return;
      default:
        this.report("E0208", d.op.span, `\`${op}\` works on numbers, but \`${d.target.text}\` is ${typeToString(valueType)}`, "a tally takes `set`, `add`, `subtract`, `count`, `double`, `multiply`, `divide` or `compute`");
    }
  }

  /** `multiply 2` scales every count; `multiply Icon.m by 2` scales one member's. */
  private tallyMultiply(d: A.ModifierDecl, valueType: Type & { t: "tally" }, scope: Scope, ctx: Context, member: (e: A.Expr | undefined, what: string) => void) {
    if (d.factor) {
      member(d.amount, "the member whose count is multiplied");
      this.expectType(this.expr(d.factor, scope, ctx), INT, d.factor.span, "the factor");
      return;
    }
    if (!d.amount) {
      this.report("E0208", d.op.span, "`multiply` on a tally needs a factor", `write \`multiply 2\`, or \`multiply ${valueType.of}.${this.enumMembers(valueType.of)[0] ?? "member"} by 2\` for one member`);
      return;
    }
    const t = this.expr(d.amount, scope, ctx);
    if (t.t === "enum") {
      const named = d.amount.kind === "member" ? d.amount.member.text : this.enumMembers(valueType.of)[0] ?? "member";
      this.report("E0208", d.op.span, "`multiply` on a tally needs `by` and a factor", `write \`multiply ${valueType.of}.${named} by 3\``);
      return;
    }
    this.expectType(t, INT, d.amount.span, "the factor");
  }

  /**
   * `count Icon.a as Icon.b` runs before `double Icon.a`, so when both apply the doubling finds nothing:
   * almost always a rule text whose order was never fixed, so say so.
   */
  private checkCountBeforeScale() {
    for (const [value, mods] of this.s.modifiersByValue) {
      const before = this.runsBefore(value, mods);
      const member = (m: A.ModifierDecl) => (m.amount?.kind === "member" ? showExpr(m.amount) : undefined);
      const counts = mods.filter((m) => m.op.text === "count" && member(m) !== undefined);
      for (const scale of mods.filter((m) => (m.op.text === "double" || m.op.text === "multiply") && member(m) !== undefined)) {
        const c = counts.find((x) => member(x) === member(scale) && before(x, scale) && !neverBothHold(x.condition, scale.condition, this.isEnum));
        if (!c) continue;
        const counted = [{ span: c.amount!.span, message: `\`${c.name.text}\` counts \`${member(c)}\` as ${c.into ? `\`${showExpr(c.into)}\`` : "another member"} first` }];
        this.report("W0306", scale.amount!.span, `\`${scale.name.text}\` finds no \`${member(scale)}\` in \`${value}\` when \`${c.name.text}\` also applies: \`count\` runs before \`${scale.op.text}\` and has moved them`, "give them conditions that cannot both hold, or scale the member they are counted as", counted);
      }
    }
  }

  /** The value some modifiers change: the one their targets resolved to. */
  private valueOf(mods: A.ModifierDecl[]): A.ValueDecl | undefined {
    const ref = mods[0]?.targetRef;
    const v = ref?.to === "decl" ? this.s.all.find((d) => d.id === ref.id) : undefined;
    return v?.kind === "value" ? v : undefined;
  }

  /** Whether `a` applies before `b` on the value, in the order the runtime sorts them (src/stages.ts). */
  private runsBefore(value: string, mods: A.ModifierDecl[]): (a: A.ModifierDecl, b: A.ModifierDecl) => boolean {
    const v = this.valueOf(mods);
    const sorted = v ? sortModifiers(mods, stagesOf(v, this.s.stages)) : mods;
    return (a, b) => sorted.indexOf(a) < sorted.indexOf(b);
  }

  /**
   * Two `set` (or two `compute`) modifiers on one value: which wins depends on declaration order, which
   * the rule text rarely fixes. Different stages or different `order`s fix it in the rules.
   */
  private checkSetModifierOrder() {
    for (const [value, mods] of this.s.modifiersByValue) {
      const v = this.valueOf(mods);
      const stages = v?.kind === "value" ? stagesOf(v, this.s.stages) : [];
      const ordered = (a: A.ModifierDecl, b: A.ModifierDecl) => stageIndex(a, stages) !== stageIndex(b, stages) || (a.order ?? 0) !== (b.order ?? 0);
      for (const op of ["set", "compute"]) {
        const same = mods.filter((m) => m.op.text === op);
        same.forEach((m, i) => {
          // Only a pair that can apply together, with different results, in no fixed order depends on declaration order.
          const earlier = same.slice(0, i).find((x) => !ordered(x, m) && !neverBothHold(x.condition, m.condition, this.isEnum) && !(op === "set" && sameConstant(x.amount, m.amount, this.isEnum)));
          if (!earlier) return;
          this.report("W0304", m.op.span, `\`${value}\` has two \`${op}\` modifiers (\`${earlier.name.text}\` and \`${m.name.text}\`); when both apply, the one declared later wins`, "give them an `order` (the higher applies later, so wins), or conditions that cannot both hold", [{ span: earlier.op.span, message: `\`${earlier.name.text}\` also ${op === "set" ? "sets" : "computes"} \`${value}\`` }]);
        });
      }
    }
  }

  private table(d: A.TableDecl, ctx: Context) {
    const scope = this.paramScope(d.params, ctx.file, d);
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
    // A record input is enumerated only when every record pattern for it could be written out field by field.
    const domains = paramTypes.map((t, i) => (rows.some((r) => typeof r[i]?.low === "string" && r[i]!.low.startsWith(UNFOLDED)) ? undefined : this.domain(t)));
    const coverage = tableCoverage(domains, rows);
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
    // `Hex(q: 0, r: 0)`: matched by equality at run time; for coverage, keyed by every field's value.
    if (e.kind === "call" && e.callee.kind === "name" && this.isRecord(e.callee.name) && isConstant(e, (n) => this.declKindOf(n))) {
      return this.recordKey(e) ?? UNFOLDED + showExpr(e);
    }
    this.report("E0207", e.span, "a table pattern must be a constant: a number, `true`/`false`, text, an enum member, a record like `Hex(q: 0, r: 0)` or `_`");
    return undefined;
  }

  /** A table input's possible values; a record's are every combination of its fields' values, when all are finite. */
  private domain(t: Type, depth = 0): Key[] | undefined {
    if (t.t !== "kind" || !this.isRecord(t.name)) return domainOf(t, this.enumMembers);
    const k = this.typeDecl(t.name, t.id) as A.KindDecl;
    if (depth > 8) return undefined;
    let combos: string[][] = [[]];
    for (const f of k.fields) {
      const ft = this.resolveType(f.type, k.span.file);
      const values = this.domain(ft, depth + 1)?.map((v) => showKey(v, ft));
      if (!values || combos.length * values.length > LIMIT) return undefined;
      combos = combos.flatMap((c) => values.map((v) => [...c, `${f.name.text}: ${v}`]));
    }
    return combos.map((c) => `${k.name.text}(${c.join(", ")})`);
  }

  /**
   * A constant record written out in full, as `domain` writes its values: every field in declaration
   * order, defaults filled in. Undefined when a field's value cannot be written so (a list, a tally).
   */
  private recordKey(e: A.Expr & { kind: "call" }): string | undefined {
    const k = e.callee.kind === "name" ? this.typeDecl(e.callee.name, undefined) : undefined;
    if (k?.kind !== "kind") return undefined;
    const parts: string[] = [];
    for (const f of k.fields) {
      const a = e.args.find((x): x is A.Arg & { kind: "named" } => x.kind === "named" && x.name.text === f.name.text);
      const given = a?.value ?? f.default;
      const v = given ? this.foldKey(given) : f.type.name.text === "bool" ? "false" : undefined;
      if (v === undefined) return undefined;
      parts.push(`${f.name.text}: ${v}`);
    }
    return `${k.name.text}(${parts.join(", ")})`;
  }

  private foldKey(e: A.Expr): string | undefined {
    const n = constInt(e);
    if (n !== undefined) return String(n);
    if (e.kind === "bool") return String(e.value);
    if (e.kind === "text") return JSON.stringify(e.value);
    if (e.kind === "member" && e.object.kind === "name" && this.isEnum(e.object.name)) return `${e.object.name}.${e.member.text}`;
    if (e.kind === "call" && e.callee.kind === "name" && this.isRecord(e.callee.name)) return this.recordKey(e);
    return undefined;
  }

  // ---- statements ------------------------------------------------------------------------------

  private block(b: A.Block, outer: Scope, ctx: Context) {
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

  /**
   * A scope in which each named variable, parameter or state field of an optional type has its plain
   * type, because a check has shown it is not `none`. A name assigned anywhere in `region` keeps its
   * optional type: the check may no longer hold there.
   */
  private narrow(scope: Scope, names: string[], region: A.Stmt[], ctx: Context): Scope {
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
        else if (t.t === "none") this.report("E0241", s.value.span, `\`${s.name.text}\` needs a type to hold \`none\``, `write the optional type, like \`let ${s.name.text}: Unit? = none\``);
        if (this.stateField(s.name.text, ctx.file)) {
          this.report("W0305", s.name.span, `\`${s.name.text}\` hides the state field of the same name in the rest of this block`, "choose another name for the variable");
        }
        s.slot = scope.declare(s.name.text, { type: t, span: s.name.span, mutable: true });
        return;
      }
      case "if":
        this.condition(s.condition, scope, ctx);
        this.block(s.then, this.narrow(scope, presentWhen(s.condition, true), s.then.statements, ctx), ctx);
        if (s.else) this.block(s.else, this.narrow(scope, presentWhen(s.condition, false), s.else.statements, ctx), ctx);
        return;
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
        s.slot = inner.declare(s.name.text, { type: element, span: s.name.span, mutable: false });
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
        if (status) s.ref = { to: "decl", id: status.id! };
        const target = this.expr(s.target, scope, ctx);
        this.entity(target, s.target.span);
        this.appliedExpiry(s, target, scope, ctx);
        return;
      }
      case "clear": {
        const status = this.statusName(s.status, ctx);
        if (status) s.ref = { to: "decl", id: status.id! };
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

  private emitArgs(s: { event: A.Name; args: A.Arg[]; span: A.Span; ref?: A.Ref }, scope: Scope, ctx: Context): A.EventDecl | undefined {
    const ev = this.expectEvent(s.event, ctx.file);
    if (ev) s.ref = { to: "decl", id: ev.id! };
    this.checkArgs(s.args, ev?.params.map((p) => ({ name: p.name.text, type: this.resolveType(p.type, ctx.file) })), `event \`${s.event.text}\``, s.span, scope, ctx);
    return ev;
  }

  /**
   * `apply S to x for N [E(...)]` / `until E(...)`: the count is a number, the event exists, a named
   * parameter exists, and the expiry can match at all: a holder parameter of another kind, or a value
   * that can never equal the parameter, would leave the status on forever.
   */
  private appliedExpiry(s: A.Stmt & { kind: "apply" }, target: Type, scope: Scope, ctx: Context) {
    const status = s.ref?.to === "decl" ? this.s.all.find((d) => d.id === (s.ref as { id: number }).id) : undefined;
    const declared = status?.kind === "status" ? status : undefined;
    const x = s.expiry;
    if (x?.times) this.expectType(this.expr(x.times, scope, ctx), INT, x.times.span, "the number of events");
    const matchType = x?.match ? this.expr(x.match.value, scope, ctx) : ANY;
    if (x && !x.event && declared && !declared.expiry) {
      this.report("E0233", x.span, `\`${s.status.text}\` is declared without an expiry event, so \`for\` has nothing to count`, `name the event: \`for ${x.times ? showExpr(x.times) : "N"} RoundEnds\`, or declare \`status ${s.status.text} until RoundEnds\``);
    }
    const eventName = x?.event ?? declared?.expiry?.event;
    if (!eventName) return;
    const declaredEvent = declared?.expiry?.ref?.to === "decl" ? this.s.all.find((d) => d.id === (declared.expiry!.ref as { id: number }).id) : undefined;
    const ev = x?.event ? this.expectEvent(x.event, ctx.file) : declaredEvent;
    if (ev?.kind !== "event") return;
    if (x?.event) x.ref = { to: "decl", id: ev.id! };
    const holder = x?.event ? x.holder : x?.match ? undefined : declared?.expiry?.holder;
    if (holder) {
      const p = this.eventParam(ev, holder, x?.event !== undefined);
      if (!p) return;
      if (x?.event) x.paramIndex = ev.params.indexOf(p);
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
      x.paramIndex = ev.params.indexOf(p);
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

  /** Reads of a field of a record, with the record and the expression it was read from. */
  private readonly recordReads = new WeakMap<A.Expr, { record: A.KindDecl; object: A.Expr }>();

  /**
   * E0204 when `e` is a record's field, or a list item or field reached through one: records are
   * values, so a changed one is built anew. Returns whether it reported.
   */
  private insideRecord(e: A.Expr, s: A.Stmt): boolean {
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

  private assignableTarget(e: A.Expr, scope?: Scope, s?: A.Stmt) {
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

  private listItem(item: Type, list: Type, itemSpan: A.Span, listSpan: A.Span) {
    if (list.t === "any") return;
    if (list.t !== "list") {
      this.report("E0201", listSpan, `expected a list, but this is ${typeToString(list)}`);
      return;
    }
    this.expectType(item, list.of, itemSpan, "the item");
  }

  private statusName(n: A.Name, ctx: Context): A.StatusDecl | undefined {
    const d = this.lookup(n.text, n.span, ctx.file);
    if (d?.kind === "status") return d;
    if (d) this.report("E0201", n.span, `\`${n.text}\` is a ${d.kind}, not a status`);
    else if (!this.declared(n.text)) {
      if (!this.notImported(n.text, n.span, ctx.file)) this.report("E0101", n.span, `unknown status \`${n.text}\``, didYouMean(n.text, this.namesOf(ctx.file, "status")));
    }
    return undefined;
  }

  private entity(t: Type, span: A.Span) {
    if (t.t === "kind" && this.isRecord(t.name)) this.report("E0201", span, `statuses belong to entities of a \`kind\`, but \`${t.name}\` is a record, a plain value`);
    if (t.t === "optional" && t.of.t === "kind") this.report("E0240", span, `this may be \`none\`, which holds no statuses`, this.checkHelp(span));
    else if (t.t !== "kind" && t.t !== "any") this.report("E0201", span, `statuses belong to entities of a \`kind\`, but this is ${typeToString(t)}`);
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
    if (assignable(actual, expected)) return;
    // `Unit?` where a `Unit` is needed: the fix is a check, not a different value.
    const help = actual.t === "optional" && assignable(actual.of, expected) ? this.checkHelp(span) : undefined;
    this.report("E0201", span, `${what} should be ${typeToString(expected)}, but this is ${typeToString(actual)}`, help);
  }

  /** The expression last typed at each span, so a help text can name what to check. */
  private readonly typedAt = new Map<string, A.Expr>();

  private checkHelp(span: A.Span): string {
    const e = this.typedAt.get(spanKey(span));
    if (!e || e.kind === "name") return `check it with \`if ${e ? showExpr(e) : "x"} != none\``;
    // Only plain names are narrowed: a field could change between the check and the use.
    const name = e.kind === "member" ? e.member.text : "v";
    return `a check narrows only a plain name: copy it with \`let ${name} = ${showExpr(e)}\`, then check \`if ${name} != none\``;
  }

  /** E0240: a `T?` used where only a present value will do. */
  private maybeNone(e: A.Expr, what: string) {
    this.report("E0240", e.span, `${what}, but \`${showExpr(e)}\` may be \`none\``, this.checkHelp(e.span));
  }

  // ---- expressions -----------------------------------------------------------------------------

  expr(e: A.Expr, scope: Scope, ctx: Context): Type {
    const t = this.typeOf(e, scope, ctx);
    this.typedAt.set(spanKey(e.span), e);
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
          this.expectType(this.expr(e.index, scope, ctx), { t: "enum", name: list.of }, e.index.span, "a tally's index");
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
        // `[u, none]`: a list of `Unit?`.
        const plain = types.find((t) => t.t !== "any" && t.t !== "none") ?? types.find((t) => t.t !== "any") ?? ANY;
        const first = types.some((t) => t.t === "none") ? optional(plain) : plain;
        types.forEach((t, i) => this.expectType(t, first, e.items[i]!.span, "every item of a list"));
        return listOf(first.t === "int" ? INT : first);
      }
      case "binary":
        return this.binary(e, scope, ctx);
      case "not":
        this.condition(e.operand, scope, ctx);
        return BOOL;
      case "neg": {
        const t = this.expr(e.operand, scope, ctx);
        if (t.t === "optional" && t.of.t === "int") this.maybeNone(e.operand, "`-` needs a number");
        else this.expectType(t, INT, e.operand.span, "the operand of `-`");
        return INT;
      }
      case "has":
        this.entity(this.expr(e.object, scope, ctx), e.object.span);
        const status = this.statusName(e.status, ctx);
        if (status) e.ref = { to: "decl", id: status.id! };
        return BOOL;
      case "cond": {
        this.condition(e.condition, scope, ctx);
        const a = this.expr(e.then, this.narrow(scope, presentWhen(e.condition, true), [], ctx), ctx);
        const b = this.expr(e.else, this.narrow(scope, presentWhen(e.condition, false), [], ctx), ctx);
        // `if c then u else none`: a `Unit?`.
        if (a.t === "none") return optional(b);
        if (b.t === "none") return optional(a);
        if (b.t === "optional" && !assignable(b, a) && assignable(a, b)) return b;
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
      case "choose":
        return this.choose(e, scope, ctx);
      default:
        return A.assertNever(e);
    }
  }

  private name(e: A.Expr & { kind: "name" }, scope: Scope, ctx: Context): Type {
    const local = scope.get(e.name);
    if (local) {
      // A narrowed state field is still the state field: only its type changed here.
      e.ref = local.stateField ? { to: "state", index: this.s.stateIndex.get(e.name)! } : local.ofEmission ? { to: "local", slot: local.slot, event: true } : { to: "local", slot: local.slot };
      return local.type;
    }
    const field = this.stateField(e.name, ctx.file);
    if (field) {
      e.ref = { to: "state", index: this.s.stateIndex.get(e.name)! };
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
        e.ref = { to: "decl", id: d.id! };
        return { t: "die", of: d.faceType.text };
      }
      if (d.kind === "enum") this.report("E0201", e.span, `\`${e.name}\` is an enum; name one of its members, like \`${e.name}.${d.members[0]?.text ?? "member"}\``, `to go through its members, write \`for m in ${e.name} { ... }\``);
      else this.report("E0201", e.span, `\`${e.name}\` is a ${d.kind}, not a value`, d.kind === "fn" || d.kind === "value" || d.kind === "table" ? `call it: \`${e.name}(...)\`` : undefined);
      return ANY;
    }
    const candidates = [...scope.names(), ...this.s.stateFields.keys(), ...this.namesOf(ctx.file, "fn", "value", "table", "kind", "enum", "die", "event", "status", "modifier")];
    if (!this.notImported(e.name, e.span, ctx.file)) this.report("E0101", e.span, `unknown name \`${e.name}\``, didYouMean(e.name, candidates));
    return ANY;
  }

  private member(e: A.Expr & { kind: "member" }, scope: Scope, ctx: Context): Type {
    const m = e.member.text;
    // `Side.attacker`: an enum member.
    if (e.object.kind === "name" && !scope.get(e.object.name) && !this.s.stateFields.has(e.object.name)) {
      const d = this.declared(e.object.name) ? this.lookup(e.object.name, e.object.span, ctx.file) : undefined;
      if (this.declared(e.object.name) && !d) return ANY;
      if (d?.kind === "enum") {
        e.ref = { to: "decl", id: d.id! };
        if (d.members.some((x) => x.text === m)) return { t: "enum", name: d.name.text, id: d.id };
        this.report("E0103", e.member.span, `enum \`${d.name.text}\` has no member \`${m}\``, didYouMean(m, d.members.map((x) => x.text)));
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
        e.field = { kind: k.id!, index: k.fields.indexOf(f) };
        return this.resolveType(f.type, k.span.file);
      }
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
    // `x != none and x.hp > 0`: the right of `and` runs only when the left held, of `or` when it failed.
    const right = e.op === "and" || e.op === "or" ? this.narrow(scope, presentWhen(e.left, e.op === "and"), [], ctx) : scope;
    const r = this.expr(e.right, right, ctx);
    if (e.rounding && e.op !== "/") this.report("E0221", e.rounding.span, `only \`/\` takes a rounding, not \`${e.op}\``);
    else if (e.rounding) this.roundingMode(e.rounding);
    switch (e.op) {
      case "and":
      case "or":
        this.expectType(l, BOOL, e.left.span, `the left of \`${e.op}\``);
        this.expectType(r, BOOL, e.right.span, `the right of \`${e.op}\``);
        return BOOL;
      case "==":
      case "!=":
        if ((l.t === "none") !== (r.t === "none") && ![l, r].some((t) => t.t === "optional" || t.t === "any")) {
          const other = l.t === "none" ? e.right : e.left;
          this.report("W0309", e.span, `\`${showExpr(other)}\` is ${typeToString(l.t === "none" ? r : l)}, which is never \`none\`, so this is always ${e.op === "!=" ? "true" : "false"}`, "declare its type optional, like `Unit?`, if it may hold nothing");
          return BOOL;
        }
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
        if (this.optionalOperand(e, l, r)) return INT;
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
        // Tallies subtract member by member (a count stops at 0).
        if (l.t === "tally" || r.t === "tally") return this.bothTallies(e, l, r);
        this.numbers(e, l, r);
        return INT;
      case "*":
        // `t * 2` and `2 * t`: every count scaled.
        if (l.t === "tally" || r.t === "tally") {
          const [t, n, nSpan] = l.t === "tally" ? [l, r, e.right.span] : [r, l, e.left.span];
          this.expectType(n, INT, nSpan, "the factor of a tally");
          return t;
        }
        this.numbers(e, l, r);
        return INT;
      case "/":
        if (l.t === "tally") {
          this.expectType(r, INT, e.right.span, "what every count is divided by");
          if (!e.rounding) this.report("E0221", e.span, "dividing a tally needs a rounding: `round down`, `round up` or `round nearest`", `write \`${showExpr(e)} round down\``);
          return l;
        }
        this.numbers(e, l, r);
        return INT;
      case "%":
        this.numbers(e, l, r);
        return INT;
      default:
        return A.assertNever(e.op);
    }
  }

  private bothTallies(e: A.Expr & { kind: "binary" }, l: Type, r: Type): Type {
    const t = l.t === "tally" ? l : r;
    this.expectType(l, t, e.left.span, `the left of \`${e.op}\``);
    this.expectType(r, t, e.right.span, `the right of \`${e.op}\``);
    return t;
  }

  /**
   * An enum's name where a list is walked (`for m in Icon`, `count(m in Icon where ...)`): its members,
   * in declaration order. Anywhere else an enum's name is not a value (E0201).
   */
  private enumSource(e: A.Expr, scope: Scope, ctx: Context): Type | undefined {
    if (e.kind !== "name" || scope.get(e.name) || this.stateField(e.name, ctx.file)) return undefined;
    const r = lookupName(this.s, e.name, ctx.file);
    const d = "found" in r ? r.found : undefined;
    if (d?.kind !== "enum") return undefined;
    e.ref = { to: "decl", id: d.id! };
    const t = listOf({ t: "enum", name: d.name.text, id: d.id });
    this.observe?.(e, t, scope);
    return t;
  }

  /** `Icon(m in Icon => n)`: a tally whose count of each member `m` is `n`. */
  private perMember(en: A.EnumDecl, e: A.Expr & { kind: "call" }, c: A.Comprehension, span: A.Span, scope: Scope, ctx: Context): Type {
    const name = en.name.text;
    const t: Type = { t: "tally", of: name };
    if (!this.lookup(name, e.callee.span, ctx.file)) return ANY;
    if (e.args.length !== 1) this.report("E0209", e.span, `\`${name}(m in ${name} => count)\` takes exactly one comprehension`);
    if (c.source.kind !== "name" || c.source.name !== name) {
      this.expr(c.source, scope, ctx);
      this.report("E0209", c.source.span, `a count for each member goes over \`${name}\` itself`, `write \`${name}(${c.binder.text} in ${name} => ...)\``);
    } else this.enumSource(c.source, scope, ctx);
    const inner = new Scope(scope);
    c.slot = inner.declare(c.binder.text, { type: { t: "enum", name, id: en.id }, span: c.binder.span, mutable: false });
    if (c.where) this.report("E0209", c.where.span, `\`${name}(m in ${name} => count)\` takes no \`where\`: give a member 0 instead`, `write \`=> if condition then count else 0\``);
    if (c.otherwise) this.report("E0209", c.otherwise.span, `\`${name}(m in ${name} => count)\` takes no \`else\``);
    if (c.yield) this.expectType(this.expr(c.yield, inner, ctx), INT, c.yield.span, "the count of each member");
    else this.report("E0209", span, `\`${name}(${c.binder.text} in ${name})\` needs \`=> count\`: the count of each member`, `write \`${name}(${c.binder.text} in ${name} => 1)\``);
    return t;
  }

  /** `hp + 1` where `hp` is an `int?`: E0240 once, not a type mismatch. */
  private optionalOperand(e: A.Expr & { kind: "binary" }, l: Type, r: Type): boolean {
    const side = l.t === "optional" ? e.left : r.t === "optional" ? e.right : undefined;
    if (side) this.maybeNone(side, `\`${e.op}\` needs a number`);
    return side !== undefined;
  }

  private numbers(e: A.Expr & { kind: "binary" }, l: Type, r: Type) {
    if (this.optionalOperand(e, l, r)) return;
    this.expectType(l, INT, e.left.span, `the left of \`${e.op}\``);
    this.expectType(r, INT, e.right.span, `the right of \`${e.op}\``);
  }

  /**
   * `choose "q" from xs`: an item of `xs`; `or none` makes it optional; `up to n` makes it a list of
   * up to `n` items, asked one at a time with `none` to stop. `by who` takes any value: it is shown.
   */
  private choose(e: A.Expr & { kind: "choose" }, scope: Scope, ctx: Context): Type {
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

  private call(e: A.Expr & { kind: "call" }, scope: Scope, ctx: Context): Type {
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
      if (en?.kind === "enum" && !scope.get(name) && !this.stateField(name, ctx.file)) {
        e.ref = { to: "decl", id: en.id! };
        return this.perMember(en, e, comp.comp, comp.span, scope, ctx);
      }
      if (!isAggregate(name)) {
        this.report("E0209", e.callee.span, `\`${name}\` does not take \`x in list\`; aggregates are ${Object.keys(aggregates).map((a) => `\`${a}\``).join(", ")}`, didYouMean(name, Object.keys(aggregates)));
        return ANY;
      }
      if (e.args.length !== 1) this.report("E0209", e.span, `\`${name}(x in list ...)\` takes exactly one comprehension`);
      e.builtin = name;
      return this.aggregate(name, comp.comp, comp.span, scope, ctx);
    }
    if (scope.get(name) || this.stateField(name, ctx.file)) {
      this.report("E0203", e.callee.span, `\`${name}\` is a variable, not something to call`);
      return ANY;
    }
    if (this.declared(name)) {
      const d = this.lookup(name, e.callee.span, ctx.file);
      if (!d) {
        for (const a of e.args) if (a.kind !== "comprehension") this.expr(a.value, scope, ctx);
        return ANY;
      }
      e.ref = { to: "decl", id: d.id! };
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
    const b = Object.hasOwn(builtins, name) ? builtins[name] : undefined;
    if (b) {
      e.builtin = name;
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
    const callables = [...this.namesOf(ctx.file, "fn", "value", "table", "kind"), ...Object.keys(builtins)];
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
      if (a.kind === "named") a.index = params.indexOf(p);
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
      a.index = k.fields.indexOf(f);
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
    return { t: "kind", name: k.name.text, id: k.id };
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
    const source = this.enumSource(c.source, scope, ctx) ?? this.expr(c.source, scope, ctx);
    let element: Type = ANY;
    if (source.t === "list") element = source.of;
    else if (source.t !== "any") this.report("E0201", c.source.span, `\`${name}\` goes over a list, but this is ${typeToString(source)}`);
    const inner = new Scope(scope);
    c.slot = inner.declare(c.binder.text, { type: element, span: c.binder.span, mutable: false });
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

/** Where a span is, as a map key. */
function spanKey(s: A.Span): string {
  return `${s.file}:${s.start}:${s.end}`;
}

/**
 * The plain names (variables, parameters, state fields) that cannot be `none` when `e` is `holds`:
 * `x != none` when true, `x == none` when false, through `and`, `or` and `not`.
 */
function presentWhen(e: A.Expr, holds: boolean): string[] {
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
  switch (s.kind) {
    case "assign":
      return s.target.kind === "name" && s.target.name === name;
    case "if":
      return s.then.statements.some((x) => assignsName(x, name)) || (s.else?.statements.some((x) => assignsName(x, name)) ?? false);
    case "while":
    case "for":
      return s.body.statements.some((x) => assignsName(x, name));
    default:
      return false;
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
function isConstantTally(e: A.Expr, isEnum: (name: string) => boolean): boolean {
  return e.kind === "call" && e.callee.kind === "name" && isEnum(e.callee.name) && e.args.every((a) => a.kind === "named" && constInt(a.value) !== undefined);
}

export function constInt(e: A.Expr): number | undefined {
  if (e.kind === "int") return e.value;
  if (e.kind === "neg" && e.operand.kind === "int") return -e.operand.value;
  return undefined;
}

/** Marks a record pattern that could not be written out field by field: its input is not enumerated. */
const UNFOLDED = "\u0000";

function showKey(v: Key, t: Type): string {
  // A record's key is already written as rules text, `Hex(q: 0, r: 1)`.
  return t.t === "enum" ? `${t.name}.${String(v)}` : t.t === "kind" ? String(v) : typeof v === "string" ? JSON.stringify(v) : String(v);
}

function relativeImport(from: string, to: string): string {
  const a = from.split("/").slice(0, -1);
  const b = to.split("/");
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  const up = a.length - i;
  return (up === 0 ? "./" : "../".repeat(up)) + b.slice(i).join("/");
}

