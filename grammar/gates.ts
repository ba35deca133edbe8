// Gates: the lookahead tests that decide, at a few places, whether the parser takes an alternative.
// Each reads the tokens ahead through `LA`; those that need the grammar itself read it from the parser.
import { Alternation, Alternative, EOF, NonTerminal, Terminal, tokenMatcher, type IProduction, type IToken, type Rule, type TokenType } from "chevrotain";
import * as T from "./tokens.ts";

const k = T.keywords;

/** The tokens ahead: `LA(1)` is the next one, `LA(0)` the last one taken. */
export type Lookahead = (i: number) => IToken;

/** A parser whose recorded grammar a gate reads. */
export interface Grammar {
  getGAstProductions(): Record<string, Rule>;
}

/**
 * The keywords that start a declaration, read from the grammar so that a new declaration is covered.
 * Every parser instance has the same grammar, so the first one read serves them all.
 */
let declarationStarts: Set<TokenType> | undefined;
function startsOfDeclaration(grammar: Grammar): Set<TokenType> {
  return (declarationStarts ??= firstTokens(grammar.getGAstProductions()["declaration"]!.definition));
}

/** Whether `next` cannot begin a modifier's amount: `as`, `by` or a word that starts a declaration. */
export function endsModifierAmount(grammar: Grammar, next: IToken): boolean {
  const t = next.tokenType;
  return t === k.as || t === k.by || startsOfDeclaration(grammar).has(t);
}

/**
 * Whether the next tokens begin a declaration rather than an expression that uses a soft keyword as a
 * name: a declaration keyword first on its line, in the shape a declaration starts with (`enum Side {`,
 * `fn f(`, `modifier m for`, `on E when`, `status s` then another declaration, `example "e"`,
 * `state {`, `instead of`). Without this, the unfinished `3 *` of one declaration would take the
 * `enum` of the next as its operand, and every later error in the file would go unreported. An
 * expression never has a name followed by a name or text, so in a file that parses either way this
 * only decides which error is reported.
 */
export function beginsDeclaration(grammar: Grammar, LA: Lookahead): boolean {
  // The parser asks this before every name it reads: the common answer (not a declaration word) first,
  // and nothing allocated.
  const starts = startsOfDeclaration(grammar);
  const word = LA(1);
  if (!starts.has(word.tokenType)) return false;
  const prev = LA(0) as IToken | undefined;
  if (prev !== undefined && prev.tokenType !== EOF && prev.endLine === word.startLine) return false;
  const next = LA(2);
  if (PREFIXES.has(word.tokenType)) return prefixedDeclaration(word.tokenType, next.tokenType, LA(3));
  if (next.tokenType === T.StringLiteral || next.tokenType === k.of || (word.tokenType === k.state && next.tokenType === T.LBrace)) return true;
  if (!tokenMatcher(next, T.Name)) return false;
  const after = LA(3).tokenType;
  return AFTER_DECLARATION_NAME.has(after) || starts.has(after);
}
/** What follows the name where a declaration starts (`fn f(`, `kind K {`, `modifier m for`, ...). */
const AFTER_DECLARATION_NAME: ReadonlySet<TokenType> = new Set([T.LParen, T.LBrace, k.for, k.of, k.when, k.order, k.until, EOF]);
/** The words that go before a declaration's own keyword: `extend enum`, `final kind`, `replace modifier`, `remove row`. */
const PREFIXES: ReadonlySet<TokenType> = new Set([k.extend, k.final, k.replace, k.remove]);
/** The declaration keywords each prefix takes. */
const PREFIXED: ReadonlySet<TokenType> = new Set([k.enum, k.kind, k.record, k.table, k.modifier, k.on, k.before, k.instead, k.handler, k.row]);
/**
 * A prefix begins a declaration before one of its keywords; `remove` also needs a name after that keyword
 * other than `from`, since the statement `remove row from rows` starts with the same two words.
 */
function prefixedDeclaration(prefix: TokenType, next: TokenType, third: IToken): boolean {
  if (!PREFIXED.has(next)) return false;
  return prefix !== k.remove || (tokenMatcher(third, T.Name) && third.tokenType !== k.from);
}
function firstTokens(defs: IProduction[]): Set<TokenType> {
  const first = defs[0];
  if (first instanceof Terminal) return new Set([first.terminalType]);
  if (first instanceof NonTerminal) return firstTokens(first.referencedRule.definition);
  if (first instanceof Alternation) return new Set(first.definition.flatMap((alt) => [...firstTokens((alt as Alternative).definition)]));
  return new Set();
}

/**
 * `proceed` is a contextual keyword: a statement only where a name alone could not mean anything
 * else (not followed by `=`, `+=`, `-=`, `.`, `(` or `[`), so `proceed` stays usable as a name.
 */
export function atProceed(LA: Lookahead): boolean {
  const t = LA(1);
  if (t.tokenType !== T.Identifier || t.image !== "proceed") return false;
  const next = LA(2).tokenType;
  return ![T.Eq, T.PlusEq, T.MinusEq, T.Dot, T.LParen, T.LBracket].includes(next);
}

/** Whether the next token is on the line where the last one ended: a duration never spans lines. */
export function sameLine(LA: Lookahead): boolean {
  const last = LA(0);
  const next = LA(1);
  return last.endLine === undefined || next.startLine === last.endLine;
}

/** `round` followed by a name; anything else leaves `round` an ordinary name. */
export function startsRounding(LA: Lookahead): boolean {
  return LA(1).image === "round" && LA(1).tokenType === T.Identifier && LA(2).tokenType === T.Identifier;
}
