// The Chevrotain grammar of `.rules` files. It produces a concrete syntax tree (CST); `src/build-ast.ts`
// turns that into the typed AST. One parser instance is shared, with error recovery on, so a file with
// several syntax errors reports each of them.
import { Alternation, Alternative, CstParser, EOF, NonTerminal, Terminal, tokenMatcher, type IProduction, type IToken, type IParserErrorMessageProvider, type TokenType } from "chevrotain";
import * as T from "./tokens.ts";

const k = T.keywords;

/** Plain-words messages: `expected \`}\` but found \`fn\``. */
const errorMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, actual }) => `expected ${tokenLabel(expected)} but found ${describe(actual.image)}${asName(actual, expected)}`,
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

/**
 * The keywords that start a declaration, read from the grammar so that a new declaration is covered.
 */
let declarationStarts: Set<TokenType> | undefined;
function endsModifierAmount(next: IToken): boolean {
  declarationStarts ??= firstTokens(parser.getGAstProductions()["declaration"]!.definition);
  const t = next.tokenType;
  return t === k.as || t === k.by || declarationStarts.has(t);
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
function beginsDeclaration(LA: (i: number) => IToken): boolean {
  declarationStarts ??= firstTokens(parser.getGAstProductions()["declaration"]!.definition);
  const [prev, word, next, after] = [LA(0) as IToken | undefined, LA(1), LA(2), LA(3).tokenType];
  if (!declarationStarts.has(word.tokenType)) return false;
  if (prev !== undefined && prev.tokenType !== EOF && prev.endLine === word.startLine) return false;
  if (next.tokenType === T.StringLiteral || next.tokenType === k.of || (word.tokenType === k.state && next.tokenType === T.LBrace)) return true;
  if (!tokenMatcher(next, T.Name)) return false;
  return [T.LParen, T.LBrace, k.for, k.of, k.when, k.order, k.until, EOF].includes(after) || declarationStarts.has(after);
}
function firstTokens(defs: IProduction[]): Set<TokenType> {
  const first = defs[0];
  if (first instanceof Terminal) return new Set([first.terminalType]);
  if (first instanceof NonTerminal) return firstTokens(first.referencedRule.definition);
  if (first instanceof Alternation) return new Set(first.definition.flatMap((alt) => [...firstTokens((alt as Alternative).definition)]));
  return new Set();
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

export class RulesParser extends CstParser {
  constructor() {
    super(T.allTokens, { recoveryEnabled: true, maxLookahead: 3, nodeLocationTracking: "full", errorMessageProvider });
    this.performSelfAnalysis();
  }

  file = this.RULE("file", () => {
    this.MANY(() => this.SUBRULE(this.declaration));
  });

  declaration = this.RULE("declaration", () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.importDecl) },
      { ALT: () => this.SUBRULE(this.enumDecl) },
      { ALT: () => this.SUBRULE(this.kindDecl) },
      { ALT: () => this.SUBRULE(this.stateDecl) },
      { ALT: () => this.SUBRULE(this.statusDecl) },
      { ALT: () => this.SUBRULE(this.eventDecl) },
      { ALT: () => this.SUBRULE(this.triggerDecl) },
      { ALT: () => this.SUBRULE(this.fnDecl) },
      { ALT: () => this.SUBRULE(this.valueDecl) },
      { ALT: () => this.SUBRULE(this.modifierDecl) },
      { ALT: () => this.SUBRULE(this.tableDecl) },
      { ALT: () => this.SUBRULE(this.dieDecl) },
      { ALT: () => this.SUBRULE(this.exampleDecl) },
      { ALT: () => this.SUBRULE(this.stagesDecl) },
    ]);
  });

  // stages [set, add, count, multiply, compute, bounds]: the program's default stage order.
  stagesDecl = this.RULE("stagesDecl", () => {
    this.CONSUME(k.stages);
    this.SUBRULE(this.stageList);
  });

  stageList = this.RULE("stageList", () => {
    this.CONSUME(T.LBracket);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.stageName) });
    this.CONSUME(T.RBracket);
  });

  // Stage names are free names; `add` is also a keyword (the `add x to list` statement).
  stageName = this.RULE("stageName", () => {
    this.OR([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(k.add) }]);
  });

  // `round down`: `round` is a word, not a keyword, and starts a rounding only before a mode name.
  rounding = this.RULE("rounding", () => {
    this.CONSUME(T.Identifier, { LABEL: "roundKw" });
    this.CONSUME2(T.Identifier, { LABEL: "mode" });
  });

  importDecl = this.RULE("importDecl", () => {
    this.CONSUME(k.import);
    this.CONSUME(T.StringLiteral);
  });

  enumDecl = this.RULE("enumDecl", () => {
    this.CONSUME(k.enum);
    this.CONSUME(T.Name);
    this.CONSUME(T.LBrace);
    // An unclosed enum stops at the next declaration rather than reading it as members.
    this.MANY({
      GATE: () => !beginsDeclaration((i) => this.LA(i)),
      DEF: () => {
        this.CONSUME(T.AnyName, { LABEL: "member" });
        this.OPTION(() => this.CONSUME(T.Comma));
      },
    });
    this.CONSUME(T.RBrace);
  });

  kindDecl = this.RULE("kindDecl", () => {
    // A `record` is declared like a kind; its values are plain values (see docs section 6).
    this.OR([{ ALT: () => this.CONSUME(k.kind) }, { ALT: () => this.CONSUME(k.record) }]);
    this.CONSUME(T.Name);
    this.SUBRULE(this.fieldBlock);
  });

  stateDecl = this.RULE("stateDecl", () => {
    this.CONSUME(k.state);
    this.SUBRULE(this.fieldBlock);
  });

  fieldBlock = this.RULE("fieldBlock", () => {
    this.CONSUME(T.LBrace);
    this.MANY({ GATE: () => !beginsDeclaration((i) => this.LA(i)), DEF: () => this.SUBRULE(this.fieldDecl) });
    this.CONSUME(T.RBrace);
  });

  fieldDecl = this.RULE("fieldDecl", () => {
    this.CONSUME(T.AnyName);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeRef);
    this.OPTION(() => {
      this.CONSUME(T.Eq);
      this.SUBRULE(this.expression);
    });
    this.OPTION2(() => this.CONSUME(T.Comma));
  });

  statusDecl = this.RULE("statusDecl", () => {
    this.CONSUME(k.status);
    this.CONSUME(T.Name);
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(k.until) },
        {
          ALT: () => {
            this.CONSUME(k.for);
            this.CONSUME(T.Integer);
          },
        },
      ]);
      // A declaration on the next line is not the event: `status s until` is unfinished.
      this.OR2([{ GATE: () => !beginsDeclaration((i) => this.LA(i)), ALT: () => this.CONSUME2(T.Name, { LABEL: "event" }) }]);
      // `until Activated(unit)`: only when the event names the holder as that parameter.
      this.OPTION2(() => {
        this.CONSUME(T.LParen);
        this.CONSUME(T.AnyName, { LABEL: "holder" });
        this.CONSUME(T.RParen);
      });
    });
  });

  eventDecl = this.RULE("eventDecl", () => {
    this.CONSUME(k.event);
    this.CONSUME(T.Name);
    this.SUBRULE(this.paramList);
    // `-> int`: the event carries a `result` that its body and handlers change.
    this.OPTION2(() => {
      this.CONSUME(T.Arrow);
      this.SUBRULE(this.typeRef);
    });
    this.OPTION(() => this.SUBRULE(this.block));
  });

  triggerDecl = this.RULE("triggerDecl", () => {
    this.OR([
      { ALT: () => this.CONSUME(k.on) },
      { ALT: () => this.CONSUME(k.before) },
      {
        ALT: () => {
          this.CONSUME(k.instead);
          this.CONSUME(k.of);
        },
      },
    ]);
    this.CONSUME(T.Name);
    this.OPTION(() => {
      this.CONSUME(k.when);
      this.SUBRULE(this.expression, { LABEL: "condition" });
    });
    this.OPTION2(() => {
      this.CONSUME(k.order);
      this.SUBRULE(this.signedInt);
    });
    this.SUBRULE(this.block);
  });

  fnDecl = this.RULE("fnDecl", () => {
    this.CONSUME(k.fn);
    this.CONSUME(T.Name);
    this.SUBRULE(this.paramList);
    this.OPTION(() => {
      this.CONSUME(T.Arrow);
      this.SUBRULE(this.typeRef);
    });
    this.OR([
      { ALT: () => this.SUBRULE(this.block) },
      {
        ALT: () => {
          this.CONSUME(T.Eq);
          this.SUBRULE(this.expression);
        },
      },
    ]);
  });

  valueDecl = this.RULE("valueDecl", () => {
    this.CONSUME(k.value);
    this.CONSUME(T.Name);
    this.SUBRULE(this.paramList);
    this.CONSUME(T.Arrow);
    this.SUBRULE(this.typeRef);
    this.OPTION(() => {
      this.CONSUME(k.stages);
      this.SUBRULE(this.stageList);
    });
    this.CONSUME(T.Eq);
    this.SUBRULE(this.expression);
  });

  // modifier highGround for attackStrength when onHill(attacker) : add 1
  modifierDecl = this.RULE("modifierDecl", () => {
    this.CONSUME(k.modifier);
    this.CONSUME(T.Name);
    this.CONSUME(k.for);
    this.CONSUME2(T.Name, { LABEL: "target" });
    this.OPTION(() => {
      this.CONSUME(k.when);
      this.SUBRULE(this.expression, { LABEL: "condition" });
    });
    // `in subtract`: the stage, when not the op's own.
    this.OPTION4(() => {
      this.CONSUME(k.in);
      this.SUBRULE(this.stageName);
    });
    this.OPTION5(() => {
      this.CONSUME(k.order);
      this.SUBRULE(this.signedInt);
    });
    this.CONSUME(T.Colon);
    this.OR([
      { ALT: () => this.CONSUME(k.add, { LABEL: "op" }) },
      { ALT: () => this.CONSUME3(T.Identifier, { LABEL: "op" }) },
    ]);
    // A modifier may end without an amount (`: double`), so a word that starts a declaration, `as` or
    // `by` after the op is never read as the amount: `: double` then `value v() ...` stays two declarations.
    this.OPTION2({ GATE: () => !endsModifierAmount(this.LA(1)), DEF: () => this.SUBRULE2(this.expression, { LABEL: "amount" }) });
    this.OPTION6({ GATE: () => this.startsRounding(), DEF: () => this.SUBRULE(this.rounding) });
    // `count Icon.maneuver as Icon.save`, `multiply Icon.save by 3`
    this.OPTION3(() => {
      this.OR2([
        {
          ALT: () => {
            this.CONSUME(k.as);
            this.SUBRULE3(this.expression, { LABEL: "into" });
          },
        },
        {
          ALT: () => {
            this.CONSUME(k.by);
            this.SUBRULE4(this.expression, { LABEL: "factor" });
          },
        },
      ]);
    });
  });

  // die Footman of Icon = [Icon(melee: 1), Icon(save: 1), ...]: a custom die whose faces count icons.
  dieDecl = this.RULE("dieDecl", () => {
    this.CONSUME(k.die);
    this.CONSUME(T.Name);
    this.CONSUME(k.of);
    this.CONSUME2(T.Name, { LABEL: "faceType" });
    this.CONSUME(T.Eq);
    this.SUBRULE(this.listLiteral, { LABEL: "faces" });
  });

  tableDecl = this.RULE("tableDecl", () => {
    this.CONSUME(k.table);
    this.CONSUME(T.Name);
    this.SUBRULE(this.paramList);
    this.CONSUME(T.Arrow);
    this.SUBRULE(this.typeRef);
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.tableRow));
    this.CONSUME(T.RBrace);
  });

  tableRow = this.RULE("tableRow", () => {
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.pattern) });
    this.CONSUME(T.FatArrow);
    this.SUBRULE(this.expression);
    this.OPTION(() => this.CONSUME2(T.Comma, { LABEL: "trailing" }));
  });

  pattern = this.RULE("pattern", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Underscore) },
      {
        ALT: () => {
          this.SUBRULE(this.expression, { LABEL: "low" });
          this.OPTION(() => {
            this.CONSUME(T.DotDot);
            this.SUBRULE2(this.expression, { LABEL: "high" });
          });
        },
      },
    ]);
  });

  exampleDecl = this.RULE("exampleDecl", () => {
    this.CONSUME(k.example);
    this.CONSUME(T.StringLiteral);
    this.SUBRULE(this.block);
  });

  paramList = this.RULE("paramList", () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        this.CONSUME(T.AnyName);
        this.CONSUME(T.Colon);
        this.SUBRULE(this.typeRef);
      },
    });
    this.CONSUME(T.RParen);
  });

  typeRef = this.RULE("typeRef", () => {
    // `die<Icon>`: the type of a reference to a declared die; `die` is a soft keyword, so it is a Name.
    this.CONSUME(T.Name);
    this.OPTION(() => {
      this.CONSUME(T.Lt);
      this.SUBRULE(this.typeRef, { LABEL: "element" });
      this.CONSUME(T.Gt);
    });
    this.OPTION2(() => {
      this.CONSUME(k.in);
      this.SUBRULE(this.signedInt, { LABEL: "low" });
      this.CONSUME(T.DotDot);
      this.SUBRULE2(this.signedInt, { LABEL: "high" });
    });
    // `Unit?`: the value may be `none`.
    this.OPTION3(() => this.CONSUME(T.Question, { LABEL: "optional" }));
  });

  signedInt = this.RULE("signedInt", () => {
    this.OPTION(() => this.CONSUME(T.Minus));
    this.CONSUME(T.Integer);
  });

  block = this.RULE("block", () => {
    this.CONSUME(T.LBrace);
    // A declaration after an unclosed block is reported as the missing `}`.
    this.MANY({ GATE: () => !beginsDeclaration((i) => this.LA(i)), DEF: () => this.SUBRULE(this.statement) });
    this.CONSUME(T.RBrace);
  });

  statement = this.RULE("statement", () => {
    this.OR({
      IGNORE_AMBIGUITIES: true, // `if` starts both a statement and an expression; the statement wins
      DEF: [
        { ALT: () => this.SUBRULE(this.letStmt) },
        { ALT: () => this.SUBRULE(this.ifStmt) },
        { ALT: () => this.SUBRULE(this.whileStmt) },
        { ALT: () => this.SUBRULE(this.forStmt) },
        { ALT: () => this.SUBRULE(this.returnStmt) },
        { ALT: () => this.SUBRULE(this.emitStmt) },
        { GATE: () => this.atProceed(), ALT: () => this.SUBRULE(this.proceedStmt) },
        { ALT: () => this.SUBRULE(this.applyStmt) },
        { ALT: () => this.SUBRULE(this.clearStmt) },
        { ALT: () => this.SUBRULE(this.addStmt) },
        { ALT: () => this.SUBRULE(this.removeStmt) },
        { ALT: () => this.SUBRULE(this.moveStmt) },
        { ALT: () => this.SUBRULE(this.expectStmt) },
        { ALT: () => this.SUBRULE(this.forceStmt) },
        { ALT: () => this.SUBRULE(this.sayStmt) },
        { ALT: () => this.SUBRULE(this.exprStmt) },
      ],
    });
    this.OPTION(() => this.CONSUME(T.Semicolon));
  });

  letStmt = this.RULE("letStmt", () => {
    this.CONSUME(k.let);
    this.CONSUME(T.Name);
    this.OPTION(() => {
      this.CONSUME(T.Colon);
      this.SUBRULE(this.typeRef);
    });
    this.CONSUME(T.Eq);
    this.SUBRULE(this.expression);
  });

  ifStmt = this.RULE("ifStmt", () => {
    this.CONSUME(k.if);
    this.SUBRULE(this.expression);
    this.SUBRULE(this.block, { LABEL: "then" });
    this.OPTION(() => {
      this.CONSUME(k.else);
      this.OR([
        { ALT: () => this.SUBRULE(this.ifStmt, { LABEL: "elseIf" }) },
        { ALT: () => this.SUBRULE2(this.block, { LABEL: "else" }) },
      ]);
    });
  });

  whileStmt = this.RULE("whileStmt", () => {
    this.CONSUME(k.while);
    this.SUBRULE(this.expression);
    this.SUBRULE(this.block);
  });

  forStmt = this.RULE("forStmt", () => {
    this.CONSUME(k.for);
    this.CONSUME(T.Name);
    this.CONSUME(k.in);
    this.SUBRULE(this.expression, { LABEL: "from" });
    this.OPTION(() => {
      this.CONSUME(T.DotDot);
      this.SUBRULE2(this.expression, { LABEL: "to" });
    });
    this.SUBRULE(this.block);
  });

  returnStmt = this.RULE("returnStmt", () => {
    this.CONSUME(k.return);
    this.OPTION(() => this.SUBRULE(this.expression));
  });

  emitStmt = this.RULE("emitStmt", () => {
    this.CONSUME(k.emit);
    this.CONSUME(T.Name);
    this.SUBRULE(this.argList);
  });

  /**
   * `proceed` is a contextual keyword: a statement only where a name alone could not mean anything
   * else (not followed by `=`, `+=`, `-=`, `.`, `(` or `[`), so `proceed` stays usable as a name.
   */
  private atProceed(): boolean {
    const t = this.LA(1);
    if (t.tokenType !== T.Identifier || t.image !== "proceed") return false;
    const next = this.LA(2).tokenType;
    return ![T.Eq, T.PlusEq, T.MinusEq, T.Dot, T.LParen, T.LBracket].includes(next);
  }

  /** Whether the next token is on the line where the last one ended: a duration never spans lines. */
  private sameLine(): boolean {
    const last = this.LA(0);
    const next = this.LA(1);
    return last.endLine === undefined || next.startLine === last.endLine;
  }

  proceedStmt = this.RULE("proceedStmt", () => {
    this.CONSUME(T.Identifier);
  });

  applyStmt = this.RULE("applyStmt", () => {
    this.CONSUME(k.apply);
    this.CONSUME(T.Name);
    this.CONSUME(k.to);
    this.SUBRULE(this.expression);
    // `for roll d4 + 4 [RoundEnds[(unit | player: caster)]]`, `until TurnStarts(player: caster)`;
    // only on the same line, so a `for` loop on the next line stays a loop.
    this.OPTION({
      GATE: () => this.sameLine(),
      DEF: () =>
        this.OR([
          {
            ALT: () => {
              this.CONSUME(k.for);
              this.SUBRULE2(this.expression, { LABEL: "times" });
              this.OPTION2({ GATE: () => this.sameLine() && this.LA(1).tokenType === T.Identifier, DEF: () => this.SUBRULE(this.expiryEvent) });
            },
          },
          {
            ALT: () => {
              this.CONSUME(k.until);
              this.SUBRULE2(this.expiryEvent);
            },
          },
        ]),
    });
  });

  /** `RoundEnds`, `Activated(unit)` (the holder is `unit`) or `TurnStarts(player: caster)`. */
  expiryEvent = this.RULE("expiryEvent", () => {
    this.CONSUME(T.Name, { LABEL: "event" });
    this.OPTION({
      GATE: () => this.sameLine(),
      DEF: () => {
        this.CONSUME(T.LParen);
        this.CONSUME2(T.AnyName, { LABEL: "param" });
        this.OPTION2(() => {
          this.CONSUME(T.Colon);
          this.SUBRULE(this.expression, { LABEL: "match" });
        });
        this.CONSUME(T.RParen);
      },
    });
  });

  clearStmt = this.RULE("clearStmt", () => {
    this.CONSUME(k.clear);
    this.CONSUME(T.Name);
    this.CONSUME(k.from);
    this.SUBRULE(this.expression);
  });

  addStmt = this.RULE("addStmt", () => {
    this.CONSUME(k.add);
    this.SUBRULE(this.expression, { LABEL: "item" });
    this.CONSUME(k.to);
    this.SUBRULE2(this.expression, { LABEL: "list" });
  });

  removeStmt = this.RULE("removeStmt", () => {
    this.CONSUME(k.remove);
    this.SUBRULE(this.expression, { LABEL: "item" });
    this.CONSUME(k.from);
    this.SUBRULE2(this.expression, { LABEL: "list" });
  });

  moveStmt = this.RULE("moveStmt", () => {
    this.CONSUME(k.move);
    this.SUBRULE(this.expression, { LABEL: "item" });
    this.CONSUME(k.from);
    this.SUBRULE2(this.expression, { LABEL: "source" });
    this.CONSUME(k.to);
    this.SUBRULE3(this.expression, { LABEL: "target" });
  });

  expectStmt = this.RULE("expectStmt", () => {
    this.CONSUME(k.expect);
    this.SUBRULE(this.expression);
  });

  forceStmt = this.RULE("forceStmt", () => {
    this.CONSUME(k.force);
    this.CONSUME(T.Name);
    this.SUBRULE(this.expression);
  });

  sayStmt = this.RULE("sayStmt", () => {
    this.CONSUME(k.say);
    this.SUBRULE(this.expression);
  });

  exprStmt = this.RULE("exprStmt", () => {
    this.SUBRULE(this.expression, { LABEL: "target" });
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Eq, { LABEL: "op" }) },
        { ALT: () => this.CONSUME(T.PlusEq, { LABEL: "op" }) },
        { ALT: () => this.CONSUME(T.MinusEq, { LABEL: "op" }) },
      ]);
      this.SUBRULE2(this.expression, { LABEL: "value" });
    });
  });

  expression = this.RULE("expression", () => {
    this.SUBRULE(this.orExpr);
  });

  orExpr = this.RULE("orExpr", () => {
    this.SUBRULE(this.andExpr, { LABEL: "operand" });
    this.MANY(() => {
      this.CONSUME(k.or);
      this.SUBRULE2(this.andExpr, { LABEL: "operand" });
    });
  });

  andExpr = this.RULE("andExpr", () => {
    this.SUBRULE(this.notExpr, { LABEL: "operand" });
    this.MANY(() => {
      this.CONSUME(k.and);
      this.SUBRULE2(this.notExpr, { LABEL: "operand" });
    });
  });

  notExpr = this.RULE("notExpr", () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(k.not);
          this.SUBRULE(this.notExpr);
        },
      },
      { ALT: () => this.SUBRULE(this.compareExpr) },
    ]);
  });

  compareExpr = this.RULE("compareExpr", () => {
    this.SUBRULE(this.addExpr, { LABEL: "left" });
    this.OPTION(() => {
      this.OR([
        {
          ALT: () => {
            this.OR2([
              { ALT: () => this.CONSUME(T.EqEq, { LABEL: "op" }) },
              { ALT: () => this.CONSUME(T.NotEq, { LABEL: "op" }) },
              { ALT: () => this.CONSUME(T.LtEq, { LABEL: "op" }) },
              { ALT: () => this.CONSUME(T.GtEq, { LABEL: "op" }) },
              { ALT: () => this.CONSUME(T.Lt, { LABEL: "op" }) },
              { ALT: () => this.CONSUME(T.Gt, { LABEL: "op" }) },
            ]);
            this.SUBRULE2(this.addExpr, { LABEL: "right" });
          },
        },
        {
          ALT: () => {
            this.CONSUME(k.has);
            this.CONSUME(T.Name, { LABEL: "status" });
          },
        },
      ]);
    });
  });

  addExpr = this.RULE("addExpr", () => {
    this.SUBRULE(this.mulExpr, { LABEL: "operand" });
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Plus, { LABEL: "op" }) },
        { ALT: () => this.CONSUME(T.Minus, { LABEL: "op" }) },
      ]);
      this.SUBRULE2(this.mulExpr, { LABEL: "operand" });
    });
  });

  mulExpr = this.RULE("mulExpr", () => {
    this.SUBRULE(this.unaryExpr, { LABEL: "operand" });
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Star, { LABEL: "op" }) },
        { ALT: () => this.CONSUME(T.Slash, { LABEL: "op" }) },
        { ALT: () => this.CONSUME(T.Percent, { LABEL: "op" }) },
      ]);
      this.SUBRULE2(this.unaryExpr, { LABEL: "operand" });
      // `t / 2 round down`
      this.OPTION({ GATE: () => this.startsRounding(), DEF: () => this.SUBRULE(this.rounding) });
    });
  });

  /** `round` followed by a name; anything else leaves `round` an ordinary name. */
  private startsRounding(): boolean {
    return this.LA(1).image === "round" && this.LA(1).tokenType === T.Identifier && this.LA(2).tokenType === T.Identifier;
  }

  unaryExpr = this.RULE("unaryExpr", () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Minus);
          this.SUBRULE(this.unaryExpr);
        },
      },
      { ALT: () => this.SUBRULE(this.postfixExpr) },
    ]);
  });

  postfixExpr = this.RULE("postfixExpr", () => {
    this.SUBRULE(this.primary);
    this.MANY(() => {
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.Dot);
            this.CONSUME(T.AnyName, { LABEL: "member" });
          },
        },
        { ALT: () => this.SUBRULE(this.argList, { LABEL: "call" }) },
        {
          ALT: () => {
            this.CONSUME(T.LBracket);
            this.SUBRULE(this.expression, { LABEL: "index" });
            this.CONSUME(T.RBracket);
          },
        },
      ]);
    });
  });

  argList = this.RULE("argList", () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.argument) });
    this.CONSUME(T.RParen);
  });

  // `x in xs where c => v else d` (an aggregate), `name: value` (a named field), or a plain value.
  argument = this.RULE("argument", () => {
    this.OR([
      { GATE: () => this.LA(2).tokenType === k.in, ALT: () => this.SUBRULE(this.comprehension) },
      {
        GATE: () => this.LA(2).tokenType === T.Colon,
        ALT: () => {
          this.CONSUME(T.AnyName, { LABEL: "name" });
          this.CONSUME(T.Colon);
          this.SUBRULE(this.expression, { LABEL: "named" });
        },
      },
      { ALT: () => this.SUBRULE2(this.expression, { LABEL: "positional" }) },
    ]);
  });

  comprehension = this.RULE("comprehension", () => {
    this.CONSUME(T.Name);
    this.CONSUME(k.in);
    this.SUBRULE(this.expression, { LABEL: "source" });
    this.OPTION(() => {
      this.CONSUME(k.where);
      this.SUBRULE2(this.expression, { LABEL: "where" });
    });
    this.OPTION2(() => {
      this.CONSUME(T.FatArrow);
      this.SUBRULE3(this.expression, { LABEL: "yield" });
    });
    this.OPTION3(() => {
      this.CONSUME(k.else);
      this.SUBRULE4(this.expression, { LABEL: "otherwise" });
    });
  });

  primary = this.RULE("primary", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Integer) },
      { ALT: () => this.CONSUME(T.StringLiteral) },
      { ALT: () => this.CONSUME(k.true) },
      { ALT: () => this.CONSUME(k.false) },
      { ALT: () => this.CONSUME(k.none) },
      { GATE: () => !beginsDeclaration((i) => this.LA(i)), ALT: () => this.CONSUME(T.Name) },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.SUBRULE(this.expression, { LABEL: "inner" });
          this.CONSUME(T.RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.listLiteral) },
      { ALT: () => this.SUBRULE(this.ifExpr) },
      { ALT: () => this.SUBRULE(this.rollExpr) },
      { ALT: () => this.SUBRULE(this.chooseExpr) },
      { ALT: () => this.SUBRULE(this.emitExpr) },
    ]);
  });

  /** `emit MagicRolled(army)` as a value: the event's final `result`. */
  emitExpr = this.RULE("emitExpr", () => {
    this.CONSUME(k.emit);
    this.CONSUME(T.Name);
    this.SUBRULE(this.argList);
  });

  listLiteral = this.RULE("listLiteral", () => {
    this.CONSUME(T.LBracket);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: "item" }) });
    this.CONSUME(T.RBracket);
  });

  ifExpr = this.RULE("ifExpr", () => {
    this.CONSUME(k.if);
    this.SUBRULE(this.expression, { LABEL: "condition" });
    this.CONSUME(k.then);
    this.SUBRULE2(this.expression, { LABEL: "then" });
    this.CONSUME(k.else);
    this.SUBRULE3(this.expression, { LABEL: "else" });
  });

  // roll d20 | roll 2d6 | roll(sides) | roll(count, sides) | roll Footman | roll unit.die
  rollExpr = this.RULE("rollExpr", () => {
    this.CONSUME(k.roll);
    this.OR([
      { ALT: () => this.CONSUME(T.DiceLiteral) },
      { ALT: () => this.SUBRULE(this.argList) },
      // Only a name starts a die: `roll (x)` stays the `roll(sides)` form.
      { GATE: () => tokenMatcher(this.LA(1), T.Name), IGNORE_AMBIGUITIES: true, ALT: () => this.SUBRULE(this.postfixExpr, { LABEL: "die" }) },
    ]);
  });

  chooseExpr = this.RULE("chooseExpr", () => {
    // The operands bind tightly, so `choose "q" from units == u` compares the choice with `u`.
    this.CONSUME(k.choose);
    // `choose up to 3 "q" from units`: `up` is a word here, not a keyword, so it stays a usable name.
    this.OPTION({
      GATE: () => this.LA(1).image === "up",
      DEF: () => {
        this.CONSUME(T.Identifier, { LABEL: "up" });
        this.CONSUME(k.to, { LABEL: "upTo" });
        // The count stops at the question's string: `up to n + 1 "q"`.
        this.SUBRULE2(this.addExpr, { LABEL: "count" });
      },
    });
    this.SUBRULE(this.addExpr, { LABEL: "question" });
    this.CONSUME(k.from);
    this.SUBRULE(this.postfixExpr, { LABEL: "options" });
    // `or none` and `by who` follow the options, in either order. Only `or none` is taken here, so
    // `choose "q" from xs or other` still reads as an `or` of two expressions.
    this.OPTION2({
      GATE: () => this.LA(2).tokenType === k.none,
      DEF: () => {
        this.CONSUME(k.or, { LABEL: "orNone" });
        this.CONSUME(k.none);
      },
    });
    this.OPTION3(() => {
      this.CONSUME(k.by);
      this.SUBRULE2(this.postfixExpr, { LABEL: "who" });
    });
    this.OPTION4({
      GATE: () => this.LA(2).tokenType === k.none,
      DEF: () => {
        this.CONSUME2(k.or, { LABEL: "orNone" });
        this.CONSUME2(k.none);
      },
    });
  });
}

/** The one parser instance: Chevrotain parsers are costly to build and reusable via `input`. */
export const parser = new RulesParser();

export function productions() {
  return parser.getSerializedGastProductions();
}
