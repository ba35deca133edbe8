// The parser's fast path: a file read one top-level declaration at a time. Chevrotain's tree of a
// whole file lives until the last token is read, so on a large file it is promoted to the old
// generation and garbage collection grows with the file (cost per KB tripled from 10 KB to 100 KB).
// Cut at the declarations, each tree is built, turned into the AST and dropped while still young,
// and the cost per KB stays flat.
//
// The cut is where the grammar itself starts a declaration: outside every bracket, a token first on its
// line for which the `beginsDeclaration` gate holds. Wherever that gate holds, the grammar never
// continues the declaration before it (every place that could take such a name is behind that gate or
// `endsModifierAmount`, or needs the same line), so a file that reads without an error piece by piece
// reads the same as a whole. A file with any error is read again as a whole by the caller, so every
// diagnostic and every recovery is exactly that of the whole-file parse.
import { createTokenInstance, EOF, type CstNode, type IToken } from "chevrotain";
import { beginsDeclaration } from "../../grammar/gates.ts";
import { parser } from "../../grammar/parser.ts";
import type * as A from "../ast.ts";
import * as T from "../../grammar/tokens.ts";

/** Where each top-level declaration begins: indexes into `tokens`, the first always 0. */
export function declarationStarts(tokens: IToken[]): number[] {
  const starts = [0];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const type = t.tokenType;
    if (type === T.LBrace || type === T.LParen || type === T.LBracket) depth++;
    else if (type === T.RBrace || type === T.RParen || type === T.RBracket) depth--;
    else if (depth === 0 && i > 0 && tokens[i - 1]!.endLine !== t.startLine && beginsDeclaration(parser, (k) => tokens[i - 1 + k] ?? EOF_TOKEN)) starts.push(i);
  }
  return starts;
}

/** What `LA` gives past the last token: Chevrotain's end-of-input token. */
const EOF_TOKEN: IToken = createTokenInstance(EOF, "", NaN, NaN, NaN, NaN, NaN, NaN);

/**
 * Every declaration of a file that reads without an error, or undefined at the first error (syntax, or
 * a declaration `build` refuses), so the caller reads the whole file again and reports it.
 */
export function parseByDeclaration(tokens: IToken[], build: (node: CstNode) => A.Decl | undefined): A.Decl[] | undefined {
  const starts = declarationStarts(tokens);
  const decls: A.Decl[] = [];
  for (let s = 0; s < starts.length; s++) {
    parser.input = tokens.slice(starts[s], starts[s + 1] ?? tokens.length);
    const cst = parser.file();
    if (parser.errors.length > 0) return undefined;
    for (const node of cst.children["declaration"] ?? []) {
      if ("image" in node) return undefined;
      const decl = build(node);
      if (!decl) return undefined;
      decls.push(decl);
    }
  }
  return decls;
}
