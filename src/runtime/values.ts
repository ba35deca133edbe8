// Runtime values. Enum members are their member names; entities are objects with a kind, fields and
// statuses. Entities compare by identity: two units with equal fields are still two units.

export type Value = number | boolean | string | Value[] | Entity;

export class Entity {
  /** Status name -> events left before it expires (`true`: lasts until cleared or its `until` event). */
  readonly statuses = new Map<string, number | true>();
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
  if (typeof v === "string") return v;
  return String(v);
}

export function valuesEqual(a: Value | undefined, b: Value | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => valuesEqual(x, b[i]));
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
