// Editor highlighting generated from the grammar's own token definitions (grammar/tokens.ts): each
// token's pattern becomes a Monarch rule and its category picks the colour, so a keyword added to the
// grammar is highlighted without touching this file. There is no second keyword list.
import type { TokenType } from "chevrotain";
import { allTokens, DocComment, Identifier, Keyword, LineComment, Literal, Operator, StringLiteral, Underscore, WhiteSpace, DiceLiteral } from "./tokens.ts";

/** The subset of Monaco's IMonarchLanguage used here; kept structural so this file has no Monaco import. */
export interface MonarchLanguage {
  defaultToken: string;
  tokenPostfix: string;
  brackets: { open: string; close: string; token: string }[];
  tokenizer: { root: [RegExp, string][] };
}

const BRACKETS: Record<string, string> = { "(": ")", "{": "}", "[": "]" };

/** The Monaco token class for a grammar token, from its category: keyword, literal, operator, comment. */
export function tokenClass(t: TokenType): string | undefined {
  if (t === WhiteSpace) return "white";
  if (t === DocComment) return "comment.doc";
  if (t === LineComment) return "comment";
  if (t === Identifier || t === Underscore) return "identifier";
  const categories = t.CATEGORIES ?? [];
  if (categories.includes(Keyword)) return categories.includes(Literal) ? "keyword.constant" : "keyword";
  if (t === StringLiteral) return "string";
  if (t === DiceLiteral) return "number.dice";
  if (categories.includes(Literal)) return "number";
  if (categories.includes(Operator)) {
    const text = String(t.PATTERN);
    if (text in BRACKETS || Object.values(BRACKETS).includes(text)) return "delimiter.bracket";
    if (text === "," || text === ";" || text === "." || text === ":") return "delimiter";
    return "operator";
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One Monarch rule per token, in the lexer's own order, so the first match wins as it does in Chevrotain. */
export function monarchFromGrammar(tokens: readonly TokenType[] = allTokens): MonarchLanguage {
  const root: [RegExp, string][] = [];
  for (const t of tokens) {
    const pattern = t.PATTERN;
    const cls = tokenClass(t);
    if (!cls) continue;
    if (pattern instanceof RegExp) root.push([new RegExp(pattern.source), cls]);
    else if (typeof pattern === "string") root.push([new RegExp(escapeRegExp(pattern)), cls]);
    // Categories (Lexer.NA) and custom matchers have no pattern of their own to highlight.
  }
  // A character no token accepts (an unclosed string's quote, `#`) is shown as invalid, as the checker reports it.
  root.push([/./, "invalid"]);
  const brackets = Object.entries(BRACKETS).map(([open, close]) => ({ open, close, token: "delimiter.bracket" }));
  return { defaultToken: "invalid", tokenPostfix: ".rules", brackets, tokenizer: { root } };
}
