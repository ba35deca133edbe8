// Completion: the keywords the grammar allows at the cursor, and the names that fit there - variables
// in scope, state fields, declarations of the file and its imports, built-ins, enum members after
// `Enum.`, fields after `x.` and arguments inside a call - each with its kind.
import * as A from "../../core/ast.ts";
import { PRIMITIVES, type Var } from "../../check/checker.ts";
import type { NamedDecl } from "../../check/symbols.ts";
import { aggregates, builtins } from "../../core/builtins.ts";
import * as T from "../../../grammar/tokens.ts";
import { tokenMatcher } from "chevrotain";
import { typeToString, type Type } from "../../core/types.ts";
import { variablesIn, visibleDecl, visibleDecls, visibleStateField, type Analysis, type Documents } from "./analysis.ts";
import { expectedAfter, type NameRole } from "./expected.ts";
import { chunkAt, CURSOR, declarationChunks, textWithCursor } from "./repair.ts";
import type { Completion } from "./service-types.ts";
import { aggregateSignature, builtinSignature, header, showField, showTypeRef } from "./signatures.ts";
import { inCommentOrText, offsetAt, wordAround } from "./text-position.ts";

export function completionsAt(docs: Documents, path: string, line: number, col: number): Completion[] {
  const text = docs.text(path);
  if (text === undefined) return [];
  const offset = offsetAt(text, line, col);
  if (inCommentOrText(text, offset)) return [];
  const word = wordAround(text, offset);
  const chunk = chunkAt(declarationChunks(text), word.start);
  const before = T.lexer.tokenize(text.slice(chunk.start, word.start)).tokens;
  // The lexer counts lines from the chunk's start; the cursor's line is counted the same way.
  const cursorLine = text.slice(chunk.start, word.start).split(/\r\n?|\n/).length;
  const expected = expectedAfter(before, cursorLine);
  const items: Completion[] = expected.keywords.map((k) => ({ label: k, kind: "keyword" }));
  if (expected.roles.size > 0) {
    const a = analysisFor(docs, path, text, word, expected.roles);
    for (const role of expected.roles) items.push(...namesFor(role, a, before));
  }
  const seen = new Set<string>();
  return items.filter((c) => c.label !== CURSOR && !seen.has(c.label) && seen.add(c.label));
}

/** The places whose names depend on where the cursor stands: its scope, its call, its object. */
const AT_CURSOR: ReadonlySet<NameRole> = new Set<NameRole>(["expression", "member", "argument", "holder"]);

/**
 * What completion reads. Names the program declares are in the file's own check, and so is the scope
 * of a name being typed where the text parses as it is. Otherwise (after `x.`, in a call, where the
 * declaration does not parse yet) only a check of the text with the cursor marked in it says what is
 * in scope there: made for this answer, kept nowhere.
 */
function analysisFor(docs: Documents, path: string, text: string, word: { start: number; end: number }, roles: ReadonlySet<NameRole>): Analysis {
  const atCursor = [...roles].filter((r) => AT_CURSOR.has(r));
  if (atCursor.length === 0) return docs.analysis(path);
  if (atCursor.length === 1 && atCursor[0] === "expression" && word.end > word.start) {
    const own = docs.analysis(path);
    for (const [e, scope] of own.scopes) if (e.span.start === word.start && e.span.end === word.end) return { ...own, cursorScope: variablesIn(scope) };
  }
  return docs.analysisWith(path, textWithCursor(path, text, word.start, word.end));
}

function namesFor(role: NameRole, a: Analysis, before: ReturnType<typeof T.lexer.tokenize>["tokens"]): Completion[] {
  switch (role) {
    case "expression":
      return [...variables(a), ...stateFields(a), ...declarations(a, role), ...builtinNames()];
    case "type":
      return [...PRIMITIVES.map((p): Completion => ({ label: p, kind: "other", detail: "built-in type" })), ...declarations(a, role)];
    case "event":
    case "status":
    case "value":
      return declarations(a, role);
    case "member":
      return members(a, before);
    case "argument":
      return argumentNames(a);
    case "modifierOp":
      return A.modifierOps.map((op) => ({ label: op, kind: "other", detail: "modifier operation" }));
    case "rounding":
      return A.roundings.map((r) => ({ label: r, kind: "other", detail: "how a division rounds" }));
    case "holder":
      return holders(a);
    default:
      return A.assertNever(role);
  }
}

/** How a declaration shows in completion, and where its name may be written. */
function use(d: NamedDecl): { kind: Completion["kind"]; roles: NameRole[] } {
  switch (d.kind) {
    case "enum":
      return { kind: "enum", roles: ["expression", "type"] };
    case "kind":
      return { kind: "kind", roles: ["expression", "type"] };
    case "status":
      return { kind: "status", roles: ["status"] };
    case "event":
      return { kind: "event", roles: ["event"] };
    case "fn":
      return { kind: "function", roles: ["expression"] };
    case "value":
      return { kind: "value", roles: ["expression", "value"] };
    case "modifier":
      return { kind: "other", roles: [] };
    case "table":
      return { kind: "table", roles: ["expression"] };
    case "die":
      return { kind: "die", roles: ["expression"] };
    default:
      return A.assertNever(d);
  }
}

