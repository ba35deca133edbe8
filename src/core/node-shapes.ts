// The AST's node shapes, declared once as data: every node kind and plain object of the tree, its
// properties in the order the parsers write them, and the type of each. The saved program's JSON Schema
// is generated from it (src/run/saved-program-schema.ts); the TypeScript types of core/ast.ts are held to
// it at compile time (node-shapes-match.ts: `tsc` fails when a property is in one and not the other, or
// differs in type or optionality); and test/core/node-shapes.test.ts holds every node both parsers make, for
// every bundled file, to exactly these properties in this order (the order matters: it is the JSON's,
// byte for byte, and each order is one hidden class for V8).
//
// A property is required, optional (`"else?"`, written by the parser only when the text has it) or
// resolved (`resolved(...)`: written by the checker, absent from a tree just parsed and always after the
// parsed properties). A node's `kind` (a reference's `to`) comes first and is not listed.

/** A whole number of any sign. */
type Int = "int";
/** A whole number from 0 below 2^31: offsets, lines, ids, slots, places. */
type Natural = "natural";
type Leaf = "string" | "boolean" | "true" | Int | Natural;

/** The plain objects of the tree: no `kind`, one shape each. */
export type ShapeName = keyof typeof nodeShapes.shapes;
/** The node families: several shapes picked by their discriminator (`kind`, or a reference's `to`). */
export type FamilyName = keyof typeof nodeShapes.families;
/** Places that hold a node of one of two families. */
export type UnionName = keyof typeof nodeShapes.unions;
export type DefinitionName = ShapeName | FamilyName | UnionName;

/**
 * A property's type: a leaf, a definition by name (a shape, a family or a union), a list, one of some
 * strings, or resolved. Names are any string here, so the description can be written in terms of itself;
 * a name that is no definition means `never`, which no type of ast.ts is (node-shapes-match.ts).
 */
export type PropType = Leaf | (string & {}) | { readonly list: PropType } | { readonly oneOf: readonly string[] } | { readonly resolved: PropType };
export type Props = { readonly [key: string]: PropType };

const list = <const T extends PropType>(items: T) => ({ list: items });
const oneOf = <const T extends readonly string[]>(values: T) => ({ oneOf: values });
/** Written by the checker (src/check/), never by a parser. */
const resolved = <const T extends PropType>(type: T) => ({ resolved: type });

/**
 * A declaration: its own parsed properties, then its doc comment (`///` above it), then the checker's
 * id and the resolution of its own (`checked`).
 */
const declared = <const P extends Props, const C extends Props = {}>(props: P, checked?: C) =>
  ({ ...props, "doc?": "string", id: resolved("natural"), ...(checked as C) }) as const;
/** A declaration that runs with its own variables: the checker also sizes its frame. */
const framed = <const P extends Props, const C extends Props = {}>(props: P, checked?: C) =>
  declared(props, { ...(checked as C), frameSize: resolved("natural") } as const);

const emit = { event: "name", args: list("arg"), span: "span", ref: resolved("ref") } as const;

