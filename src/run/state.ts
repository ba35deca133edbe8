// Game state as JSON and as runtime values. Conversion follows the declarations; the JSON is validated
// against the derived schema, and its `$id`/`$ref` references checked, before it gets here, so this
// code can trust its shape.
//
// One entity held in two places (a unit in an army and as a hex's occupant) is written once with
// `"$id": "some-id"` and everywhere else as `{"$ref": "some-id"}`; loading makes them one entity again.
import type * as A from "../core/ast.ts";
import { SuggestionBudget } from "../core/suggestion-budget.ts";
import type { StateProblem } from "./schema.ts";
import type { RuntimeProgram } from "./index-program.ts";
import { escapePointer } from "../core/json-text.ts";
import { ownGet, setOwn } from "../core/own-keys.ts";
import { Die, Entity, RuleError, Tally, type Value } from "../core/values.ts";
import { recordTally } from "./record-tallies.ts";
import { heldValues, sourcesInJson, statusFromJson, statusToJson } from "./status-json.ts";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type JsonObject = { [key: string]: Json };

/** The entities declared with `$id` in a state: their JSON, kind and where they are. */
type Declared = Map<string, { json: JsonObject; kind: string; path: string }>;

/** Entities already built from a declared `$id`, so every `$ref` to it finds the same one. */
interface Refs {
  declared: Declared;
  built: Map<string, Entity>;
  /** The kinds whose default is being made (`defaultValue`'s guard against a kind holding itself): one set for the whole load. */
  visiting: Set<string>;
  /** Entities made on reaching a `$ref` to them, whose fields are still to be read. */
  pending: { e: Entity; kind: A.KindDecl; obj: JsonObject }[];
}

/**
 * How deeply a state may nest arrays and objects. Validation, loading and writing walk a state by
 * recursion (ajv's validators too), so a deeper one is refused with E0405 before any of them runs; no
 * game state comes near it.
 */
export const MAX_STATE_DEPTH = 500;

/**
 * The JSON pointer of the first value nested more than MAX_STATE_DEPTH arrays and objects deep, or
 * undefined. A loop with its own stack: it must not overflow on the very input it guards against.
 */
export function tooDeep(json: unknown): string | undefined {
  // Depths only on the way (this runs before every run): paths are made only for a state refused.
  if (typeof json !== "object" || json === null) return undefined;
  const values: unknown[] = [json];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop()!;
    const depth = depths.pop()!;
    if (depth >= MAX_STATE_DEPTH) return pathTooDeep(json);
    for (const v of Array.isArray(value) ? value : Object.values(value as object)) {
      if (typeof v === "object" && v !== null) {
        values.push(v);
        depths.push(depth + 1);
      }
    }
  }
  return undefined;
}

/** The pointer of the first value at level MAX_STATE_DEPTH, in a state known to have one. */
function pathTooDeep(json: unknown): string {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: json, depth: 0, path: "" }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (depth >= MAX_STATE_DEPTH) return path || "/";
    for (const [k, v] of Object.entries(value as object)) if (typeof v === "object" && v !== null) stack.push({ value: v, depth: depth + 1, path: `${path}/${escapePointer(k)}` });
  }
  return "/";
}

const isObject = (j: Json | undefined): j is JsonObject => typeof j === "object" && j !== null && !Array.isArray(j);

/** `{"$ref": "id"}`: the id it names, if `j` is such a reference. */
function refOf(j: Json | undefined): string | undefined {
  return isObject(j) && typeof j["$ref"] === "string" ? j["$ref"] : undefined;
}

/**
 * The enum or kind a written type means: the checker's resolution; by name only for a type the checker
 * never saw (a state read for the schema's sake).
 */
function declOf(p: RuntimeProgram, t: A.TypeRef): A.Decl | undefined {
  if (t.ref?.to === "decl") return p.decls[t.ref.id];
  return p.kinds.get(t.name.text) ?? p.enums.get(t.name.text);
}

/** Whether `n` names a kind whose values are entities (not a record, whose values are plain). */
function entityKind(p: RuntimeProgram, n: string): boolean {
  const k = p.kinds.get(n);
  return k !== undefined && !k.record;
}

/**
 * A state value from its JSON. Nesting in the JSON is bounded (MAX_STATE_DEPTH), but references are
 * not: a chain of entities, each naming the next by `$ref`, is as long as the state is large. So an
 * entity reached through a `$ref` is made empty and its fields are filled later, from `refs.pending`,
 * by the loop in `fromJsonAll`: the recursion follows the JSON's nesting only, never a reference.
 */
