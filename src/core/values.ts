// Runtime values. Enum members are their member names; entities are objects with a kind, fields and
// statuses. Entities compare by identity: two units with equal fields are still two units. A record's
// value is an Entity marked `record`: it holds no statuses, is never changed, and compares field by field.


/** `null` is `none`, the value of an optional type that holds nothing (`undefined` is "not set yet"). */
export type Value = number | boolean | string | Value[] | Entity | Tally | Die | null;

/** A declared custom die as a value (`let d = Footman`): one per declaration, so dice compare by identity. */
export class Die {
  /** Its faces, evaluated on the first roll: they are constants. */
  faces?: Tally[];
  constructor(
    readonly name: string,
    readonly decl: import("./ast.ts").DieDecl,
  ) {}
}

/**
 * Counts per member of an enum, such as the icons on a die face; or, for a tally of a record
 * (`tally<Magic>`), per value of the record, each a combination of its fields' values, kept by its text
 * (`tallyKey`). Immutable: operations make new tallies.
 */
export class Tally {
  constructor(
    readonly of: string,
    /** Only members with a count above 0, in the enum's order. */
    readonly counts: ReadonlyMap<string, number>,
    /** Every member of the enum, in its order: operations keep counts in this order without looking the enum up. */
    readonly members: readonly string[],
    /** A tally of a record's values: its members are their texts. */
    readonly records = false,
  ) {}
  /** The count of a member: an enum member's name, or a record value. */
  get(member: Value): number {
    return this.counts.get(tallyKey(member)) ?? 0;
  }
  /** A copy with one member's count changed. */
  with(member: Value, n: number): Tally {
    const key = tallyKey(member);
    return this.map((m, c) => (m === key ? n : c));
  }
  /** A copy with every count replaced by `f(member, count)`, kept in the enum's order. */
  map(f: (member: string, count: number) => number): Tally {
    const next = new Map<string, number>();
    for (const m of this.members) {
      const c = f(m, this.get(m));
      if (c !== 0) next.set(m, c);
    }
    return new Tally(this.of, next, this.members, this.records);
  }
}

/** What a tally counts a member by: an enum member's name, a record value's text (`Magic(element: fire)`). */
export function tallyKey(member: Value): string {
  return typeof member === "string" ? member : showValue(member);
}

/**
 * How long one status lasts on one holder. Emissions of `event` count it down (all of them, or only
 * those whose parameter number `param` is the holder, or equals `match`); at zero it ends.
 */
export interface StatusTimer {
  /** Events left; absent: it lasts until cleared. */
  left?: number;
  /** The event that counts it down. */
  event?: import("./ast.ts").EventDecl;
  /** The status it times: reported with its declaration. */
  status?: import("./ast.ts").StatusDecl;
  param?: number;
  /** The parameter's name, for state JSON. */
  paramName?: string;
  /** The parameter must be the holder itself (`until Activated(unit)`). */
  holder?: boolean;
  /** The parameter must equal this value, fixed when the status was applied (`until TurnStarts(player: caster)`). */
  match?: Value;
  /** Given its own event at `apply` rather than the declared one: state JSON writes it as an object. */
  own?: boolean;
  /** Written as `true` in state JSON while one event is left: the `until E` shorthand. */
  once?: boolean;
  /**
   * Given at `apply`: only emissions begun after this many in the run count it down, so an event in
   * progress when it was applied does not. Not written to state JSON: a loaded state has none in progress.
   */
  since?: number;
  /** `until A or B`: more events, any of which counts it down as its own `event` does. */
  or?: ExpiryTrigger[];
  /** Its parameters' values in order (`frightened(2)`); absent for a status that declares none. */
  values?: Value[];
  /** Where it came from (`from: d`); absent when none was given. */
  source?: Value;
  /** The holder's further instances of this status, oldest first, under a policy that keeps several (core/statuses.ts). */
  others?: StatusTimer[];
}

