// Game state as JSON and as runtime values. Conversion follows the declarations; the JSON is validated
// against the derived schema before it gets here, so this code can trust its shape.
import type * as A from "../ast.ts";
import type { RuntimeProgram } from "./index-program.ts";
import { Die, Entity, RuleError, Tally, type Value } from "./values.ts";

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
      for (const [s, left] of Object.entries(statuses)) e.statuses.set(s, typeof left === "number" ? left : true);
    }
    return e;
  }
  if (n === "die") return dieNamed(p, json as string);
  return json as Value;
}

/** A die in state JSON or a field default is its name; at run time it is the die itself. */
function dieNamed(p: RuntimeProgram, name: string): Value {
  const d = p.dice.get(name);
  const die = d && p.dieValues.get(d);
  if (!die) throw new RuleError("R0501", `there is no die \`${name}\``);
  return die;
}

/** A tally from counts by member, kept in the enum's order so equal tallies print alike. */
export function tallyOf(p: RuntimeProgram, enumName: string, counts: Record<string, number> | ReadonlyMap<string, number>): Tally {
  const en = p.enums.get(enumName);
  return en ? tallyIn(en, counts) : new Tally(enumName, new Map(), []);
}

/** The same, for an enum already resolved. */
export function tallyIn(en: A.EnumDecl, counts: Record<string, number> | ReadonlyMap<string, number>): Tally {
  const get = (m: string) => (counts instanceof Map ? counts.get(m) : (counts as Record<string, number>)[m]) ?? 0;
  const ordered = new Map<string, number>();
  for (const m of en.members) if (get(m.text) !== 0) ordered.set(m.text, get(m.text));
  return new Tally(en.name.text, ordered, en.members.map((m) => m.text));
}

export function toJson(v: Value | undefined): Json {
  if (v === undefined) return null;
  if (v instanceof Tally) return Object.fromEntries(v.counts);
  if (v instanceof Die) return v.name;
  if (Array.isArray(v)) return v.map(toJson);
  if (v instanceof Entity) {
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v.fields)) out[k] = toJson(x);
    if (v.statuses.size > 0) out["statuses"] = Object.fromEntries(v.statuses);
    return out;
  }
  return v;
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
      // The only name a default may hold is a die's.
      return dieNamed(p, e.name);
    case "call": {
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

export function stateFromJson(p: RuntimeProgram, json: Record<string, Json>): StateValues {
  const state = initialState(p);
  p.stateFields.forEach((f, i) => {
    const j = json[f.name.text];
    if (j !== undefined) state[i] = fromJson(p, f.type, j);
  });
  return state;
}

export function stateToJson(p: RuntimeProgram, state: StateValues): Record<string, Json> {
  const out: Record<string, Json> = {};
  p.stateFields.forEach((f, i) => (out[f.name.text] = toJson(state[i])));
  return out;
}
