// How both parsers read a regular statement with no code of its own: its form (grammar/statement-forms.ts)
// gives the parts in the text's order, each labelled with the property it gives, and its node shape
// (src/core/node-shapes.ts, the kind named as the keyword) gives the node's properties, their order and
// their types. The Chevrotain path reads each property from the CST child of that label
// (cst-to-ast/statements.ts), the fast parser reads the parts in order (fast-parser/statements.ts), and
// both make the node with the plan's constructor, so its properties are in the shape's order.
//
// A form and its shape that disagree (a label no property of the shape, a part of another type, an
// optional part for a required property, a parsed property no part gives) stop this module from
// loading, naming the statement: the mistake is in the source, not in any input.
import type { TokenType } from "chevrotain";
import { statementSyntax, type Part, type StatementSyntax } from "../../grammar/statement-forms.ts";
import * as T from "../../grammar/tokens.ts";
import type * as A from "../core/ast.ts";
import { nodeShapes, propInfo, type PropType, type Props } from "../core/node-shapes.ts";

/** What a property is read as: a part of the form, or the statement's own span. */
export type Read = "expr" | "name" | "block" | "args" | "type" | "span";

export interface StatementPlan {
  kind: A.StmtKind;
  /** The token the statement begins with. */
  keyword: TokenType;
  /** A soft keyword also reads as a name, so only the grammar can tell which a statement begins with. */
  soft: boolean;
  form: readonly Part[];
  /** The node's parsed properties in its shape's order, each with what gives it. */
  props: readonly { name: string; read: Read; optional: boolean }[];
  /** The place in `props` of the property a label names. */
  slotOf: ReadonlyMap<string, number>;
  /** Makes the node from its properties' values in `props` order; an optional one left undefined is absent. */
  Node: new (values: readonly unknown[]) => A.Stmt;
}

/** The type a property of this read has in a shape. */
const SHAPE_TYPE: Record<Exclude<Read, "span">, string> = { expr: "expr", name: "name", block: "block", args: "list:arg", type: "type" };
const typeName = (t: PropType): string => (typeof t === "string" ? t : "list" in t ? `list:${typeName(t.list)}` : "?");

/** The labelled parts of a form, with whether each is inside an optional group. */
function labelled(form: readonly Part[], optional = false): { label: string; read: Exclude<Read, "span">; optional: boolean }[] {
  return form.flatMap((p) => (typeof p === "string" ? [] : "optional" in p ? labelled(p.optional, true) : [{ label: p.label, read: p.read, optional }]));
}

/**
 * A constructor per kind, writing the shape's properties one by one by name: objects made by `new` are never
 * pretenured (see fast-parser/nodes.ts), every node of a kind gets its properties in one order (one hidden
 * class), and V8 sizes a constructor's objects by the properties its source names, so they are all held
 * in the object. A class writing them by computed name (`this[name] = v`) leaves them outside it, which
 * made a parse of statements a third slower (its tree is walked, copied and collected more slowly). The
 * names are the shape's, checked to be plain words: no text of a file becomes source.
 */
function nodeClass(kind: string, props: StatementPlan["props"]): StatementPlan["Node"] {
  const bad = [kind, ...props.map((p) => p.name)].find((w) => !/^[a-z][A-Za-z]*$/.test(w));
  if (bad !== undefined) throw new Error(`internal: the statement \`${kind}\`: \`${bad}\` is no plain word`);
  const body = [`this.kind = "${kind}";`, ...props.map((p, i) => (p.optional ? `if (v[${i}] !== undefined) this.${p.name} = v[${i}];` : `this.${p.name} = v[${i}];`))];
  return new Function("v", body.join("\n")) as unknown as StatementPlan["Node"];
}

/** The plan of a regular statement; throws, naming the statement, when its form and its shape disagree. */
export function statementPlan(s: StatementSyntax & { form: readonly Part[] }): StatementPlan {
  const wrong = (what: string) => new Error(`internal: the statement \`${s.keyword}\`: ${what}`);
  const shape = (nodeShapes.families.stmt.kinds as Record<string, Props | undefined>)[s.keyword];
  if (!shape) throw wrong("its form has no node shape of that kind in src/core/node-shapes.ts");
  const parts = new Map(labelled(s.form).map((p) => [p.label, p]));
  const props: { name: string; read: Read; optional: boolean }[] = [];
  for (const [key, type] of Object.entries(shape)) {
    const { name, optional, resolved } = propInfo(key, type);
    if (resolved) continue;
    const part = parts.get(name);
    parts.delete(name);
    if (name === "span" && type === "span") {
      props.push({ name, read: "span", optional: false });
      continue;
    }
    if (!part) throw wrong(`no part of its form gives the property \`${name}\``);
    if (SHAPE_TYPE[part.read] !== typeName(type)) throw wrong(`its part \`${name}\` reads ${part.read}, but the shape's \`${name}\` is ${typeName(type)}`);
    if (part.optional !== optional) throw wrong(`its part \`${name}\` is ${part.optional ? "" : "not "}optional, but the shape's \`${name}\` is ${optional ? "" : "not "}optional`);
    props.push({ name, read: part.read, optional });
  }
  if (parts.size > 0) throw wrong(`its form labels ${[...parts.keys()].map((l) => `\`${l}\``).join(", ")}, which its shape does not have`);
  if (!props.some((p) => p.read === "span")) throw wrong("its shape has no `span`");
  const keyword = T.wordToken(s.keyword);
  return {
    kind: s.keyword as A.StmtKind,
    keyword,
    soft: !T.isReserved(s.keyword),
    form: s.form,
    props,
    slotOf: new Map(props.map((p, i) => [p.name, i])),
    Node: nodeClass(s.keyword, props),
  };
}

/** The regular statements' plans, by the name of their Chevrotain rule (`addStmt`). */
export const statementPlans: ReadonlyMap<string, StatementPlan> = new Map(
  statementSyntax.flatMap((s: StatementSyntax) => (s.form ? [[`${s.keyword}Stmt`, statementPlan({ ...s, form: s.form })] as const] : [])),
);
