// Building statements from the CST: blocks, every statement, and the type references that `let`
// shares with declarations. A regular statement is read from its shape (../statement-plans.ts); only the
// others are built here by hand.
import type { CstNode } from "chevrotain";
import type * as A from "../../core/ast.ts";
import { firstKey, isToken } from "./cst-reader.ts";
import { ExpressionBuilder } from "./expressions.ts";
import { tokenSpan } from "./spans.ts";
import { statementPlans, type StatementPlan } from "../statement-plans.ts";

export abstract class StatementBuilder extends ExpressionBuilder {
  protected block(node: CstNode): A.Block {
    return { kind: "block", statements: this.nodes(node.children, "statement").map((s) => this.statement(s)), span: this.span(node) };
  }

  private statement(wrapper: CstNode): A.Stmt {
    const kind = firstKey(wrapper.children, "Semicolon");
    const n = wrapper.children[kind]![0] as CstNode;
    const plan = statementPlans.get(kind);
    if (plan) return this.byPlan(plan, n);
    const c = n.children;
    const span = this.span(n);
    switch (kind) {
      case "ifStmt":
        return this.ifStmt(n);
      case "applyStmt":
        return this.applyStmt(n, span);
      case "proceedStmt":
        return { kind: "proceed", span };
      case "exprStmt": {
        const op = this.maybeTok(c, "op");
        const target = this.expr(this.node(c, "target"));
        if (op) return { kind: "assign", op: op.image as "=" | "+=" | "-=", target, value: this.expr(this.node(c, "value")), span };
        return { kind: "expr", value: target, span };
      }
      default:
        throw new Error(`internal: unknown statement ${kind}`);
    }
  }

  /** A regular statement: each property of its shape from the CST child its form labels with the property's name. */
  private byPlan(plan: StatementPlan, n: CstNode): A.Stmt {
    const c = n.children;
    const values: unknown[] = [];
    for (const p of plan.props) {
      if (p.read === "span") {
        values.push(this.span(n));
        continue;
      }
      const child = c[p.name]?.[0];
      if (child === undefined) {
        if (!p.optional) throw new Error(`internal: missing ${p.name}`);
        values.push(undefined);
      } else if (p.read === "name") values.push(this.name(this.tok(c, p.name)));
      else {
        const node = this.node(c, p.name);
        values.push(p.read === "expr" ? this.expr(node) : p.read === "block" ? this.block(node) : p.read === "args" ? this.args(node) : this.typeRef(node));
      }
    }
    return new plan.Node(values);
  }

  private applyStmt(n: CstNode, span: A.Span): A.Stmt {
    const c = n.children;
    const s: A.Stmt & { kind: "apply" } = { kind: "apply", status: this.name(this.tok(c, "Name")), target: this.expr(this.node(c, "expression")), span };
    const times = this.maybeNode(c, "times");
    const event = this.maybeNode(c, "expiryEvent");
    const args = this.maybeNode(c, "argList");
    if (!times && !event) {
      if (args) s.args = this.args(args);
      return s;
    }
    const forOrUntil = this.maybeTok(c, "Kw_for") ?? this.tok(c, "Kw_until");
    const expiry: A.AppliedExpiry = { span: { ...this.join(tokenSpan(this.path, forOrUntil), this.span(n)) } };
    if (times) expiry.times = this.expr(times);
    if (event) this.expiryEvent(event, expiry);
    const others = this.nodes(c, "orEvent");
    if (others.length > 0) {
      expiry.or = others.map((o) => {
        const x: A.AppliedExpiry = { span: this.span(o) };
        this.expiryEvent(o, x);
        return x as A.AppliedOr;
      });
    }
    s.expiry = expiry;
    if (args) s.args = this.args(args);
    return s;
  }

  /** `RoundEnds`, `Activated(unit)` or `TurnStarts(player: caster)` into an expiry. */
  private expiryEvent(event: CstNode, expiry: A.AppliedExpiry) {
    const ec = event.children;
    expiry.event = this.name(this.tok(ec, "event"));
    const param = this.maybeTok(ec, "param");
    const match = this.maybeNode(ec, "match");
    if (param && match) expiry.match = { param: this.name(param), value: this.expr(match) };
    else if (param) expiry.holder = this.name(param);
  }

  private ifStmt(n: CstNode): A.Stmt {
    const c = n.children;
    const s: A.Stmt & { kind: "if" } = { kind: "if", condition: this.expr(this.node(c, "expression")), then: this.block(this.node(c, "then")), span: this.span(n) };
    // `else if c { ... }` is an `if` alone in an `else` block, spanning from its `if` to the end of
    // the whole statement, as it was when the grammar nested it. Built in a loop: a chain can be long.
    const ifs = (c["elseIf"] ?? []).filter(isToken);
    const conditions = this.nodes(c, "elseIfCondition");
    const thens = this.nodes(c, "elseIfThen");
    const elseBlock = this.maybeNode(c, "else");
    let last = s;
    for (let i = 0; i < ifs.length && i < conditions.length && i < thens.length; i++) {
      const inner: A.Stmt & { kind: "if" } = { kind: "if", condition: this.expr(conditions[i]!), then: this.block(thens[i]!), span: this.join(tokenSpan(this.path, ifs[i]!), s.span) };
      last.else = { kind: "block", statements: [inner], span: inner.span };
      last = inner;
    }
    if (elseBlock) last.else = this.block(elseBlock);
    return s;
  }

  protected typeRef(node: CstNode): A.TypeRef {
    const c = node.children;
    const t: A.TypeRef = { name: this.name(this.tok(c, "Name")), span: this.span(node) };
    const el = this.maybeNode(c, "element");
    if (el) t.element = this.typeRef(el);
    const low = this.maybeNode(c, "low");
    if (low) t.range = { low: this.signedInt(low), high: this.signedInt(this.node(c, "high")) };
    if (this.maybeTok(c, "optional")) t.optional = true;
    return t;
  }

  protected signedInt(node: CstNode): number {
    const v = Number(this.tok(node.children, "Integer").image);
    return node.children["Minus"] ? -v : v;
  }
}
