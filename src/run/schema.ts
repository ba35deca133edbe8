// The JSON Schema of a game state, derived from the `state`, `kind` and `enum` declarations, and its
// validation with ajv. A rejected state is reported with its JSON path and the declaration it breaks.
import { Ajv, type ErrorObject } from "ajv";
import * as A from "../core/ast.ts";
import { SuggestionBudget } from "../core/suggestion-budget.ts";
import type { RuntimeProgram } from "./index-program.ts";
import { ownGet, setOwn } from "../core/own-keys.ts";
import { keepNewest, keptIn } from "../core/kept-values.ts";
import { pointerParts } from "../core/json-text.ts";
import { MAX_COUNT } from "../core/limits.ts";
import { tallyKey } from "../core/values.ts";
import { recordDomain } from "./record-tallies.ts";
import { MAX_STATE_DEPTH, referenceProblems, tooDeep, type Json } from "./state.ts";

type Schema = Record<string, unknown>;

export function stateSchema(p: RuntimeProgram): Schema {
  // Every map here is keyed by declared names, so it is filled with `setOwn` (a kind may be called `constructor`).
  const defs: Record<string, Schema> = {};
  for (const [name, e] of p.enums) setOwn(defs, name, { enum: e.members.map((m) => m.text), description: e.doc ?? `enum ${name}` });
  const statusNames = [...p.statuses.keys()];
  defs[REFERENCE] = {
    type: "object",
    properties: { $ref: { type: "string", description: "the `$id` of an entity given elsewhere in the state" } },
    required: ["$ref"],
    additionalProperties: false,
    description: "The same entity as the one given elsewhere with this `$id`.",
  };
  for (const [name, k] of p.kinds) {
    setOwn(defs, name, {
      ...objectOf(k.fields, p),
      description: k.doc ?? `${k.record ? "record" : "kind"} ${name}`,
    });
    // A record is a plain value: no identity to name, no statuses.
    if (k.record) continue;
    const props = defs[name]!["properties"] as Record<string, Schema>;
    // `$id` and `statuses` are never field names: the checker rejects them as such.
    props["$id"] = { type: "string", description: "Names this entity so `{\"$ref\": id}` elsewhere in the state is the same entity." };
    props["statuses"] = {
      type: "object",
      properties: Object.fromEntries(statusNames.map((s) => [s, { anyOf: statusForms(p, p.statuses.get(s)!), description: p.statuses.get(s)!.doc ?? `status ${s}` }])),
      additionalProperties: false,
      description: "Statuses the entity holds: `true`, how many more expiry events it lasts, or an expiry given when applied: `{\"left\": 1, \"until\": \"TurnStarts\", \"player\": ...}`; an instance with values or a source: `{\"values\": {\"level\": 2}, \"from\": ...}`; several instances: an array of these.",
    };
  }
  return { $schema: "http://json-schema.org/draft-07/schema#", title: "game state", ...objectOf(p.stateFields, p), definitions: defs };
}

/**
 * The forms of one status's value, the old ones first (so their places in `anyOf` stay, which the
 * messages for a bad timer read), then an instance with values, a source or `or` events, then several
 * instances as an array of any of those.
 */
