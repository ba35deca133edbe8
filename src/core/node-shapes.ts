// The AST's node shapes, declared once as data: every node kind and plain object of the tree, its
// properties in the order the parsers write them, and the type of each. The TypeScript types of
// core/ast.ts are derived from it (so a new node is one line here, and its doc comment is here too); the
// saved program's JSON Schema is generated from it (src/run/saved-program-schema.ts); both parsers build
// a regular statement from its shape (src/syntax/statement-plans.ts); and test/core/node-shapes.test.ts holds
// every node both parsers make, for every bundled file, to exactly these properties in this order (the
// order matters: it is the JSON's, byte for byte, and each order is one hidden class for V8).
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
 * a name that is no definition means `never` in ast.ts, which fails `tsc` wherever such a node is made.
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
    /** Where a node's text stands: 1-based `line` and `col` of its first character, `endLine` and `endCol` just past its last; 0-based offsets [`start`, `end`). */
    span: { file: "string", line: "natural", col: "natural", endLine: "natural", endCol: "natural", start: "natural", end: "natural" },
    name: { text: "string", span: "span" },
    /**
     * A file. `broken`, only in a file with syntax errors: the names declared by the declarations left out
     * for an error; the checker treats a use of one as already reported (type `any`), so one error causes no cascade.
     */
    file: { path: "string", decls: list("decl"), "broken?": list("name") },
    /**
     * A type as written. `optional`: `Unit?`, the value may be `none`. `ref`, resolved: the enum or kind the
     * name means, so building a value of this type looks nothing up.
     */
    type: { name: "name", span: "span", "element?": "type", "range?": "range", "optional?": "boolean", ref: resolved("ref") },
    range: { low: "int", high: "int" },
    param: { name: "name", type: "type" },
    field: { name: "name", type: "type", span: "span", "default?": "expr", "doc?": "string" },
    /** A status's declared expiry; resolved, `holderIndex`: the holder's place among the event's parameters. */
    statusExpiry: { event: "name", "times?": "int", "holder?": "name", "or?": list("statusOr"), ref: resolved("ref"), holderIndex: resolved("natural") },
    /** One more event of a status's declared expiry (`or Slain(unit)`): as the first, without a count. */
    statusOr: { event: "name", "holder?": "name", ref: resolved("ref"), holderIndex: resolved("natural") },
    row: { patterns: list("pattern"), result: "expr", span: "span" },
    /** `multiply exclusive largest` in a stage list: at most one modifier of the stage applies per result, chosen by `rule`. */
    exclusiveStage: { stage: "name", rule: "name" },
    /**
     * One stage of `extend value v stages [...]`: an existing stage made exclusive (`multiply exclusive
     * largest`), or a new one, exclusive or not, placed `before` or `after` a stage (else last).
     */
    stageChange: { stage: "name", "rule?": "name", "before?": "name", "after?": "name" },
    /**
     * A table row's pattern: `_` has neither bound, `3` a `low` alone; a range has `high` or `open`:
     * `2..5` both bounds, `..2` a `high` alone, `12..` a `low` and `open` (no upper bound).
     */
    pattern: { span: "span", "low?": "expr", "high?": "expr", "open?": "boolean" },
    /**
     * A duration given at `apply`: `for N [E[(p)]]`, `until E[(p)]`, or with `(p: v)` an event about any
     * entity: only emissions of E whose parameter `p` equals the value `v` had when applied count. `times`:
     * `for N` (absent for `until`, one); `event`: the event counted (absent: the status's declared one);
     * `holder`: `E(unit)`, the holder must be the argument `unit`; `match`: `E(player: caster)`, the
     * argument `player` must equal `caster` as it was at `apply`. Resolved: the event (when written) and
     * the place of the parameter named. `or`: `until A or B`, more events of which any counts (each an
     * event with its `holder` or `match`, no `times`).
     */
    appliedExpiry: {
      span: "span",
      "times?": "expr",
      "event?": "name",
      "holder?": "name",
      "match?": "match",
      "or?": list("appliedOr"),
      ref: resolved("ref"),
      paramIndex: resolved("natural"),
    },
    /** One more event of an expiry given at `apply` (`or OutOfSight(dragon: d)`): as the first, without a count. */
    appliedOr: { span: "span", event: "name", "holder?": "name", "match?": "match", ref: resolved("ref"), paramIndex: resolved("natural") },
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
        /** `overrides "TITLE"`: a mod's word that it means to change the outcome of that example of what it extends. */
        overrides: declared({ title: "string", titleSpan: "span", span: "span" }),
        /** `final`: no file may extend it (docs, "Extending a system"). */
        enum: declared({ name: "name", members: list("name"), span: "span", "final?": "true" }),
        /** `record`: its values are plain, immutable values compared field by field, not entities with an identity and statuses. */
        kind: declared({ name: "name", fields: list("field"), "record?": "true", span: "span", "final?": "true" }),
        state: declared({ fields: list("field"), span: "span" }),
        /**
         * A named flag on an entity. `until E`: cleared when event E is emitted; `for N E`: after N of them.
         * `until E(p)` / `for N E(p)`: only emissions of E whose parameter `p` is the holder count;
         * `until A or B`: any of them (`or` on `expiry`). `params` (`frightened(level: int)`): the values
         * each instance carries; `stacking` (`stacks highest`): how instances from several `apply`s combine.
         */
        status: declared({ name: "name", span: "span", "expiry?": "statusExpiry", "params?": list("param"), "stacking?": "name" }),
        /** `returns` (`-> int`): the type of the `result` the body and handlers change and `emit` gives back; `body`: what happens when no `instead of` handler replaces it. */
        event: framed({ name: "name", params: list("param"), span: "span", "returns?": "type", "body?": "block" }),
        /** `on`/`before`/`instead of` an event; resolved, `eventRef`: the event it handles. */
        /**
         * `handlerName` (`as markDead`): the name another file replaces or removes it by; `replaces`: `replace on
         * E as h`, in place of the handler of that name; `final`: no file may replace or remove it.
         */
        trigger: framed(
          {
            timing: oneOf(["before", "instead", "after"]),
            event: "name",
            order: "int",
            body: "block",
            span: "span",
            "condition?": "expr",
            "handlerName?": "name",
            "replaces?": "true",
            "final?": "true",
          },
          { eventRef: resolved("ref") },
        ),
        /**
         * `replaces`: `replace fn f ...`, in place of the function `f` of the system it extends; `final`: no file
         * may replace or extend it; `extends`: `extend fn f ...`, in front of `f`, its body calling `previous(...)`.
         */
        fn: framed({ name: "name", params: list("param"), body: "blockOrExpr", span: "span", "returns?": "type", "replaces?": "true", "final?": "true", "extends?": "true" }),
        /** A named value whose result passes through every applicable modifier; `stages`: its own stage order; `final`: no file may extend its stages. */
        value: framed({ name: "name", params: list("param"), returns: "type", base: "expr", span: "span", "stages?": list("name"), "exclusive?": list("exclusiveStage"), "final?": "true" }),
        /**
         * A modifier of a value. `stage` (`in STAGE`): when not its op's; `order` (`order N`): its place within
         * its stage (0 when not written); `rounding`: `divide 2 round down`'s mode as written; `into`: `count
         * Icon.a as Icon.b`'s member; `factor`: `multiply Icon.save by 3`. Resolved: `targetRef`, the value it
         * changes, and `resultSlot`, the slot of `result` in its frame.
         */
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
            /** `replace modifier m ...`: in place of the modifier `m` of the system it extends. */
            "replaces?": "true",
            "final?": "true",
          },
          { targetRef: resolved("ref"), resultSlot: resolved("natural") },
        ),
        table: framed({ name: "name", params: list("param"), returns: "type", rows: list("row"), span: "span", "final?": "true" }),
        /** A custom die: each face is a tally of the enum's members, like `Icon(melee: 2)`. */
        die: declared({ name: "name", faceType: "name", faces: list("expr"), facesSpan: "span", span: "span" }),
        example: framed({ title: "string", body: "block", span: "span" }),
        /** `stages [set, add, ...]` at the top level: the stage order of every value that declares none. */
        stages: declared({ stages: list("name"), span: "span", "exclusive?": list("exclusiveStage") }),
        /**
         * The extension points (docs, "Extending a system"), merged into the declaration they name when the
         * program is checked: the resolved tree the engines run holds the merged declaration and not these.
         * `extendEnum`: members after the enum's own; `extendKind`: fields, each omittable.
         */
        extendEnum: declared({ target: "name", members: list("name"), span: "span" }),
        extendKind: declared({ target: "name", fields: list("field"), span: "span" }),
        /** Rows tried before the table's own. */
        extendTable: declared({ target: "name", rows: list("row"), span: "span" }),
        /** `extend value v stages [...]`: new stages of the value `target`, or its stages made exclusive. */
        extendValue: declared({ target: "name", stages: list("stageChange"), span: "span" }),
        /** `replace row t(_, true) => 2`: the row of `target` whose patterns read as `row`'s do. */
        replaceRow: declared({ target: "name", row: "row", span: "span" }),
        /** `remove modifier m`, `remove handler h`, `remove row t(_, true)` (`patterns` for a row). */
        removal: declared({ what: oneOf(["modifier", "handler", "row"]), target: "name", span: "span", "patterns?": list("pattern") }),
      },
    },
    block: { by: "kind", kinds: { block: { statements: list("stmt"), span: "span" } } },
    stmt: {
      by: "kind",
      kinds: {
        let: { name: "name", value: "expr", span: "span", "type?": "type", slot: resolved("natural") },
        if: { condition: "expr", then: "block", span: "span", "else?": "block" },
        while: { condition: "expr", body: "block", span: "span" },
        /** `where`: the body runs only for the items (or numbers) for which it holds. */
        for: { name: "name", from: "expr", body: "block", span: "span", "to?": "expr", "where?": "expr", slot: resolved("natural") },
        return: { "value?": "expr", span: "span" },
        emit,
        /** `args`: `apply frightened(2, from: d) to u`, the status's values and its source (`from:`, resolved to the index after the parameters). */
        apply: { status: "name", target: "expr", span: "span", "expiry?": "appliedExpiry", "args?": list("arg"), ref: resolved("ref") },
        /** Inside `instead of E`: runs E's default body with the current arguments. */
        proceed: { span: "span" },
        /** `args`: `clear shaken(from: d) from u` ends only the instances from that source. */
        clear: { status: "name", target: "expr", span: "span", "args?": list("arg"), ref: resolved("ref") },
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
        /** The literal `none`: no value, of any optional type. */
        none: { span: "span" },
        name: { name: "string", span: "span", ref: resolved("ref") },
        /** Resolved: `ref` when the object names an enum (`Side.attacker`); `field` when it reads an entity's field. */
        member: { object: "expr", member: "name", span: "span", ref: resolved("ref"), field: resolved("fieldPlace") },
        index: { object: "expr", index: "expr", span: "span" },
        /**
         * Resolved: `ref` when the callee is a declaration (fn, value, table, kind, enum); `builtin` when it is
         * a function or aggregate of the standard library, named as the library names it.
         */
        call: { callee: "expr", args: list("arg"), span: "span", ref: resolved("ref"), builtin: resolved("string") },
        list: { items: list("expr"), span: "span" },
        /** `rounding`: `a / b round down`'s mode as written. Resolved, `ref`: the enum whose members `<` (and the other orderings) compare by their declared order. */
        binary: {
          op: oneOf(["or", "and", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"]),
          left: "expr",
          right: "expr",
          span: "span",
          "rounding?": "name",
          ref: resolved("ref"),
        },
        not: { operand: "expr", span: "span" },
        neg: { operand: "expr", span: "span" },
        /** `source`: `u has shaken from d`, an instance from that source. */
        has: { object: "expr", status: "name", span: "span", "source?": "expr", ref: resolved("ref") },
        cond: { condition: "expr", then: "expr", else: "expr", span: "span" },
        /** `badArgs`: set when `roll(...)` was given other than 1 or 2 plain arguments. */
        roll: { sides: "expr", span: "span", "count?": "expr", "badArgs?": "span" },
        /**
         * `orNone` (`or none`): `none` is offered after the options, so the choice is optional; `by` (`by
         * army.owner`): who answers; `upTo` (`up to 3`): asked once per pick, with `none` to stop, giving a list.
         */
        choose: { question: "expr", options: "expr", span: "span", "orNone?": "boolean", "by?": "expr", "upTo?": "expr" },
        /** `emit E(args)` used as a value: E's final `result`. */
        emit,
      },
    },
    arg: {
      by: "kind",
      kinds: {
        positional: { value: "expr", span: "span" },
        /** Resolved, `index`: the parameter it gives. */
        named: { name: "name", value: "expr", span: "span", index: resolved("natural") },
        comprehension: { comp: "comprehension", span: "span" },
      },
    },
    /** What a name resolved to: a slot of the frame, a state field, or a declaration. */
    ref: {
      by: "to",
      kinds: {
        /** `event`: an argument or `result` of the emission the rule runs in, so a change is the emission's too. */
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
