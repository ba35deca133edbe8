// The parser's error messages in plain words. Chevrotain builds each syntax error's text through this
// provider; `src/build-ast.ts` reports it as E0002 at the token the parser could not take.
import { tokenMatcher, type IParserErrorMessageProvider, type IToken, type TokenType } from "chevrotain";
import * as T from "./tokens.ts";

/** Plain-words messages: `expected \`}\` but found \`fn\``. */
export const errorMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, actual, previous }) =>
    previous?.tokenType === T.Dot && actual.tokenType === T.Integer
      ? // `1.25` reads as `1`, `.`, `25`: say what the language has instead of a decimal.
        `numbers are whole: there is no \`.${actual.image}\`; write a fraction as a multiplication and a division with its rounding, like \`x * 5 / 4 round nearest\``
      : `expected ${tokenLabel(expected)} but found ${describe(actual.image)}${asName(actual, expected)}`,
  buildNotAllInputParsedMessage: ({ firstRedundant }) =>
    `unexpected ${describe(firstRedundant.image)}: expected a declaration (\`fn\`, \`kind\`, \`enum\`, ...)`,
  buildNoViableAltMessage: ({ expectedPathsPerAlt, actual, ruleName }) => {
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
