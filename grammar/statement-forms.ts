// Every statement that starts with a keyword, in the order the grammar tries them, with its keyword's
// reservation and, for a regular statement, its whole syntax as data: the words and labelled parts that
// follow the keyword. One entry here is all the syntax a regular statement needs:
//
// - tokens.ts makes its keyword (and any new word of its form, as a soft keyword);
// - statements.ts makes its Chevrotain rule `<keyword>Stmt` from the form;
// - both parsers build its node (kind: the keyword) from the node shape of that kind in
//   src/core/node-shapes.ts, each label naming the property its part gives (src/syntax/statement-plans.ts).
//
// A statement whose syntax a form cannot say (`if` with its `else if` chain, `apply` with its duration on
// the same line only) has no form: its rule is written out in statements.ts and its builders by hand.
// This module imports nothing, so tokens.ts can read it before any token exists.

/** What a part reads, and the property of the node's shape it gives (`expr("item")`: `item: "expr"`). */
export type Part =
  | { readonly read: "expr" | "name" | "block" | "args" | "type"; readonly label: string }
  /** A word: a keyword (`to`, `from`; one no other rule uses becomes a soft keyword) or punctuation (`..`, `=`). */
  | string
  /** Parts read only when the text has them: the properties they give are optional in the shape. */
  | { readonly optional: readonly Part[] };

/** An expression. */
export const expr = <const L extends string>(label: L) => ({ read: "expr", label }) as const;
/** A name (an Identifier or a soft keyword), as a `name` of the tree. */
export const name = <const L extends string>(label: L) => ({ read: "name", label }) as const;
/** A `{ ... }` block. */
export const block = <const L extends string>(label: L) => ({ read: "block", label }) as const;
/** A call's argument list in brackets, `(a, b: c)`. */
export const args = <const L extends string>(label: L) => ({ read: "args", label }) as const;
/** A type as written. */
export const type = <const L extends string>(label: L) => ({ read: "type", label }) as const;
export const optional = <const P extends readonly Part[]>(...parts: P) => ({ optional: parts }) as const;

export interface StatementSyntax {
  /** Its first word, a keyword; the node's kind when it has a form. */
  readonly keyword: string;
  /**
   * Why the keyword is reserved (it cannot then be a declaration's name, a binder or a name in an
   * expression: see tokens.ts); absent, the keyword is soft and still reads as a name elsewhere.
   */
  readonly reserved?: string;
  /** What follows the keyword; absent when statements.ts writes the rule out. */
  readonly form?: readonly Part[];
}

export const statementSyntax = [
  { keyword: "let", reserved: "starts a statement", form: [name("name"), optional(":", type("type")), "=", expr("value")] },
  { keyword: "if", reserved: "starts a statement and an expression" },
  { keyword: "while", reserved: "starts a statement", form: [expr("condition"), block("body")] },
  {
    keyword: "for",
    reserved: "starts a statement (and `status s for 2 E`)",
    // `for u in units where u.hp > 0 { ... }`: only the items that match, as in an aggregate.
    form: [name("name"), "in", expr("from"), optional("..", expr("to")), optional("where", expr("where")), block("body")],
  },
  { keyword: "return", reserved: "starts a statement", form: [optional(expr("value"))] },
  { keyword: "emit", reserved: "starts a statement", form: [name("event"), args("args")] },
  { keyword: "apply", reserved: "starts a statement" },
  // `clear shaken(from: d) from u`: only the instances from that source.
  { keyword: "clear", reserved: "starts a statement", form: [name("status"), optional(args("args")), "from", expr("target")] },
  { keyword: "add", reserved: "starts a statement (and is the modifier op `add`)", form: [expr("item"), "to", expr("list")] },
  { keyword: "remove", reserved: "starts a statement", form: [expr("item"), "from", expr("list")] },
  { keyword: "move", reserved: "starts a statement", form: [expr("item"), "from", expr("source"), "to", expr("target")] },
  { keyword: "expect", reserved: "starts a statement", form: [expr("value")] },
  { keyword: "force", reserved: "starts a statement", form: [name("what"), expr("values")] },
  { keyword: "say", reserved: "starts a statement", form: [expr("value")] },
] as const satisfies readonly StatementSyntax[];

/** The words of a form, nested ones included: the keywords and punctuation it takes. */
export function wordsOf(form: readonly Part[]): string[] {
  return form.flatMap((p) => (typeof p === "string" ? [p] : "optional" in p ? wordsOf(p.optional) : []));
}
