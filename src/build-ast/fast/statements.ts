// The fast parser's statements, one method per rule of grammar/statements.ts, building what
// src/build-ast/statements.ts builds from the CST.
import type { TokenType } from "chevrotain";
import type * as A from "../../ast.ts";
import { atProceed, beginsDeclaration, sameLine } from "../../../grammar/gates.ts";
import { parser } from "../../../grammar/parser.ts";
import * as T from "../../../grammar/tokens.ts";
import { BAIL, NAME, ANY_NAME } from "./cursor.ts";
import { EXPRESSION_FIRST, FastExpressions } from "./expressions.ts";

const k = T.keywords;

/** The tokens a statement can start with: the lookahead of a block's repetition. */
const STATEMENT_FIRST: ReadonlySet<TokenType> = new Set([...EXPRESSION_FIRST, T.Identifier, k.let, k.while, k.for, k.return, k.emit, k.apply, k.clear, k.add, k.remove, k.move, k.expect, k.force, k.say]);
const ASSIGN: ReadonlySet<TokenType> = new Set([T.Eq, T.PlusEq, T.MinusEq]);

export abstract class FastStatements extends FastExpressions {
  protected block(): A.Block {
    const from = this.pos;
    this.expect(T.LBrace);
    const statements: A.Stmt[] = [];
    for (;;) {
      const t = this.tokens[this.pos];
      if (t === undefined) throw BAIL;
      if (t.tokenType === T.RBrace) break;
      if (!STATEMENT_FIRST.has(t.tokenType) || beginsDeclaration(parser, this.la)) throw BAIL;
      statements.push(this.statement());
    }
    this.pos++;
    return { kind: "block", statements, span: this.spanFrom(from) };
  }

  private statement(): A.Stmt {
    const s = this.statementBody();
    this.eat(T.Semicolon);
    return s;
  }

  private statementBody(): A.Stmt {
    const from = this.pos;
    const type = this.peekType();
    switch (type) {
      case k.let:
        return this.letStmt(from);
      case k.if:
        return this.ifStmt(from);
      case k.while: {
        this.pos++;
        const condition = this.expression();
        const body = this.block();
        return { kind: "while", condition, body, span: this.spanFrom(from) };
      }
      case k.for:
        return this.forStmt(from);
      case k.return: {
        this.pos++;
        const t = this.peekType();
        if (t === undefined || !EXPRESSION_FIRST.has(t)) return { kind: "return", span: this.spanFrom(from) };
        const value = this.expression();
        return { kind: "return", value, span: this.spanFrom(from) };
      }
      case k.emit: {
        this.pos++;
        const event = this.name(this.expectIn(NAME));
        const args = this.argList();
        return { kind: "emit", event, args, span: this.spanFrom(from) };
      }
      case k.apply:
        return this.applyStmt(from);
      case k.clear: {
        this.pos++;
        const status = this.name(this.expectIn(NAME));
        this.expect(k.from);
        const target = this.expression();
        return { kind: "clear", status, target, span: this.spanFrom(from) };
      }
      case k.add:
      case k.remove: {
        this.pos++;
        const item = this.expression();
        this.expect(type === k.add ? k.to : k.from);
        const list = this.expression();
        return { kind: type === k.add ? "add" : "remove", item, list, span: this.spanFrom(from) };
      }
      case k.move: {
        this.pos++;
        const item = this.expression();
        this.expect(k.from);
        const source = this.expression();
        this.expect(k.to);
        const target = this.expression();
        return { kind: "move", item, source, target, span: this.spanFrom(from) };
      }
      case k.expect:
      case k.say: {
        this.pos++;
        const value = this.expression();
        return { kind: type === k.expect ? "expect" : "say", value, span: this.spanFrom(from) };
      }
      case k.force: {
        this.pos++;
        const what = this.name(this.expectIn(NAME));
        const values = this.expression();
        return { kind: "force", what, values, span: this.spanFrom(from) };
      }
      default:
        if (atProceed(this.la)) {
          this.pos++;
          return { kind: "proceed", span: this.spanFrom(from) };
        }
        return this.exprStmt(from);
    }
  }

  private letStmt(from: number): A.Stmt {
    this.pos++;
    const name = this.name(this.expectIn(NAME));
    const type = this.eat(T.Colon) ? this.typeRef() : undefined;
    this.expect(T.Eq);
    const s: A.Stmt = { kind: "let", name, value: this.expression(), span: this.spanFrom(from) };
    if (type) s.type = type;
    return s;
  }

