// The parser's error messages in plain words. Chevrotain builds each syntax error's text through this
// provider; `src/syntax/parse.ts` reports it as E0002 at the token the parser could not take.
import { tokenMatcher, type IParserErrorMessageProvider, type IToken, type TokenType } from "chevrotain";
import * as T from "./tokens.ts";

/** Plain-words messages: `expected \`}\` but found \`fn\``. */
export const errorMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, actual, previous }) =>
    // `multiply exclusive ]`: the stage's rule is missing (`exclusive` is read as such only after a stage's name).
    previous?.image === "exclusive" && expected === T.Identifier
      ? `expected the rule of the exclusive stage, \`largest\`, \`smallest\` or \`first\`, but found ${describe(actual.image)}`
      : previous?.tokenType === T.Dot && actual.tokenType === T.Integer
      ? // `1.25` reads as `1`, `.`, `25`: say what the language has instead of a decimal.
        `numbers are whole: there is no \`.${actual.image}\`; write a fraction as a multiplication and a division with its rounding, like \`x * 5 / 4 round nearest\``
      : `expected ${tokenLabel(expected)} but found ${describe(actual.image)}${asName(actual, expected)}${comparisonSlip(actual, expected)}`,
  buildNotAllInputParsedMessage: ({ firstRedundant }) =>
    `unexpected ${describe(firstRedundant.image)}: expected a declaration (\`fn\`, \`kind\`, \`enum\`, ...)`,
  buildNoViableAltMessage: ({ expectedPathsPerAlt, actual, ruleName }) => {
    // `if x = 6 {`: no statement starts `if x =`, so the parser gives up at `if`; the slip is the `=`.
    if (isComparisonSlip(actual, expectedPathsPerAlt)) return `unexpected \`=\` in ${humanRule(ruleName)}${COMPARISON_SLIP}`;
    const firsts = new Set<string>();
    for (const alt of expectedPathsPerAlt) for (const path of alt) if (path[0]) firsts.add(tokenLabel(path[0]));
    const list = [...firsts].slice(0, 6).join(", ");
    const where = humanRule(ruleName);
    if (where === "an expression") return `expected an expression but found ${describe(actual[0]?.image)}`;
    const expected = firsts.size === 1 ? list : `one of ${list}`;
    return `unexpected ${describe(actual[0]?.image)} in ${where}${list ? `: expected ${expected}` : ""}`;
  },
  buildEarlyExitMessage: ({ expectedIterationPaths, actual, ruleName }) => {
    const firsts = new Set<string>();
    for (const path of expectedIterationPaths) if (path[0]) firsts.add(tokenLabel(path[0]));
    return `unexpected ${describe(actual[0]?.image)} in ${humanRule(ruleName)}: expected ${[...firsts].slice(0, 6).join(", ")}`;
  },
};

/**
 * Whether the `=` the parser looked ahead to is a slip for `==`: it is on the line the error starts on,
 * that line is no `let` (whose `=` is right), and the parser did not expect an `=` next (an
 * expression-bodied `fn`), so a mistake elsewhere is not blamed on a good `=`.
 */
function isComparisonSlip(actual: IToken[], expectedPathsPerAlt: TokenType[][][]): boolean {
  const first = actual[0];
  const eq = actual.slice(1).find((t) => t.image === "=");
  if (!first || !eq || eq.startLine !== first.startLine) return false;
  if (actual.slice(0, actual.indexOf(eq)).some((t) => t.image === "let")) return false;
  return !expectedPathsPerAlt.some((alt) => alt.some((path) => path[0] === T.Eq));
}

const COMPARISON_SLIP = ": use `==` to compare (`=` only gives a value, after `let` or to a field)";

/** `=` where a comparison was meant (`expect x = 6`), said in the author's words. */
function comparisonSlip(actual: IToken, expected: TokenType): string {
  const wantsName = expected === T.Name || expected === T.AnyName || expected === T.Identifier;
  return actual.image === "=" && !wantsName ? COMPARISON_SLIP : "";
}

