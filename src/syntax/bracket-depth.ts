// How deeply brackets and blocks may nest, decided from the tokens before any parse. The parser
// recurses through a dozen grammar rules for each bracket, so the depth it survives depends on how
// much stack the caller left it (about 150 parentheses on node's default stack, fewer inside a test
// runner or an editor worker). Refusing by a count of tokens makes the answer the same everywhere and
// puts it at the bracket, not at 1:1. No rule text comes near this depth.
import type { IToken, TokenType } from "chevrotain";
import * as T from "../../grammar/tokens.ts";
import { diag, type Diagnostic } from "../core/diagnostics.ts";
import { tokenSpan } from "./cst-to-ast/spans.ts";
import { RECOVERY_TOKENS } from "./unclosed.ts";

export const MAX_BRACKET_DEPTH = 64;

const OPENERS = new Set<TokenType>([T.LBrace, T.LParen, T.LBracket]);
const CLOSERS = new Set<TokenType>([T.RBrace, T.RParen, T.RBracket]);

/**
 * E0002 at the first bracket that opens deeper than MAX_BRACKET_DEPTH; undefined when none does. In a
 * large file whose brackets do not balance, the depth is a guess: unclosed.ts cuts such a file at its
 * declarations and reports the bracket left open, so it is left to that.
 */
export function bracketsTooDeep(path: string, tokens: readonly IToken[]): Diagnostic | undefined {
  let depth = 0;
  let balanced = true;
  let first: IToken | undefined;
  for (const t of tokens) {
    if (OPENERS.has(t.tokenType)) {
      if (++depth > MAX_BRACKET_DEPTH && !first) first = t;
    } else if (CLOSERS.has(t.tokenType)) {
      if (depth === 0) balanced = false;
      else depth--;
    }
  }
  if (depth !== 0) balanced = false;
  if (!first || (!balanced && tokens.length > RECOVERY_TOKENS)) return undefined;
  const help = balanced ? "split it with `let` or a helper `fn`" : "is a bracket before it never closed? If not, split it with `let` or a helper `fn`";
  return diag("E0002", tokenSpan(path, first), `brackets and blocks are nested more than ${MAX_BRACKET_DEPTH} deep here`, help);
}
