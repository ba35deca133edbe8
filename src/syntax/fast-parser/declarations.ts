// The fast parser's declarations, one method per rule of grammar/declarations.ts, building what
// src/syntax/cst-to-ast/declarations.ts builds from the CST (doc comments included), and the entry point.
import type { IToken } from "chevrotain";
import type * as A from "../../core/ast.ts";
import { beginsDeclaration, endsModifierAmount, startsRounding } from "../../../grammar/gates.ts";
import { parser } from "../../../grammar/parser.ts";
import * as T from "../../../grammar/tokens.ts";
import { unquote } from "../cst-to-ast/cst-reader.ts";
import { ANY_NAME, BAIL, NAME } from "./cursor.ts";
import { EXPRESSION_FIRST } from "./expressions.ts";
import * as N from "./nodes.ts";
import { FastStatements } from "./statements.ts";

const k = T.keywords;

/** Whether `fastDeclarations` is used: tests turn it off to compare with the Chevrotain path. */
export const fastParser = { enabled: true };

export class FastParser extends FastStatements {
  constructor(
    path: string,
    private readonly docs: Map<number, string>,
  ) {
    super(path);
  }

  /** The declarations of a piece of a file, or undefined where the Chevrotain parser must read it. */
  declarations(tokens: IToken[], from: number, to: number): A.Decl[] | undefined {
    this.tokens = tokens.slice(from, to);
    this.pos = 0;
    const decls = N.list<A.Decl>();
    try {
      while (this.pos < this.tokens.length) decls.push(this.declaration());
    } catch (err) {
      // A piece nested deeper than the stack allows is the Chevrotain path's to report.
      if (err === BAIL || err instanceof RangeError) return undefined;
      throw err;
    }
    return decls;
  }

  private docFor(line: number): string | undefined {
    const lines: string[] = [];
    for (let l = line - 1; this.docs.has(l); l--) lines.unshift(this.docs.get(l)!);
    return lines.length ? lines.join("\n") : undefined;
  }
  private withDoc<D extends { span: A.Span }>(d: D): D & { doc?: string } {
    const doc = this.docs.size === 0 ? undefined : this.docFor(d.span.line);
    return doc === undefined ? d : { ...d, doc };
  }

  private declaration(): A.Decl {
    const from = this.pos;
    switch (this.peekType()) {
      case k.overrides: {
        this.pos++;
        const t = this.expect(T.StringLiteral);
        return this.withDoc(new N.Overrides("overrides", unquote(t.image), this.tokSpan(t), this.spanFrom(from)));
      }
      case k.import: {
        this.pos++;
        const t = this.expect(T.StringLiteral);
        return this.withDoc(new N.Import("import", unquote(t.image), this.tokSpan(t), this.spanFrom(from)));
      }
      case k.enum:
        return this.enumDecl(from);
      case k.kind:
      case k.record:
        return this.kindDecl(from);
      case k.state: {
        this.pos++;
        const fields = this.fieldBlock();
        return this.withDoc(new N.State("state", fields, this.spanFrom(from)));
      }
      case k.status:
        return this.statusDecl(from);
      case k.event:
        return this.eventDecl(from);
      case k.on:
      case k.before:
      case k.instead:
        return this.triggerDecl(from);
      case k.fn:
        return this.fnDecl(from);
      case k.value:
        return this.valueDecl(from);
      case k.modifier:
        return this.modifierDecl(from);
      case k.table:
        return this.tableDecl(from);
      case k.die:
        return this.dieDecl(from);
      case k.example: {
        this.pos++;
        const title = unquote(this.expect(T.StringLiteral).image);
        const body = this.block();
        return this.withDoc(new N.Example("example", title, body, this.spanFrom(from)));
      }
      case k.stages: {
        this.pos++;
        const stages = this.stageList();
        return this.withDoc(new N.Stages("stages", stages, this.spanFrom(from)));
      }
      default:
        throw BAIL;
    }
  }

  private enumDecl(from: number): A.Decl {
    this.pos++;
    const name = this.name(this.expectIn(NAME));
    this.expect(T.LBrace);
    const members = N.list<A.Name>();
    while (!this.at(T.RBrace)) {
      if (beginsDeclaration(parser, this.la)) throw BAIL;
      members.push(this.name(this.expectIn(ANY_NAME)));
      this.eat(T.Comma);
    }
    this.pos++;
    return this.withDoc(new N.Enum("enum", name, members, this.spanFrom(from)));
  }

  private kindDecl(from: number): A.Decl {
    const record = this.tokens[this.pos++]!.tokenType === k.record;
    const name = this.name(this.expectIn(NAME));
    const fields = this.fieldBlock();
    return this.withDoc({ kind: "kind", name, fields, ...(record ? { record: true as const } : {}), span: this.spanFrom(from) });
  }

