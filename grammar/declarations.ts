// The grammar's declarations, the rules of `.rules` files at the top level, with the small rules they
// share with statements and expressions (parameter lists, types, signed integers, stage names). This
// is the first class of the parser's chain (declarations, then `extensions.ts`, then `statements.ts`, then `expressions.ts`,
// then `RulesParser` in `parser.ts`): Chevrotain records rules in the order they are made, base class
// first, so the chain keeps the grammar's order (and its diagrams) as written. A rule of a later class
// is named here as an abstract member; it exists by the time `performSelfAnalysis` records the rules.
import { CstParser, type CstNode, type IParserConfig, type ParserMethod } from "chevrotain";
import { beginsDeclaration, endsModifierAmount, startsRounding } from "./gates.ts";
import * as T from "./tokens.ts";

const k = T.keywords;

export abstract class DeclarationRules extends CstParser {
  constructor(config: IParserConfig) {
    super(T.allTokens, config);
  }

  // Made in `extensions.ts`, `statements.ts` and `expressions.ts`.
  abstract extendDecl: ParserMethod<[], CstNode>;
  abstract replaceDecl: ParserMethod<[], CstNode>;
  abstract removeDecl: ParserMethod<[], CstNode>;
  abstract finalDecl: ParserMethod<[], CstNode>;
  abstract overridesDecl: ParserMethod<[], CstNode>;
  abstract block: ParserMethod<[], CstNode>;
  abstract expression: ParserMethod<[], CstNode>;
  abstract listLiteral: ParserMethod<[], CstNode>;

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
      { ALT: () => this.SUBRULE(this.extendDecl) },
      { ALT: () => this.SUBRULE(this.replaceDecl) },
      { ALT: () => this.SUBRULE(this.removeDecl) },
      { ALT: () => this.SUBRULE(this.finalDecl) },
      { ALT: () => this.SUBRULE(this.overridesDecl) },
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

  // The stages `extend value` changes: `multiply exclusive largest` makes a stage of the value exclusive;
  // a new stage goes `after` or `before` one of its stages (`after` is a word, not a keyword), else last.
  stageChanges = this.RULE("stageChanges", () => {
    this.CONSUME(T.LBracket);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.stageChange) });
    this.CONSUME(T.RBracket);
  });

  stageChange = this.RULE("stageChange", () => {
    this.SUBRULE(this.stageName);
    this.OPTION({
      GATE: () => this.LA(1).tokenType === k.before || this.LA(1).image === "after",
      DEF: () => {
        this.OR([{ ALT: () => this.CONSUME(k.before, { LABEL: "place" }) }, { ALT: () => this.CONSUME(T.Identifier, { LABEL: "place" }) }]);
        this.OR2([{ ALT: () => this.CONSUME2(T.Identifier, { LABEL: "anchor" }) }, { ALT: () => this.CONSUME(k.add, { LABEL: "anchor" }) }]);
      },
    });
  });

  // Stage names are free names; `add` is also a keyword (the `add x to list` statement). `multiply
  // exclusive largest`: at most one modifier of the stage applies per result, chosen by the rule named;
  // `exclusive` is a word, not a keyword, and means this only after a stage's name.
  stageName = this.RULE("stageName", () => {
    this.OR([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(k.add) }]);
    this.OPTION({
      GATE: () => this.LA(1).image === "exclusive",
      DEF: () => {
        this.CONSUME2(T.Identifier, { LABEL: "exclusiveKw" });
        this.CONSUME3(T.Identifier, { LABEL: "rule" });
      },
    });
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
    this.SUBRULE(this.memberBlock);
  });

  memberBlock = this.RULE("memberBlock", () => {
    this.CONSUME(T.LBrace);
    // An unclosed enum stops at the next declaration rather than reading it as members.
    this.MANY({
      GATE: () => !beginsDeclaration(this, (i) => this.LA(i)),
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
    this.MANY({ GATE: () => !beginsDeclaration(this, (i) => this.LA(i)), DEF: () => this.SUBRULE(this.fieldDecl) });
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
    // `frightened(level: int)`: the values each instance carries.
    this.OPTION3(() => this.SUBRULE(this.paramList));
    // `stacks highest`: how the instances of several `apply`s combine.
    this.OPTION4(() => {
      this.CONSUME(k.stacks);
      this.CONSUME3(T.Name, { LABEL: "stacking" });
    });
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
      this.OR2([{ GATE: () => !beginsDeclaration(this, (i) => this.LA(i)), ALT: () => this.CONSUME2(T.Name, { LABEL: "event" }) }]);
      // `until Activated(unit)`: only when the event names the holder as that parameter.
      this.OPTION2(() => {
        this.CONSUME(T.LParen);
        this.CONSUME(T.AnyName, { LABEL: "holder" });
        this.CONSUME(T.RParen);
      });
      // `until Slain(unit) or RoundEnds`: any of them ends it.
      this.MANY(() => {
        this.CONSUME(k.or);
        this.CONSUME4(T.Name, { LABEL: "orEvent" });
        this.OPTION5(() => {
          this.CONSUME2(T.LParen);
          this.CONSUME2(T.AnyName, { LABEL: "orHolder" });
          this.CONSUME2(T.RParen);
        });
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
    // `as markDead`: a name other files can `replace` or `remove` the handler by.
    this.OPTION3(() => {
      this.CONSUME(k.as);
      this.CONSUME2(T.Name, { LABEL: "handlerName" });
    });
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
    this.OPTION2({ GATE: () => !endsModifierAmount(this, this.LA(1)), DEF: () => this.SUBRULE2(this.expression, { LABEL: "amount" }) });
    this.OPTION6({ GATE: () => startsRounding((i) => this.LA(i)), DEF: () => this.SUBRULE(this.rounding) });
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
      // `..2`: up to 2.
      {
        ALT: () => {
          this.CONSUME(T.DotDot);
          this.SUBRULE3(this.expression, { LABEL: "high" });
        },
      },
      // `3`, `2..5`, or `12..`: 12 and up.
      {
        ALT: () => {
          this.SUBRULE(this.expression, { LABEL: "low" });
          this.OPTION(() => {
            this.CONSUME2(T.DotDot);
            this.OPTION2(() => this.SUBRULE2(this.expression, { LABEL: "high" }));
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
}
