// Statuses in state JSON (language.md section 17): an entity's `"statuses"` maps each status it holds to
// its timer, `true` or a number for the declared expiry, an object for an expiry given at `apply`; an
// instance with values or a source is an object with `"values"` (by parameter) and `"from"` (and
// `"fromKind"` when the source is an entity, so it loads as one); several instances are an array of
// these. A state of the old forms reads as it always did. Apart from state.ts, which gives the reading
// and writing of plain values, so the two modules import each other's types only.
import type * as A from "../core/ast.ts";
import { escapePointer } from "../core/json-text.ts";
import { ownGet, setOwn } from "../core/own-keys.ts";
import { instancesOf } from "../core/statuses.ts";
import { Entity, type StatusTimer, type Value } from "../core/values.ts";
import type { RuntimeProgram } from "./index-program.ts";
import type { Json } from "./state.ts";

/** A value of a written type from its JSON (state.ts's `fromJson`). */
type Read = (type: A.TypeRef, j: Json) => Value;
/** A value's JSON at a path (state.ts's `toJson`). */
type Write = (v: Value | undefined, at: (string | number)[]) => Json;

/** The keys of an instance object that are no event parameter. */
const INSTANCE_KEYS = new Set(["left", "until", "values", "from", "fromKind", "or"]);

/** The kind of the entity a `$id` names in the state, if one does. */
type KindOfId = (id: string) => string | undefined;

/**
 * The sources given in an entity's `"statuses"` JSON, with their paths: each `"from"`, and the kind it is
 * read as (its `"fromKind"`), so the reference pass checks a `{"$ref": ...}` among them like any other.
 */
export function sourcesInJson(statuses: Json | undefined, path: string): { from: Json; kind?: string; path: string }[] {
  if (!statuses || typeof statuses !== "object" || Array.isArray(statuses)) return [];
  const out: { from: Json; kind?: string; path: string }[] = [];
  for (const [name, j] of Object.entries(statuses)) {
    const at = `${path}/${escapePointer(name)}`;
    (Array.isArray(j) ? j.map((x, i) => [x, `${at}/${i}`] as const) : [[j, at] as const]).forEach(([x, where]) => {
      if (!x || typeof x !== "object" || Array.isArray(x) || !("from" in x)) return;
      const kind = x["fromKind"];
      out.push({ from: x["from"]!, ...(typeof kind === "string" ? { kind } : {}), path: `${where}/from` });
    });
  }
  return out;
}

/** A status's instances from their JSON: one form, or an array of them. */
export function statusFromJson(p: RuntimeProgram, name: string, j: Json, read: Read, kindOfId: KindOfId): StatusTimer {
  const list = Array.isArray(j) ? j.map((x) => instanceFromJson(p, name, x, read, kindOfId)) : [instanceFromJson(p, name, j, read, kindOfId)];
  const [head, ...rest] = list;
  if (rest.length > 0) head!.others = rest;
  return head!;
}

/** The JSON of a status's instances: an array when it holds several. */
export function statusToJson(t: StatusTimer, write: Write, at: (string | number)[]): Json {
  if (!t.others || t.others.length === 0) return instanceToJson(t, write, at);
  return instancesOf(t).map((i, n) => {
    at.push(n);
    const json = instanceToJson(i, write, at);
    at.pop();
    return json;
  });
}

/** The values an entity's statuses hold besides its fields (matched event arguments, sources, values): the writer gives them ids too, a copy copies them. */
export function heldValues(t: StatusTimer): Value[] {
  return instancesOf(t).flatMap((i) => [...(i.match === undefined ? [] : [i.match]), ...(i.or ?? []).flatMap((o) => (o.match === undefined ? [] : [o.match])), ...(i.source === undefined ? [] : [i.source]), ...(i.values ?? [])]);
}

function instanceFromJson(p: RuntimeProgram, name: string, j: Json, read: Read, kindOfId: KindOfId): StatusTimer {
  if (j === null || typeof j !== "object" || Array.isArray(j) || !("values" in j || "from" in j || "or" in j || !("until" in j))) return timerFromJson(p, name, j, read);
  const status = p.statuses.get(name)!;
  const plain: Record<string, Json> = {};
  for (const [k, v] of Object.entries(j)) if (!INSTANCE_KEYS.has(k) || k === "left" || k === "until") setOwn(plain, k, v);
  // Without `until`, the declared expiry: `left` events of it, or as `true` when not given.
  const t = "until" in j ? timerFromJson(p, name, plain, read) : timerFromJson(p, name, typeof j["left"] === "number" ? j["left"] : true, read);
  const values = j["values"];
  if (values && typeof values === "object" && !Array.isArray(values)) t.values = (status.params ?? []).map((q) => read(q.type, ownGet(values, q.name.text) ?? null));
  if ("from" in j) {
    const from = j["from"]!;
    // Without `fromKind`, a `{"$ref": id}` is the entity of that id, whatever its kind (the reference
    // pass has checked that there is one); any other JSON is the source as it is.
    const ref = from && typeof from === "object" && !Array.isArray(from) && typeof from["$ref"] === "string" ? from["$ref"] : undefined;
    const named = typeof j["fromKind"] === "string" ? j["fromKind"] : ref !== undefined ? kindOfId(ref) : undefined;
    const kind = named !== undefined ? p.kinds.get(named) : undefined;
    t.source = kind ? read({ name: { text: kind.name.text, span: kind.span }, span: kind.span }, from) : (from as Value);
  }
  const or = j["or"];
  if (Array.isArray(or)) {
    t.or = or.flatMap((o) => {
      const x = timerFromJson(p, name, o, read);
      return x.event ? [{ event: x.event, ...(x.param !== undefined ? { param: x.param } : {}), ...(x.paramName !== undefined ? { paramName: x.paramName } : {}), ...(x.holder ? { holder: true } : {}), ...(x.match !== undefined ? { match: x.match } : {}) }] : [];
    });
  }
  return t;
}

