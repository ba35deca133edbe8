// Tallies of a record (`tally<Result>` for `record Result { colour: Colour, minor: bool }`): one count
// per value of the record, each a combination of its fields' values, so a qualified result ("red results,
// minor ones only") is counted inside the tally, not in a list beside it. The values go in order: the first
// field slowest, each field's values in their declared order, `false` before `true`; a tally keeps a
// value's count by its text (core/values.ts, `tallyKey`).
import type * as A from "../core/ast.ts";
import { setOwn } from "../core/own-keys.ts";
import { Entity, Tally, tallyKey, type Value } from "../core/values.ts";

/** The declaration a resolved reference names, as each engine finds it. */
type DeclOf = (ref: A.Ref) => A.Decl | undefined;

const domains = new WeakMap<A.KindDecl, Entity[]>();

/** Every value of a record whose fields are all enums or `bool`, in order; undefined for any other kind. */
export function recordDomain(k: A.KindDecl, declOf: DeclOf): Entity[] | undefined {
  if (!k.record) return undefined;
  const known = domains.get(k);
  if (known) return known;
  let combos: Record<string, Value>[] = [Object.create(null) as Record<string, Value>];
  for (const f of k.fields) {
    const values = fieldValues(f, declOf);
    if (!values) return undefined;
    combos = combos.flatMap((c) =>
      values.map((v) => {
        const next = Object.assign(Object.create(null) as Record<string, Value>, c);
        setOwn(next, f.name.text, v);
        return next;
      }),
    );
  }
  const domain = combos.map((c) => new Entity(k.name.text, c, true));
  domains.set(k, domain);
  return domain;
}

function fieldValues(f: A.FieldDecl, declOf: DeclOf): Value[] | undefined {
  if (f.type.optional || f.type.element) return undefined;
  if (f.type.name.text === "bool") return [false, true];
  const d = f.type.ref ? declOf(f.type.ref) : undefined;
  return d?.kind === "enum" ? d.members.map((m) => m.text) : undefined;
}

/** A tally of the record's values from counts by value text (or by value), kept in the values' order. */
export function recordTally(k: A.KindDecl, declOf: DeclOf, count: (key: string) => number): Tally {
  const keys = (recordDomain(k, declOf) ?? []).map(tallyKey);
  const counts = new Map<string, number>();
  for (const key of keys) {
    const n = count(key);
    if (n !== 0) counts.set(key, n);
  }
  return new Tally(k.name.text, counts, keys, true);
}
