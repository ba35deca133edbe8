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
// reads the same as a whole. From the first piece with an error on, the caller reads the rest as a
// whole, so every diagnostic and every recovery is exactly that of the whole-file parse.
import { createTokenInstance, EOF, type CstNode, type IToken } from "chevrotain";
import { beginsDeclaration } from "../../grammar/gates.ts";
import { parser } from "../../grammar/parser.ts";
import type * as A from "../core/ast.ts";
import type { PieceReader } from "./reuse.ts";
import * as T from "../../grammar/tokens.ts";
import { pushAll } from "../core/push-all.ts";

/** Where each top-level declaration begins: indexes into `tokens`, the first always 0. */
export function declarationStarts(tokens: IToken[]): number[] {
  const starts = [0];
  let depth = 0;
  // One lookahead for the whole loop: a closure over the loop's own `let i` would make a new scope
  // object on every token.
  let at = 0;
  const la = (k: number) => tokens[at - 1 + k] ?? EOF_TOKEN;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const type = t.tokenType;
    if (type === T.LBrace || type === T.LParen || type === T.LBracket) depth++;
    else if (type === T.RBrace || type === T.RParen || type === T.RBracket) depth--;
    else if (depth === 0 && i > 0 && tokens[i - 1]!.endLine !== t.startLine && beginsDeclaration(parser, ((at = i), la))) starts.push(i);
  }
  return starts;
}

/** What `LA` gives past the last token: Chevrotain's end-of-input token. */
const EOF_TOKEN: IToken = createTokenInstance(EOF, "", NaN, NaN, NaN, NaN, NaN, NaN);

/**
 * The declarations of a file read piece by piece, up to the first piece with an error (syntax, or a
 * declaration `build` refuses): `rest` is the index of that piece's first token, and the caller reads
 * from there to the end as a whole. Everything before it read cleanly, so the whole-file parse would
 * have reached that token in the same state (at the start of a declaration, with nothing left over),
 * and every diagnostic and recovery from there on is exactly that of the whole-file parse.
 */
export function parseByDeclaration(
  tokens: IToken[],
  starts: number[],
  from: number,
  build: (node: CstNode) => A.Decl | undefined,
  reuse?: { text: string; reader: PieceReader },
  fast?: (from: number, to: number) => A.Decl[] | undefined,
): { decls: A.Decl[]; rest?: number } {
  const decls: A.Decl[] = [];
  for (let s = from; s < starts.length; s++) {
    const end = starts[s + 1] ?? tokens.length;
    // The piece's text runs from the end of the token before it, so it holds its doc comment and the
    // line break before it: equal pieces give equal ASTs, but for where they stand.
    const before = tokens[starts[s]! - 1];
    const offset = before ? before.endOffset! + 1 : 0;
    const line = before ? before.endLine! : 1;
    const piece = reuse?.text.slice(offset, tokens[end - 1]!.endOffset! + 1);
    const found = piece === undefined ? undefined : reuse!.reader.find(piece, offset, line);
    if (found) {
      decls.push(...found);
      continue;
    }
    // The fast parser (fast/) first: it reads a clean piece straight into the AST, or declines it.
    const quick = fast?.(starts[s]!, end);
    if (quick) {
      if (piece !== undefined) reuse!.reader.keep(piece, offset, line, quick);
      pushAll(decls, quick);
      continue;
    }
    const cst = parser.fileWithoutRecovery(tokens.slice(starts[s], end));
    const built: A.Decl[] = [];
    const clean = parser.errors.length === 0 && (cst.children["declaration"] ?? []).every((node) => {
      const decl = "image" in node ? undefined : build(node);
      if (decl) built.push(decl);
      return decl !== undefined;
    });
    if (!clean) return { decls, rest: s };
    if (piece !== undefined) reuse!.reader.keep(piece, offset, line, built);
    decls.push(...built);
  }
  return { decls };
}

/** Pieces read as a whole around an error before the rest of the file is read in one go. */
const MAX_WINDOW = 16;

/**
 * The pieces from `first` (which has an error) read as a whole, as few as give the whole-file parse's
 * answer: the window grows until its last piece is read cleanly as a declaration of its own, starting
 * at the top level. The parse of the window then went as the whole-file parse goes up to that piece
 * (nothing in it looked past the piece's start, or the piece would not start a declaration there),
 * and that piece reads the same alone. `read` reads a window, and says whether it ends that way;
 * the answer is where the pieces go on, `starts.length` when the window ran to the end of the file.
 */
export function readAroundError(tokens: IToken[], starts: number[], first: number, read: (window: IToken[], lastPieceAt: number | undefined) => boolean, maxTokens = Infinity): number {
  for (let m = first + 2; ; m++) {
    const toEnd = m >= starts.length || m - first > MAX_WINDOW;
    // A window past `maxTokens` (a large file whose errors do not settle): the window before it, at least
    // the piece with the error, is read as it stands and the pieces go on after it. The diagnostics there
    // may differ from a whole-file parse's, whose tree would not fit in memory.
    if ((toEnd ? tokens.length : starts[m]!) - starts[first]! > maxTokens) {
      const stop = Math.max(first + 1, m - 1);
      read(tokens.slice(starts[first], stop < starts.length ? starts[stop] : tokens.length), undefined);
      return Math.min(stop, starts.length);
    }
    const window = tokens.slice(starts[first], toEnd ? tokens.length : starts[m]);
    if (read(window, toEnd ? undefined : tokens[starts[m - 1]!]!.startOffset) || toEnd) return toEnd ? starts.length : m;
  }
}
