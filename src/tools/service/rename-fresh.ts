// The rename that needs no trial: a new name nothing spells yet. Renaming is then a one-to-one change of
// names, and the checker compares names only with one another and with the words it knows itself (the
// keywords, the built-in types, functions and aggregates, the standard modules' names, and the words
// it tests for, listed below), so the rules mean after exactly what they meant before: no clash, no
// capture, no new error. When that cannot be shown here, rename-safety.ts tries the rename on a copy.
// A differential test (test/tools/rename-fresh.test.ts) holds this to the answer of the trial.
import { keywords, PRIMITIVES } from "../../../grammar/tokens.ts";
import { aggregateNamed, builtinFunction } from "../../core/builtins.ts";
import { stdModulesForHints } from "../../syntax/std/modules.ts";
import type { Documents } from "./analysis.ts";
import type { Location } from "./service-types.ts";
import { sitesOf, type Site } from "./sites.ts";
import { offsetAt } from "./text-position.ts";

/**
 * Words the checker, parser, loader and service compare a value with, besides the keywords and built-ins
 * (test/support/compared-words.ts finds them; tags such as an AST node's kind left out). Not all of them
 * can be a name a rename meets, but a rename to or from any of them is tried on a copy, never decided
 * here. test/tools/rename-fresh.test.ts fails when a source compares with a word missing here.
 */
export const CHECKER_WORDS: ReadonlySet<string> = new Set(
  (
    "_ addExpr after andExpr applyStmt body bounds changed checked chevrotain compareExpr compute dice " +
    "dieDecl divide double enumDecl eventDecl exampleDecl exclusive exprStmt expression extendDecl " +
    "finalDecl fnDecl function highest ifStmt importDecl kindDecl largest length mod modifierDecl mulExpr " +
    "multiply n notExpr number object orExpr overridesDecl postfixExpr previous primary proceed " +
    "proceedStmt recoveryEnabled ref removeDecl replaceDecl requires result round rowRef set smallest " +
    "span stagesDecl stateDecl statusDecl string subtract system t tableDecl triggerDecl unaryExpr up " +
    "valueDecl version"
  ).split(" "),
);

let stdWords: Set<string> | undefined;
const LOCAL_SITES: ReadonlySet<Site["kind"]> = new Set(["parameter", "variable", "name", "member", "argument"]);

/** Whether the checker may treat `name` otherwise than any other name: a word it knows itself. */
export function knownWord(name: string): boolean {
  // A standard module's parameters and locals are its own: only what a system can see or extend counts.
  stdWords ??= new Set(stdModulesForHints().flatMap((f) => sitesOf(f).filter((s) => !LOCAL_SITES.has(s.kind)).map((s) => s.name.text)));
  return (
    Object.hasOwn(keywords, name) ||
    PRIMITIVES.includes(name) ||
    builtinFunction(name) !== undefined ||
    aggregateNamed(name) !== undefined ||
    CHECKER_WORDS.has(name) ||
    stdWords.has(name) ||
    name in Object.prototype ||
    name.startsWith("__")
  );
}

/**
 * Whether renaming `oldName` to `newName` by `edits` surely keeps the rules' meaning: neither name is a
 * word the checker knows, no file spells the new name yet, and every other place a rules file spells the
 * old one is a name the rename rightly leaves alone (one that means something else), not one in a form
 * no site lists. False says only "try it".
 */
export function freshRename(docs: Documents, oldName: string, newName: string, edits: readonly Location[]): boolean {
  if (knownWord(oldName) || knownWord(newName)) return false;
  const paths = docs.paths();
  if (paths.some((p) => docs.text(p)!.includes(newName))) return false;
  return leftAlone(docs, oldName, edits);
}

/**
 * Whether every place a rules file spells `oldName` is one of `edits`, a name the rename rightly leaves
 * alone (a site: one that means something else), or in a comment or string: none in a form no site lists.
 */
export function leftAlone(docs: Documents, oldName: string, edits: readonly Location[]): boolean {
  const edited = new Map<string, Set<number>>();
  for (const e of edits) {
    const text = docs.text(e.path);
    if (text === undefined) return false;
    const at = edited.get(e.path) ?? new Set<number>();
    at.add(offsetAt(text, e.range.line, e.range.col));
    edited.set(e.path, at);
  }
  for (const [p, text, at] of spelt(docs, oldName)) {
    if (edited.get(p)?.has(at) || docs.index.isSite(p, at) || inCommentOrString(text, at)) continue;
    // Spelt where no site is: what the checker makes of it is not known here.
    return false;
  }
  return true;
}

/** Each place a rules file spells `name` as a whole word: [path, text, offset]. */
export function* spelt(docs: Documents, name: string): Generator<[string, string, number]> {
  const word = new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`, "g");
  for (const p of docs.paths()) {
    if (!p.endsWith(".rules")) continue;
    const text = docs.text(p)!;
    if (!text.includes(name)) continue;
    for (const m of text.matchAll(word)) yield [p, text, m.index];
  }
}

/**
 * Whether `offset` stands in a `//` comment or a string (strings and comments end with their line,
 * grammar/tokens.ts). A string is a doc, an import's path, a title or a text value: the checker compares
 * it with other strings, never with a name, so the rename rightly leaves it alone.
 */
export function inCommentOrString(text: string, offset: number): boolean {
  let inString = false;
  for (let i = Math.max(text.lastIndexOf("\n", offset), text.lastIndexOf("\r", offset)) + 1; i < offset; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "/" && text[i + 1] === "/") return true;
  }
  return inString;
}