function declarations(a: Analysis, role: NameRole): Completion[] {
  return visibleDecls(a).flatMap((d) => {
    const u = use(d);
    return u.roles.includes(role) ? [withDoc({ label: d.name.text, kind: u.kind, detail: header(d) }, d.doc)] : [];
  });
}

function variables(a: Analysis): Completion[] {
  // A state field narrowed by a `!= none` check is in scope too; it is listed once, as a state field.
  const vars = [...(a.cursorScope ?? new Map<string, Var>())].filter(([, v]) => !v.stateField);
  return vars.map(([name, v]) => ({ label: name, kind: "variable", detail: typeToString(v.type) }));
}

function stateFields(a: Analysis): Completion[] {
  return [...a.symbols.stateFields.values()].filter((f) => visibleStateField(a, f.name.text) === f).map((f) => withDoc({ label: f.name.text, kind: "state", detail: `state ${showField(f)}` }, f.doc));
}

function builtinNames(): Completion[] {
  const fns = Object.entries(builtins).map(([name, b]): Completion => ({ label: name, kind: "function", detail: builtinSignature(name, b), documentation: b.doc }));
  const aggs = Object.entries(aggregates).map(([name, agg]): Completion => ({ label: name, kind: "function", detail: aggregateSignature(name), documentation: agg.doc }));
  return [...fns, ...aggs];
}

/** After `x.`: an enum's members, or the fields of x's kind. */
function members(a: Analysis, before: ReturnType<typeof T.lexer.tokenize>["tokens"]): Completion[] {
  const m = a.cursorMember;
  // Without a checked `x.CURSOR` (the declaration did not parse even mended), only a bare name can be read.
  const bare = m ? (m.object.kind === "name" ? m.object.name : undefined) : bareNameBeforeDot(before);
  if (bare !== undefined && !a.cursorScope?.has(bare) && !visibleStateField(a, bare)) {
    const d = visibleDecl(a, bare);
    if (d?.kind === "enum") return d.members.map((x) => withDoc({ label: x.text, kind: "member", detail: `${d.name.text}.${x.text}` }, d.doc));
  }
  if (m) return fieldsOf(a, a.types.get(m.object));
  const field = bare === undefined ? undefined : visibleStateField(a, bare);
  return field ? fieldsOf(a, { t: "kind", name: field.type.name.text }) : [];
}

function bareNameBeforeDot(tokens: ReturnType<typeof T.lexer.tokenize>["tokens"]): string | undefined {
  const name = tokens[tokens.length - 2];
  const prior = tokens[tokens.length - 3]?.tokenType;
  return name !== undefined && tokenMatcher(name, T.Name) && prior !== T.Dot ? name.image : undefined;
}

function fieldsOf(a: Analysis, maybe: Type | undefined): Completion[] {
  // `target.` on a `Unit?`: the fields are still the ones to offer (the checker asks for a check).
  const t = maybe?.t === "optional" ? maybe.of : maybe;
  const k = t?.t === "kind" ? visibleDecl(a, t.name) : undefined;
  if (k?.kind !== "kind") return [];
  return k.fields.map((f) => withDoc({ label: f.name.text, kind: "field", detail: showTypeRef(f.type) }, f.doc));
}

/** Inside `Unit(` or `f(`: the fields of the kind not given yet, or the function's parameters. */
function argumentNames(a: Analysis): Completion[] {
  const call = [...a.types.keys()].find(
    (e): e is A.Expr & { kind: "call" } => e.kind === "call" && e.args.some((x) => x.kind === "positional" && x.value.kind === "name" && x.value.name === CURSOR),
  );
  const d = call?.callee.kind === "name" ? visibleDecl(a, call.callee.name) : undefined;
  if (!call || !d) return [];
  const given = new Set(call.args.flatMap((x) => (x.kind === "named" ? [x.name.text] : [])));
  if (d.kind === "kind") return d.fields.filter((f) => !given.has(f.name.text)).map((f) => withDoc({ label: f.name.text, kind: "field", detail: showTypeRef(f.type) }, f.doc));
  if ("params" in d) return (d.params ?? []).filter((p) => !given.has(p.name.text)).map((p) => ({ label: p.name.text, kind: "variable", detail: showTypeRef(p.type) }));
  return [];
}

/** In `status s until E(`: the parameters of E. */
function holders(a: Analysis): Completion[] {
  const status = a.file?.decls.find((d): d is A.StatusDecl => d.kind === "status" && d.expiry?.holder?.text === CURSOR);
  const event = status?.expiry ? visibleDecl(a, status.expiry.event.text) : undefined;
  if (event?.kind !== "event") return [];
  return event.params.map((p) => ({ label: p.name.text, kind: "variable", detail: showTypeRef(p.type) }));
}

function withDoc(c: Completion, doc: string | undefined): Completion {
  return doc === undefined ? c : { ...c, documentation: doc };
}
