// A state converted from JSON once and copied for every run of a simulation: the copy makes what
// `stateFromJson` would make (the same entities, fields in the same order, the same statuses and
// timers, one entity wherever the JSON shares one by `$id`) without reading the JSON again, looking
// kinds up by name or making defaults. What never changes during a run is shared, not copied: records,
// tallies, dice, text, numbers, and a timer's declarations.
import type { StateValues } from "./state.ts";
import { Entity, type StatusTimer, type Value } from "../core/values.ts";
import { heldValues } from "./status-json.ts";
import { NotGenerated, tryGenerate, type Source } from "./compiled/source.ts";
import { keepNewest, keptIn } from "../core/kept-values.ts";

/** Per state copied: whether an entity in it is reached twice (shared by `$id`, or reaching itself), found once. */
const sharing = new WeakMap<StateValues, boolean>();

/** A fresh copy of `state` for one run: nothing the run changes is shared with `state` or another copy. */
export function cloneState(state: StateValues): StateValues {
  const shared = keptIn(sharing, state, reachedTwice);
  // A state copied once (`rulesmith run`: a state converted for one run) is walked; from its second copy on (a simulation's), it has a copier of its own.
  if (!shared && copiedBefore(state)) {
    const whole = keptIn(wholeCopiers, state, wholeCopier);
    if (whole) return whole();
  }
  // Without sharing a copy is a tree: no map from each entity to its copy is needed.
  const copies = shared ? new Map<Entity, Entity>() : undefined;
  const out: StateValues = new Array<Value | undefined>(state.length);
  for (let i = 0; i < state.length; i++) out[i] = cloneValue(state[i], copies);
  for (let next = deferred.pop(); next; next = deferred.pop()) fillCopy(next[0], next[1], next[2]);
  return out;
}

function reachedTwice(state: StateValues): boolean {
  const seen = new Set<Entity>();
  // A stack of its own: a chain of entities, each in a field of the one before, is as long as the state.
  const stack: (Value | undefined)[] = [...state];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
      continue;
    }
    if (!(v instanceof Entity) || v.record) continue;
    if (seen.has(v)) return true;
    seen.add(v);
    for (const k in v.fields) stack.push(v.fields[k]);
    for (const t of v.statuses.values()) for (const x of heldValues(t)) stack.push(x);
  }
  return false;
}

/**
 * How many entities deep a copy recurses before it defers the rest. A chain of entities, each in a
 * field of the one before, is as long as the state is large; past this depth an entity's copy is made
 * empty and filled from `deferred` by cloneState's loop, so the stack never grows with the chain, and
 * an ordinary state (a few levels) is copied by the fast recursive path alone.
 */
const MAX_COPY_DEPTH = 200;
let copyDepth = 0;
const deferred: [Entity, Entity, Map<Entity, Entity> | undefined][] = [];

function cloneValue(v: Value | undefined, copies: Map<Entity, Entity> | undefined): Value | undefined {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) {
    // A copy of the same elements kind (a packed list stays packed), then its entities and lists copied in place.
    const list = v.slice();
    for (let i = 0; i < list.length; i++) {
      const x = list[i];
      if (typeof x === "object" && x !== null) list[i] = cloneValue(x, copies) as Value;
    }
    return list;
  }
  if (v instanceof Entity && !v.record) return cloneEntity(v, copies);
  // Records, tallies and dice never change in place.
  return v;
}

function cloneEntity(e: Entity, copies: Map<Entity, Entity> | undefined): Entity {
  const known = copies?.get(e);
  if (known) return known;
  const copy = new Entity(e.kind);
  if (e.id !== undefined) copy.id = e.id;
  // Before its fields: an entity may reach itself through them.
  copies?.set(e, copy);
  if (copyDepth >= MAX_COPY_DEPTH) deferred.push([e, copy, copies]);
  else {
    copyDepth++;
    try {
      fillCopy(e, copy, copies);
    } finally {
      copyDepth--;
    }
  }
  return copy;
}

function fillCopy(e: Entity, copy: Entity, copies: Map<Entity, Entity> | undefined): void {
  keptIn(copierOf, e, copierFor)(e.fields, copy.fields, copies);
  if (e.statuses.size > 0) for (const [s, t] of e.statuses) copy.statuses.set(s, cloneTimer(t, copies));
}

type Fields = Entity["fields"];
type FieldCopier = (from: Fields, to: Fields, copies: Map<Entity, Entity> | undefined) => void;

/**
 * Per entity of a state that is copied again and again: how its fields are copied, found on its first
 * copy. The state copied is a converted one, which no run changes (runs change copies): its entities
 * keep the names of their fields.
 */
const copierOf = new WeakMap<Entity, FieldCopier>();
/**
 * Per list of field names, in order: one copier for every entity with those fields. Bounded, because
 * states come from strangers and a long-lived process (the language service, a fuzzing child) copies
 * many: past COPIERS_KEPT lists, the oldest copier is dropped (and made again if needed).
 */
const copiers = new Map<string, FieldCopier>();
const COPIERS_KEPT = 256;