function statusForms(p: RuntimeProgram, status: A.StatusDecl): Schema[] {
  const one: Schema[] = [{ const: true }, { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, ...timerSchemas(p)];
  const params = status.params ?? [];
  const values: Schema | boolean =
    params.length === 0
      ? false
      : { type: "object", properties: Object.fromEntries(params.map((q) => [q.name.text, typeSchema(q.type, p)])), required: params.map((q) => q.name.text), additionalProperties: false };
  const events = [...p.events.keys()];
  const kinds = [...p.kinds.keys()];
  const properties = {
    values,
    from: {},
    fromKind: kinds.length > 0 ? { enum: kinds } : false,
    left: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    until: events.length > 0 ? { enum: events } : false,
    or: { type: "array", items: orItemSchema(p, events) },
  };
  // One branch per key that makes an object an instance, rather than a nested `anyOf`, whose schema
  // paths the messages for a bad timer would take for a timer branch's.
  // A misspelt key is refused: the instance's own keys, `holder`, and the parameters of the events it may name.
  const keys = [...new Set([...Object.keys(properties), "holder", ...[...p.events.values()].flatMap((ev) => ev.params.map((q) => q.name.text))])];
  // More ending events (`or`) belong to an expiry given at `apply`, which names its first (`until`):
  // without it the instance would end by the declared expiry and lose them when written back.
  // A source named with its kind is state JSON of that kind, checked as any entity of it is.
  const sourceKinds: Schema[] = kinds.map((k) => {
    const kind = p.kinds.get(k)!;
    return { if: { properties: { fromKind: { const: k } }, required: ["fromKind"] }, then: { properties: { from: typeSchema({ name: { text: k, span: kind.span }, span: kind.span } as A.TypeRef, p) } } };
  });
  const instances: Schema[] = ["values", "from", "or"].map((key) => ({ type: "object", properties, required: [key], propertyNames: { enum: keys }, dependencies: { or: ["until"] }, ...(sourceKinds.length > 0 ? { allOf: sourceKinds } : {}) }));
  return [...one, ...instances, { type: "array", minItems: 1, items: { anyOf: [...one, ...instances] } }];
}

/**
 * A status applied with an expiry of its own, one schema per event: `{"left": N, "until": "E"}`, with at
 * most one more property: a parameter of E and the value it must equal, or `"holder"` naming the
 * entity parameter that must be the holder.
 */
function timerSchemas(p: RuntimeProgram): Schema[] {
  return [...p.events.values()].map((ev) => {
    const properties: Record<string, Schema> = {};
    for (const q of ev.params) setOwn(properties, q.name.text, typeSchema(q.type, p));
    Object.assign(properties, { left: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, until: { const: ev.name.text } });
    const holders = ev.params.filter((q) => p.kinds.has(q.type.name.text)).map((q) => q.name.text);
    if (holders.length > 0 && !Object.hasOwn(properties, "holder")) properties["holder"] = { enum: holders };
    return { type: "object", properties, required: ["left", "until"], additionalProperties: false, maxProperties: 3 };
  });
}

/**
 * One more ending event of an instance (`"or": [{"until": "Slain", "source": ...}]`): checked as an
 * expiry given at `apply` is (timerSchemas), without `left`, which the first event's holds for all.
 */
function orItemSchema(p: RuntimeProgram, events: string[]): Schema {
  const byEvent: Schema[] = [...p.events.values()].map((ev) => {
    const properties: Record<string, Schema> = {};
    for (const q of ev.params) setOwn(properties, q.name.text, typeSchema(q.type, p));
    properties["until"] = { const: ev.name.text };
    const holders = ev.params.filter((q) => p.kinds.has(q.type.name.text)).map((q) => q.name.text);
    if (holders.length > 0 && !Object.hasOwn(properties, "holder")) properties["holder"] = { enum: holders };
    return { if: { properties: { until: { const: ev.name.text } }, required: ["until"] }, then: { properties, additionalProperties: false, maxProperties: 2 } };
  });
  return { type: "object", properties: { until: events.length > 0 ? { enum: events } : false }, required: ["until"], ...(byEvent.length > 0 ? { allOf: byEvent } : {}) };
}

/**
 * The schema as ajv can compile it: ajv loses a `properties` entry named `__proto__` (it reads the
 * keyword into an ordinary object), so that one is given as the same-meaning `patternProperties`
 * `^__proto__$`. `rulesmith schema` prints the plain form, which other validators read as written.
 */
function forAjv(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(forAjv);
  if (typeof s !== "object" || s === null) return s;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) setOwn(out, k, forAjv(v));
  const props = out["properties"];
  if (typeof props === "object" && props !== null && Object.hasOwn(props, PROTO)) {
    const { [PROTO]: proto, ...rest } = props as Record<string, unknown>;
    out["properties"] = rest;
    out["patternProperties"] = { [`^${PROTO}$`]: proto };
  }
  return out;
}

