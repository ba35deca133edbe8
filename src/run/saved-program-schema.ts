// The JSON Schema of a saved program (saved-program.ts), written once from the node shapes in core/ast.ts.
// A saved program comes from a file or a link that anyone may have edited: it is validated against
// this before anything reads it, so a node of the wrong shape (`"value": "1"` in an int literal, a
// `null`, an object where a node belongs, a node without its span) is a clean error with its JSON path.
// Each node is picked by its `kind` (ajv's `discriminator`), so a bad node reports its own problem
// once, rather than once for every shape it is not. Keep this in step with core/ast.ts: a property added
// there must be added here (test/saved-program-validation.test.ts saves every bundled program).
//
// Where a node (or a written type) belongs, the schema says `{"node": "expr"}` rather than `$ref`:
// the loader validates each node against its own definition in a loop of its own (saved-program.ts),
// so a tree thousands of levels deep, like a long `else if` chain, loads without recursion.

/** The format tag of a saved program's JSON. */
export const PROGRAM_FORMAT = "rulesmith-program";
// Version 2: the tree carries the checker's resolution (ids, slots, frame sizes); version 1 files have none.
export const PROGRAM_VERSION = 2;

type Schema = Record<string, unknown>;

/** The definitions validated one node at a time: the places they appear hold `{"node": name}`. */
export const NODE_KEYWORD = "node";
export const NODE_DEFINITIONS = ["decl", "stmt", "expr", "block", "blockOrExpr", "arg", "type"] as const;
export type NodeDefinition = (typeof NODE_DEFINITIONS)[number];

const ref = (name: string): Schema => ((NODE_DEFINITIONS as readonly string[]).includes(name) ? { [NODE_KEYWORD]: name } : { $ref: `#/definitions/${name}` });
const int = { type: "integer" };
/** Ids, slots and places: indexes, never negative. Bounded so a tampered one cannot make a huge array. */
const index = { type: "integer", minimum: 0, maximum: 2 ** 31 - 1 };
const list = (items: Schema): Schema => ({ type: "array", items });

/** An object with exactly these properties (`?` marks the optional ones). */
function shape(props: Record<string, Schema>): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const [key, s] of Object.entries(props)) {
    const optional = key.endsWith("?");
    const name = optional ? key.slice(0, -1) : key;
    properties[name] = s;
    if (!optional) required.push(name);
  }
  return { type: "object", properties, required, additionalProperties: false };
}

/** A node of one `kind`: its own properties and its span. */
function node(kind: string, props: Record<string, Schema>): Schema {
  return shape({ kind: { const: kind }, ...props, span: ref("span") });
}

/** One of several node shapes, picked by `kind`. */
function byKind(nodes: Schema[]): Schema {
  return { type: "object", discriminator: { propertyName: "kind" }, required: ["kind"], oneOf: nodes };
}

/** What every named declaration carries besides its own properties. */
const declared = { "doc?": { type: "string" }, "id?": index };
const framed = { "frameSize?": index };

const args = list(ref("arg"));

const decls = [
  node("import", { path: { type: "string" }, pathSpan: ref("span"), ...declared }),
  node("enum", { name: ref("name"), members: list(ref("name")), ...declared }),
  node("kind", { name: ref("name"), fields: list(ref("field")), "record?": { const: true }, ...declared }),
  node("state", { fields: list(ref("field")), ...declared }),
  node("status", {
    name: ref("name"),
    "expiry?": shape({ event: ref("name"), "times?": int, "holder?": ref("name"), "ref?": ref("ref"), "holderIndex?": index }),
    ...declared,
  }),
  node("event", { name: ref("name"), params: list(ref("param")), "returns?": ref("type"), "body?": ref("block"), ...declared, ...framed }),
  node("trigger", {
    timing: { enum: ["before", "instead", "after"] },
    event: ref("name"),
    "eventRef?": ref("ref"),
    "condition?": ref("expr"),
    order: int,
    body: ref("block"),
    ...declared,
    ...framed,
  }),
  node("fn", { name: ref("name"), params: list(ref("param")), "returns?": ref("type"), body: ref("blockOrExpr"), ...declared, ...framed }),
  node("value", { name: ref("name"), params: list(ref("param")), returns: ref("type"), base: ref("expr"), "stages?": list(ref("name")), ...declared, ...framed }),
  node("stages", { stages: list(ref("name")), ...declared }),
  node("modifier", {
    name: ref("name"),
    target: ref("name"),
    "targetRef?": ref("ref"),
    "resultSlot?": index,
    "condition?": ref("expr"),
    "stage?": ref("name"),
    "order?": int,
    op: ref("name"),
    "amount?": ref("expr"),
    "rounding?": ref("name"),
    "into?": ref("expr"),
    "factor?": ref("expr"),
    ...declared,
    ...framed,
  }),
  node("die", { name: ref("name"), faceType: ref("name"), faces: list(ref("expr")), facesSpan: ref("span"), ...declared }),
  node("table", {
    name: ref("name"),
    params: list(ref("param")),
    returns: ref("type"),
    rows: list(shape({ patterns: list(shape({ "low?": ref("expr"), "high?": ref("expr"), span: ref("span") })), result: ref("expr"), span: ref("span") })),
    ...declared,
    ...framed,
  }),
  node("example", { title: { type: "string" }, body: ref("block"), ...declared, ...framed }),
];