function fromJson(p: RuntimeProgram, type: A.TypeRef, json: Json, refs: Refs): Value {
  // The schema allows `null` only for an optional type: it is `none`.
  if (json === null) return null;
  const n = type.name.text;
  if (n === "list") return (json as Json[]).map((j) => fromJson(p, type.element!, j, refs));
  if (n === "tally") return tallyOf(p, type.element!.name.text, json as Record<string, number>);
  const kind = p.kinds.get(n);
  if (kind) {
    const ref = refOf(json);
    const target = ref === undefined ? undefined : refs.declared.get(ref);
    // Checked before loading: every reference names a declared entity of this kind.
    const obj = target ? target.json : (json as JsonObject);
    const id = typeof obj["$id"] === "string" && !kind.record ? obj["$id"] : undefined;
    const known = id === undefined ? undefined : refs.built.get(id);
    if (known) return known;
    const e = new Entity(n, {}, kind.record === true);
    if (id !== undefined) {
      e.id = id;
      // Before its fields: an entity may reach itself through them.
      refs.built.set(id, e);
    }
    if (target) refs.pending.push({ e, kind, obj });
    else fillEntity(p, e, kind, obj, refs);
    return e;
  }
  if (n === "die") return dieNamed(p, json as string);
  return json as Value;
}

function fillEntity(p: RuntimeProgram, e: Entity, kind: A.KindDecl, obj: JsonObject, refs: Refs): void {
  for (const f of kind.fields) {
    const j = ownGet(obj, f.name.text);
    e.fields[f.name.text] = j === undefined ? defaultValue(p, f, refs.visiting) : fromJson(p, f.type, j, refs);
  }
  const statuses = ownGet(obj, "statuses");
  if (statuses && typeof statuses === "object" && !Array.isArray(statuses)) {
    for (const [s, j] of Object.entries(statuses)) e.statuses.set(s, statusFromJson(p, s, j, (type, v) => fromJson(p, type, v, refs), (id) => refs.declared.get(id)?.kind));
  }
}

/** `fromJson` for each of `items`, then the entities reached by reference filled, until none is left. */
function fromJsonAll<T>(p: RuntimeProgram, refs: Refs, items: readonly T[], convert: (item: T) => Value | undefined): (Value | undefined)[] {
  const values = items.map(convert);
  for (let next = refs.pending.pop(); next; next = refs.pending.pop()) fillEntity(p, next.e, next.kind, next.obj, refs);
  return values;
}

/** A die in state JSON or a field default is its name; at run time it is the die itself. */
function dieNamed(p: RuntimeProgram, name: string): Value {
  const d = p.dice.get(name);
  const die = d && p.dieValues.get(d);
  if (!die) throw new RuleError("R0501", `there is no die \`${name}\``);
  return die;
}

/**
 * The first of the two passes over a state: every `$id` (given once) and every `$ref` (naming a
 * declared id of the kind expected there). Problems come with the JSON path of the `$id` or `$ref`.
 */
export function referenceProblems(p: RuntimeProgram, json: Record<string, Json>): StateProblem[] {
  const declared: Declared = new Map();
  /** A `$ref`, and the kind expected there (none: any entity, a status's source given without `fromKind`). */
  const uses: { id: string; kind?: string; path: string }[] = [];
  const problems: StateProblem[] = [];
  const visit = (type: A.TypeRef | undefined, j: Json | undefined, path: string) => {
    if (!type || j === undefined) return;
    const n = type.name.text;
    if (n === "list" && Array.isArray(j)) return j.forEach((x, i) => visit(type.element, x, `${path}/${i}`));
    const kind = p.kinds.get(n);
    if (!kind || !isObject(j)) return;
    const ref = refOf(j);
    if (ref !== undefined && !kind.record) return void uses.push({ id: ref, kind: n, path: `${path}/$ref` });
    const id = j["$id"];
    if (typeof id === "string" && !kind.record) {
      const prior = declared.get(id);
      if (prior) problems.push({ path: `${path}/$id`, message: `gives the id "${id}" a second time: it already names the \`${prior.kind}\` at \`${prior.path}\``, code: "E0403" });
      else declared.set(id, { json: j, kind: n, path: path || "/" });
    }
    for (const f of kind.fields) visit(f.type, ownGet(j, f.name.text), `${path}/${escapePointer(f.name.text)}`);
    if (kind.record) return;
    for (const s of sourcesInJson(ownGet(j, "statuses"), `${path}/statuses`)) {
      const to = refOf(s.from);
      if (s.kind !== undefined) visit(sourceType(s.kind), s.from, s.path);
      else if (to !== undefined) uses.push({ id: to, path: `${s.path}/$ref` });
    }
  };
  for (const f of p.stateFields) visit(f.type, ownGet(json, f.name.text), `/${escapePointer(f.name.text)}`);
  // Thousands of unknown ids in a state of thousands: did-you-means for the first few hundred only.
  const budget = new SuggestionBudget();
  for (const u of uses) {
    const target = declared.get(u.id);
    if (!target) {
      const guess = budget.guess("state", u.id, () => declared.keys());
      const help = guess ?? (declared.size === 0 ? `no entity in the state has an \`$id\`; give the one meant \`"$id": "${u.id}"\`` : undefined);
      problems.push({ path: u.path, message: `names "${u.id}", but no entity in the state has that \`$id\`${help ? `: ${help}` : ""}`, code: "E0403" });
    } else if (u.kind !== undefined && target.kind !== u.kind) {
      problems.push({ path: u.path, message: `names "${u.id}", a \`${target.kind}\` (at \`${target.path}\`), but a \`${u.kind}\` is expected here`, code: "E0403" });
    }
  }
  return problems;
}