const PROTO = "__proto__";

/** The two branches before the per-event ones in a status's `anyOf`. */
const TIMER_BRANCH = 2;

function objectOf(fields: A.FieldDecl[], p: RuntimeProgram): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const f of fields) {
    setOwn(properties, f.name.text, { ...typeSchema(f.type, p), ...(f.doc ? { description: f.doc } : {}) });
    if (!A.mayBeLeftOut(f, (n) => p.kinds.get(n))) required.push(f.name.text);
  }
  return { type: "object", properties, required, additionalProperties: false };
}

function typeSchema(t: A.TypeRef, p: RuntimeProgram): Schema {
  // `null` is `none`: allowed exactly where the type is optional.
  return t.optional ? orNull(plainTypeSchema(t, p)) : plainTypeSchema(t, p);
}

function orNull(s: Schema): Schema {
  if (typeof s["type"] === "string") return { ...s, type: [s["type"], "null"] };
  if (Array.isArray(s["enum"])) return { ...s, enum: [...(s["enum"] as unknown[]), null] };
  return { anyOf: [s, { type: "null" }] };
}

function plainTypeSchema(t: A.TypeRef, p: RuntimeProgram): Schema {
  switch (t.name.text) {
    case "int":
      // Whole numbers are exact only in the safe range: `1e400` (Infinity) or 2^53 + 1 is outside it.
      return { type: "integer", minimum: t.range?.low ?? -Number.MAX_SAFE_INTEGER, maximum: t.range?.high ?? Number.MAX_SAFE_INTEGER };
    case "bool":
      return { type: "boolean" };
    case "text":
      return { type: "string" };
    case "list":
      return { type: "array", items: t.element ? typeSchema(t.element, p) : {} };
    case "tally": {
      // A tally of a record counts its values by their texts: `{"Result(colour: red, minor: false)": 2}`.
      const record = p.kinds.get(t.element?.name.text ?? "");
      const values = record?.record ? (recordDomain(record, (r) => (r.to === "decl" ? p.decls[r.id] : undefined)) ?? []).map((v) => ({ text: tallyKey(v) })) : undefined;
      const members = values ?? p.enums.get(t.element?.name.text ?? "")?.members ?? [];
      return { type: "object", properties: Object.fromEntries(members.map((m) => [m.text, { type: "integer", minimum: 0, maximum: MAX_COUNT }])), additionalProperties: false, description: `counts per ${t.element?.name.text} member` };
    }
    case "die": {
      const of = t.element?.name.text;
      const names = [...p.dice.values()].filter((d) => d.faceType.text === of).map((d) => d.name.text);
      // ajv rejects an empty `enum` as an invalid schema; with no such die declared, no value fits.
      if (names.length === 0) return { not: {}, description: `a die with ${of} faces, but none is declared` };
      return { enum: names, description: `a die with ${of} faces` };
    }
    default: {
      const own = { $ref: `#/definitions/${t.name.text}` };
      const k = p.kinds.get(t.name.text);
      if (!k || k.record) return own;
      // `if`/`then`/`else` rather than `anyOf`: a bad value is reported against the one shape it meant.
      return { if: { type: "object", required: ["$ref"] }, then: { $ref: `#/definitions/${REFERENCE}` }, else: own };
    }
  }
}

/** The definition of `{"$ref": id}`; `$` keeps it apart from every declared name. */
const REFERENCE = "$reference";

export interface StateProblem {
  /** JSON pointer into the state, like `/attacker/units/0/hp`. */
  path: string;
  message: string;
  /** The declaration the value breaks, like `Unit.hp` at units.rules:12:3. */
  declaration?: { name: string; span: A.Span };
  /** E0401 when left out: the shape is wrong. E0403: an `$id` or `$ref` that does not fit. E0405: nested too deeply. */
  code?: "E0403" | "E0405";
}

