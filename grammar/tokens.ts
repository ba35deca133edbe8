// The single source of the language's lexical syntax. The parser, the editor highlighting and the
// syntax diagrams are all generated from these definitions. The keywords that begin statements, with
// their reservation, and the words of the regular statements' forms come from statement-forms.ts.
import { createToken, Lexer, type TokenType } from "chevrotain";
import { statementSyntax, wordsOf, type StatementSyntax } from "./statement-forms.ts";

/**
 * Names, as token categories the parser consumes. `AnyName` is any word: an Identifier or any keyword,
 * taken where only a name can stand (after `.`, a field of a `kind` or `state`, a parameter, a named
 * argument before `:`, an enum member). `Name` is an Identifier or a *soft* keyword, taken where a name
 * and a keyword could both stand (a declaration's name, a `let`/`for`/comprehension binder, a name in
 * an expression, a type, the event or status a statement names).
 */
export const AnyName = createToken({ name: "AnyName", pattern: Lexer.NA, label: "a name" });
export const Name = createToken({ name: "Name", pattern: Lexer.NA, label: "a name" });

export const Identifier = createToken({ name: "Identifier", pattern: /[A-Za-z_][A-Za-z0-9_]*/, label: "a name", categories: [Name, AnyName] });

/** Token categories let the editor colour tokens without a second keyword list. */
export const Keyword = createToken({ name: "Keyword", pattern: Lexer.NA });
export const Literal = createToken({ name: "Literal", pattern: Lexer.NA });
export const Operator = createToken({ name: "Operator", pattern: Lexer.NA });

/** The keywords no statement begins with (those are in statement-forms.ts, with their reservation). */
const otherKeywords = [
  "import", "enum", "kind", "record", "state", "status", "until", "event", "on", "before", "instead", "of",
  "when", "order", "fn", "value", "modifier", "table", "example", "then", "else",
  "in", "to", "from", "has", "roll", "choose", "true", "false", "and", "or", "not", "where", "die", "as", "by",
  "stages", "none", "extend", "replace", "final", "handler", "row", "overrides", "stacks",
] as const;

export type KeywordName = (typeof otherKeywords)[number] | (typeof statementSyntax)[number]["keyword"];

/** Every keyword: the statements' first, then the others, then any word of a statement's form no other rule uses. */
const keywordNames: readonly KeywordName[] = [
  ...new Set<string>([
    ...statementSyntax.map((s) => s.keyword),
    ...otherKeywords,
    ...statementSyntax.flatMap((s: StatementSyntax) => wordsOf(s.form ?? []).filter((w) => /^[a-z]+$/.test(w))),
  ]),
] as KeywordName[];

/**
 * The keywords that stay reserved: they cannot be a declaration's name, a binder or a name in an
 * expression (they remain usable as fields, parameters, enum members and named arguments). Every
 * other keyword is soft, so a new keyword is usable as a name unless it is listed here, or a statement
 * it begins gives a reason in statement-forms.ts.
 */
export const reservedWords: ReadonlyMap<KeywordName, string> = new Map<KeywordName, string>([
  // A statement starts with each of these: as a name, `let x = 1` and `emit E()` would read two ways.
  ...statementSyntax.flatMap((s: StatementSyntax): [KeywordName, string][] => (s.reserved ? [[s.keyword as KeywordName, s.reserved]] : [])),
  // Each of these starts an expression or is a literal.
  ["roll", "starts an expression"],
  ["choose", "starts an expression"],
  ["not", "starts an expression"],
  ["true", "is a literal"],
  ["none", "is a literal: the value of an optional type that holds nothing"],
  ["false", "is a literal"],
  // Each of these joins or ends expressions, so a name there would run into the expression before it.
  ["and", "joins two conditions"],
  ["or", "joins two conditions"],
  ["has", "tests a status after an expression"],
  ["then", "separates the parts of `if c then a else b`"],
  ["else", "follows a block or an expression"],
  ["in", "separates a binder from its source, and a type from its range"],
  ["where", "follows the source of a comprehension"],
]);

export function isReserved(word: string): boolean {
  return reservedWords.has(word as KeywordName);
}

/** The built-in type names: names to the lexer, not keywords (the checker resolves them). */
export const PRIMITIVES = ["int", "bool", "text", "list", "tally", "die"];