export const nodeShapes = {
  shapes: {
    span: { file: "string", line: "natural", col: "natural", endLine: "natural", endCol: "natural", start: "natural", end: "natural" },
    name: { text: "string", span: "span" },
    file: { path: "string", decls: list("decl"), "broken?": list("name") },
    /** A type as written. */
    type: { name: "name", span: "span", "element?": "type", "range?": "range", "optional?": "boolean", ref: resolved("ref") },
    range: { low: "int", high: "int" },
    param: { name: "name", type: "type" },
    field: { name: "name", type: "type", span: "span", "default?": "expr", "doc?": "string" },
    statusExpiry: { event: "name", "times?": "int", "holder?": "name", ref: resolved("ref"), holderIndex: resolved("natural") },
    row: { patterns: list("pattern"), result: "expr", span: "span" },
    pattern: { span: "span", "low?": "expr", "high?": "expr" },
    appliedExpiry: {
      span: "span",
      "times?": "expr",
      "event?": "name",
      "holder?": "name",
      "match?": "match",
      ref: resolved("ref"),
      paramIndex: resolved("natural"),
    },
    match: { param: "name", value: "expr" },
    comprehension: { binder: "name", source: "expr", "where?": "expr", "yield?": "expr", "otherwise?": "expr", slot: resolved("natural") },
    /** A member expression's entity field: its kind's id and the field's place. */
    fieldPlace: { kind: "natural", index: "natural" },
  },
  families: {
    decl: {
      by: "kind",
      kinds: {
        import: declared({ path: "string", pathSpan: "span", span: "span" }),
        enum: declared({ name: "name", members: list("name"), span: "span" }),
        kind: declared({ name: "name", fields: list("field"), "record?": "true", span: "span" }),
        state: declared({ fields: list("field"), span: "span" }),
        status: declared({ name: "name", span: "span", "expiry?": "statusExpiry" }),
        event: framed({ name: "name", params: list("param"), span: "span", "returns?": "type", "body?": "block" }),
        trigger: framed(
          { timing: oneOf(["before", "instead", "after"]), event: "name", order: "int", body: "block", span: "span", "condition?": "expr" },
          { eventRef: resolved("ref") },
        ),
        fn: framed({ name: "name", params: list("param"), body: "blockOrExpr", span: "span", "returns?": "type" }),
        value: framed({ name: "name", params: list("param"), returns: "type", base: "expr", span: "span", "stages?": list("name") }),
        modifier: framed(
          {
            name: "name",
            target: "name",
            op: "name",
            span: "span",
            "condition?": "expr",
            "stage?": "name",
            "order?": "int",
            "amount?": "expr",
            "rounding?": "name",
            "into?": "expr",
            "factor?": "expr",
          },
          { targetRef: resolved("ref"), resultSlot: resolved("natural") },
        ),
        table: framed({ name: "name", params: list("param"), returns: "type", rows: list("row"), span: "span" }),
        die: declared({ name: "name", faceType: "name", faces: list("expr"), facesSpan: "span", span: "span" }),
        example: framed({ title: "string", body: "block", span: "span" }),
        stages: declared({ stages: list("name"), span: "span" }),
      },
    },
    block: { by: "kind", kinds: { block: { statements: list("stmt"), span: "span" } } },
    stmt: {
      by: "kind",
      kinds: {
        let: { name: "name", value: "expr", span: "span", "type?": "type", slot: resolved("natural") },
        if: { condition: "expr", then: "block", span: "span", "else?": "block" },
        while: { condition: "expr", body: "block", span: "span" },
        for: { name: "name", from: "expr", body: "block", span: "span", "to?": "expr", "where?": "expr", slot: resolved("natural") },
        return: { "value?": "expr", span: "span" },
        emit,
        apply: { status: "name", target: "expr", span: "span", "expiry?": "appliedExpiry", ref: resolved("ref") },
        proceed: { span: "span" },
        clear: { status: "name", target: "expr", span: "span", ref: resolved("ref") },
        add: { item: "expr", list: "expr", span: "span" },
        remove: { item: "expr", list: "expr", span: "span" },
        move: { item: "expr", source: "expr", target: "expr", span: "span" },
        expect: { value: "expr", span: "span" },
        force: { what: "name", values: "expr", span: "span" },
        say: { value: "expr", span: "span" },
        assign: { op: oneOf(["=", "+=", "-="]), target: "expr", value: "expr", span: "span" },
        expr: { value: "expr", span: "span" },
      },
    },
    expr: {
      by: "kind",
      kinds: {
        int: { value: "int", span: "span" },
        text: { value: "string", span: "span" },
        bool: { value: "boolean", span: "span" },
        none: { span: "span" },
        name: { name: "string", span: "span", ref: resolved("ref") },
        member: { object: "expr", member: "name", span: "span", ref: resolved("ref"), field: resolved("fieldPlace") },
        index: { object: "expr", index: "expr", span: "span" },
        call: { callee: "expr", args: list("arg"), span: "span", ref: resolved("ref"), builtin: resolved("string") },
        list: { items: list("expr"), span: "span" },
        binary: {
          op: oneOf(["or", "and", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"]),
          left: "expr",
          right: "expr",
          span: "span",
          "rounding?": "name",
        },
        not: { operand: "expr", span: "span" },
        neg: { operand: "expr", span: "span" },
        has: { object: "expr", status: "name", span: "span", ref: resolved("ref") },
        cond: { condition: "expr", then: "expr", else: "expr", span: "span" },
        roll: { sides: "expr", span: "span", "count?": "expr", "badArgs?": "span" },
        choose: { question: "expr", options: "expr", span: "span", "orNone?": "boolean", "by?": "expr", "upTo?": "expr" },
        emit,
      },
    },
    arg: {
      by: "kind",
      kinds: {
        positional: { value: "expr", span: "span" },
        named: { name: "name", value: "expr", span: "span", index: resolved("natural") },
        comprehension: { comp: "comprehension", span: "span" },
      },
    },
    /** What a name resolved to: a slot of the frame, a state field, or a declaration. */
    ref: {
      by: "to",
      kinds: {
        local: { slot: "natural", "event?": "true" },
        state: { index: "natural" },
        decl: { id: "natural" },
      },
    },
  },
  unions: {
    /** A function's body: a block, or the expression after `=`. */
    blockOrExpr: ["block", "expr"],
  },
} as const;

/** A property's name without its `?`, whether it is optional, and whether the checker writes it. */
export function propInfo(key: string, type: PropType): { name: string; optional: boolean; resolved: boolean } {
  const isResolved = typeof type === "object" && "resolved" in type;
  return key.endsWith("?") ? { name: key.slice(0, -1), optional: true, resolved: false } : { name: key, optional: isResolved, resolved: isResolved };
}