const emit = { event: ref("name"), args, "ref?": ref("ref") };

const statements = [
  node("let", { name: ref("name"), "type?": ref("type"), value: ref("expr"), "slot?": index }),
  node("if", { condition: ref("expr"), then: ref("block"), "else?": ref("block") }),
  node("while", { condition: ref("expr"), body: ref("block") }),
  node("for", { name: ref("name"), from: ref("expr"), "to?": ref("expr"), "where?": ref("expr"), body: ref("block"), "slot?": index }),
  node("return", { "value?": ref("expr") }),
  node("emit", emit),
  node("apply", {
    status: ref("name"),
    target: ref("expr"),
    "expiry?": shape({
      "times?": ref("expr"),
      "event?": ref("name"),
      "holder?": ref("name"),
      "match?": shape({ param: ref("name"), value: ref("expr") }),
      span: ref("span"),
      "ref?": ref("ref"),
      "paramIndex?": index,
    }),
    "ref?": ref("ref"),
  }),
  node("proceed", {}),
  node("clear", { status: ref("name"), target: ref("expr"), "ref?": ref("ref") }),
  node("add", { item: ref("expr"), list: ref("expr") }),
  node("remove", { item: ref("expr"), list: ref("expr") }),
  node("move", { item: ref("expr"), source: ref("expr"), target: ref("expr") }),
  node("expect", { value: ref("expr") }),
  node("force", { what: ref("name"), values: ref("expr") }),
  node("say", { value: ref("expr") }),
  node("assign", { op: { enum: ["=", "+=", "-="] }, target: ref("expr"), value: ref("expr") }),
  node("expr", { value: ref("expr") }),
];

const expressions = [
  node("int", { value: int }),
  node("text", { value: { type: "string" } }),
  node("bool", { value: { type: "boolean" } }),
  node("none", {}),
  node("name", { name: { type: "string" }, "ref?": ref("ref") }),
  node("member", { object: ref("expr"), member: ref("name"), "ref?": ref("ref"), "field?": shape({ kind: index, index }) }),
  node("index", { object: ref("expr"), index: ref("expr") }),
  node("call", { callee: ref("expr"), args, "ref?": ref("ref"), "builtin?": { type: "string" } }),
  node("list", { items: list(ref("expr")) }),
  node("binary", {
    op: { enum: ["or", "and", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"] },
    left: ref("expr"),
    right: ref("expr"),
    "rounding?": ref("name"),
  }),
  node("not", { operand: ref("expr") }),
  node("neg", { operand: ref("expr") }),
  node("has", { object: ref("expr"), status: ref("name"), "ref?": ref("ref") }),
  node("cond", { condition: ref("expr"), then: ref("expr"), else: ref("expr") }),
  node("roll", { "count?": ref("expr"), sides: ref("expr"), "badArgs?": ref("span") }),
  node("choose", { question: ref("expr"), options: ref("expr"), "orNone?": { type: "boolean" }, "by?": ref("expr"), "upTo?": ref("expr") }),
  node("emit", emit),
];

const block = node("block", { statements: list(ref("stmt")) });

export const SAVED_PROGRAM_SCHEMA_ID = "rulesmith-program";

/** The schema, built when first asked for (saved-program.ts, which defines the format tag, imports this). */
export function savedProgramSchema(): Schema {
  return {
    $id: SAVED_PROGRAM_SCHEMA_ID,
    title: "rulesmith saved program",
    ...shape({
      format: { const: PROGRAM_FORMAT },
      version: { const: PROGRAM_VERSION },
      files: list(shape({ path: { type: "string" }, decls: list(ref("decl")), "broken?": list(ref("name")) })),
    }),
    definitions: {
      span: shape({ file: { type: "string" }, line: index, col: index, endLine: index, endCol: index, start: index, end: index }),
      name: shape({ text: { type: "string" }, span: ref("span") }),
      // A resolution says what it stands for in `to`, not `kind`.
      ref: {
        type: "object",
        discriminator: { propertyName: "to" },
        required: ["to"],
        oneOf: [
          shape({ to: { const: "local" }, slot: index, "event?": { const: true } }),
          shape({ to: { const: "state" }, index }),
          shape({ to: { const: "decl" }, id: index }),
        ],
      },
      type: shape({
        name: ref("name"),
        "element?": ref("type"),
        "range?": shape({ low: int, high: int }),
        "optional?": { type: "boolean" },
        span: ref("span"),
        "ref?": ref("ref"),
      }),
      param: shape({ name: ref("name"), type: ref("type") }),
      field: shape({ name: ref("name"), type: ref("type"), "default?": ref("expr"), "doc?": { type: "string" }, span: ref("span") }),
      decl: byKind(decls),
      block,
      stmt: byKind(statements),
      expr: byKind(expressions),
      // A function's body: a block, or the expression after `=`.
      blockOrExpr: { if: { properties: { kind: { const: "block" } } }, then: { [NODE_KEYWORD]: "block" }, else: { [NODE_KEYWORD]: "expr" } },
      comprehension: shape({ binder: ref("name"), "slot?": index, source: ref("expr"), "where?": ref("expr"), "yield?": ref("expr"), "otherwise?": ref("expr") }),
      arg: byKind([
        node("positional", { value: ref("expr") }),
        node("named", { name: ref("name"), value: ref("expr"), "index?": index }),
        node("comprehension", { comp: ref("comprehension") }),
      ]),
    },
  };
}