  private ifStmt(from: number): A.Stmt {
    this.pos++;
    const condition = this.expression();
    const then = this.block();
    // `else if` steps: read first, nested once the whole statement's span is known (as the CST builder does).
    const steps: { at: number; condition: A.Expr; then: A.Block }[] = [];
    while (this.at(k.else) && this.la(2).tokenType === k.if) {
      const at = this.pos + 1;
      this.pos += 2;
      steps.push({ at, condition: this.expression(), then: this.block() });
    }
    const otherwise = this.eat(k.else) ? this.block() : undefined;
    const s: A.Stmt & { kind: "if" } = { kind: "if", condition, then, span: this.spanFrom(from) };
    let last = s;
    for (const step of steps) {
      const inner: A.Stmt & { kind: "if" } = { kind: "if", condition: step.condition, then: step.then, span: this.join(this.tokSpan(this.tokens[step.at]!), s.span) };
      last.else = { kind: "block", statements: [inner], span: inner.span };
      last = inner;
    }
    if (otherwise) last.else = otherwise;
    return s;
  }

  private forStmt(from: number): A.Stmt {
    this.pos++;
    const name = this.name(this.expectIn(NAME));
    this.expect(k.in);
    const start = this.expression();
    const to = this.eat(T.DotDot) ? this.expression() : undefined;
    const where = this.eat(k.where) ? this.expression() : undefined;
    const body = this.block();
    const s: A.Stmt = { kind: "for", name, from: start, body, span: this.spanFrom(from) };
    if (to) s.to = to;
    if (where) s.where = where;
    return s;
  }

  private applyStmt(from: number): A.Stmt {
    this.pos++;
    const status = this.name(this.expectIn(NAME));
    this.expect(k.to);
    const target = this.expression();
    let times: A.Expr | undefined;
    let event: { event: A.Name; param?: A.Name; match?: A.Expr } | undefined;
    const forOrUntil = sameLine(this.la) && (this.at(k.for) || this.at(k.until)) ? this.tokens[this.pos++]! : undefined;
    if (forOrUntil?.tokenType === k.for) {
      times = this.expression();
      if (sameLine(this.la) && this.at(T.Identifier)) event = this.expiryEvent();
    } else if (forOrUntil) event = this.expiryEvent();
    const span = this.spanFrom(from);
    const s: A.Stmt & { kind: "apply" } = { kind: "apply", status, target, span };
    if (!forOrUntil) return s;
    const expiry: A.AppliedExpiry = { span: { ...this.join(this.tokSpan(forOrUntil), span) } };
    if (times) expiry.times = times;
    if (event) {
      expiry.event = event.event;
      if (event.param && event.match) expiry.match = { param: event.param, value: event.match };
      else if (event.param) expiry.holder = event.param;
    }
    s.expiry = expiry;
    return s;
  }

  /** `RoundEnds`, `Activated(unit)` or `TurnStarts(player: caster)`. */
  private expiryEvent(): { event: A.Name; param?: A.Name; match?: A.Expr } {
    const event = this.name(this.expectIn(NAME));
    if (!sameLine(this.la) || !this.eat(T.LParen)) return { event };
    const param = this.name(this.expectIn(ANY_NAME));
    const match = this.eat(T.Colon) ? this.expression() : undefined;
    this.expect(T.RParen);
    return match ? { event, param, match } : { event, param };
  }

  private exprStmt(from: number): A.Stmt {
    const target = this.expression();
    const op = this.tokens[this.pos];
    if (op === undefined || !ASSIGN.has(op.tokenType)) return { kind: "expr", value: target, span: this.spanFrom(from) };
    this.pos++;
    const value = this.expression();
    return { kind: "assign", op: op.image as "=" | "+=" | "-=", target, value, span: this.spanFrom(from) };
  }

  protected typeRef(): A.TypeRef {
    const from = this.pos;
    const name = this.name(this.expectIn(NAME));
    const element = this.eat(T.Lt) ? this.typeRefThen(T.Gt) : undefined;
    let range: { low: number; high: number } | undefined;
    if (this.eat(k.in)) {
      const low = this.signedInt();
      this.expect(T.DotDot);
      range = { low, high: this.signedInt() };
    }
    const optional = this.eat(T.Question) !== undefined;
    const t: A.TypeRef = { name, span: this.spanFrom(from) };
    if (element) t.element = element;
    if (range) t.range = range;
    if (optional) t.optional = true;
    return t;
  }

  /** A type followed by `close` (the `>` of `list<T>`). */
  private typeRefThen(close: TokenType): A.TypeRef {
    const t = this.typeRef();
    this.expect(close);
    return t;
  }

  protected signedInt(): number {
    const minus = this.eat(T.Minus);
    const v = Number(this.expect(T.Integer).image);
    return minus ? -v : v;
  }
}
