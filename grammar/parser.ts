// The Chevrotain grammar of `.rules` files. It produces a concrete syntax tree (CST); `src/syntax/parse.ts`
// turns that into the typed AST. One parser instance is shared, with error recovery on, so a file with
// several syntax errors reports each of them.
//
// The rules are made by a chain of classes, one file per concern, in the grammar's order:
// `declarations.ts`, `statements.ts`, `expressions.ts`; the lookahead gates are in `gates.ts` and the
// error messages in `messages.ts`.
import type { CstNode, IToken } from "chevrotain";
import { ExpressionRules } from "./expressions.ts";
import { errorMessageProvider } from "./messages.ts";

/**
 * The members of a Chevrotain 11 parser that its `recoveryEnabled` setting chooses at construction
 * (traits/recoverable.js and traits/tree_builder.js): with recovery, every token and node consumed
 * widens the location of the node that holds it, and every repetition looks for a place to resync.
 */
const RECOVERY_MEMBERS = ["recoveryEnabled", "attemptInRepetitionRecovery", "setNodeLocationFromToken", "setNodeLocationFromNode", "cstPostRule", "setInitialNodeLocation"] as const;
type Members = Record<(typeof RECOVERY_MEMBERS)[number], unknown>;

export class RulesParser extends ExpressionRules {
  private readonly recovering: Members;
  private readonly strict: Members;

  constructor() {
    super({ recoveryEnabled: true, maxLookahead: 3, nodeLocationTracking: "full", errorMessageProvider });
    // Only now, with every class's rules made, can the grammar be recorded and checked.
    this.performSelfAnalysis();
    const self = this as unknown as Members & Record<string, unknown>;
    const proto = Object.getPrototypeOf(this) as Record<string, unknown>;
    this.recovering = Object.fromEntries(RECOVERY_MEMBERS.map((k) => [k, self[k]])) as Members;
    // What the constructor chooses with `recoveryEnabled: false` and full locations: the location of a
    // node is set once, from the tokens at its start and end, and repetitions do not try to resync.
    this.strict = {
      recoveryEnabled: false,
      attemptInRepetitionRecovery: proto["attemptInRepetitionRecovery"],
      setNodeLocationFromToken: () => {},
      setNodeLocationFromNode: () => {},
      cstPostRule: proto["cstPostRuleFull"],
      setInitialNodeLocation: proto["setInitialNodeLocationFullRegular"],
    };
    // Chevrotain is pinned (package.json); a version without these members must fail here, not parse wrong.
    for (const k of RECOVERY_MEMBERS) if (k !== "recoveryEnabled" && (typeof this.strict[k] !== "function" || typeof this.recovering[k] !== "function")) throw new Error(`internal: Chevrotain parser has no ${k}`);
  }

  /**
   * The tree of `tokens` as a whole file, read with recovery off (about a tenth less work): for the pieces
   * a file is read in (src/syntax/by-declaration.ts). A clean read gives the same tree as with
   * recovery on; a piece with an error is read again, with recovery, by the caller.
   */
  fileWithoutRecovery(tokens: IToken[]): CstNode {
    Object.assign(this, this.strict);
    try {
      this.input = tokens;
      return this.file();
    } finally {
      Object.assign(this, this.recovering);
    }
  }
}

/** The one parser instance: Chevrotain parsers are costly to build and reusable via `input`. */
export const parser = new RulesParser();

export function productions() {
  return parser.getSerializedGastProductions();
}
