// A state converted from JSON once and copied for every run of a simulation: the copy makes what
// `stateFromJson` would make (the same entities, fields in the same order, the same statuses and
// timers, one entity wherever the JSON shares one by `$id`) without reading the JSON again, looking
// kinds up by name or making defaults. What never changes during a run is shared, not copied: records,
// tallies, dice, text, numbers, and a timer's declarations.
import type { StateValues } from "./state.ts";
import { Entity, type StatusTimer, type Value } from "./values.ts";

/** Per state copied: whether an entity in it is reached twice (shared by `$id`, or reaching itself), found once. */
const sharing = new WeakMap<StateValues, boolean>();

/** A fresh copy of `state` for one run: nothing the run changes is shared with `state` or another copy. */
export function cloneState(state: StateValues): StateValues {
  let shared = sharing.get(state);
  if (shared === undefined) {
    shared = reachedTwice(state);
    sharing.set(state, shared);
  }
  // Without sharing a copy is a tree: no map from each entity to its copy is needed.
  const copies = shared ? new Map<Entity, Entity>() : undefined;
  const out: StateValues = new Array<Value | undefined>(state.length);
  for (let i = 0; i < state.length; i++) out[i] = cloneValue(state[i], copies);
  return out;
}

function reachedTwice(state: StateValues): boolean {
  const seen = new Set<Entity>();
  const twice = (v: Value | undefined): boolean => {
    if (Array.isArray(v)) return v.some(twice);
    if (!(v instanceof Entity) || v.record) return false;
    if (seen.has(v)) return true;
    seen.add(v);
    for (const k in v.fields) if (twice(v.fields[k])) return true;
    for (const t of v.statuses.values()) if (twice(t.match)) return true;
    return false;
  };
  return state.some(twice);
}

function cloneValue(v: Value | undefined, copies: Map<Entity, Entity> | undefined): Value | undefined {
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

function cloneEntity(e: Entity, copies: Map<Entity, Entity> | undefined): Entity {
  const known = copies?.get(e);
  if (known) return known;
  const copy = new Entity(e.kind, {});
  if (e.id !== undefined) copy.id = e.id;
  // Before its fields: an entity may reach itself through them.
  copies?.set(e, copy);
  // Every field at once, in order (a prototype-free object, values.ts FIELDS: own fields only, and a
  // write of any name makes an own field), then the lists and entities among them copied in place.
  const to = Object.assign(copy.fields, e.fields);
  for (const k in to) {
    const x = to[k];
    if (typeof x === "object" && x !== null) to[k] = cloneValue(x, copies);
  }
  if (e.statuses.size > 0) for (const [s, t] of e.statuses) copy.statuses.set(s, cloneTimer(t, copies));
  return copy;
}

function cloneTimer(t: StatusTimer, copies: Map<Entity, Entity> | undefined): StatusTimer {
  const copy: StatusTimer = { ...t };
  if (t.match !== undefined) copy.match = cloneValue(t.match, copies);
  return copy;
}
