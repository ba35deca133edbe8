// The grammar's expressions, from `or` down to the primaries (literals, names, lists, `if`, `roll`,
// `choose`, `emit`). The third class of the parser's chain (see `declarations.ts`).
import { tokenMatcher, type IOrAlt } from "chevrotain";
import { beginsDeclaration, startsRounding } from "./gates.ts";
import { StatementRules } from "./statements.ts";
import * as T from "./tokens.ts";

const k = T.keywords;

export abstract class ExpressionRules extends StatementRules {
  // The hot rules keep their alternatives in a field (`xAlts`), made on the first call, as Chevrotain's
  // performance guide advises: otherwise every call makes the array and a closure per alternative.
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

  private notExprAlts?: IOrAlt<unknown>[];
  notExpr = this.RULE("notExpr", () => {
    this.OR((this.notExprAlts ??= [
      {
        ALT: () => {
          this.CONSUME(k.not);
          this.SUBRULE(this.notExpr);
        },
      },
      { ALT: () => this.SUBRULE(this.compareExpr) },
    ]));
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
            // `u has shaken from d`: an instance from that source.
            this.OPTION2(() => {
              this.CONSUME(k.from);
              this.SUBRULE3(this.addExpr, { LABEL: "source" });
            });
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
      this.OPTION({ GATE: () => startsRounding((i) => this.LA(i)), DEF: () => this.SUBRULE(this.rounding) });
    });
  });

  private unaryExprAlts?: IOrAlt<unknown>[];
  unaryExpr = this.RULE("unaryExpr", () => {
    this.OR((this.unaryExprAlts ??= [
      {
        ALT: () => {
          this.CONSUME(T.Minus);
          this.SUBRULE(this.unaryExpr);
        },
      },
      { ALT: () => this.SUBRULE(this.postfixExpr) },
    ]));
  });

  private postfixExprAlts?: IOrAlt<unknown>[];
  postfixExpr = this.RULE("postfixExpr", () => {
    this.SUBRULE(this.primary);
    this.MANY(() => {
      this.OR((this.postfixExprAlts ??= [
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
      ]));
    });
  });

  argList = this.RULE("argList", () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.argument) });
    this.CONSUME(T.RParen);
  });

  // `x in xs where c => v else d` (an aggregate), `name: value` (a named field), or a plain value.
  private argumentAlts?: IOrAlt<unknown>[];
  argument = this.RULE("argument", () => {
    this.OR((this.argumentAlts ??= [
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
    ]));
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

  private primaryAlts?: IOrAlt<unknown>[];
  primary = this.RULE("primary", () => {
    this.OR((this.primaryAlts ??= [
      { ALT: () => this.CONSUME(T.Integer) },
      { ALT: () => this.CONSUME(T.StringLiteral) },
      { ALT: () => this.CONSUME(k.true) },
      { ALT: () => this.CONSUME(k.false) },
      { ALT: () => this.CONSUME(k.none) },
      { GATE: () => !beginsDeclaration(this, (i) => this.LA(i)), ALT: () => this.CONSUME(T.Name) },
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
    ]));
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
