// The JSON Schema of a saved program (saved-program.ts), generated from the node shapes declared once in
// core/node-shapes.ts. A saved program comes from a file or a link that anyone may have edited: it is
// validated against this before anything reads it, so a node of the wrong shape (`"value": "1"` in an
// int literal, a `null`, an object where a node belongs, a node without its span) is a clean error with
// its JSON path. Each node is picked by its `kind` (ajv's `discriminator`), so a bad node reports its
// own problem once, rather than once for every shape it is not. A saved program is checked, so the
// checker's resolved properties are allowed (all optional), as are the parser's optional ones.
//
// Where a node (or a written type) belongs, the schema says `{"node": "expr"}` rather than `$ref`:
// the loader validates each node against its own definition in a loop of its own (saved-program.ts),
// so a tree thousands of levels deep, like a long `else if` chain, loads without recursion.
import { nodeShapes, propInfo, type DefinitionName, type PropType, type Props } from "../core/node-shapes.ts";

/** The format tag of a saved program's JSON. */
export const PROGRAM_FORMAT = "rulesmith-program";
// Version 2: the tree carries the checker's resolution (ids, slots, frame sizes); version 1 files have none.
export const PROGRAM_VERSION = 2;

type Schema = Record<string, unknown>;

/** The definitions validated one node at a time: the places they appear hold `{"node": name}`. */
export const NODE_KEYWORD = "node";
export const NODE_DEFINITIONS = ["decl", "stmt", "expr", "block", "blockOrExpr", "arg", "type"] as const satisfies readonly DefinitionName[];
export type NodeDefinition = (typeof NODE_DEFINITIONS)[number];

const ref = (name: string): Schema => ((NODE_DEFINITIONS as readonly string[]).includes(name) ? { [NODE_KEYWORD]: name } : { $ref: `#/definitions/${name}` });
/** Ids, slots, places, offsets: never negative. Bounded so a tampered one cannot make a huge array. */
const natural = { type: "integer", minimum: 0, maximum: 2 ** 31 - 1 };
/** A literal or a bound: a whole number the runtime holds exactly (`1e300` is an integer to JSON, not to the rules). */
const safeInteger = { type: "integer", minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

/** The properties the checker writes (ids, slots, places): a standard module as saved is its parsed tree plus these. */
export const RESOLVED_KEYS: ReadonlySet<string> = new Set(
  [...Object.values(nodeShapes.shapes), ...Object.values(nodeShapes.families).flatMap((f) => Object.values(f.kinds as Record<string, Props>))].flatMap((props) =>
    Object.entries(props as Props).flatMap(([key, t]) => (typeof t === "object" && "resolved" in t ? [propInfo(key, t).name] : [])),
  ),
);

function propSchema(t: PropType): Schema {
  if (typeof t === "object") {
    if ("list" in t) return { type: "array", items: propSchema(t.list) };
    if ("oneOf" in t) return { enum: [...t.oneOf] };
    return propSchema(t.resolved);
  }
  switch (t) {
    case "string":
      return { type: "string" };
    case "boolean":
      return { type: "boolean" };
    case "true":
      return { const: true };
    case "int":
      return safeInteger;
    case "natural":
      return natural;
    default:
      return ref(t);
  }
}

/** An object with exactly these properties (the optional and resolved ones may be left out). */
function shape(props: Props, head: Record<string, Schema> = {}): Schema {
  const properties: Record<string, Schema> = { ...head };
  const required = Object.keys(head);
  for (const [key, t] of Object.entries(props)) {
    const p = propInfo(key, t);
    properties[p.name] = propSchema(t);
    if (!p.optional) required.push(p.name);
  }
  return { type: "object", properties, required, additionalProperties: false };
}

/** `schema` (an object's) with more properties it may have. */
function withOptional(schema: Schema, more: Record<string, Schema>): Schema {
  return { ...schema, properties: { ...(schema.properties as Record<string, Schema>), ...more } };
}

/** One of several shapes, picked by the discriminator (`kind`, or a reference's `to`). */
function family(by: string, kinds: Record<string, Props>): Schema {
  const variants = Object.entries(kinds).map(([kind, props]) => shape(props, { [by]: { const: kind } }));
  // A family of one shape is that shape: the node keyword validates it alone (a block).
  if (variants.length === 1) return variants[0]!;
  return { type: "object", discriminator: { propertyName: by }, required: [by], oneOf: variants };
}

/** A place that holds a node of one family or the other: picked by whether its kind is the first's. */
function union([first, second]: readonly [string, string]): Schema {
  const kinds = Object.keys((nodeShapes.families as Record<string, { kinds: object }>)[first]!.kinds);
  const kind = kinds.length === 1 ? { const: kinds[0] } : { enum: kinds };
  return { if: { properties: { kind } }, then: { [NODE_KEYWORD]: first }, else: { [NODE_KEYWORD]: second } };
}

function definitions(): Record<string, Schema> {
  const defs: Record<string, Schema> = {};
  for (const [name, props] of Object.entries(nodeShapes.shapes)) defs[name] = shape(props);
  for (const [name, f] of Object.entries(nodeShapes.families)) defs[name] = family(f.by, f.kinds as Record<string, Props>);
  for (const [name, u] of Object.entries(nodeShapes.unions)) defs[name] = union(u);
  return defs;
}

export const SAVED_PROGRAM_SCHEMA_ID = "rulesmith-program";

/** The schema, built when first asked for (saved-program.ts, which defines the format tag, imports this). */
export function savedProgramSchema(): Schema {
  return {
    $id: SAVED_PROGRAM_SCHEMA_ID,
    title: "rulesmith saved program",
    ...withOptional(shape({}, { format: { const: PROGRAM_FORMAT }, version: { const: PROGRAM_VERSION }, files: { type: "array", items: ref("file") } }), {
      // A base with mods: the files each mod file sees without importing them (its implied imports).
      sees: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
    }),
    definitions: definitions(),
  };
}
