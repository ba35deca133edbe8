// The fast parser's statements, building what src/syntax/cst-to-ast/statements.ts builds from the CST:
// a regular statement by its form and shape (../statement-plans.ts), the others by a method each.
import type { TokenType } from "chevrotain";
import type * as A from "../../core/ast.ts";
import { atProceed, beginsDeclaration, sameLine } from "../../../grammar/gates.ts";
import { parser } from "../../../grammar/parser.ts";
import * as T from "../../../grammar/tokens.ts";
import { statementSyntax, type Part } from "../../../grammar/statement-forms.ts";
import { statementPlans, type Read, type StatementPlan } from "../statement-plans.ts";
import { BAIL, NAME, ANY_NAME } from "./cursor.ts";
import { EXPRESSION_FIRST, FastExpressions } from "./expressions.ts";
import * as N from "./nodes.ts";

const k = T.keywords;

/**
 * A part of a form as the fast parser takes it: a token, a value into a slot, or an optional group (its
 * steps, taken when the next token is one of `first`). One object shape for all, so reading one is monomorphic.
 */
interface Step {
  take: Exclude<Read, "span"> | "token" | "optional";
  token: TokenType | undefined;
  slot: number;
  steps: readonly Step[];
  first: ReadonlySet<TokenType>;
}
const NONE: ReadonlySet<TokenType> = new Set();

/** What can begin a part: the tokens the grammar's lookahead for an optional group accepts first. */
function firstOf(part: Part): ReadonlySet<TokenType> {
  if (typeof part === "string") return new Set([T.wordToken(part)]);
  if ("optional" in part) return firstOf(part.optional[0]!);
  return part.read === "expr" ? EXPRESSION_FIRST : part.read === "block" ? new Set([T.LBrace]) : part.read === "args" ? new Set([T.LParen]) : NAME;
}

function stepsOf(plan: StatementPlan, form: readonly Part[]): Step[] {
  return form.map((p): Step => {
    if (typeof p === "string") return { take: "token", token: T.wordToken(p), slot: -1, steps: [], first: NONE };
    if ("optional" in p) return { take: "optional", token: undefined, slot: -1, steps: stepsOf(plan, p.optional), first: firstOf(p) };
    return { take: p.read, token: undefined, slot: plan.slotOf.get(p.label)!, steps: [], first: NONE };
  });
}

interface Form {
  soft: boolean;
  steps: readonly Step[];
  /** The slot of the statement's span. */
  span: number;
  Node: StatementPlan["Node"];
}
/** The regular statements by their keyword's `tokenTypeIdx`: an array load, where this runs for every statement. */
const FORMS: (Form | undefined)[] = [];
for (const plan of statementPlans.values()) {
  FORMS[plan.keyword.tokenTypeIdx!] = { soft: plan.soft, steps: stepsOf(plan, plan.form), span: plan.props.findIndex((p) => p.read === "span"), Node: plan.Node };
}

/** The tokens a statement can start with: the lookahead of a block's repetition. */
const STATEMENT_FIRST: ReadonlySet<TokenType> = new Set([...EXPRESSION_FIRST, T.Identifier, ...statementSyntax.map((s) => T.wordToken(s.keyword))]);
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
      case k.if:
        return this.ifStmt(from);
      case k.apply:
        return this.applyStmt(from);
      default: {
        const form = type === undefined ? undefined : FORMS[type.tokenTypeIdx!];
        if (form !== undefined) {
          // A soft keyword may begin an expression too: which one it begins is the grammar's to say.
          if (form.soft) throw BAIL;
          this.pos++;
          const values: unknown[] = Array.of(undefined, undefined, undefined, undefined, undefined, undefined);
          this.take(form.steps, values);
          values[form.span] = this.spanFrom(from);
          return new form.Node(values);
        }
        if (atProceed(this.la)) {
          this.pos++;
          return new N.Leaf("proceed", this.spanFrom(from));
        }
        return this.exprStmt(from);
      }
    }
  }

  /** A regular statement's parts after its keyword, each value into its property's slot. */
  private take(steps: readonly Step[], values: unknown[]): void {
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      switch (step.take) {
        case "expr":
          values[step.slot] = this.expression();
          break;
        case "token":
          this.expect(step.token!);
          break;
        case "name":
          values[step.slot] = this.name(this.expectIn(NAME));
          break;
        case "block":
          values[step.slot] = this.block();
          break;
        case "args":
          values[step.slot] = this.argList();
          break;
        case "type":
          values[step.slot] = this.typeRef();
          break;
        case "optional": {
          const t = this.peekType();
          if (t !== undefined && step.first.has(t)) this.take(step.steps, values);
        }
      }
    }
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

  private applyStmt(from: number): A.Stmt {
    this.pos++;
    const status = this.name(this.expectIn(NAME));
    // `frightened(2, from: d)`: the status's values and its source.
    const args = this.at(T.LParen) ? this.argList() : undefined;
    this.expect(k.to);
    const target = this.expression();
    let times: A.Expr | undefined;
    let event: { event: A.Name; param?: A.Name; match?: A.Expr } | undefined;
    const forOrUntil = sameLine(this.la) && (this.at(k.for) || this.at(k.until)) ? this.tokens[this.pos++]! : undefined;
    if (forOrUntil?.tokenType === k.for) {
      times = this.expression();
      if (sameLine(this.la) && this.at(T.Identifier)) event = this.expiryEvent();
    } else if (forOrUntil) event = this.expiryEvent();
    // `until Slain(dragon: d) or OutOfSight(dragon: d)`: each more event with its own span.
    const or: A.AppliedOr[] = [];
    while (sameLine(this.la) && this.at(k.or)) {
      this.pos++;
      const at = this.pos;
      const e = this.expiryEvent();
      const x: A.AppliedOr = { span: this.spanFrom(at), event: e.event };
      if (e.param && e.match) x.match = { param: e.param, value: e.match };
      else if (e.param) x.holder = e.param;
      or.push(x);
    }
    const span = this.spanFrom(from);
    const s: A.Stmt & { kind: "apply" } = new N.StatusTo("apply", status, target, span);
    if (!forOrUntil) {
      if (args) s.args = args;
      return s;
    }
    const expiry: A.AppliedExpiry = { span: { ...this.join(this.tokSpan(forOrUntil), span) } };
    if (times) expiry.times = times;
    if (event) {
      expiry.event = event.event;
      if (event.param && event.match) expiry.match = { param: event.param, value: event.match };
      else if (event.param) expiry.holder = event.param;
    }
    if (or.length > 0) expiry.or = or;
    s.expiry = expiry;
    if (args) s.args = args;
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
