// The fast parser's expressions, one method per rule of grammar/expressions.ts. Where the grammar
// builds a node whose span is its CST node's (`not`, `has`, a comparison, `-`, a primary), the span runs
// from the rule's first token to its last; operator chains join their operands' spans, as the CST
// builder (src/syntax/cst-to-ast/expressions.ts) does.
import type { IToken, TokenType } from "chevrotain";
import type * as A from "../../core/ast.ts";
import { beginsDeclaration, startsRounding } from "../../../grammar/gates.ts";
import { parser } from "../../../grammar/parser.ts";
import * as T from "../../../grammar/tokens.ts";
import { unquote } from "../cst-to-ast/cst-reader.ts";
import { BAIL, Cursor, ANY_NAME, NAME } from "./cursor.ts";
import * as N from "./nodes.ts";

const k = T.keywords;
const COMPARE: ReadonlySet<TokenType> = new Set([T.EqEq, T.NotEq, T.LtEq, T.GtEq, T.Lt, T.Gt]);

/** The tokens an expression can start with (the lookahead of every optional expression in the grammar). */
export const EXPRESSION_FIRST: ReadonlySet<TokenType> = new Set([k.not, T.Minus, T.Integer, T.StringLiteral, k.true, k.false, k.none, ...NAME, T.LParen, T.LBracket, k.if, k.roll, k.choose, k.emit]);

export abstract class FastExpressions extends Cursor {
  protected expression(): A.Expr {
    return this.orExpr();
  }

  private orExpr(): A.Expr {
    let left = this.andExpr();
    while (this.eat(k.or)) {
      const right = this.andExpr();
      left = new N.Binary("binary", "or", left, right, this.join(left.span, right.span));
    }
    return left;
  }

  private andExpr(): A.Expr {
    let left = this.notExpr();
    while (this.eat(k.and)) {
      const right = this.notExpr();
      left = new N.Binary("binary", "and", left, right, this.join(left.span, right.span));
    }
    return left;
  }

  private notExpr(): A.Expr {
    const from = this.pos;
    if (!this.eat(k.not)) return this.compareExpr();
    const operand = this.notExpr();
    return new N.Unary("not", operand, this.spanFrom(from));
  }

  private compareExpr(): A.Expr {
    const from = this.pos;
    const left = this.addExpr();
    const t = this.tokens[this.pos];
    if (t === undefined) return left;
    if (t.tokenType === k.has) {
      this.pos++;
      const status = this.name(this.expectIn(NAME));
      // `has shaken from d`: an instance from that source.
      const source = this.eat(k.from) ? this.addExpr() : undefined;
      const has: A.Expr<"has"> = new N.Has("has", left, status, this.spanFrom(from));
      if (source) has.source = source;
      return has;
    }
    if (!COMPARE.has(t.tokenType)) return left;
    this.pos++;
    const right = this.addExpr();
    return new N.Binary("binary", t.image as A.BinaryOp, left, right, this.spanFrom(from));
  }

  protected addExpr(): A.Expr {
    let left = this.mulExpr();
    for (let t = this.tokens[this.pos]; t !== undefined && (t.tokenType === T.Plus || t.tokenType === T.Minus); t = this.tokens[this.pos]) {
      this.pos++;
      const right = this.mulExpr();
      left = new N.Binary("binary", t.image as A.BinaryOp, left, right, this.join(left.span, right.span));
    }
    return left;
  }

  private mulExpr(): A.Expr {
    let left = this.unaryExpr();
    for (let t = this.tokens[this.pos]; t !== undefined && (t.tokenType === T.Star || t.tokenType === T.Slash || t.tokenType === T.Percent); t = this.tokens[this.pos]) {
      this.pos++;
      const right = this.unaryExpr();
      const rounding = startsRounding(this.la) ? this.rounding() : undefined;
      const e: A.Expr & { kind: "binary" } = new N.Binary("binary", t.image as A.BinaryOp, left, right, this.join(left.span, rounding ? rounding.span : right.span));
      if (rounding) e.rounding = rounding.mode;
      left = e;
    }
    return left;
  }

  /** `round down`: the mode, and the span of both words. */
  protected rounding(): { mode: A.Name; span: A.Span } {
    const from = this.pos;
    this.expect(T.Identifier);
    const mode = this.name(this.expect(T.Identifier));
    return { mode, span: this.spanFrom(from) };
  }

  private unaryExpr(): A.Expr {
    const from = this.pos;
    if (!this.eat(T.Minus)) return this.postfixExpr();
    const operand = this.unaryExpr();
    return new N.Unary("neg", operand, this.spanFrom(from));
  }

  protected postfixExpr(): A.Expr {
    let e = this.primary();
    for (;;) {
      const t = this.tokens[this.pos];
      if (t === undefined) return e;
      if (t.tokenType === T.Dot) {
        this.pos++;
        const m = this.expectIn(ANY_NAME);
        e = new N.Member("member", e, this.name(m), this.join(e.span, this.tokSpan(m)));
      } else if (t.tokenType === T.LParen) {
        const from = this.pos;
        const args = this.argList();
        e = new N.Call("call", e, args, this.join(e.span, this.spanFrom(from)));
      } else if (t.tokenType === T.LBracket) {
        this.pos++;
        const index = this.expression();
        const close = this.expect(T.RBracket);
        e = new N.Index("index", e, index, this.join(e.span, this.tokSpan(close)));
      } else return e;
    }
  }

  protected argList(): A.Arg[] {
    this.expect(T.LParen);
    const args = N.list<A.Arg>();
    if (!this.at(T.RParen)) {
      args.push(this.argument());
      while (this.eat(T.Comma)) args.push(this.argument());
    }
    this.expect(T.RParen);
    return args;
  }

