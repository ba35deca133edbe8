// Large files with unbalanced brackets (issue 14, large files). The parser cuts a file into declarations
// outside every bracket (by-declaration.ts), so one `{` never closed makes the rest of the file one
// piece: Chevrotain's error recovery then ran over all of it (a 300 KB file took seconds to minutes,
// a 5 MB one was refused as one declaration "N tokens long"). In a long piece whose brackets do not
// balance, this cuts again where a declaration keyword begins a line at column 1, the place where the
// writer of the text evidently meant a new declaration to start, whatever the brackets say. A part
// left with a bracket open is E0007 at that bracket, naming where the next declaration seems to start,
// and is not read; the other parts are read as declarations of their own.
//
// Only pieces longer than RECOVERY_TOKENS are cut this way: a smaller file reads exactly as the whole-file
// parse reads it (the tests compare the two), and its unclosed bracket is reported by the parser.
import { createTokenInstance, EOF, type IToken, type TokenType } from "chevrotain";
import { beginsDeclaration } from "../../grammar/gates.ts";
import { parser } from "../../grammar/parser.ts";
import * as T from "../../grammar/tokens.ts";
import { diag, type Diagnostic } from "../core/diagnostics.ts";
import { tokenSpan } from "./cst-to-ast/spans.ts";

/**
 * The most tokens read with Chevrotain's error recovery in one file (syntax-error-budget.ts): recovery
 * tries to resync at each token after an error and builds an exception with a message for each, so on
 * a large broken file it cost seconds to minutes. A longer piece with unbalanced brackets is cut at
 * column-1 declarations (here); a piece past the budget is read with recovery off (its first error only).
 */
export const RECOVERY_TOKENS = 10_000;

const CLOSER = new Map<TokenType, string>([
  [T.LBrace, "}"],
  [T.LParen, ")"],
  [T.LBracket, "]"],
]);
const CLOSERS = new Set<TokenType>([T.RBrace, T.RParen, T.RBracket]);

/** What `LA` gives past the last token. */
const EOF_TOKEN: IToken = createTokenInstance(EOF, "", NaN, NaN, NaN, NaN, NaN, NaN);

export interface WithoutUnclosed {
  /** The tokens without the parts left with a bracket open. */
  tokens: IToken[];
  /** Where each declaration of `tokens` begins: the pieces' starts, and the cuts made here. */
  starts: number[];
  /** E0007 for each part left out. */
  diagnostics: Diagnostic[];
  /** The tokens of each part left out (`from`..`to` in the tokens given), and the offsets they run over, for their names. */
  dropped: { from: number; to: number; start: number; end: number }[];
}

/** The long pieces with unbalanced brackets cut at column-1 declarations; undefined when there are none. */
export function withoutUnclosed(path: string, tokens: IToken[], starts: number[]): WithoutUnclosed | undefined {
  if (!starts.some((from, s) => (starts[s + 1] ?? tokens.length) - from > RECOVERY_TOKENS)) return undefined;
  const out: WithoutUnclosed = { tokens: [], starts: [], diagnostics: [], dropped: [] };
  let changed = false;
  for (let s = 0; s < starts.length; s++) {
    const from = starts[s]!;
    const to = starts[s + 1] ?? tokens.length;
    const cuts = to - from > RECOVERY_TOKENS && openBracket(tokens, from, to) !== undefined ? columnOneStarts(tokens, from, to) : [from];
    if (cuts.length > 1) changed = true;
    cuts.forEach((a, c) => {
      const b = cuts[c + 1] ?? to;
      const open = cuts.length > 1 ? openBracket(tokens, a, b) : undefined;
      if (open === undefined || open < 0) {
        out.starts.push(out.tokens.length);
        for (let i = a; i < b; i++) out.tokens.push(tokens[i]!);
        return;
      }
      out.diagnostics.push(neverClosed(path, tokens[open]!, b < to ? tokens[b] : undefined));
      out.dropped.push({ from: a, to: b, start: tokens[a]!.startOffset, end: tokens[b - 1]!.endOffset! + 1 });
    });
  }
  return changed ? out : undefined;
}

/** E0007 at an opening bracket never closed, naming where the next declaration seems to start. */
function neverClosed(path: string, open: IToken, next: IToken | undefined): Diagnostic {
  const closer = CLOSER.get(open.tokenType)!;
  if (next === undefined) return diag("E0007", tokenSpan(path, open), `this \`${open.image}\` is never closed`, `close it with \`${closer}\` where what it opens ends`);
  return diag(
    "E0007",
    tokenSpan(path, open),
    `this \`${open.image}\` is never closed: the next declaration seems to start at line ${next.startLine} (\`${next.image}\` at column 1), so what is between is not read`,
    `close it with \`${closer}\` before line ${next.startLine}`,
  );
}

/**
 * The outermost bracket of `tokens[from..to)` that is never closed there: its index; -1 when every bracket
 * closes but a closer has nothing open (the depth never comes back to 0, so the piece is cut too, but no
 * part is left out for it: the parser reports the stray closer); undefined when the brackets balance.
 */
function openBracket(tokens: IToken[], from: number, to: number): number | undefined {
  const open: number[] = [];
  let unopened = false;
  for (let i = from; i < to; i++) {
    const t = tokens[i]!.tokenType;
    if (CLOSER.has(t)) open.push(i);
    else if (CLOSERS.has(t)) {
      if (open.length === 0) unopened = true;
      else open.pop();
    }
  }
  if (open.length > 0) return open[0];
  return unopened ? -1 : undefined;
}

/** `from`, and each token of `tokens[from..to)` at column 1 that begins a declaration. */
function columnOneStarts(tokens: IToken[], from: number, to: number): number[] {
  const cuts = [from];
  for (let i = from + 1; i < to; i++) {
    if (tokens[i]!.startColumn === 1 && beginsDeclaration(parser, (k) => tokens[i - 1 + k] ?? EOF_TOKEN)) cuts.push(i);
  }
  return cuts;
}
