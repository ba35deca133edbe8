// Game state as JSON and as runtime values. Conversion follows the declarations; the JSON is validated
// against the derived schema before it gets here, so this code can trust its shape.
import type * as A from "../ast.ts";
import type { RuntimeProgram } from "./index-program.ts";
import { Entity, RuleError, Tally, type StatusTimer, type Value } from "./values.ts";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function fromJson(p: RuntimeProgram, type: A.TypeRef, json: Json): Value {
  const n = type.name.text;
  if (n === "list") return (json as Json[]).map((j) => fromJson(p, type.element!, j));
  if (n === "tally") return tallyOf(p, type.element!.name.text, json as Record<string, number>);
  const kind = p.kinds.get(n);
  if (kind) {
    const obj = json as Record<string, Json>;
    const e = new Entity(n, {});
    for (const f of kind.fields) {
      e.fields[f.name.text] = obj[f.name.text] === undefined ? defaultValue(p, f, new Set()) : fromJson(p, f.type, obj[f.name.text]!);
    }
    const statuses = obj["statuses"];
    if (statuses && typeof statuses === "object" && !Array.isArray(statuses)) {
      for (const [s, j] of Object.entries(statuses)) e.statuses.set(s, timerFromJson(p, s, j));
    }
    return e;
  }
  return json as Value;
}

/** A tally from counts by member, kept in the enum's order so equal tallies print alike. */
export function tallyOf(p: RuntimeProgram, enumName: string, counts: Record<string, number> | ReadonlyMap<string, number>): Tally {
  const get = (m: string) => (counts instanceof Map ? counts.get(m) : (counts as Record<string, number>)[m]) ?? 0;
  const ordered = new Map<string, number>();
  for (const m of p.enums.get(enumName)?.members ?? []) if (get(m.text) !== 0) ordered.set(m.text, get(m.text));
  return new Tally(enumName, ordered);
}

export function toJson(v: Value | undefined): Json {
  if (v === undefined) return null;
  if (v instanceof Tally) return Object.fromEntries(v.counts);
  if (Array.isArray(v)) return v.map(toJson);
  if (v instanceof Entity) {
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v.fields)) out[k] = toJson(x);
    if (v.statuses.size > 0) out["statuses"] = Object.fromEntries([...v.statuses].map(([s, t]) => [s, timerToJson(t)]));
    return out;
  }
  return v;
}

/** The timer a declared status starts with when applied without a duration of its own. */
export function declaredTimer(p: RuntimeProgram, status: string, left?: number): StatusTimer {
  const x = p.statuses.get(status)?.expiry;
  if (!x) return left === undefined ? {} : { left };
  const t: StatusTimer = { left: left ?? x.times ?? 1, event: x.event.text };
  if (left === undefined && x.times === undefined) t.once = true;
  if (x.holder) {
    t.param = p.events.get(x.event.text)?.params.findIndex((q) => q.name.text === x.holder!.text) ?? -1;
    t.paramName = x.holder.text;
    t.holder = true;
  }
  return t;
}

/**
 * `true` and a number are the declared expiry (section 17); an object `{"left": 1, "until": "E", "p": v}`
 * an expiry given at `apply`, where `p` is matched against `v` (or `"holder": "p"`: the holder).
 */
function timerFromJson(p: RuntimeProgram, status: string, j: Json): StatusTimer {
  if (typeof j === "number") return declaredTimer(p, status, j);
  if (j === null || typeof j !== "object" || Array.isArray(j)) {
    // `true`: it ends at the next expiry event (or lasts until cleared, with none declared).
    const t = declaredTimer(p, status);
    if (t.left !== undefined) Object.assign(t, { left: 1, once: true });
    return t;
  }
  const event = String(j["until"]);
  const t: StatusTimer = { left: j["left"] as number, event, own: true };
  const params = p.events.get(event)?.params ?? [];
  for (const [k, v] of Object.entries(j)) {
    if (k === "left" || k === "until") continue;
    const name = k === "holder" ? String(v) : k;
    const i = params.findIndex((q) => q.name.text === name);
    t.param = i;
    t.paramName = name;
    if (k === "holder") t.holder = true;
    else if (i >= 0) t.match = fromJson(p, params[i]!.type, v);
  }
  return t;
}

function timerToJson(t: StatusTimer): Json {
  if (!t.own) return t.left === undefined || (t.once && t.left === 1) ? true : t.left;
  const out: Record<string, Json> = { left: t.left ?? 1, until: t.event ?? "" };
  if (t.paramName !== undefined) {
    if (t.holder) out["holder"] = t.paramName;
    else out[t.paramName] = toJson(t.match);
  }
  return out;
}

/**
 * A field's starting value: its declared default, else an empty list, `false`, the low end of an int
 * range, or (for a kind whose fields all have defaults) a fresh entity. Otherwise it has none yet.
 */
export function defaultValue(p: RuntimeProgram, f: A.FieldDecl, visiting: Set<string>, evalDefault?: (e: A.Expr) => Value): Value | undefined {
  if (f.default) return evalDefault ? evalDefault(f.default) : literal(p, f.default);
  return defaultForType(p, f.type, visiting);
}

function defaultForType(p: RuntimeProgram, t: A.TypeRef, visiting: Set<string>): Value | undefined {
  const n = t.name.text;
  if (n === "list") return [];
  if (n === "bool") return false;
  if (n === "int") return t.range ? t.range.low : 0;
  if (n === "text") return "";
  if (n === "tally") return tallyOf(p, t.element?.name.text ?? "", {});
  const en = p.enums.get(n);
  if (en) return en.members[0]?.text;
  const kind = p.kinds.get(n);
  if (kind && !visiting.has(n)) {
    visiting.add(n);
    const e = new Entity(n, {});
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
    case "neg":
      return e.operand.kind === "int" ? -e.operand.value : undefined;
    case "list":
      return e.items.map((i) => literal(p, i)).filter((x): x is Value => x !== undefined);
    case "member":
      return e.member.text;
    case "name":
      // A die is its name at run time.
      return e.name;
    case "call": {
      // `Icon(melee: 1)`: a constant tally.
      const counts = new Map<string, number>();
      for (const a of e.args) if (a.kind === "named") counts.set(a.name.text, literal(p, a.value) as number);
      return tallyOf(p, e.callee.kind === "name" ? e.callee.name : "", counts);
    }
    default:
      throw new RuleError("R0501", "a field default must be a constant", e.span);
  }
}

export function initialState(p: RuntimeProgram): Map<string, Value | undefined> {
  const globals = new Map<string, Value | undefined>();
  for (const f of p.stateFields) globals.set(f.name.text, defaultValue(p, f, new Set()));
  return globals;
}

export function stateFromJson(p: RuntimeProgram, json: Record<string, Json>): Map<string, Value | undefined> {
  const globals = initialState(p);
  for (const f of p.stateFields) {
    const j = json[f.name.text];
    if (j !== undefined) globals.set(f.name.text, fromJson(p, f.type, j));
  }
  return globals;
}

export function stateToJson(globals: Map<string, Value | undefined>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [k, v] of globals) out[k] = toJson(v);
  return out;
}