type Validator = ReturnType<Ajv["compile"]>;
const validators = new WeakMap<RuntimeProgram, Validator>();
/**
 * Validators by the text of their schema too: compiling one takes ajv about 100 ms, and a program checked
 * again (the playground after an edit elsewhere, a scenario loaded again) mostly has the same schema.
 * A validator is a function of its schema alone, so sharing it is safe; the last few are kept.
 */
const bySchema = new Map<string, Validator>();
const SCHEMAS_KEPT = 16;

function compileValidator(p: RuntimeProgram): Validator {
  const schema = forAjv(stateSchema(p)) as Schema;
  const key = JSON.stringify(schema);
  // `ownProperties`: a state lacking a field named `constructor` must not find `Object.prototype`'s.
  const validate = bySchema.get(key) ?? new Ajv({ allErrors: true, strict: false, ownProperties: true }).compile(schema);
  // Used again or new, it becomes the newest of those kept.
  return keepNewest(bySchema, SCHEMAS_KEPT, key, validate);
}

export function validateState(p: RuntimeProgram, state: unknown): StateProblem[] {
  // Before ajv, whose validators recurse per level: a state nested thousands deep must not overflow it.
  const deep = tooDeep(state);
  if (deep !== undefined) return [{ path: deep, message: `is nested more than ${MAX_STATE_DEPTH} levels deep, deeper than a state may be`, code: "E0405" }];
  const validate = keptIn(validators, p, compileValidator);
  // References are checked only in a state of the right shape: the walk trusts it.
  if (validate(state)) return referenceProblems(p, state as Record<string, Json>);
  // A bad status value fails every branch of its `anyOf`; say it once, in the status's terms, or, for
  // an object naming a declared event, with the problems of that event's branch only.
  const problems: StateProblem[] = [];
  const statusValues = new Set<string>();
  const errors = validate.errors ?? [];
  // A state of thousands of misspelt keys gets did-you-means for the first few hundred only, as the checker does.
  const budget = new SuggestionBudget();
  const echoes = optionalEchoes(errors);
  for (const e of errors) {
    // "must match then/else schema": the branch's own errors say what is wrong.
    if (e.keyword === "if" || echoes.has(e)) continue;
    if (isReferenceError(p, e, state)) {
      problems.push(referenceShape(e));
      continue;
    }
    const at = /^(.*\/statuses\/[^/]+)(\/|$)/.exec(e.instancePath)?.[1];
    if (!at) {
      problems.push(problem(p, e, budget));
      continue;
    }
    if (statusValues.has(at)) continue;
    statusValues.add(at);
    problems.push(...timerProblems(p, at, pointerGet(state, at), errors, budget));
  }
  return problems;
}

/**
 * An optional value's schema is `anyOf: [its type, null]`, so a bad value fails both branches and ajv
 * says it three times: the type's complaint ("must be one of ..."), "must be a null" and "must match a
 * schema in anyOf". The last two are echoes when the first says what is wrong at or inside that place.
 */
function optionalEchoes(errors: ErrorObject[]): Set<ErrorObject> {
  const isNullBranch = (e: ErrorObject) => e.keyword === "type" && (e.params as { type?: unknown }).type === "null" && /\/anyOf\/\d+\/type$/.test(e.schemaPath);
  const echoes = new Set<ErrorObject>();
  for (const e of errors) {
    if (e.keyword !== "anyOf") continue;
    const nulls = errors.filter((n) => isNullBranch(n) && n.instancePath === e.instancePath && n.schemaPath.startsWith(e.schemaPath.replace(/\/anyOf$/, "/anyOf/")));
    const said = errors.some((o) => o !== e && !nulls.includes(o) && o.keyword !== "anyOf" && (o.instancePath === e.instancePath || o.instancePath.startsWith(`${e.instancePath}/`)));
    if (nulls.length > 0 && said) for (const x of [e, ...nulls]) echoes.add(x);
  }
  return echoes;
}