  private fieldBlock(): A.FieldDecl[] {
    this.expect(T.LBrace);
    const fields = N.list<A.FieldDecl>();
    while (!this.at(T.RBrace)) {
      if (beginsDeclaration(parser, this.la)) throw BAIL;
      fields.push(this.fieldDecl());
    }
    this.pos++;
    return fields;
  }

  private fieldDecl(): A.FieldDecl {
    const from = this.pos;
    const name = this.name(this.expectIn(ANY_NAME));
    this.expect(T.Colon);
    const type = this.typeRef();
    const def = this.eat(T.Eq) ? this.expression() : undefined;
    this.eat(T.Comma);
    const field: A.FieldDecl = new N.FieldDecl(name, type, this.spanFrom(from));
    if (def) field.default = def;
    return this.withDoc(field);
  }

  private statusDecl(from: number): A.Decl {
    this.pos++;
    const name = this.name(this.expectIn(NAME));
    // `frightened(level: int)`, then `stacks highest`, in the grammar's order.
    const params = this.at(T.LParen) ? this.paramList() : undefined;
    let stacking: A.Name | undefined;
    if (this.eat(k.stacks)) stacking = this.name(this.expectIn(NAME));
    let times: number | undefined;
    let event: A.Name | undefined;
    let holder: A.Name | undefined;
    const or: A.StatusOr[] = [];
    if (this.at(k.until) || this.at(k.for)) {
      if (this.tokens[this.pos++]!.tokenType === k.for) times = Number(this.expect(T.Integer).image);
      if (beginsDeclaration(parser, this.la)) throw BAIL;
      event = this.name(this.expectIn(NAME));
      if (this.eat(T.LParen)) {
        holder = this.name(this.expectIn(ANY_NAME));
        this.expect(T.RParen);
      }
      // `or Slain(unit)`: any of them ends it.
      while (this.eat(k.or)) {
        const e = this.name(this.expectIn(NAME));
        if (this.eat(T.LParen)) {
          const h = this.name(this.expectIn(ANY_NAME));
          this.expect(T.RParen);
          or.push({ event: e, holder: h });
        } else or.push({ event: e });
      }
    }
    const decl: A.StatusDecl = new N.Status("status", name, this.spanFrom(from));
    if (event) decl.expiry = { event, ...(times !== undefined ? { times } : {}), ...(holder ? { holder } : {}) };
    if (decl.expiry && or.length > 0) decl.expiry.or = or;
    if (params) decl.params = params;
    if (stacking) decl.stacking = stacking;
    return this.withDoc(decl);
  }

  private eventDecl(from: number): A.Decl {
    this.pos++;
    const name = this.name(this.expectIn(NAME));
    const params = this.paramList();
    const returns = this.eat(T.Arrow) ? this.typeRef() : undefined;
    const body = this.at(T.LBrace) ? this.block() : undefined;
    const decl: A.EventDecl = new N.Event("event", name, params, this.spanFrom(from));
    if (returns) decl.returns = returns;
    if (body) decl.body = body;
    return this.withDoc(decl);
  }

  private triggerDecl(from: number): A.Decl {
    const first = this.tokens[this.pos++]!.tokenType;
    if (first === k.instead) this.expect(k.of);
    const event = this.name(this.expectIn(NAME));
    const handlerName = this.eat(k.as) ? this.name(this.expectIn(NAME)) : undefined;
    const condition = this.eat(k.when) ? this.expression() : undefined;
    const order = this.eat(k.order) ? this.signedInt() : 0;
    const body = this.block();
    const timing: A.TriggerTiming = first === k.on ? "after" : first === k.before ? "before" : "instead";
    const decl: A.TriggerDecl = new N.Trigger("trigger", timing, event, order, body, this.spanFrom(from));
    if (condition) decl.condition = condition;
    // After \`condition\`, as the Chevrotain path writes it: both make the same JSON, key order included.
    if (handlerName) decl.handlerName = handlerName;
    return this.withDoc(decl);
  }

  private fnDecl(from: number): A.Decl {
    this.pos++;
    const name = this.name(this.expectIn(NAME));
    const params = this.paramList();
    const returns = this.eat(T.Arrow) ? this.typeRef() : undefined;
    let body: A.Block | A.Expr;
    if (this.at(T.LBrace)) body = this.block();
    else {
      this.expect(T.Eq);
      body = this.expression();
    }
    const decl: A.FnDecl = new N.Fn("fn", name, params, body, this.spanFrom(from));
    if (returns) decl.returns = returns;
    return this.withDoc(decl);
  }

  private valueDecl(from: number): A.Decl {
    this.pos++;
    const name = this.name(this.expectIn(NAME));
    const params = this.paramList();
    this.expect(T.Arrow);
    const returns = this.typeRef();
    const stages = this.eat(k.stages) ? this.stageList() : undefined;
    this.expect(T.Eq);
    const decl: A.ValueDecl = new N.Value("value", name, params, returns, this.expression(), this.spanFrom(from));
    if (stages) decl.stages = stages;
    return this.withDoc(decl);
  }

