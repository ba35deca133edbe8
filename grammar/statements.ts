// The grammar's statements: a block and every statement that can stand in one. The second class of
// the parser's chain (see `declarations.ts`).
import type { CstNode, OrMethodOpts, ParserMethod } from "chevrotain";
import { DeclarationRules } from "./declarations.ts";
import { atProceed, beginsDeclaration, sameLine } from "./gates.ts";
import * as T from "./tokens.ts";

const k = T.keywords;

export abstract class StatementRules extends DeclarationRules {
  // Made in `expressions.ts`.
  abstract argList: ParserMethod<[], CstNode>;

  block = this.RULE("block", () => {
    this.CONSUME(T.LBrace);
    // A declaration after an unclosed block is reported as the missing `}`.
    this.MANY({ GATE: () => !beginsDeclaration(this, (i) => this.LA(i)), DEF: () => this.SUBRULE(this.statement) });
    this.CONSUME(T.RBrace);
  });

  /** The alternatives of `statement`, made once (see `ExpressionRules`). */
  private statementAlts?: OrMethodOpts<unknown>;
  statement = this.RULE("statement", () => {
    this.OR((this.statementAlts ??= {
      IGNORE_AMBIGUITIES: true, // `if` starts both a statement and an expression; the statement wins
      DEF: [
        { ALT: () => this.SUBRULE(this.letStmt) },
        { ALT: () => this.SUBRULE(this.ifStmt) },
        { ALT: () => this.SUBRULE(this.whileStmt) },
        { ALT: () => this.SUBRULE(this.forStmt) },
        { ALT: () => this.SUBRULE(this.returnStmt) },
        { ALT: () => this.SUBRULE(this.emitStmt) },
        { GATE: () => atProceed((i) => this.LA(i)), ALT: () => this.SUBRULE(this.proceedStmt) },
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
    }));
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
    // An `else if` chain is a repetition, not a recursion: a chain of thousands of branches must not
    // overflow the parser's stack (the AST builder nests it again, one `if` in each `else`).
    this.MANY(() => {
      this.CONSUME2(k.else, { LABEL: "elseIfElse" });
      this.CONSUME2(k.if, { LABEL: "elseIf" });
      this.SUBRULE2(this.expression, { LABEL: "elseIfCondition" });
      this.SUBRULE2(this.block, { LABEL: "elseIfThen" });
    });
    this.OPTION(() => {
      this.CONSUME(k.else);
      this.SUBRULE3(this.block, { LABEL: "else" });
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
    // `for u in units where u.hp > 0 { ... }`: only the items that match, as in an aggregate.
    this.OPTION2(() => {
      this.CONSUME(k.where);
      this.SUBRULE3(this.expression, { LABEL: "where" });
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
      GATE: () => sameLine((i) => this.LA(i)),
      DEF: () =>
        this.OR([
          {
            ALT: () => {
              this.CONSUME(k.for);
              this.SUBRULE2(this.expression, { LABEL: "times" });
              this.OPTION2({ GATE: () => sameLine((i) => this.LA(i)) && this.LA(1).tokenType === T.Identifier, DEF: () => this.SUBRULE(this.expiryEvent) });
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
      GATE: () => sameLine((i) => this.LA(i)),
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
}
