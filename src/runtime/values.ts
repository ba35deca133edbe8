// Runtime values. Enum members are their member names; entities are objects with a kind, fields and
// statuses. Entities compare by identity: two units with equal fields are still two units.

export type Value = number | boolean | string | Value[] | Entity | Tally;

/** Counts per member of an enum, such as the icons on a die face. Immutable: operations make new tallies. */
export class Tally {
  constructor(
    readonly of: string,
    /** Only members with a count above 0, in the enum's order. */
    readonly counts: ReadonlyMap<string, number>,
  ) {}
  get(member: string): number {
    return this.counts.get(member) ?? 0;
  }
  /** A copy with one member's count changed; `order` keeps members in the enum's order. */
  with(member: string, n: number, order: readonly string[]): Tally {
    const next = new Map<string, number>();
    for (const m of order) {
      const c = m === member ? n : this.get(m);
      if (c !== 0) next.set(m, c);
    }
    return new Tally(this.of, next);
  }
}

/**
 * How long one status lasts on one holder. Emissions of `event` count it down (all of them, or only
 * those whose parameter number `param` is the holder, or equals `match`); at zero it ends.
 */
export interface StatusTimer {
  /** Events left; absent: it lasts until cleared. */
  left?: number;
  event?: string;
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
}

export class Entity {
  /** Status name -> how long it lasts on this entity. */
  readonly statuses = new Map<string, StatusTimer>();
  constructor(
    readonly kind: string,
    readonly fields: Record<string, Value | undefined>,
  ) {}
}

export function showValue(v: Value | undefined): string {
  if (v === undefined) return "nothing";
  if (v instanceof Entity) {
    const name = v.fields["name"];
    return typeof name === "string" ? `${v.kind} ${JSON.stringify(name)}` : v.kind;
  }
  if (Array.isArray(v)) return `[${v.map(showValue).join(", ")}]`;
  if (v instanceof Tally) return `${v.of}(${[...v.counts].map(([m, n]) => `${m}: ${n}`).join(", ")})`;
  if (typeof v === "string") return v;
  return String(v);
}

export function valuesEqual(a: Value | undefined, b: Value | undefined): boolean {
  // Numbers, text, enum members and the same entity: the common case, answered first.
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => valuesEqual(x, b[i]));
  if (a instanceof Tally && b instanceof Tally) return a.of === b.of && a.counts.size === b.counts.size && [...a.counts].every(([m, n]) => b.get(m) === n);
  return a === b;
}

/** An error in the rules at run time, pointing at the span that caused it. Never a raw exception. */
export class RuleError extends Error {
  constructor(
    readonly code: "R0501" | "R0502" | "R0503",
    message: string,
    readonly span?: import("../ast.ts").Span,
  ) {
    super(message);
  }
}
