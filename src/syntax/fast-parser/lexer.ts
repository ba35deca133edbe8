// The fast lexer: the grammar's tokens (grammar/tokens.ts), made as Chevrotain's lexer makes them (same
// token objects, positions, `docs` group), in one pass of character codes instead of one regular
// expression per candidate token. Outside comments and strings it knows printable ASCII, spaces, tabs
// and line breaks only: any other character there, and anything the grammar's lexer would report as an
// error (an unknown character, an unterminated string), gives undefined, and the caller uses
// Chevrotain's lexer, the lexer of record.
// test/syntax/fast-parser.test.ts compares the two on every input of the golden corpus.
import type { ILexingResult, IToken, TokenType } from "chevrotain";
import * as T from "../../../grammar/tokens.ts";
import { list } from "./nodes.ts";

const KEYWORDS = new Map<string, TokenType>(Object.entries(T.keywords));
const DICE = /^[0-9]*d[0-9]+$/;

/** One-character operators, by character code. */
const SINGLE = new Map<number, TokenType>(
  [
    ["<", T.Lt], [">", T.Gt], ["=", T.Eq], ["+", T.Plus], ["-", T.Minus], ["*", T.Star], ["/", T.Slash], ["%", T.Percent],
    [".", T.Dot], [",", T.Comma], [":", T.Colon], [";", T.Semicolon], ["?", T.Question], ["(", T.LParen], [")", T.RParen],
    ["{", T.LBrace], ["}", T.RBrace], ["[", T.LBracket], ["]", T.RBracket],
  ].map(([c, t]) => [(c as string).charCodeAt(0), t as TokenType]),
);
/** Two-character operators, by their text; tried before the one-character ones, as the grammar's order does. */
const DOUBLE = new Map<string, TokenType>([["->", T.Arrow], ["=>", T.FatArrow], ["+=", T.PlusEq], ["-=", T.MinusEq], ["==", T.EqEq], ["!=", T.NotEq], ["<=", T.LtEq], [">=", T.GtEq], ["..", T.DotDot]]);

/** Every token type the fast lexer makes: test/syntax/fast-parser.test.ts checks it is every type of grammar/tokens.ts with a pattern, so a new token cannot be lexed as two old ones. */
export const FAST_LEXER_TYPES: ReadonlySet<TokenType> = new Set([...KEYWORDS.values(), ...SINGLE.values(), ...DOUBLE.values(), T.DiceLiteral, T.Integer, T.Identifier, T.Underscore, T.StringLiteral, T.DocComment, T.LineComment, T.WhiteSpace]);

/** The first characters of the two-character operators: only after one is the pair looked up. */
const DOUBLE_FIRST = new Set([...DOUBLE.keys()].map((d) => d.charCodeAt(0)));

/**
 * A token as Chevrotain's lexer makes it, made by a constructor rather than an object literal: V8
 * pretenures the objects of a literal that mostly survive a scavenge (allocation-site pretenuring), and
 * a file's tokens all live until the file is read, so literal tokens went straight to the old
 * generation where, dead a moment later, only a full collection frees them. Objects made by `new`
 * are always made young. A token never spans lines, so its end is computed from its start and its
 * text instead of kept: a third fewer fields on the most numerous object of a parse.
 */
class Token implements IToken {
  constructor(
    readonly image: string,
    readonly startOffset: number,
    readonly startLine: number,
    readonly startColumn: number,
    readonly tokenTypeIdx: number,
    readonly tokenType: TokenType,
  ) {}
  get endOffset(): number {
    return this.startOffset + this.image.length - 1;
  }
  get endLine(): number {
    return this.startLine;
  }
  get endColumn(): number {
    return this.startColumn + this.image.length - 1;
  }
}

const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
const isDigit = (c: number) => c >= 48 && c <= 57;

export function fastLex(text: string): ILexingResult | undefined {
  // Made without an allocation site, as the parser's nodes are (fast/nodes.ts).
  const tokens = list<IToken>();
  const docs = list<IToken>();
  let line = 1;
  let lineStart = 0;
  const token = (type: TokenType, start: number, end: number, image = text.slice(start, end)): IToken => new Token(image, start, line, start - lineStart + 1, type.tokenTypeIdx!, type);
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      // Line breaks as Chevrotain counts them: `\r\n`, `\r` and `\n` each one line.
      if (c === 10 || c === 13) {
        i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
        line++;
        lineStart = i;
      } else i++;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
      let end = i + 2;
      while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
      if (text.charCodeAt(i + 2) === 47) docs.push(token(T.DocComment, i, end));
      i = end;
      continue;
    }
    if (isWordChar(c)) {
      let end = i + 1;
      while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
      const word = text.slice(i, end);
      if (isDigit(c) || c === 100) {
        if (DICE.test(word)) tokens.push(token(T.DiceLiteral, i, end, word));
        else if (isDigit(c)) {
          end = i + 1;
          while (isDigit(text.charCodeAt(end))) end++;
          tokens.push(token(T.Integer, i, end));
        } else tokens.push(token(KEYWORDS.get(word) ?? T.Identifier, i, end, word));
      } else tokens.push(token(KEYWORDS.get(word) ?? (word === "_" ? T.Underscore : T.Identifier), i, end, word));
      i = end;
      continue;
    }
    if (c === 34) {
      let end = i + 1;
      for (;;) {
        const d = text.charCodeAt(end);
        if (d === 34) break;
        // Past the end, a line break, or `\` before one: the grammar's lexer reports it.
        if (Number.isNaN(d) || d === 10 || d === 13) return undefined;
        if (d === 92) {
          const e = text.charCodeAt(end + 1);
          // `\.` of the string pattern: `.` takes no line break, nor U+2028 and U+2029.
          if (Number.isNaN(e) || e === 10 || e === 13 || e === 0x2028 || e === 0x2029) return undefined;
          end++;
        }
        end++;
      }
      tokens.push(token(T.StringLiteral, i, end + 1));
      i = end + 1;
      continue;
    }
    const two = DOUBLE_FIRST.has(c) ? DOUBLE.get(text.slice(i, i + 2)) : undefined;
    if (two) {
      tokens.push(token(two, i, i + 2));
      i += 2;
      continue;
    }
    const one = SINGLE.get(c);
    if (!one) return undefined;
    tokens.push(token(one, i, i + 1));
    i++;
  }
  return { tokens, groups: { docs }, errors: [] };
}
