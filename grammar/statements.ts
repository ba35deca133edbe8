// The grammar's statements: a block and every statement that can stand in one. The second class of
// the parser's chain (see `declarations.ts`). A regular statement's rule is made from its form in
// statement-forms.ts; the others are written out here.
import type { CstNode, OrMethodOpts, ParserMethod, TokenType } from "chevrotain";
import { ExtensionRules } from "./extensions.ts";
import { atProceed, beginsDeclaration, sameLine } from "./gates.ts";
import { statementSyntax, type Part, type StatementSyntax } from "./statement-forms.ts";
import * as T from "./tokens.ts";

const k = T.keywords;

/** The rule a part of a form reads through (a `name` is a token). */
const PART_RULES = { expr: "expression", block: "block", args: "argList", type: "typeRef" } as const;

/**
 * One step of a rule made from a form, with the occurrence index Chevrotain needs to tell apart two
 * takings of one token or rule in a rule (`CONSUME2`).
 */
type Step =
  | { consume: TokenType; idx: number; opts: { LABEL: string } | undefined }
  | { subrule: (typeof PART_RULES)[keyof typeof PART_RULES]; idx: number; opts: { LABEL: string } }
  /** `body`: the function that takes `option`, made once, as Chevrotain's `OPTION` takes one. */
  | { option: Step[]; idx: number; body?: () => void };

/** The steps of a form (its keyword first), counting occurrences as Chevrotain does. */
function stepsOf(keyword: string, form: readonly Part[]): Step[] {
  const seen = new Map<unknown, number>();
  const idx = (key: unknown) => {
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n;
  };
  const steps = (parts: readonly Part[]): Step[] =>
    parts.map((p): Step => {
      if (typeof p === "string") {
        const token = T.wordToken(p);
        return { consume: token, idx: idx(token), opts: undefined };
      }
      if ("optional" in p) return { option: steps(p.optional), idx: idx("OPTION") };
      if (p.read === "name") return { consume: T.Name, idx: idx(T.Name), opts: { LABEL: p.label } };
      const rule = PART_RULES[p.read];
      return { subrule: rule, idx: idx(rule), opts: { LABEL: p.label } };
    });
  return steps([keyword, ...form]);
}

export abstract class StatementRules extends ExtensionRules {
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
        ...statementSyntax.map((s) => {
          const rule = this.keywordStatement(s.keyword);
          return { ALT: () => this.SUBRULE(rule) };
        }),
        { GATE: () => atProceed((i) => this.LA(i)), ALT: () => this.SUBRULE(this.proceedStmt) },
        { ALT: () => this.SUBRULE(this.exprStmt) },
      ],
    }));
    this.OPTION(() => this.CONSUME(T.Semicolon));
  });

  /**
   * The rules of the regular statements, made from their forms by keyword; each is also the parser's
   * member `<keyword>Stmt`, where Chevrotain looks a rule up by its name.
   */
  private readonly formRules: ReadonlyMap<string, ParserMethod<[], CstNode>> = new Map(
    statementSyntax.flatMap((s: StatementSyntax) => {
      if (!s.form) return [];
      const steps = stepsOf(s.keyword, s.form);
      const rule = this.RULE(`${s.keyword}Stmt`, () => this.take(steps));
      (this as unknown as Record<string, unknown>)[`${s.keyword}Stmt`] = rule;
      return [[s.keyword, rule] as const];
    }),
  );

  /** The rule of the statement `keyword` begins: made from its form, or written out below as `<keyword>Stmt`. */
  private keywordStatement(keyword: string): ParserMethod<[], CstNode> {
    return this.formRules.get(keyword) ?? (this as unknown as Record<string, ParserMethod<[], CstNode>>)[`${keyword}Stmt`]!;
  }

  /** Takes a form's steps. */
  private take(steps: readonly Step[]): void {
    for (const step of steps) {
      if ("consume" in step) this.consume(step.idx, step.consume, step.opts);
      else if ("subrule" in step) this.subrule(step.idx, this[step.subrule], step.opts);
      else this.option(step.idx, (step.body ??= () => this.take(step.option)));
    }
  }

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

  proceedStmt = this.RULE("proceedStmt", () => {
    this.CONSUME(T.Identifier);
  });

  applyStmt = this.RULE("applyStmt", () => {
    this.CONSUME(k.apply);
    this.CONSUME(T.Name);
    // `frightened(2, from: d)`: the status's values and its source.
    this.OPTION3(() => this.SUBRULE(this.argList));
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
    // `until Slain(dragon: d) or OutOfSight(dragon: d)`: any of them ends it.
    this.MANY({
      GATE: () => sameLine((i) => this.LA(i)),
      DEF: () => {
        this.CONSUME(k.or);
        this.SUBRULE3(this.expiryEvent, { LABEL: "orEvent" });
      },
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
