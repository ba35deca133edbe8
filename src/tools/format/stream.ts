// The formatter's input: the lexer's own tokens (grammar/tokens.ts) with the comments put back in text
// order. The lexer keeps `///` doc comments in a group and skips `//` comments with the whitespace, so
// a gap between two tokens holds only whitespace and line comments; they are read back from the gap.
// Working from tokens, not from a syntax tree, keeps the formatter independent of how the parser
// builds its tree, and makes keeping every comment a matter of never dropping a token.
import type { IToken, TokenType } from "chevrotain";
import { lexer } from "../../../grammar/tokens.ts";

export interface LayoutToken {
  image: string;
  /** "code" for a token the parser reads; comments are kept but never parsed. */
  kind: "code" | "doc" | "comment";
  /** The grammar's token type; undefined for a `//` comment (skipped by the lexer). */
  type?: TokenType;
  start: number;
  end: number;
  /** Line breaks between the previous token (or comment) and this one in the original text. */
  breaksBefore: number;
}

const LINE_BREAK = /\r\n|\r|\n/g;
const LINE_COMMENT = /\/\/[^\n\r]*/g;

function breaksIn(text: string): number {
  return text.match(LINE_BREAK)?.length ?? 0;
}

/** The gap between two tokens, split into the line comments it holds, each with the breaks before it. */
function commentsIn(text: string, gapStart: number, gapEnd: number): { comments: LayoutToken[]; trailingBreaks: number } {
  const gap = text.slice(gapStart, gapEnd);
  const comments: LayoutToken[] = [];
  let last = 0;
  for (const m of gap.matchAll(LINE_COMMENT)) {
    const at = m.index;
    comments.push({ image: m[0], kind: "comment", start: gapStart + at, end: gapStart + at + m[0].length, breaksBefore: breaksIn(gap.slice(last, at)) });
    last = at + m[0].length;
  }
  return { comments, trailingBreaks: breaksIn(gap.slice(last)) };
}

/** Every token and comment of `text` in order; undefined when the text does not lex. */
export function layoutTokens(text: string): LayoutToken[] | undefined {
  const lexed = lexer.tokenize(text);
  if (lexed.errors.length > 0) return undefined;
  const grammarTokens: IToken[] = [...lexed.tokens, ...(lexed.groups["docs"] ?? [])].sort((a, b) => a.startOffset - b.startOffset);
  const out: LayoutToken[] = [];
  let pos = 0;
  for (const t of grammarTokens) {
    const gap = commentsIn(text, pos, t.startOffset);
    out.push(...gap.comments);
    out.push({
      image: t.image,
      kind: t.tokenType.name === "DocComment" ? "doc" : "code",
      type: t.tokenType,
      start: t.startOffset,
      end: t.startOffset + t.image.length,
      breaksBefore: gap.trailingBreaks,
    });
    pos = t.startOffset + t.image.length;
  }
  out.push(...commentsIn(text, pos, text.length).comments);
  return out;
}
