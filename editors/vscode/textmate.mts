// The extension's TextMate grammar, generated from the grammar's own token definitions
// (grammar/tokens.ts) as the playground's Monaco highlighting is (grammar/highlighting.ts, whose
// colour classes it reuses): one pattern per token in the lexer's order, so a keyword added to the
// grammar is highlighted in VS Code without touching this file. `npm run package:vscode` writes it.
import type { TokenType } from "chevrotain";
import { allTokens, isReserved, keywords } from "../../grammar/tokens.ts";
import { tokenClass } from "../../grammar/highlighting.ts";

export const SCOPE_NAME = "source.rules";

/** The TextMate scope for each colour class of the playground, so both editors colour alike. */
const SCOPES: Record<string, string> = {
  keyword: "keyword.control",
  "keyword.constant": "constant.language",
  string: "string.quoted.double",
  "number.dice": "constant.numeric.dice",
  number: "constant.numeric",
  "comment.doc": "comment.line.documentation",
  comment: "comment.line.double-slash",
  identifier: "variable.other",
  "delimiter.bracket": "punctuation.bracket",
  delimiter: "punctuation.separator",
  operator: "keyword.operator",
};

/** The playground's colour class of a TextMate scope: the inverse of SCOPES, for the test. */
export function classOfScope(scope: string): string | undefined {
  const base = scope.replace(/\.rules$/, "");
  return Object.entries(SCOPES).find(([, s]) => s === base)?.[0];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

interface Pattern {
  match: string;
  name: string;
}

export interface TextMateGrammar {
  $comment: string;
  name: string;
  scopeName: string;
  fileTypes: string[];
  patterns: Pattern[];
}

/**
 * The places where a keyword is a name, as the parser reads it (grammar/tokens.ts: any keyword may name a
 * field, a parameter, a member or a named argument; a soft one, any name): TextMate sees one line and no
 * tree, so these are read from the characters around the word. Tried before the keywords' own patterns.
 */
function keywordsAsNames(): Pattern[] {
  const all = Object.keys(keywords);
  const soft = all.filter((k) => !isReserved(k));
  const word = (ks: string[]) => `\\b(?:${ks.join("|")})\\b`;
  const name = `${SCOPES.identifier}.rules`;
  // Operators a name stands next to in an expression; a lone `-` is left out (`multiply x by -1`).
  const before = "(?:==|!=|<=|>=|\\+=|-=|=(?![=>])|[+*/%<>])";
  // What a name may follow: an operator, `:`, an opening bracket or a comma, with a space or not. A
  // look-behind takes alternatives of fixed lengths only, so each is written out.
  // A `<` or `>` counts with a space before it: `tally<Icon> stages` closes a type.
  const after = ["==", "!=", "<=", ">=", "=>", "[=+\\-*/%:(,\\[]"].flatMap((a) => [a, `${a} `]).concat([" < ", " > "]).join("|");
  return [
    // `x.to`: a member (after one dot, not the `..` of a range).
    { match: `(?<=[^.]\\.)${word(all)}`, name },
    // `to: Hex`, `Unit(to: h)`: a field, parameter or named argument; not an operand before a modifier's
    // `:` (`when n != none : add 1`), which follows an operator.
    { match: `(?<![=<>!+\\-*/%] |[=<>!+\\-*/%])${word(all)}(?=\\s*:)`, name },
    // A soft keyword as a name in an expression: a binder, an operand, an argument, the object of `.`.
    { match: `(?<=\\blet |\\bfor )${word(soft)}`, name },
    { match: `${word(soft)}(?=\\s*(?:\\.(?!\\.)|${before}|[,)\\]]))`, name },
    { match: `(?<=${after})${word(soft)}`, name },
  ];
}

/** One `match` pattern per token that has a pattern, in the lexer's order; first the keywords where they are names. */
export function textmateFromGrammar(tokens: readonly TokenType[] = allTokens): TextMateGrammar {
  const patterns: Pattern[] = keywordsAsNames();
  for (const t of tokens) {
    const cls = tokenClass(t);
    const scope = cls === undefined ? undefined : SCOPES[cls];
    if (scope === undefined) continue; // whitespace, and categories without a pattern of their own
    const source = t.PATTERN instanceof RegExp ? t.PATTERN.source : typeof t.PATTERN === "string" ? escapeRegExp(t.PATTERN) : undefined;
    if (source === undefined) continue;
    // TextMate takes the earliest match on the line; a keyword must not match inside a longer name.
    const match = cls!.startsWith("keyword") ? `\\b${source}` : source;
    patterns.push({ match, name: `${scope}.rules` });
  }
  patterns.push({ match: "\\S", name: "invalid.illegal.rules" });
  return {
    $comment: "Generated from grammar/tokens.ts by scripts/vscode-grammar.ts; do not edit.",
    name: "Rules",
    scopeName: SCOPE_NAME,
    fileTypes: ["rules"],
    patterns,
  };
}