export const keywords = {} as Record<KeywordName, TokenType>;
for (const name of keywordNames) {
  const nameCategories = isReserved(name) ? [AnyName] : [Name, AnyName];
  keywords[name] = createToken({
    name: `Kw_${name}`,
    pattern: new RegExp(`${name}\\b`),
    longer_alt: Identifier,
    // The literals are coloured as constants (grammar/highlighting.ts); the category means nothing to the parser.
    categories: name === "true" || name === "false" || name === "none" ? [Keyword, Literal, ...nameCategories] : [Keyword, ...nameCategories],
    label: `\`${name}\``,
  });
}

export const DiceLiteral = createToken({
  name: "DiceLiteral",
  pattern: /[0-9]*d[0-9]+\b/,
  longer_alt: Identifier,
  categories: [Literal],
  label: "a dice literal like `d20`",
});
export const Integer = createToken({ name: "Integer", pattern: /[0-9]+/, categories: [Literal], label: "a number" });
export const StringLiteral = createToken({
  name: "StringLiteral",
  pattern: /"(?:[^"\\\r\n]|\\.)*"/,
  categories: [Literal],
  label: "a string",
});

function op(name: string, pattern: string): TokenType {
  return createToken({ name, pattern, categories: [Operator], label: `\`${pattern}\`` });
}
export const Arrow = op("Arrow", "->");
export const FatArrow = op("FatArrow", "=>");
export const PlusEq = op("PlusEq", "+=");
export const MinusEq = op("MinusEq", "-=");
export const EqEq = op("EqEq", "==");
export const NotEq = op("NotEq", "!=");
export const LtEq = op("LtEq", "<=");
export const GtEq = op("GtEq", ">=");
export const Lt = op("Lt", "<");
export const Gt = op("Gt", ">");
export const Eq = op("Eq", "=");
export const Plus = op("Plus", "+");
export const Minus = op("Minus", "-");
export const Star = op("Star", "*");
export const Slash = op("Slash", "/");
export const Percent = op("Percent", "%");
export const DotDot = op("DotDot", "..");
export const Dot = op("Dot", ".");
export const Comma = op("Comma", ",");
export const Colon = op("Colon", ":");
export const Semicolon = op("Semicolon", ";");
/** `Unit?`: an optional type, whose value may be `none`. */
export const Question = op("Question", "?");
export const LParen = op("LParen", "(");
export const RParen = op("RParen", ")");
export const LBrace = op("LBrace", "{");
export const RBrace = op("RBrace", "}");
export const LBracket = op("LBracket", "[");
export const RBracket = op("RBracket", "]");
export const Underscore = createToken({ name: "Underscore", pattern: /_(?![A-Za-z0-9_])/, label: "`_`" });

/** `///` comments document the declaration below them; they reach hover text and reference docs. */
export const DocComment = createToken({ name: "DocComment", pattern: /\/\/\/[^\n\r]*/, group: "docs" });
export const LineComment = createToken({ name: "LineComment", pattern: /\/\/[^\n\r]*/, group: Lexer.SKIPPED });
export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /\s+/, group: Lexer.SKIPPED });

export const allTokens: TokenType[] = [
  WhiteSpace, DocComment, LineComment,
  Keyword, Literal, Operator, Name, AnyName,
  DiceLiteral,
  ...Object.values(keywords),
  Underscore, Identifier, Integer, StringLiteral,
  Arrow, FatArrow, PlusEq, MinusEq, EqEq, NotEq, LtEq, GtEq, Lt, Gt, Eq, Plus, Minus, Star, Slash, Percent,
  DotDot, Dot, Comma, Colon, Semicolon, Question, LParen, RParen, LBrace, RBrace, LBracket, RBracket,
];

/** The token a word of a statement's form stands for: a keyword, or the punctuation whose text it is (`..`, `=`). */
export function wordToken(word: string): TokenType {
  const token = (keywords as Record<string, TokenType | undefined>)[word] ?? allTokens.find((t) => t.CATEGORIES?.includes(Operator) && t.PATTERN === word);
  if (!token) throw new Error(`internal: a statement form takes \`${word}\`, which is no keyword or punctuation`);
  return token;
}

export const lexer = new Lexer(allTokens, { positionTracking: "full", ensureOptimizations: false });