/**
 * The token a syntax error points at: the one the parser could not take, except that an `=` slip
 * found by looking ahead (`if x = 6 {`, reported at `if`) points at its `=`.
 */
export function errorToken(e: { message: string; token: IToken }, tokens: readonly IToken[]): IToken {
  if (!e.message.startsWith("unexpected `=` in ") || !e.message.endsWith(COMPARISON_SLIP) || e.token.image === "=") return e.token;
  const i = tokens.indexOf(e.token);
  return (i < 0 ? undefined : tokens.slice(i + 1).find((t) => t.image === "=")) ?? e.token;
}

/**
 * The help for a syntax error at `token` that follows a misspelt keyword (`rol d6`: the parser only
 * sees that `d6` cannot follow the name `rol`): "did you mean `roll`?". `tokens` is the file's tokens.
 */
function misspeltKeywordHelp(token: IToken, tokens: readonly IToken[]): string | undefined {
  let i = tokens.indexOf(token);
  if (i < 0) i = tokens.findIndex((t) => t.startOffset >= token.startOffset);
  const previous = i > 0 ? tokens[i - 1] : undefined;
  if (!previous || !tokenMatcher(previous, T.Name) || tokenMatcher(previous, T.Keyword) || previous.endLine !== token.startLine) return undefined;
  return keywordGuess(previous.image);
}

/**
 * The help for a syntax error at `token`: a misspelt keyword before it, or `(` after a trigger's event
 * (`on Destroyed(victim)`), where an author of other languages writes the handler's parameters.
 */
export function syntaxHelp(token: IToken, tokens: readonly IToken[]): string | undefined {
  const exponent = exponentHelp(token, tokens);
  if (exponent) return exponent;
  const value = replaceValueHelp(token, tokens);
  if (value) return value;
  const misspelt = misspeltKeywordHelp(token, tokens);
  if (misspelt || token.image !== "(") return misspelt;
  const i = tokens.indexOf(token);
  const [timing, event] = i >= 2 ? [tokens[i - 2]!, tokens[i - 1]!] : [];
  const trigger = timing?.image === "on" || timing?.image === "before" || (timing?.image === "of" && tokens[i - 3]?.image === "instead");
  if (!trigger || !event || !tokenMatcher(event, T.Name)) return undefined;
  return `a trigger takes no parameters: its \`when\` and its body see \`${event.image}\`'s parameters by their names`;
}

/**
 * `replace value v ...` (or `remove value v`): a value is not replaced whole, so say what a mod writes
 * instead: modifiers in its stages (each replaceable and removable by name), and `extend value` for its stages.
 */
function replaceValueHelp(token: IToken, tokens: readonly IToken[]): string | undefined {
  const verb = tokens[tokens.indexOf(token) - 1];
  if (token.image !== "value" || (verb?.image !== "replace" && verb?.image !== "remove")) return undefined;
  const name = tokens[tokens.indexOf(token) + 1];
  const v = name && tokenMatcher(name, T.Name) ? name.image : "NAME";
  return `a value is not ${verb.image}d whole: add modifiers to it (\`modifier m for ${v} ...\`, in its stages; a modifier of the base can be replaced or removed by name), change its stages with \`extend value ${v} stages [...]\`, or ask its author to write it as a \`fn\`, which \`replace fn\` can replace`;
}

/** `1e3`, read as the number `1` and the name `e3`: say that numbers are written out in digits. */
function exponentHelp(token: IToken, tokens: readonly IToken[]): string | undefined {
  if (!/^[eE][0-9]+$/.test(token.image)) return undefined;
  const before = tokens[tokens.indexOf(token) - 1];
  if (!before || !tokenMatcher(before, T.Integer) || before.endOffset! + 1 !== token.startOffset) return undefined;
  const power = Number(token.image.slice(1));
  const example = power <= 6 ? `: \`${before.image}${"0".repeat(power)}\` for \`${before.image}${token.image}\`` : "";
  return `numbers are whole and written out in digits, with no exponent${example}; the largest is ${Number.MAX_SAFE_INTEGER}`;
}

