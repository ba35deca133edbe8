// Name resolution, the base of the checker's chain of classes (resolution -> expressions -> calls ->
// statements -> rule checks -> checker): what a name means in a file (E0105 for a file not imported,
// E0108 for two declarations seen at once), written types resolved to checker types, and the scopes and
// frames that give every variable its slot. Every later layer asks it names, and it asks them nothing.
import { isStdPath, stdImportOf } from "../core/std-paths.ts";
import { PRIMITIVES } from "../../grammar/tokens.ts";
import * as A from "../core/ast.ts";
import { diag, type Diagnostic, type RelatedSpan } from "../core/diagnostics.ts";
import { SuggestionBudget } from "../core/suggestion-budget.ts";
import { ANY, BOOL, INT, TEXT, listOf, optional, typeToString, type Type } from "../core/types.ts";
import { declById, idOf, lookupName, visibleDecls, type NamedDecl, type Symbols } from "./symbols.ts";
import { keptIn } from "../core/kept-values.ts";

/** The most values a record counted by a tally may have: each is a count kept apart. */
const MAX_RECORD_VALUES = 4096;

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
  /** A loop, not a recursion: an `else if` chain of thousands of branches nests as many scopes. */
  get(name: string): Var | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      const v = s.vars.get(name);
      if (v !== undefined) return v;
    }
    return undefined;
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
    const out: string[] = [];
    for (let s: Scope | undefined = this; s; s = s.parent) out.push(...s.vars.keys());
    return out;
  }
}

/** Where a declaration, statement or expression is being checked. */
export interface Context {
  file: string;
  /** The declared result of the enclosing function; undefined where `return` takes no value. */
  returns?: Type;
  inExample: boolean;
  /** Inside an event's default body or one of its handlers: `proceed` needs to know which. */
  event?: { decl: A.EventDecl; timing: A.TriggerTiming | "body" };
  /** Inside an `extend fn`: the version of the function that `previous(...)` calls (null: the extension was refused, already reported). */
  previous?: A.FnDecl | null;
}

/** The built-in type names; every other type names a declared enum or kind. */
export { PRIMITIVES };

/** Sees each expression the checker types, with its type and scope: the language service's window on types and locals. */
export type ExprObserver = (e: A.Expr, type: Type, scope: Scope) => void;

export abstract class Resolution {
  constructor(
    protected readonly s: Symbols,
    protected readonly out: Diagnostic[],
    protected readonly outside: Map<string, A.Span> = new Map(),
    protected readonly observe?: ExprObserver,
    /** Names of declarations dropped for a syntax error: already reported, so not unknown. */
    protected readonly broken: Set<string> = new Set(),
  ) {}

  /**
   * Reports E0105 when `name` is declared in a loaded file this program does not import. Either way,
   * true means "already explained": the caller reports no unknown name (nor does it for a name whose
   * declaration had a syntax error).
   */
  protected notImported(name: string, span: A.Span, file: string): boolean {
    if (this.broken.has(name)) return true;
    const where = this.outside.get(name);
    if (!where) return false;
    this.report("E0105", span, `\`${name}\` is declared in \`${where.file}\`, which this file does not import`, `add \`import "${relativeImport(file, where.file)}"\``);
    return true;
  }

  /** This check's did-you-mean budget: one per check, so no input makes suggesting quadratic. */
  private readonly suggestions = new SuggestionBudget();

  /** The did-you-mean for `name`, unknown at `span`, among `candidates` (gathered only within the budget). */
  protected suggest(name: string, span: A.Span, candidates: () => Iterable<string>): string | undefined {
    return this.suggestions.help(name, span, candidates);
  }

  protected report(code: Parameters<typeof diag>[0], span: A.Span, message: string, help?: string, related?: RelatedSpan[]) {
    this.out.push(diag(code, span, message, help, related));
  }