function timerProblems(p: RuntimeProgram, at: string, value: unknown, errors: ErrorObject[], budget: SuggestionBudget): StateProblem[] {
  // Every problem here breaks the status's declaration, whatever field holds the entity.
  const status = p.statuses.get(pointerParts(at).at(-1) ?? "");
  const declaration = status ? { declaration: { name: status.name.text, span: status.span } } : {};
  return timerValueProblems(p, at, value, errors, budget).map((x) => ({ ...x, ...declaration }));
}

/** The keys of a status instance (`{"values": ..., "from": ...}`) that are none of its own, nor a parameter of an event. */
const INSTANCE_KEYS = ["values", "from", "fromKind", "or", "left", "until", "holder"];
function instanceKeyProblems(p: RuntimeProgram, at: string, value: Record<string, unknown>, budget: SuggestionBudget): StateProblem[] {
  if (!["values", "from", "fromKind", "or"].some((k) => k in value) && "until" in value) return [];
  const params = new Set([...p.events.values()].flatMap((ev) => ev.params.map((q) => q.name.text)));
  return Object.keys(value)
    .filter((k) => !INSTANCE_KEYS.includes(k) && !params.has(k))
    .map((k) => {
      const guess = budget.guess(STATE, k, () => INSTANCE_KEYS);
      return { path: `${at}/${k}`, message: `is not a key of a status instance (${INSTANCE_KEYS.map((x) => `\`${x}\``).join(", ")})${guess ? `: ${guess}` : ""}` };
    });
}

function timerValueProblems(p: RuntimeProgram, at: string, value: unknown, errors: ErrorObject[], budget: SuggestionBudget): StateProblem[] {
  const general = { path: at, message: "must be `true`, how many more events it lasts (1 or more), or an object like `{\"left\": 1, \"until\": \"RoundEnds\"}`" };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [general];
  const misspelt = instanceKeyProblems(p, at, value as Record<string, unknown>, budget);
  if (misspelt.length > 0) return misspelt;
  const until = (value as Record<string, unknown>)["until"];
  // An instance without `until` ends by the declared expiry: what is wrong is inside it (its values, its
  // source's kind, its `or`), not a missing `until`.
  if (until === undefined && ["values", "from", "or"].some((k) => k in (value as object))) {
    const inside = errors.filter((e) => e.keyword !== "if" && e.keyword !== "anyOf" && e.instancePath.startsWith(`${at}/`)).map((e) => schemaProblem(e));
    const unique = [...new Map(inside.map((x) => [`${x.path} ${x.message}`, x])).values()];
    if (unique.length > 0) return unique;
  }
  const events = [...p.events.keys()];
  const i = events.indexOf(String(until));
  if (i < 0) {
    const guess = typeof until === "string" ? budget.guess(STATE, until, () => events) : undefined;
    return [{ path: `${at}/until`, message: until === undefined ? "is missing: name the event that counts the status down" : `is not a declared event${guess ? `: ${guess}` : ""}` }];
  }
  // What is wrong inside a more ending event (`"or"`) is said at its own path, as for the first event.
  const inOr = errors.filter((e) => e.keyword !== "if" && e.instancePath.startsWith(`${at}/or/`)).map((e): StateProblem => {
    if (e.keyword === "additionalProperties") {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      const ev = p.events.get(String(pointerGet(value, `${e.instancePath.slice(at.length)}/until`)));
      const guess = ev ? budget.guess(STATE, extra, () => ev.params.map((q) => q.name.text)) : undefined;
      return { path: `${e.instancePath}/${extra}`, message: `is not a parameter of \`${ev?.name.text ?? "its event"}\`${guess ? `: ${guess}` : ""}` };
    }
    if (e.keyword === "maxProperties") return { path: e.instancePath, message: "may name at most one parameter to match, besides `until`" };
    return schemaProblem(e);
  });
  if (inOr.length > 0) return [...new Map(inOr.map((x) => [`${x.path} ${x.message}`, x])).values()];
  const branch = `/anyOf/${TIMER_BRANCH + i}/`;
  // Errors inside a `$ref` (an enum or kind parameter) carry the definition's path, not the branch's.
  const own = errors.filter((e) => e.keyword !== "if" && (e.schemaPath.includes(branch) || !e.schemaPath.includes("/anyOf/")) && !e.schemaPath.endsWith(`${branch}maxProperties`) && e.instancePath.startsWith(`${at}/`) || (e.schemaPath.includes(branch) && e.instancePath === at && !e.schemaPath.endsWith("maxProperties")));
  const out: StateProblem[] = own.map((e) => {
    if (e.keyword === "additionalProperties") {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      const names = p.events.get(String(until))!.params.map((q) => q.name.text);
      const guess = budget.guess(STATE, extra, () => names);
      return { path: `${at}/${extra}`, message: `is not a parameter of \`${String(until)}\`${guess ? `: ${guess}` : ""}` };
    }
    return schemaProblem(e);
  });
  if (errors.some((e) => e.schemaPath.endsWith(`${branch}maxProperties`) && e.instancePath === at)) {
    out.push({ path: at, message: "may name at most one parameter to match, besides `left` and `until`" });
  }
  const unique = [...new Map(out.map((x) => [`${x.path} ${x.message}`, x])).values()];
  return unique.length > 0 ? unique : [general];
}