/** The written type a status's source is read as: its `fromKind`. */
function sourceType(kind: string): A.TypeRef {
  const span = { file: "", line: 0, col: 0, endLine: 0, endCol: 0, start: 0, end: 0 };
  return { name: { text: kind, span }, span };
}

/** Every `$id` in a state whose references are already checked, for the second pass that builds it. */
function declaredIds(p: RuntimeProgram, json: Record<string, Json>): Declared {
  const declared: Declared = new Map();
  const visit = (type: A.TypeRef | undefined, j: Json | undefined) => {
    if (!type || j === undefined) return;
    if (type.name.text === "list" && Array.isArray(j)) return j.forEach((x) => visit(type.element, x));
    if (!entityKind(p, type.name.text) || !isObject(j) || refOf(j) !== undefined) return;
    if (typeof j["$id"] === "string" && !declared.has(j["$id"])) declared.set(j["$id"], { json: j, kind: type.name.text, path: "" });
    for (const f of p.kinds.get(type.name.text)!.fields) visit(f.type, ownGet(j, f.name.text));
    for (const s of sourcesInJson(ownGet(j, "statuses"), "")) if (s.kind !== undefined) visit(sourceType(s.kind), s.from);
  };
  for (const f of p.stateFields) visit(f.type, ownGet(json, f.name.text));
  return declared;
}

/** A tally from counts by member, kept in the enum's order so equal tallies print alike. */
export function tallyOf(p: RuntimeProgram, enumName: string, counts: Record<string, number> | ReadonlyMap<string, number>): Tally {
  // `tally<Magic>` of a record: counts by each value's text (run/record-tallies.ts).
  const record = p.kinds.get(enumName);
  if (record?.record) return recordTally(record, (r) => (r.to === "decl" ? p.decls[r.id] : undefined), (key) => (counts instanceof Map ? counts.get(key) : ownGet(counts as Record<string, number>, key)) ?? 0);
  const en = p.enums.get(enumName);
  return en ? tallyIn(en, counts) : new Tally(enumName, new Map(), []);
}

/** The same, for an enum already resolved. */
export function tallyIn(en: A.EnumDecl, counts: Record<string, number> | ReadonlyMap<string, number>): Tally {
  const get = (m: string) => (counts instanceof Map ? counts.get(m) : ownGet(counts as Record<string, number>, m)) ?? 0;
  const ordered = new Map<string, number>();
  for (const m of en.members) if (get(m.text) !== 0) ordered.set(m.text, get(m.text));
  return new Tally(en.name.text, ordered, en.members.map((m) => m.text));
}

/** How a state is written: which entities carry an `$id`, and which are already written once. */
interface Writer {
  ids: Map<Entity, string>;
  written: Set<Entity>;
}

/**
 * A value as state JSON. `at` holds the keys on the way to it: its length is the depth, for the E0405
 * that refuses a state the rules nested deeper than MAX_STATE_DEPTH (a chain of entities, each in a
 * field of the one before): it could not be loaded again, and writing it would overflow the stack.
 * Keys are pushed and popped (an error ends the whole writing), not joined into a path, so writing
 * costs next to nothing more when all is well.
 */