  /**
   * The declaration `name` means in `file`. Reports E0105 when it is declared only in files this one does
   * not import, and E0108 when this file sees two declarations of it; an unknown name is left to the
   * caller, which knows what sort of thing was expected and so what to suggest.
   */
  protected lookup(name: string, span: A.Span, file: string): NamedDecl | undefined {
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
  protected seenKind(name: string, file: string): NamedDecl["kind"] | undefined {
    const r = lookupName(this.s, name, file);
    return "found" in r ? r.found.kind : undefined;
  }

  /** Whether any file of the program declares `name`, seen from here or not. */
  protected declared(name: string): boolean {
    return this.s.byName.has(name);
  }

  /** The names of the declarations of some sorts that `file` sees, for "did you mean". */
  protected namesOf(file: string, ...kinds: NamedDecl["kind"][]): string[] {
    return visibleDecls(this.s, file).filter((d) => kinds.includes(d.kind)).map((d) => d.name.text);
  }

  /** The declaration a type names: types keep the declaration's id, so two kinds of one name never mix. */
  /** A tally's key type: the enum it counts the members of, or the record it counts the values of. */
  protected tallyKeyType(t: Type & { t: "tally" }): Type {
    return t.record !== undefined ? { t: "kind", name: t.of, id: t.record } : { t: "enum", name: t.of };
  }

  protected typeDecl(name: string, id: number | undefined): NamedDecl | undefined {
    return id !== undefined ? declById(this.s, id) : this.s.byName.get(name)?.[0];
  }

  protected stateField(name: string, file: string): A.FieldDecl | undefined {
    const f = this.s.stateFields.get(name);
    return f && this.s.visible.get(file)?.has(f.span.file) ? f : undefined;
  }

  protected isEnum = (name: string): boolean => this.s.byName.get(name)?.some((d) => d.kind === "enum") ?? false;

  /** A record is a kind declared with `record`: a plain value, compared field by field. */
  protected isRecord = (name: string): boolean => {
    const d = this.typeDecl(name, undefined);
    return d?.kind === "kind" && d.record === true;
  };

  /** What a name declares in `file`, with records told apart from kinds: constants may build records, not entities. */
  protected declKindOf = (name: string, file?: string): string | undefined => {
    const kind = file === undefined ? this.typeDecl(name, undefined)?.kind : this.seenKind(name, file);
    return kind === "kind" && this.isRecord(name) ? "record" : kind;
  };

  protected enumMembers = (name: string): string[] => {
    const d = this.typeDecl(name, undefined);
    return d?.kind === "enum" ? d.members.map((m) => m.text) : [];
  };

  /** Each written type is resolved once: a parameter's bad type is reported once, not at every call. */
  protected readonly resolved = new WeakMap<A.TypeRef, Type>();

  resolveType(ref: A.TypeRef, file: string): Type {
    return keptIn(this.resolved, ref, () => this.resolveTypeOnce(ref, file));
  }

  protected resolveTypeOnce(ref: A.TypeRef, file: string): Type {
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
    if (n === "tally" && ref.element) {
      const t = this.resolveType(ref.element, file);
      if (t.t === "kind") return this.recordTally(t, ref.element.span);
    }
    if (n === "tally" || n === "die") {
      const of = ref.element ? this.enumName(ref.element, file) : undefined;
      if (!ref.element) this.report("E0104", ref.span, `\`${n}\` needs the enum it counts`, `write \`${n}<Icon>\``);
      return of ? { t: n, of } : ANY;
    }
    if (ref.element) this.report("E0104", ref.span, `\`${n}\` takes no element type`);
    if (this.declared(n)) {
      const d = this.lookup(n, ref.name.span, file);
      if (d?.kind === "enum" || d?.kind === "kind") this.s.resolution.set(ref, "ref", { to: "decl", id: idOf(this.s, d) });
      if (d?.kind === "enum") return { t: "enum", name: n, id: idOf(this.s, d) };
      if (d?.kind === "kind") return { t: "kind", name: n, id: idOf(this.s, d) };
      if (!d) return ANY;
    }
    if (!this.notImported(n, ref.name.span, file)) this.report("E0104", ref.name.span, `unknown type \`${n}\``, this.suggest(n, ref.name.span, () => [...PRIMITIVES, ...this.namesOf(file, "enum", "kind")]));
    return ANY;
  }

  /**
   * `tally<Magic>`: a record whose fields are each an enum or `bool`, so its values can be counted one by
   * one (run/record-tallies.ts); E0104 for an entity kind, a field of another type, or too many values.
   */
  protected recordTally(t: Type & { t: "kind" }, at: A.Span, quiet = false): Type {
    const report = (...a: Parameters<typeof this.report>) => (quiet ? undefined : this.report(...a));
    const k = this.typeDecl(t.name, t.id) as A.KindDecl | undefined;
    if (!k) return ANY;
    if (!k.record) {
      report("E0104", at, `a tally counts the members of an enum or the values of a record, but \`${t.name}\` is a kind of entity`, `declare it \`record ${t.name} { ... }\` with enum or bool fields`);
      return ANY;
    }
    let values = 1;
    for (const f of k.fields) {
      const ft = f.type.optional || f.type.element ? undefined : this.resolveType(f.type, k.span.file);
      const n = ft?.t === "bool" ? 2 : ft?.t === "enum" ? (this.typeDecl(ft.name, ft.id) as A.EnumDecl | undefined)?.members.length ?? 0 : undefined;
      if (n === undefined) {
        report("E0104", at, `a tally of \`${t.name}\` counts each of its values, so each field must be an enum or \`bool\`, but \`${f.name.text}\` is \`${f.type.name.text}${f.type.optional ? "?" : ""}\``, "count by a record of enum and bool fields only");
        return ANY;
      }
      values *= n;
    }
    if (values > MAX_RECORD_VALUES) {
      report("E0104", at, `\`${t.name}\` has ${values} values, more than a tally counts (${MAX_RECORD_VALUES})`, "count by a record with fewer or smaller fields");
      return ANY;
    }
    return { t: "tally", of: t.name, ...(t.id !== undefined ? { record: t.id } : {}) };
  }

  /** The enum named by `ref`, for tallies and dice, whose counts are kept per member. */
  protected enumName(ref: A.TypeRef, file: string): string | undefined {
    const t = this.resolveType(ref, file);
    if (t.t === "enum") return t.name;
    if (t.t !== "any") this.report("E0104", ref.span, `tallies and dice count the members of an enum, but \`${typeToString(t)}\` is not one`);
    return undefined;
  }

  protected duplicates(names: A.Name[], what: string, where: string) {
    const seen = new Map<string, A.Name>();
    for (const n of names) {
      const first = seen.get(n.text);
      if (first) this.report("E0102", n.span, `the ${what} \`${n.text}\` appears twice in ${where}`, undefined, [{ span: first.span, message: `the first \`${n.text}\`` }]);
      else seen.set(n.text, n);
    }
  }

  /** The frames of the rules checked so far: each rule's frame size is known once its whole body is. */
  protected readonly frames: [A.Framed, Frame][] = [];

  /** A new frame whose first slots are `params`; `owner` is the rule that will run with it. */
  protected paramScope(params: A.Param[], file: string, owner?: A.Framed): Scope {
    const scope = new Scope();
    if (owner) this.frames.push([owner, scope.frame]);
    this.duplicates(params.map((p) => p.name), "parameter", "this parameter list");
    // Parameters take the first slots, in order: the runtime puts the arguments there.
    for (const p of params) scope.declare(p.name.text, { type: this.resolveType(p.type, file), span: p.name.span, mutable: false });
    return scope;
  }

  /**
   * The frame of an event's default body or handler: the event's arguments in the first slots, then its
   * `result`, as the runtime lays out one emission; both are shared with the emission (`Ref.event`).
   * The parameters are assignable in a `before` handler only, which may change the arguments for what follows.
   */
  protected eventScope(ev: A.EventDecl, timing: A.TriggerTiming | "body", file: string, owner: A.Framed): Scope {
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

  protected expectEvent(name: A.Name, file: string): A.EventDecl | undefined {
    const d = this.lookup(name.text, name.span, file);
    if (d?.kind === "event") return d;
    if (d) this.report("E0201", name.span, `\`${name.text}\` is a ${d.kind}, not an event`);
    else if (!this.declared(name.text)) {
      if (!this.notImported(name.text, name.span, file)) this.report("E0101", name.span, `unknown event \`${name.text}\``, this.suggest(name.text, name.span, () => this.namesOf(file, "event")));
    }
    return undefined;
  }

  protected statusName(n: A.Name, ctx: Context): A.StatusDecl | undefined {
    const d = this.lookup(n.text, n.span, ctx.file);
    if (d?.kind === "status") return d;
    if (d) this.report("E0201", n.span, `\`${n.text}\` is a ${d.kind}, not a status`);
    else if (!this.declared(n.text)) {
      if (!this.notImported(n.text, n.span, ctx.file)) this.report("E0101", n.span, `unknown status \`${n.text}\``, this.suggest(n.text, n.span, () => this.namesOf(ctx.file, "status")));
    }
    return undefined;
  }
}

/** The import to add to `from` to see `to`, as it is written in `from`. */
export function relativeImport(from: string, to: string): string {
  if (isStdPath(to)) return stdImportOf(to);
  const a = from.split("/").slice(0, -1);
  const b = to.split("/");
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  const up = a.length - i;
  return (up === 0 ? "./" : "../".repeat(up)) + b.slice(i).join("/");
}