/** An ajv error inside a status's value as a problem at its own path: a missing key, a value not allowed, a wrong type. */
function schemaProblem(e: ErrorObject): StateProblem {
  if (e.keyword === "required") return { path: `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`, message: "is missing" };
  if (e.keyword === "enum") return { path: e.instancePath, message: `must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).map((v) => JSON.stringify(v)).join(", ")}` };
  return { path: e.instancePath, message: e.keyword === "type" ? `must be ${article((e.params as { type: string }).type)}` : (e.message ?? "is not valid") };
}

/** The value a JSON pointer lands on, if any. */
function pointerGet(root: unknown, pointer: string): unknown {
  let v = root;
  for (const part of pointerParts(pointer)) {
    if (typeof v !== "object" || v === null) return undefined;
    v = ownGet(v as Record<string, unknown>, part);
  }
  return v;
}

/** The one "file" a state's did-you-means are counted in. */
const STATE = "state";

function problem(p: RuntimeProgram, e: ErrorObject, budget: SuggestionBudget): StateProblem {
  let path = e.instancePath;
  let message = e.message ?? "is not valid";
  if (e.keyword === "additionalProperties") {
    const extra = (e.params as { additionalProperty: string }).additionalProperty;
    if (e.instancePath.endsWith("/statuses")) {
      const guess = budget.guess(STATE, extra, () => p.statuses.keys());
      return { path: `${path}/${extra}`, message: `is not a declared status${guess ? `: ${guess}` : ""}` };
    }
    const owner = walk(p, e.instancePath);
    // `{"melle": 1}` in a tally: the keys are the members of its enum, not fields.
    if (owner.type?.name.text === "tally") {
      const enumName = owner.type.element?.name.text ?? "";
      const guess = budget.guess(STATE, extra, () => (p.enums.get(enumName)?.members ?? []).map((m) => m.text));
      return { path: `${path}/${extra}`, message: `is not a member of \`${enumName}\`${guess ? `: ${guess}` : ""}`, ...(owner.field ? { declaration: owner.field } : {}) };
    }
    const guess = budget.guess(STATE, extra, () => owner.fields.map((f) => f.name.text));
    return {
      path: `${path}/${extra}`,
      message: `is not a field of ${owner.name === "state" ? "the state" : `\`${owner.name}\``}${guess ? `: ${guess}` : ""}`,
      ...(owner.span ? { declaration: { name: owner.name, span: owner.span } } : {}),
    };
  }
  if (e.keyword === "required") {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    path = `${path}/${missing}`;
    message = "is missing, and the field has no default";
  } else if (e.keyword === "enum") {
    message = `must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).map((v) => JSON.stringify(v)).join(", ")}`;
  } else if (e.keyword === "type") {
    const type = (e.params as { type: string | string[] }).type;
    message = `must be ${Array.isArray(type) ? type.map((x) => (x === "null" ? "`null` (none)" : article(x))).join(" or ") : article(type)}`;
  } else if ((e.keyword === "maximum" || e.keyword === "minimum") && Math.abs((e.params as { limit: number }).limit) === Number.MAX_SAFE_INTEGER) {
    // `1e400` reads as Infinity, 2^53 + 1 as a rounded number: neither is an exact whole number.
    message = `must be a whole number from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}: numbers are exact only in that range`;
  } else if (e.keyword === "not") {
    const { type } = walk(p, path);
    if (type?.name.text === "die") message = `must name a die with \`${type.element?.name.text}\` faces, but the rules declare none`;
  }
  const { field } = walk(p, path);
  return { path: path || "/", message, ...(field ? { declaration: field } : {}) };
}

