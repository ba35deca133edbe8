// The Chevrotain grammar of `.rules` files. It produces a concrete syntax tree (CST); `src/build-ast.ts`
// turns that into the typed AST. One parser instance is shared, with error recovery on, so a file with
// several syntax errors reports each of them.
//
// The rules are made by a chain of classes, one file per concern, in the grammar's order:
// `declarations.ts`, `statements.ts`, `expressions.ts`; the lookahead gates are in `gates.ts` and the
// error messages in `messages.ts`.
import { ExpressionRules } from "./expressions.ts";
import { errorMessageProvider } from "./messages.ts";

export class RulesParser extends ExpressionRules {
  constructor() {
    super({ recoveryEnabled: true, maxLookahead: 3, nodeLocationTracking: "full", errorMessageProvider });
    // Only now, with every class's rules made, can the grammar be recorded and checked.
    this.performSelfAnalysis();
  }
}

/** The one parser instance: Chevrotain parsers are costly to build and reusable via `input`. */
export const parser = new RulesParser();

export function productions() {
  return parser.getSerializedGastProductions();
}