function instanceToJson(t: StatusTimer, write: Write, at: (string | number)[]): Json {
  const plain = timerToJson(t, write, at);
  // A declared `or` comes back from the declaration: only one given at `apply` is written.
  if (t.values === undefined && t.source === undefined && !(t.own && t.or)) return plain;
  const out: Record<string, Json> = typeof plain === "object" && plain !== null && !Array.isArray(plain) ? (plain as Record<string, Json>) : typeof plain === "number" ? { left: plain } : {};
  if (t.own && t.or) {
    out["or"] = t.or.map((o, n) => {
      at.push("or", n);
      const json = timerToJson({ left: 1, own: true, ...o }, write, at);
      at.length -= 2;
      delete (json as Record<string, Json>)["left"];
      return json;
    });
  }
  const params = t.status?.params ?? [];
  if (t.values) {
    const values: Record<string, Json> = Object.create(null) as Record<string, Json>;
    at.push("values");
    params.forEach((q, i) => {
      at.push(q.name.text);
      setOwn(values, q.name.text, write(t.values![i], at));
      at.pop();
    });
    at.pop();
    out["values"] = values;
  }
  if (t.source !== undefined) {
    at.push("from");
    out["from"] = write(t.source, at);
    at.pop();
    if (t.source instanceof Entity && !t.source.record) out["fromKind"] = t.source.kind;
  }
  return out;
}

/** The timer a declared status starts with when applied without a duration of its own. */
export function declaredTimer(p: RuntimeProgram, status: A.StatusDecl, left?: number): StatusTimer {
  const x = status.expiry;
  if (!x) return left === undefined ? { status } : { left, status };
  const event = x.ref?.to === "decl" ? p.decls[x.ref.id] : undefined;
  const t: StatusTimer = { left: left ?? x.times ?? 1, status };
  // Set, not spread in: `apply` makes a timer every time it runs.
  if (event?.kind === "event") t.event = event;
  if (left === undefined && x.times === undefined) t.once = true;
  if (x.holder) {
    t.param = x.holderIndex ?? -1;
    t.paramName = x.holder.text;
    t.holder = true;
  }
  // `until A or B(unit)`: the more events, each with its holder.
  if (x.or) {
    t.or = x.or.flatMap((o) => {
      const ev = o.ref?.to === "decl" ? p.decls[o.ref.id] : undefined;
      if (ev?.kind !== "event") return [];
      return [o.holder ? { event: ev, param: o.holderIndex ?? -1, paramName: o.holder.text, holder: true } : { event: ev }];
    });
  }
  return t;
}

/**
 * `true` and a number are the declared expiry (section 17); an object `{"left": 1, "until": "E", "p": v}`
 * an expiry given at `apply`, where `p` is matched against `v` (or `"holder": "p"`: the holder).
 */
function timerFromJson(p: RuntimeProgram, name: string, j: Json, read: Read): StatusTimer {
  // The schema admits only declared statuses and events: names are read here, at the edge, once.
  const status = p.statuses.get(name)!;
  if (typeof j === "number") return declaredTimer(p, status, j);
  if (j === null || typeof j !== "object" || Array.isArray(j)) {
    // `true`: it ends at the next expiry event (or lasts until cleared, with none declared).
    const t = declaredTimer(p, status);
    if (t.left !== undefined) Object.assign(t, { left: 1, once: true });
    return t;
  }
  const event = p.events.get(String(j["until"]));
  const t: StatusTimer = { left: j["left"] as number, own: true, status, ...(event ? { event } : {}) };
  const params = event?.params ?? [];
  for (const [k, v] of Object.entries(j)) {
    if (k === "left" || k === "until") continue;
    const name = k === "holder" ? String(v) : k;
    const i = params.findIndex((q) => q.name.text === name);
    t.param = i;
    t.paramName = name;
    if (k === "holder") t.holder = true;
    else if (i >= 0) t.match = read(params[i]!.type, v);
  }
  return t;
}

function timerToJson(t: StatusTimer, write: Write, at: (string | number)[]): Json {
  if (!t.own) return t.left === undefined || (t.once && t.left === 1) ? true : t.left;
  const out: Record<string, Json> = { left: t.left ?? 1, until: t.event?.name.text ?? "" };
  if (t.paramName !== undefined) {
    if (t.holder) out["holder"] = t.paramName;
    else {
      at.push(t.paramName);
      setOwn(out, t.paramName, write(t.match, at));
      at.pop();
    }
  }
  return out;
}