  private modifierDecl(from: number): A.Decl {
    this.pos++;
    const name = this.name(this.expectIn(NAME));
    this.expect(k.for);
    const target = this.name(this.expectIn(NAME));
    const condition = this.eat(k.when) ? this.expression() : undefined;
    const stage = this.eat(k.in) ? this.stageName() : undefined;
    const order = this.eat(k.order) ? this.signedInt() : undefined;
    this.expect(T.Colon);
    const op = this.at(k.add) ? this.tokens[this.pos++]! : this.expect(T.Identifier);
    const next = this.tokens[this.pos];
    const amount = next !== undefined && EXPRESSION_FIRST.has(next.tokenType) && !endsModifierAmount(parser, next) ? this.expression() : undefined;
    const rounding = startsRounding(this.la) ? this.rounding() : undefined;
    const into = this.eat(k.as) ? this.expression() : undefined;
    const factor = into === undefined && this.eat(k.by) ? this.expression() : undefined;
    const decl: A.ModifierDecl = new N.Modifier("modifier", name, target, this.name(op), this.spanFrom(from));
    if (condition) decl.condition = condition;
    if (stage) decl.stage = stage;
    if (order !== undefined) decl.order = order;
    if (amount) decl.amount = amount;
    if (rounding) decl.rounding = rounding.mode;
    if (into) decl.into = into;
    if (factor) decl.factor = factor;
    return this.withDoc(decl);
  }

  private dieDecl(from: number): A.Decl {
    this.pos++;
    const name = this.name(this.expectIn(NAME));
    this.expect(k.of);
    const faceType = this.name(this.expectIn(NAME));
    this.expect(T.Eq);
    const facesFrom = this.pos;
    const faces = this.listLiteral();
    const facesSpan = this.spanFrom(facesFrom);
    return this.withDoc(new N.Die("die", name, faceType, faces, facesSpan, this.spanFrom(from)));
  }

  private tableDecl(from: number): A.Decl {
    this.pos++;
    const name = this.name(this.expectIn(NAME));
    const params = this.paramList();
    this.expect(T.Arrow);
    const returns = this.typeRef();
    this.expect(T.LBrace);
    const rows = N.list<A.TableRow>();
    while (!this.at(T.RBrace)) rows.push(this.tableRow());
    this.pos++;
    return this.withDoc(new N.Table("table", name, params, returns, rows, this.spanFrom(from)));
  }

  private tableRow(): A.TableRow {
    const from = this.pos;
    const patterns = Array.of(this.pattern());
    while (this.eat(T.Comma)) patterns.push(this.pattern());
    this.expect(T.FatArrow);
    const result = this.expression();
    this.eat(T.Comma);
    return new N.TableRow(patterns, result, this.join(this.spanFrom(from), result.span));
  }

  private pattern(): A.Pattern {
    const from = this.pos;
    if (this.eat(T.Underscore)) return new N.Pattern(this.spanFrom(from));
    // `..2`: up to 2.
    if (this.eat(T.DotDot)) {
      const high = this.expression();
      const upTo: A.Pattern = new N.Pattern(this.spanFrom(from));
      upTo.high = high;
      return upTo;
    }
    const low = this.expression();
    const range = this.eat(T.DotDot);
    // `12..`: 12 and up; the row goes on with `=>` or the next pattern's comma.
    const high = range && !this.at(T.FatArrow) && !this.at(T.Comma) ? this.expression() : undefined;
    const pat: A.Pattern = new N.Pattern(this.spanFrom(from));
    pat.low = low;
    if (high) pat.high = high;
    else if (range) pat.open = true;
    return pat;
  }

  private stageList(): A.Name[] {
    this.expect(T.LBracket);
    const names = N.list<A.Name>();
    if (!this.at(T.RBracket)) {
      names.push(this.stageName());
      while (this.eat(T.Comma)) names.push(this.stageName());
    }
    // `multiply exclusive largest`: a stage with a rule is the Chevrotain path's to read.
    if (this.la(1).image === "exclusive") throw BAIL;
    this.expect(T.RBracket);
    return names;
  }

  private stageName(): A.Name {
    if (this.at(k.add)) return this.name(this.tokens[this.pos++]!);
    return this.name(this.expect(T.Identifier));
  }

  private paramList(): A.Param[] {
    this.expect(T.LParen);
    const params = N.list<A.Param>();
    if (!this.at(T.RParen)) {
      params.push(this.param());
      while (this.eat(T.Comma)) params.push(this.param());
    }
    this.expect(T.RParen);
    return params;
  }

  private param(): A.Param {
    const name = this.name(this.expectIn(ANY_NAME));
    this.expect(T.Colon);
    return new N.Param(name, this.typeRef());
  }
}