/** Whether an error is about a `{"$ref": ...}` object where an entity is expected (ajv inlines the definition, so the data tells). */
function isReferenceError(p: RuntimeProgram, e: ErrorObject, state: unknown): boolean {
  if (e.keyword === "type" && e.instancePath.endsWith("/$ref")) return true;
  if (e.keyword !== "additionalProperties") return false;
  const obj = pointerParts(e.instancePath).reduce<unknown>((at, part) => (typeof at === "object" && at !== null ? ownGet(at as Record<string, unknown>, part) : undefined), state);
  const kind = p.kinds.get(walk(p, e.instancePath).type?.name.text ?? "");
  return typeof obj === "object" && obj !== null && "$ref" in obj && kind !== undefined && !kind.record;
}

/** `{"$ref": 3}` or `{"$ref": "a", "hp": 2}`: a reference holds one text and nothing else. */
function referenceShape(e: ErrorObject): StateProblem {
  if (e.keyword === "additionalProperties") {
    const extra = (e.params as { additionalProperty: string }).additionalProperty;
    return { path: `${e.instancePath}/${extra}`, message: 'is beside a `$ref`: a reference `{"$ref": id}` holds nothing else; give the fields where the entity has its `$id`' };
  }
  return { path: e.instancePath || "/", message: "must be text: the `$id` of an entity given elsewhere in the state" };
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

interface Walked {
  /** The field declaration the pointer lands on, if it lands on one. */
  field?: { name: string; span: A.Span };
  /** The kind (or the state) whose fields a next step would name. */
  name: string;
  fields: A.FieldDecl[];
  span?: A.Span;
  /** The declared type of the value the whole pointer lands on. */
  type?: A.TypeRef;
}

function entityKindOf(p: RuntimeProgram, t: A.TypeRef): boolean {
  const k = p.kinds.get(t.name.text);
  return k !== undefined && !k.record;
}

/** Walks a JSON pointer through the declared types to the declarations it passes. */
function walk(p: RuntimeProgram, pointer: string): Walked {
  const parts = pointerParts(pointer);
  let at: Walked = { name: "state", fields: p.stateFields };
  let type: A.TypeRef | undefined;
  const enterKind = (t: A.TypeRef | undefined) => {
    const k = t ? p.kinds.get(t.name.text) : undefined;
    if (k) at = { ...at, name: k.name.text, fields: k.fields, span: k.span };
  };
  for (const part of parts) {
    // An entity's `statuses` is no field: a bad one breaks its kind, whose entities hold statuses.
    if (part === "statuses" && at.span && type && entityKindOf(p, type)) return { name: at.name, fields: [], span: at.span, field: { name: at.name, span: at.span } };
    // A tally's keys are members of its enum, never fields, whatever they are called.
    if (type?.name.text === "tally") return { ...at, type };
    if (type?.name.text === "list" && /^\d+$/.test(part)) {
      type = type.element;
      enterKind(type);
      continue;
    }
    const f = at.fields.find((x) => x.name.text === part);
    if (!f) return at;
    at = { ...at, field: { name: `${at.name}.${f.name.text}`, span: f.span } };
    type = f.type;
    enterKind(type);
  }
  return type ? { ...at, type } : at;
}
