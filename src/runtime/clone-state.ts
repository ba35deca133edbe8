// A deep copy of a converted game state, so a state validated and converted from JSON once can start
// many runs (a simulation): every run changes its own copy. An entity held in two places stays one
// entity in the copy. Tallies, dice and records never change in place, so the copy shares them.
import { Entity, type StatusTimer, type Value } from "./values.ts";
import type { StateValues } from "./state.ts";

export function cloneState(state: StateValues): StateValues {
  const copies = new Map<Entity | Value[], Entity | Value[]>();
  return state.map((v) => (v === undefined ? undefined : cloneValue(v, copies)));
}

function cloneValue(v: Value, copies: Map<Entity | Value[], Entity | Value[]>): Value {
  if (Array.isArray(v)) {
    const seen = copies.get(v);
    if (seen) return seen as Value[];
    const copy: Value[] = [];
    copies.set(v, copy);
    for (const item of v) copy.push(cloneValue(item, copies));
    return copy;
  }
  if (!(v instanceof Entity) || v.record) return v;
  const seen = copies.get(v);
  if (seen) return seen as Entity;
  const copy = new Entity(v.kind, {}, false);
  copies.set(v, copy);
  if (v.id !== undefined) copy.id = v.id;
  for (const [k, f] of Object.entries(v.fields)) copy.fields[k] = f === undefined ? undefined : cloneValue(f, copies);
  for (const [name, timer] of v.statuses) copy.statuses.set(name, cloneTimer(timer, copies));
  return copy;
}

function cloneTimer(t: StatusTimer, copies: Map<Entity | Value[], Entity | Value[]>): StatusTimer {
  const copy = { ...t };
  if (t.match !== undefined) copy.match = cloneValue(t.match, copies);
  return copy;
}