/** How many field copiers are kept now (a test holds the bound). */
export const keptCopiers = (): number => copiers.size;

/**
 * Copies every field in order (a prototype-free object, core/values.ts FIELDS: own fields only, and a write
 * of any name makes an own field), the lists and entities among them copied. Generated for the names
 * (as constants, source.ts): each name's read and write then has one shape to expect, about twice as
 * fast as a loop over names; a host that makes no functions from text gets the loop.
 */
/** An entity's copier, looked up by its field names. */
const copierFor = (e: Entity): FieldCopier => fieldCopier(e.fields);

function fieldCopier(fields: Fields): FieldCopier {
  const names = Object.keys(fields);
  const id = JSON.stringify(names);
  const known = copiers.get(id);
  if (known) return known;
  const copier =
    tryGenerate((g) => g.finish<FieldCopier>(names.map((name) => `to[${g.k(name)}] = ${g.k(cloneValue)}(from[${g.k(name)}], copies);`).join("\n"), "from, to, copies")) ??
    ((from: Fields, to: Fields, copies: Map<Entity, Entity> | undefined) => {
      for (const k in from) to[k] = cloneValue(from[k], copies);
    });
  return keepNewest(copiers, COPIERS_KEPT, id, copier);
}

function cloneTimer(t: StatusTimer, copies: Map<Entity, Entity> | undefined): StatusTimer {
  const copy: StatusTimer = { ...t };
  if (t.match !== undefined) copy.match = cloneValue(t.match, copies);
  // Instances, sources, values and `or` events hold values too: each copy gets its own.
  if (t.others) copy.others = t.others.map((i) => cloneTimer(i, copies));
  if (t.source !== undefined) copy.source = cloneValue(t.source, copies);
  if (t.values) copy.values = t.values.map((v) => cloneValue(v, copies) as Value);
  if (t.or) copy.or = t.or.map((o) => (o.match === undefined ? o : { ...o, match: cloneValue(o.match, copies) }));
  return copy;
}

/**
 * Per state copied again that shares no entity: one generated function that makes the whole copy, found on
 * its second copy; null where it is not made (a list with holes, a state too large or deep to write out, a
 * host that makes no functions from text), and the walk above copies it. A simulation copies the same
 * converted state for every run, and no run changes it (runs change copies), so its shape, its field
 * names and its plain values are known: the copy is the entities made and their fields set in order,
 * the lists as array literals, every text, number, record, tally, die and timer a constant, with no
 * look-up per entity and no dispatch per value (the walk cost the bench's battle about a seventh of
 * the hand-written version's whole battle, bench/RESULTS.md).
 */
const wholeCopiers = new WeakMap<StateValues, (() => StateValues) | null>();

/** States copied so far: making a whole copier costs more than a walk, and pays only from the second copy on. */
const copied = new WeakSet<StateValues>();
function copiedBefore(state: StateValues): boolean {
  if (copied.has(state)) return true;
  copied.add(state);
  return false;
}

/** The most values (entities, lists and their items) a generated whole copy writes out, and how deep it nests them. */
const WHOLE_VALUES = 20_000;
const WHOLE_DEPTH = 40;

function wholeCopier(state: StateValues): (() => StateValues) | null {
  return (
    tryGenerate((g) => {
      let written = 0;
      const made = (kind: string): Entity => new Entity(kind);
      const text = (v: Value | undefined, depth: number): string => {
        if (++written > WHOLE_VALUES || depth > WHOLE_DEPTH) throw new NotGenerated("state too large to write out");
        if (v === undefined) return "undefined";
        if (Array.isArray(v)) {
          // A hole would become an item: the walk's `slice` keeps it.
          for (let i = 0; i < v.length; i++) if (!(i in v)) throw new NotGenerated("a list with holes");
          return `[${v.map((x) => text(x, depth + 1)).join(", ")}]`;
        }
        if (v instanceof Entity && !v.record) return entityText(g, v, depth, text, made);
        // Records, tallies, dice, text, numbers, truth values and none never change in place.
        return g.k(v);
      };
      return g.finish<() => StateValues>(`return [${Array.from(state, (v) => text(v, 0)).join(", ")}];`, "");
    }) ?? null
  );
}

/** An entity's copy as one expression: made, its fields set in order, its `$id` and its statuses' timers copied as `fillCopy` does. */
function entityText(g: Source, e: Entity, depth: number, text: (v: Value | undefined, depth: number) => string, made: (kind: string) => Entity): string {
  const copy = g.temp();
  const fields = g.temp();
  const parts = [`${copy} = ${g.k(made)}(${g.k(e.kind)})`, `${fields} = ${copy}.fields`];
  for (const name of Object.keys(e.fields)) parts.push(`${fields}[${g.k(name)}] = ${text(e.fields[name], depth + 1)}`);
  if (e.id !== undefined) parts.push(`${copy}.id = ${g.k(e.id)}`);
  for (const [s, t] of e.statuses) parts.push(`${copy}.statuses.set(${g.k(s)}, ${g.k(cloneTimer)}(${g.k(t)}, undefined))`);
  parts.push(copy);
  return `(${parts.join(", ")})`;
}