export function toJson(v: Value | undefined, w: Writer = { ids: new Map(), written: new Set() }, at: (string | number)[] = []): Json {
  if (v === undefined) return null;
  if (typeof v === "object" && v !== null && at.length >= MAX_STATE_DEPTH) {
    // Only the ends of the path: the middle is hundreds of the same key, which says nothing more.
    const keys = at.map((k) => `/${escapePointer(String(k))}`);
    const path = keys.length > 8 ? `${keys.slice(0, 4).join("")}/.../${keys.slice(-2).join("").slice(1)}` : keys.join("");
    throw new RuleError("E0405", `the state at \`${path}\` is nested more than ${MAX_STATE_DEPTH} levels deep, deeper than a state may be written`);
  }
  if (v instanceof Tally) return Object.fromEntries(v.counts);
  if (v instanceof Die) return v.name;
  if (Array.isArray(v)) {
    const out = new Array<Json>(v.length);
    for (let i = 0; i < v.length; i++) {
      at.push(i);
      out[i] = toJson(v[i], w, at);
      at.pop();
    }
    return out;
  }
  if (v instanceof Entity) {
    const id = w.ids.get(v);
    if (id !== undefined && w.written.has(v)) return { $ref: id };
    w.written.add(v);
    const out: Record<string, Json> = id === undefined ? {} : { $id: id };
    const fields = v.fields;
    for (const k in fields) {
      at.push(k);
      const json = toJson(fields[k], w, at);
      // Only `__proto__` needs defining (its setter lives on Object.prototype): plain assignment keeps the object fast.
      if (k === "__proto__") setOwn(out, k, json);
      else out[k] = json;
      at.pop();
    }
    if (v.statuses.size > 0) {
      const statuses: Record<string, Json> = Object.create(null) as Record<string, Json>;
      for (const [s, t] of v.statuses) {
        at.push("statuses", s);
        statuses[s] = statusToJson(t, (v) => toJson(v, w, at), at); // a prototype-free object: any name assigns as its own
        at.length -= 2;
      }
      out["statuses"] = statuses;
    }
    return out;
  }
  return v;
}

/**
 * The ids the written state needs: an entity reached more than once, or loaded with an `$id`, gets
 * its own `$id` or a generated one like `Unit-1`, numbered per kind in the order the walk first
 * reaches them (state fields, then fields, in declaration order; list items in order).
 */
function idsFor(state: StateValues): Map<Entity, string> {
  const order: Entity[] = [];
  const reached = new Map<Entity, number>();
  // Depth first, parents before children, with a stack of its own: a long chain of entities, each in
  // a field of the one before, must not overflow the call stack. Children are pushed last first.
  const stack: (Value | undefined)[] = [...state].reverse();
  const pushAll = (vs: (Value | undefined)[]) => {
    for (let i = vs.length - 1; i >= 0; i--) stack.push(vs[i]);
  };
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      pushAll(v);
      continue;
    }
    if (!(v instanceof Entity) || v.record) continue;
    reached.set(v, (reached.get(v) ?? 0) + 1);
    if (reached.get(v)! > 1) continue;
    order.push(v);
    // A status that ends on an event about another entity holds that entity too (written after the fields).
    pushAll([...Object.values(v.fields), ...[...v.statuses.values()].flatMap(heldValues)]);
  }
  const taken = new Set(order.flatMap((e) => (e.id === undefined ? [] : [e.id])));
  const ids = new Map<Entity, string>();
  const next = new Map<string, number>();
  for (const e of order) {
    // Loading rejects an `$id` given twice, and rules never give one, so declared ids are distinct.
    if (e.id !== undefined) ids.set(e, e.id);
    else if (reached.get(e)! > 1) {
      let n = next.get(e.kind) ?? 1;
      while (taken.has(`${e.kind}-${n}`)) n++;
      next.set(e.kind, n + 1);
      taken.add(`${e.kind}-${n}`);
      ids.set(e, `${e.kind}-${n}`);
    }
  }
  return ids;
}

/**
 * A field's starting value: its declared default, else an empty list, `false`, the low end of an int
 * range, or (for a kind whose fields all have defaults) a fresh entity. Otherwise it has none yet.
 */
export function defaultValue(p: RuntimeProgram, f: A.FieldDecl, visiting: Set<string>, evalDefault?: (e: A.Expr) => Value): Value | undefined {
  if (f.default) return evalDefault ? evalDefault(f.default) : literal(p, f.default);
  // An optional field starts empty, whatever its type.
  if (f.type.optional) return null;
  return defaultForType(p, f.type, visiting);
}

