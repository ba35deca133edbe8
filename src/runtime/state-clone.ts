// A state converted from JSON once and copied for every run of a simulation: the copy makes what
// `stateFromJson` would make (the same entities, fields in the same order, the same statuses and
// timers, one entity wherever the JSON shares one by `$id`) without reading the JSON again, looking
// kinds up by name or making defaults. What never changes during a run is shared, not copied: records,
// tallies, dice, text, numbers, and a timer's declarations.
import type { StateValues } from "./state.ts";
import { Entity, type StatusTimer, type Value } from "./values.ts";

/** A fresh copy of `state` for one run: nothing the run changes is shared with `state` or another copy. */
export function cloneState(state: StateValues): StateValues {
  const copies = new Map<Entity, Entity>();
  const out: StateValues = new Array<Value | undefined>(state.length);
  for (let i = 0; i < state.length; i++) out[i] = cloneValue(state[i], copies);
  return out;
}

function cloneValue(v: Value | undefined, copies: Map<Entity, Entity>): Value | undefined {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) {
    const list = new Array<Value>(v.length);
    for (let i = 0; i < v.length; i++) list[i] = cloneValue(v[i], copies) as Value;
    return list;
  }
  if (v instanceof Entity && !v.record) return cloneEntity(v, copies);
  // Records, tallies and dice never change in place.
  return v;
}

function cloneEntity(e: Entity, copies: Map<Entity, Entity>): Entity {
  const known = copies.get(e);
  if (known) return known;
  const copy = new Entity(e.kind, {});
  if (e.id !== undefined) copy.id = e.id;
  // Before its fields: an entity may reach itself through them.
  copies.set(e, copy);
  const from = e.fields;
  const to = copy.fields;
  // A prototype-free object (values.ts, FIELDS): `for in` sees its own fields only, in their order.
  for (const k in from) to[k] = cloneValue(from[k], copies);
  for (const [s, t] of e.statuses) copy.statuses.set(s, cloneTimer(t, copies));
  return copy;
}

function cloneTimer(t: StatusTimer, copies: Map<Entity, Entity>): StatusTimer {
  const copy: StatusTimer = { ...t };
  if (t.match !== undefined) copy.match = cloneValue(t.match, copies);
  return copy;
}
