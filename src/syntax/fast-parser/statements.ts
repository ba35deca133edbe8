// The fast parser's statements, one method per rule of grammar/statements.ts, building what
// src/syntax/cst-to-ast/statements.ts builds from the CST.
import type { TokenType } from "chevrotain";
import type * as A from "../../core/ast.ts";
import { atProceed, beginsDeclaration, sameLine } from "../../../grammar/gates.ts";
import { parser } from "../../../grammar/parser.ts";
import * as T from "../../../grammar/tokens.ts";
import { BAIL, NAME, ANY_NAME } from "./cursor.ts";
import { EXPRESSION_FIRST, FastExpressions } from "./expressions.ts";
import * as N from "./nodes.ts";

const k = T.keywords;

/** The tokens a statement can start with: the lookahead of a block's repetition. */
const STATEMENT_FIRST: ReadonlySet<TokenType> = new Set([...EXPRESSION_FIRST, T.Identifier, k.let, k.while, k.for, k.return, k.emit, k.apply, k.clear, k.add, k.remove, k.move, k.expect, k.force, k.say]);
const ASSIGN: ReadonlySet<TokenType> = new Set([T.Eq, T.PlusEq, T.MinusEq]);

export abstract class FastStatements extends FastExpressions {
  protected block(): A.Block {
    const from = this.pos;
    this.expect(T.LBrace);
    const statements = N.list<A.Stmt>();
    for (;;) {
      const t = this.tokens[this.pos];
      if (t === undefined) throw BAIL;
      if (t.tokenType === T.RBrace) break;
      if (!STATEMENT_FIRST.has(t.tokenType) || beginsDeclaration(parser, this.la)) throw BAIL;
      statements.push(this.statement());
    }
    this.pos++;
    return new N.Block("block", statements, this.spanFrom(from));
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
        return new N.While("while", condition, body, this.spanFrom(from));
      }
      case k.for:
        return this.forStmt(from);
      case k.return: {
        this.pos++;
        const t = this.peekType();
        if (t === undefined || !EXPRESSION_FIRST.has(t)) return new N.Leaf("return", this.spanFrom(from));
        const value = this.expression();
        return new N.Valued("return", value, this.spanFrom(from));
      }
      case k.emit: {
        this.pos++;
        const event = this.name(this.expectIn(NAME));
        const args = this.argList();
        return new N.Emit("emit", event, args, this.spanFrom(from));
      }
      case k.apply:
        return this.applyStmt(from);
      case k.clear: {
        this.pos++;
        const status = this.name(this.expectIn(NAME));
        this.expect(k.from);
        const target = this.expression();
        return new N.StatusTo("clear", status, target, this.spanFrom(from));
      }
      case k.add:
      case k.remove: {
        this.pos++;
        const item = this.expression();
        this.expect(type === k.add ? k.to : k.from);
        const list = this.expression();
        return new N.AddRemove(type === k.add ? "add" : "remove", item, list, this.spanFrom(from));
      }
      case k.move: {
        this.pos++;
        const item = this.expression();
        this.expect(k.from);
        const source = this.expression();
        this.expect(k.to);
        const target = this.expression();
        return new N.Move("move", item, source, target, this.spanFrom(from));
      }
      case k.expect:
      case k.say: {
        this.pos++;
        const value = this.expression();
        return new N.Valued(type === k.expect ? "expect" : "say", value, this.spanFrom(from));
      }
      case k.force: {
        this.pos++;
        const what = this.name(this.expectIn(NAME));
        const values = this.expression();
        return new N.Force("force", what, values, this.spanFrom(from));
      }
      default:
        if (atProceed(this.la)) {
          this.pos++;
          return new N.Leaf("proceed", this.spanFrom(from));
        }
        return this.exprStmt(from);
    }
  }

  private letStmt(from: number): A.Stmt {
    this.pos++;
    const name = this.name(this.expectIn(NAME));
    const type = this.eat(T.Colon) ? this.typeRef() : undefined;
    this.expect(T.Eq);
    const s: A.Stmt = new N.Let("let", name, this.expression(), this.spanFrom(from));
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
    const s: A.Stmt & { kind: "if" } = new N.If("if", condition, then, this.spanFrom(from));
    let last = s;
    for (const step of steps) {
      const inner: A.Stmt & { kind: "if" } = new N.If("if", step.condition, step.then, this.join(this.tokSpan(this.tokens[step.at]!), s.span));
      last.else = new N.Block("block", Array.of<A.Stmt>(inner), inner.span);
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
    const s: A.Stmt = new N.For("for", name, start, body, this.spanFrom(from));
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
    const s: A.Stmt & { kind: "apply" } = new N.StatusTo("apply", status, target, span);
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
    if (op === undefined || !ASSIGN.has(op.tokenType)) return new N.Valued("expr", target, this.spanFrom(from));
    this.pos++;
    const value = this.expression();
    return new N.Assign("assign", op.image as "=" | "+=" | "-=", target, value, this.spanFrom(from));
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
    const t: A.TypeRef = new N.TypeRef(name, this.spanFrom(from));
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