/** One more event that counts a timer down (`or B(unit)`): as the timer's own `event`, `param`, `holder`, `match`. */
export interface ExpiryTrigger {
  event: import("./ast.ts").EventDecl;
  param?: number;
  paramName?: string;
  holder?: boolean;
  match?: Value;
}

export class Entity {
  /** Status name -> how long it lasts on this entity. Replaced, not emptied, when its last status expires (run/events.ts). */
  statuses = new Map<string, StatusTimer>();
  /** The `$id` it was given in state JSON, kept so the final state writes it back under the same id. */
  id?: string;
  /** Field name -> value. No name is taken: a field may be named `constructor` or `__proto__` (see FIELDS). */
  readonly fields: Record<string, Value | undefined>;
  constructor(
    readonly kind: string,
    /** Its fields in order; none for a copy that sets them itself (run/state-clone.ts), which skips the walk over an empty object. */
    fields?: Record<string, Value | undefined>,
    /** A value of a `record`: compared by its fields, never changed in place. */
    readonly record = false,
  ) {
    this.fields = Object.create(FIELDS) as Record<string, Value | undefined>;
    if (fields) for (const [k, v] of Object.entries(fields)) this.fields[k] = v;
  }
}

/**
 * The prototype of every entity's fields: empty, frozen, and itself without a prototype, so no name is
 * taken and a write of any name (`__proto__` too: its setter lives on Object.prototype, out of reach)
 * makes an own field, as in a prototype-free map (core/own-keys.ts). Unlike such a map, which V8 always keeps as
 * a slow dictionary, objects made from it keep fast properties: field reads are the runtime's hot path.
 */
const FIELDS: object = Object.freeze(Object.create(null) as object);

export function showValue(v: Value | undefined): string {
  if (v === undefined) return "nothing";
  if (v === null) return "none";
  if (v instanceof Entity && v.record) return `${v.kind}(${Object.entries(v.fields).map(([f, x]) => `${f}: ${showValue(x)}`).join(", ")})`;
  if (v instanceof Entity) {
    const name = v.fields["name"];
    return typeof name === "string" ? `${v.kind} ${JSON.stringify(name)}` : v.kind;
  }
  if (Array.isArray(v)) return `[${v.map(showValue).join(", ")}]`;
  if (v instanceof Tally) return `${v.records ? "tally" : v.of}(${[...v.counts].map(([m, n]) => `${m}: ${n}`).join(", ")})`;
  if (v instanceof Die) return v.name;
  if (typeof v === "string") return v;
  // JSON a state gave as it is (a status's source without `fromKind`): shown as written, not `[object Object]`.
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

export function valuesEqual(a: Value | undefined, b: Value | undefined): boolean {
  // Numbers, text, enum members and the same entity: the common case, answered first.
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => valuesEqual(x, b[i]));
  if (a instanceof Tally && b instanceof Tally) return a.of === b.of && a.counts.size === b.counts.size && [...a.counts].every(([m, n]) => b.get(m) === n);
  // Records are equal when their fields are; entities only when they are the same one (answered above).
  if (a instanceof Entity && b instanceof Entity && a.record && b.record) {
    return a.kind === b.kind && Object.keys(a.fields).every((f) => valuesEqual(a.fields[f], b.fields[f]));
  }
  return a === b;
}

/** An error in the rules at run time, pointing at the span that caused it. Never a raw exception. */
export class RuleError extends Error {
  constructor(
    readonly code: "R0501" | "R0502" | "R0503" | "R0504" | "R0505" | "R0506" | "E0405",
    message: string,
    readonly span?: import("./ast.ts").Span,
  ) {
    super(message);
  }
}

/**
 * A copy of the lists in a value, so a list read out of a record (or put into one) cannot change the
 * record through another name. Records inside are shared: they never change.
 */
export function copyLists(v: Value | undefined): Value | undefined {
  return Array.isArray(v) ? v.map((x) => copyLists(x) as Value) : v;
}