  private argument(): A.Arg {
    const from = this.pos;
    const second = this.la(2).tokenType;
    if (second === k.in) {
      if (!this.atName()) throw BAIL;
      const comp = this.comprehension();
      return new N.ComprehensionArg("comprehension", comp, this.spanFrom(from));
    }
    if (second === T.Colon) {
      const name = this.name(this.expectIn(ANY_NAME));
      this.pos++;
      const value = this.expression();
      return new N.Named("named", name, value, this.spanFrom(from));
    }
    const value = this.expression();
    return new N.Valued("positional", value, this.spanFrom(from));
  }

  private comprehension(): A.Comprehension {
    const binder = this.name(this.expectIn(NAME));
    this.expect(k.in);
    const result: A.Comprehension = new N.Comprehension(binder, this.expression());
    if (this.eat(k.where)) result.where = this.expression();
    if (this.eat(T.FatArrow)) result.yield = this.expression();
    if (this.eat(k.else)) result.otherwise = this.expression();
    return result;
  }

  private primary(): A.Expr {
    const from = this.pos;
    const t = this.tokens[this.pos];
    if (t === undefined) throw BAIL;
    const type = t.tokenType;
    if (NAME.has(type)) {
      if (beginsDeclaration(parser, this.la)) throw BAIL;
      this.pos++;
      return new N.NameRef("name", t.image, this.tokSpan(t));
    }
    switch (type) {
      case T.Integer:
        this.pos++;
        return new N.Valued("int", Number(t.image), this.tokSpan(t));
      case T.StringLiteral:
        this.pos++;
        return new N.Valued("text", unquote(t.image), this.tokSpan(t));
      case k.true:
      case k.false:
        this.pos++;
        return new N.Valued("bool", type === k.true, this.tokSpan(t));
      case k.none:
        this.pos++;
        return new N.Leaf("none", this.tokSpan(t));
      case T.LParen: {
        this.pos++;
        const inner = this.expression();
        this.expect(T.RParen);
        return inner;
      }
      case T.LBracket: {
        const items = this.listLiteral();
        return new N.ListExpr("list", items, this.spanFrom(from));
      }
      case k.if:
        return this.ifExpr(from);
      case k.roll:
        return this.rollExpr(from);
      case k.choose:
        return this.chooseExpr(from);
      case k.emit: {
        this.pos++;
        const event = this.name(this.expectIn(NAME));
        const args = this.argList();
        return new N.Emit("emit", event, args, this.spanFrom(from));
      }
      default:
        throw BAIL;
    }
  }

  protected listLiteral(): A.Expr[] {
    this.expect(T.LBracket);
    const items = N.list<A.Expr>();
    if (!this.at(T.RBracket)) {
      items.push(this.expression());
      while (this.eat(T.Comma)) items.push(this.expression());
    }
    this.expect(T.RBracket);
    return items;
  }

  private ifExpr(from: number): A.Expr {
    this.pos++;
    const condition = this.expression();
    this.expect(k.then);
    const then = this.expression();
    this.expect(k.else);
    const otherwise = this.expression();
    return new N.Cond(condition, then, otherwise, this.spanFrom(from));
  }

  private rollExpr(from: number): A.Expr {
    this.pos++;
    const dice = this.eat(T.DiceLiteral);
    if (dice) return this.diceRoll(dice, from);
    if (this.at(T.LParen)) {
      const listFrom = this.pos;
      const args = this.argList();
      const span = this.spanFrom(from);
      const values = args.map((a): A.Expr => (a.kind === "positional" ? a.value : new N.Valued("int", 0, a.span)));
      // `count` after `span`, as for `3d6`: one order of a roll's properties (src/core/node-shapes.ts).
      const e: A.Expr & { kind: "roll" } = new N.Roll("roll", values[values.length >= 2 ? 1 : 0] ?? new N.Valued("int", 1, span), span);
      if (values.length >= 2) e.count = values[0]!;
      if (args.length < 1 || args.length > 2 || args.some((a) => a.kind !== "positional")) e.badArgs = this.spanFrom(listFrom);
      return e;
    }
    if (!this.atName()) throw BAIL;
    const die = this.postfixExpr();
    return new N.Roll("roll", die, this.spanFrom(from));
  }

  private diceRoll(dice: IToken, from: number): A.Expr {
    const [count, sides] = dice.image.split("d");
    const dspan = this.tokSpan(dice);
    const e: A.Expr = new N.Roll("roll", new N.Valued("int", Number(sides), dspan), this.spanFrom(from));
    if (count) e.count = new N.Valued("int", Number(count), dspan);
    return e;
  }

  private chooseExpr(from: number): A.Expr {
    this.pos++;
    let upTo: A.Expr | undefined;
    const next = this.tokens[this.pos];
    if (next !== undefined && next.image === "up" && next.tokenType === T.Identifier && this.la(2).tokenType === k.to) {
      this.pos += 2;
      upTo = this.addExpr();
    }
    const question = this.addExpr();
    this.expect(k.from);
    const options = this.postfixExpr();
    let orNone = this.takeOrNone();
    const by = this.eat(k.by) ? this.postfixExpr() : undefined;
    if (this.takeOrNone()) orNone = true;
    const e: A.Expr & { kind: "choose" } = new N.Choose("choose", question, options, this.spanFrom(from));
    if (orNone) e.orNone = true;
    if (by) e.by = by;
    if (upTo) e.upTo = upTo;
    return e;
  }

  /** `or none` after a choice's options (or after its `by`). */
  private takeOrNone(): boolean {
    if (!this.at(k.or) || this.la(2).tokenType !== k.none) return false;
    this.pos += 2;
    return true;
  }
}