function defaultForType(p: RuntimeProgram, t: A.TypeRef, visiting: Set<string>): Value | undefined {
  const n = t.name.text;
  if (n === "list") return [];
  if (n === "bool") return false;
  if (n === "int") return t.range ? t.range.low : 0;
  if (n === "text") return "";
  if (n === "tally") {
    const of = t.element && declOf(p, t.element);
    return of?.kind === "enum" ? tallyIn(of, {}) : tallyOf(p, t.element?.name.text ?? "", {});
  }
  const d = declOf(p, t);
  const en = d?.kind === "enum" ? d : undefined;
  if (en) return en.members[0]?.text;
  const kind = d?.kind === "kind" ? d : undefined;
  if (kind && !visiting.has(n)) {
    visiting.add(n);
    const e = new Entity(n, {}, kind.record === true);
    for (const f of kind.fields) e.fields[f.name.text] = defaultValue(p, f, visiting);
    visiting.delete(n);
    return e;
  }
  return undefined;
}

/** Defaults are constants (the checker insists): numbers, text, booleans, enum members, dice, tallies, lists of those. */
function literal(p: RuntimeProgram, e: A.Expr): Value | undefined {
  switch (e.kind) {
    case "int":
    case "text":
    case "bool":
      return e.value;
    case "none":
      return null;
    case "neg":
      return e.operand.kind === "int" ? -e.operand.value : undefined;
    case "list":
      return e.items.map((i) => literal(p, i)).filter((x): x is Value => x !== undefined);
    case "member":
      return e.member.text;
    case "name": {
      // The only name a default may hold is a die's.
      const die = e.ref?.to === "decl" ? p.decls[e.ref.id] : undefined;
      return die?.kind === "die" ? p.dieValues.get(die) : dieNamed(p, e.name);
    }
    case "call": {
      const callee = e.ref?.to === "decl" ? p.decls[e.ref.id] : undefined;
      const record = callee?.kind === "kind" ? callee : undefined;
      // `Hex(q: 0, r: 0)`: a constant record; fields left out take their defaults.
      if (record) {
        const r = new Entity(record.name.text, {}, true);
        for (const f of record.fields) {
          const a = e.args.find((x): x is A.Arg & { kind: "named" } => x.kind === "named" && x.name.text === f.name.text);
          r.fields[f.name.text] = a ? literal(p, a.value) : defaultValue(p, f, new Set());
        }
        return r;
      }
      // `Icon(melee: 1)`: a constant tally.
      const counts = new Map<string, number>();
      for (const a of e.args) if (a.kind === "named") counts.set(a.name.text, literal(p, a.value) as number);
      const en = e.ref?.to === "decl" ? p.decls[e.ref.id] : undefined;
      return en?.kind === "enum" ? tallyIn(en, counts) : tallyOf(p, e.callee.kind === "name" ? e.callee.name : "", counts);
    }
    default:
      throw new RuleError("R0501", "a field default must be a constant", e.span);
  }
}

/** The state's values in the order of `p.stateFields`: the checker resolved each field to its place. */
export type StateValues = (Value | undefined)[];

export function initialState(p: RuntimeProgram): StateValues {
  return p.stateFields.map((f) => defaultValue(p, f, new Set()));
}

/** The second pass: builds the state, each `$id` entity once, with `$ref`s resolved to it. */
export function stateFromJson(p: RuntimeProgram, json: Record<string, Json>): StateValues {
  const refs: Refs = { declared: declaredIds(p, json), built: new Map(), visiting: new Set(), pending: [] };
  // A field's default only when the JSON leaves it out: defaults are plain values, made fresh, so
  // nothing is lost by not making the ones the JSON replaces (every run of a simulation comes here).
  return fromJsonAll(p, refs, p.stateFields, (f) => {
    const j = ownGet(json, f.name.text);
    return j !== undefined ? fromJson(p, f.type, j, refs) : defaultValue(p, f, refs.visiting);
  });
}

export function stateToJson(p: RuntimeProgram, state: StateValues): Record<string, Json> {
  const out: Record<string, Json> = {};
  const w: Writer = { ids: idsFor(state), written: new Set() };
  p.stateFields.forEach((f, i) => setOwn(out, f.name.text, toJson(state[i], w, [f.name.text])));
  return out;
}
