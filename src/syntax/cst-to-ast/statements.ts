// Building statements from the CST: blocks, every statement, and the type references that `let`
// shares with declarations.
import type { CstNode } from "chevrotain";
import type * as A from "../../core/ast.ts";
import { firstKey, isToken } from "./cst-reader.ts";
import { ExpressionBuilder } from "./expressions.ts";
import { tokenSpan } from "./spans.ts";

export abstract class StatementBuilder extends ExpressionBuilder {
  protected block(node: CstNode): A.Block {
    return { kind: "block", statements: this.nodes(node.children, "statement").map((s) => this.statement(s)), span: this.span(node) };
  }

  private statement(wrapper: CstNode): A.Stmt {
    const kind = firstKey(wrapper.children, "Semicolon");
    const n = wrapper.children[kind]![0] as CstNode;
    const c = n.children;
    const span = this.span(n);
    const e = (key: string) => this.expr(this.node(c, key));
    const id = () => this.name(this.tok(c, "Name"));
    switch (kind) {
      case "letStmt": {
        const t = this.maybeNode(c, "typeRef");
        const s: A.Stmt = { kind: "let", name: id(), value: e("expression"), span };
        if (t) s.type = this.typeRef(t);
        return s;
      }
      case "ifStmt":
        return this.ifStmt(n);
      case "whileStmt":
        return { kind: "while", condition: e("expression"), body: this.block(this.node(c, "block")), span };
      case "forStmt": {
        const to = this.maybeNode(c, "to");
        const s: A.Stmt = { kind: "for", name: id(), from: e("from"), body: this.block(this.node(c, "block")), span };
        if (to) s.to = this.expr(to);
        const where = this.maybeNode(c, "where");
        if (where) s.where = this.expr(where);
        return s;
      }
      case "returnStmt": {
        const v = this.maybeNode(c, "expression");
        return v ? { kind: "return", value: this.expr(v), span } : { kind: "return", span };
      }
      case "emitStmt":
        return { kind: "emit", event: id(), args: this.args(this.node(c, "argList")), span };
      case "applyStmt":
        return this.applyStmt(n, span);
      case "proceedStmt":
        return { kind: "proceed", span };
      case "clearStmt":
        return { kind: "clear", status: id(), target: e("expression"), span };
      case "addStmt":
        return { kind: "add", item: e("item"), list: e("list"), span };
      case "removeStmt":
        return { kind: "remove", item: e("item"), list: e("list"), span };
      case "moveStmt":
        return { kind: "move", item: e("item"), source: e("source"), target: e("target"), span };
      case "expectStmt":
        return { kind: "expect", value: e("expression"), span };
      case "forceStmt":
        return { kind: "force", what: id(), values: e("expression"), span };
      case "sayStmt":
        return { kind: "say", value: e("expression"), span };
      case "exprStmt": {
        const op = this.maybeTok(c, "op");
        if (op) return { kind: "assign", op: op.image as "=" | "+=" | "-=", target: e("target"), value: e("value"), span };
        return { kind: "expr", value: e("target"), span };
      }
      default:
        throw new Error(`internal: unknown statement ${kind}`);
    }
  }

  private applyStmt(n: CstNode, span: A.Span): A.Stmt {
    const c = n.children;
    const s: A.Stmt & { kind: "apply" } = { kind: "apply", status: this.name(this.tok(c, "Name")), target: this.expr(this.node(c, "expression")), span };
    const times = this.maybeNode(c, "times");
    const event = this.maybeNode(c, "expiryEvent");
    if (!times && !event) return s;
    const forOrUntil = this.maybeTok(c, "Kw_for") ?? this.tok(c, "Kw_until");
    const expiry: A.AppliedExpiry = { span: { ...this.join(tokenSpan(this.path, forOrUntil), this.span(n)) } };
    if (times) expiry.times = this.expr(times);
    if (event) {
      const ec = event.children;
      expiry.event = this.name(this.tok(ec, "event"));
      const param = this.maybeTok(ec, "param");
      const match = this.maybeNode(ec, "match");
      if (param && match) expiry.match = { param: this.name(param), value: this.expr(match) };
      else if (param) expiry.holder = this.name(param);
    }
    s.expiry = expiry;
    return s;
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