/**
 * "did you mean `return`?" for a word one slip from a keyword (two, for long words), which reads as a
 * name: the help of the parser's error after it, and of the checker's "unknown name" when no declared
 * name is closer (`retrun 1`).
 */
export function keywordGuess(word: string): string | undefined {
  const keyword = misspeltKeyword(word);
  return keyword ? `did you mean \`${keyword}\`? \`${word}\` is not a keyword, so it reads as a name` : undefined;
}

/**
 * What to write instead of a word of other languages that reads as a name here, for the checker's
 * "unknown name" (a syntax error next to a field that is rightly named `break` gets no such help).
 */
export function foreignWordHelp(word: string): string | undefined {
  return FOREIGN_WORDS.get(word);
}

/** What to write instead of an operator of other languages whose character cannot start a token here (`!`, `&&`). */
export function foreignOperatorHelp(rest: string): string | undefined {
  return FOREIGN_OPERATORS.get(rest.slice(0, 2)) ?? FOREIGN_OPERATORS.get(rest[0] ?? "");
}

const FOREIGN_OPERATORS = new Map([
  ["!", "write `not` to negate a condition (`not x`); `!=` compares"],
  ["&&", "write `and` to join conditions"],
  ["&", "write `and` to join conditions"],
  ["||", "write `or` to join conditions"],
  ["|", "write `or` to join conditions"],
]);

const FOREIGN_WORDS = new Map([
  ["break", "loops have no `break`: end a `while` through its condition, or find an item with `first(x in xs where ...)`"],
  ["continue", "loops have no `continue`: skip items with `for x in xs where ...`, or put the rest of the body in an `if`"],
  ["null", "write `none` for no value (its type is optional, `T?`)"],
  ["nil", "write `none` for no value (its type is optional, `T?`)"],
]);

/** The keyword a word is one slip away from (two, for long words), if it is no keyword itself. */
function misspeltKeyword(word: string): string | undefined {
  // `int j`: a built-in type name is a word the author meant, not a slip.
  if (word.length < 3 || T.PRIMITIVES.includes(word)) return undefined;
  const limit = word.length >= 6 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const k of Object.keys(T.keywords)) {
    if (k === word) return undefined;
    // Lengths further apart than the limit are further apart than the limit: no table to fill (a
    // 50,000-character name against every keyword took seconds per mention).
    if (Math.abs(word.length - k.length) > limit) continue;
    const d = editDistance(word, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

/** Insertions, deletions, substitutions and swaps of two neighbours (Damerau-Levenshtein, restricted). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** A reserved word where a name was expected is usually meant as a name: say where it can be one. */
function asName(actual: IToken, expected: TokenType): string {
  const wantsName = expected === T.Name || expected === T.AnyName || expected === T.Identifier;
  if (wantsName && tokenMatcher(actual, T.AnyName) && T.isReserved(actual.image)) {
    return ` (\`${actual.image}\` is a reserved word: it can name a field, a parameter, an enum member or a named argument, but not a declaration, a variable or a value in an expression)`;
  }
  if (actual.tokenType === T.DiceLiteral) return ` (\`${actual.image}\` reads as dice: it cannot be used as a name)`;
  return "";
}

function tokenLabel(t: TokenType): string {
  return t.LABEL ?? t.name;
}
function describe(image: string | undefined): string {
  return image === undefined || image === "" ? "the end of the file" : `\`${image}\``;
}
function humanRule(rule: string): string {
  if (/expr$|^expression$|^primary$/i.test(rule)) return "an expression";
  return "a " + rule.replace(/([A-Z])/g, " $1").toLowerCase().replace(/ decl$/, " declaration").replace(/ stmt$/, " statement");
}
