// Building expressions from the CST: the operator chains, postfix member, call and index suffixes,
// arguments and the primaries.
import type { CstNode, IToken } from "chevrotain";
import type * as A from "../../core/ast.ts";
import { CstReader, isToken, unquote, type Children } from "./cst-reader.ts";
import { tokenSpan } from "./spans.ts";

export abstract class ExpressionBuilder extends CstReader {
  protected expr(node: CstNode): A.Expr {
    const c = node.children;
    switch (node.name) {
      case "expression":
        return this.expr(this.node(c, "orExpr"));
      case "orExpr":
      case "andExpr":
        // Most levels of the precedence chain hold one operand and no operator: straight down.
        if (c["operand"]?.length === 1) return this.expr(this.node(c, "operand"));
        return this.chain(this.nodes(c, "operand"), () => (node.name === "orExpr" ? "or" : "and"));
      case "notExpr": {
        const inner = this.maybeNode(c, "notExpr");
        if (inner) return { kind: "not", operand: this.expr(inner), span: this.span(node) };
        return this.expr(this.node(c, "compareExpr"));
      }
      case "compareExpr": {
        const left = this.expr(this.node(c, "left"));
        const status = this.maybeTok(c, "status");
        if (status) {
          const has: A.Expr<"has"> = { kind: "has", object: left, status: this.name(status), span: this.span(node) };
          const source = this.maybeNode(c, "source");
          if (source) has.source = this.expr(source);
          return has;
        }
        const op = this.maybeTok(c, "op");
        if (!op) return left;
        return { kind: "binary", op: op.image as A.BinaryOp, left, right: this.expr(this.node(c, "right")), span: this.span(node) };
      }
      case "addExpr": {
        if (c["op"] === undefined && c["operand"]?.length === 1) return this.expr(this.node(c, "operand"));
        const ops = (c["op"] ?? []).filter(isToken).sort((a, b) => a.startOffset - b.startOffset);
        return this.chain(this.nodes(c, "operand"), (i) => ops[i]!.image as A.BinaryOp);
      }
      case "mulExpr":
        if (c["op"] === undefined && c["rounding"] === undefined && c["operand"]?.length === 1) return this.expr(this.node(c, "operand"));
        return this.mulChain(c);
      case "unaryExpr": {
        const inner = this.maybeNode(c, "unaryExpr");
        if (inner) return { kind: "neg", operand: this.expr(inner), span: this.span(node) };
        return this.expr(this.node(c, "postfixExpr"));
      }
      case "postfixExpr":
        return this.postfix(node);
      case "primary":
        return this.primary(node);
      default:
        throw new Error(`internal: unknown expression ${node.name}`);
    }
  }

  /** `a * b / c round down`: a chain whose `/` steps may carry a rounding, matched to them by offset. */
  private mulChain(c: Children): A.Expr {
    const ops = (c["op"] ?? []).filter(isToken).sort((a, b) => a.startOffset - b.startOffset);
    const roundings = this.nodes(c, "rounding");
    const operands = this.nodes(c, "operand");
    let left = this.expr(operands[0]!);
    for (let i = 1; i < operands.length; i++) {
      const right = this.expr(operands[i]!);
      const next = ops[i]?.startOffset ?? Infinity;
      const r = roundings.find((n) => n.location!.startOffset > ops[i - 1]!.startOffset && n.location!.startOffset < next);
      const e: A.Expr & { kind: "binary" } = { kind: "binary", op: ops[i - 1]!.image as A.BinaryOp, left, right, span: this.join(left.span, r ? this.span(r) : right.span) };
      if (r) e.rounding = this.name(this.tok(r.children, "mode"));
      left = e;
    }
    return left;
  }

  /** Left-associative chain of binary operators. */
  private chain(operands: readonly CstNode[], opAt: (i: number) => A.BinaryOp): A.Expr {
    let left = this.expr(operands[0]!);
    for (let i = 1; i < operands.length; i++) {
      const right = this.expr(operands[i]!);
      left = { kind: "binary", op: opAt(i - 1), left, right, span: this.join(left.span, right.span) };
    }
    return left;
  }

  private postfix(node: CstNode): A.Expr {
    const c = node.children;
    let e = this.expr(this.node(c, "primary"));
    if (c["member"] === undefined && c["call"] === undefined && c["index"] === undefined) return e;
    // Chevrotain groups children by kind, so recover the source order of the suffixes by offset.
    const suffixes: { offset: number; apply: (e: A.Expr) => A.Expr }[] = [];
    const members = (c["member"] ?? []).filter(isToken);
    for (const m of members) {
      suffixes.push({ offset: m.startOffset, apply: (o) => ({ kind: "member", object: o, member: this.name(m), span: this.join(o.span, tokenSpan(this.path, m)) }) });
    }
    for (const call of this.nodes(c, "call")) {
      suffixes.push({ offset: call.location!.startOffset, apply: (o) => ({ kind: "call", callee: o, args: this.args(call), span: this.join(o.span, this.span(call)) }) });
    }
    const indexes = this.nodes(c, "index");
    const closers = (c["RBracket"] ?? []).filter(isToken);
    indexes.forEach((ix, i) => {
      const close = closers[i]!;
      suffixes.push({ offset: ix.location!.startOffset, apply: (o) => ({ kind: "index", object: o, index: this.expr(ix), span: this.join(o.span, tokenSpan(this.path, close)) }) });
    });
    suffixes.sort((a, b) => a.offset - b.offset);
    for (const s of suffixes) e = s.apply(e);
    return e;
  }

  protected args(list: CstNode): A.Arg[] {
    return this.nodes(list.children, "argument").map((a) => {
      const c = a.children;
      const span = this.span(a);
      const comp = this.maybeNode(c, "comprehension");
      if (comp) {
        const cc = comp.children;
        const result: A.Comprehension = { binder: this.name(this.tok(cc, "Name")), source: this.expr(this.node(cc, "source")) };
        const where = this.maybeNode(cc, "where");
        const yields = this.maybeNode(cc, "yield");
        const otherwise = this.maybeNode(cc, "otherwise");
        if (where) result.where = this.expr(where);
        if (yields) result.yield = this.expr(yields);
        if (otherwise) result.otherwise = this.expr(otherwise);
        return { kind: "comprehension", comp: result, span };
      }
      const name = this.maybeTok(c, "name");
      if (name) return { kind: "named", name: this.name(name), value: this.expr(this.node(c, "named")), span };
      return { kind: "positional", value: this.expr(this.node(c, "positional")), span };
    });
  }

  private primary(node: CstNode): A.Expr {
    const c = node.children;
    const span = this.span(node);
    const t = (key: string) => this.maybeTok(c, key);
    let tok: IToken | undefined;
    if ((tok = t("Integer"))) return { kind: "int", value: Number(tok.image), span };
    if ((tok = t("StringLiteral"))) return { kind: "text", value: unquote(tok.image), span };
    if (t("Kw_true")) return { kind: "bool", value: true, span };
    if (t("Kw_false")) return { kind: "bool", value: false, span };
    if (t("Kw_none")) return { kind: "none", span };
    if ((tok = t("Name"))) return { kind: "name", name: tok.image, span };
    const inner = this.maybeNode(c, "inner");
    if (inner) return this.expr(inner);
    const list = this.maybeNode(c, "listLiteral");
    if (list) return { kind: "list", items: this.nodes(list.children, "item").map((i) => this.expr(i)), span };
    const cond = this.maybeNode(c, "ifExpr");
    if (cond) {
      const cc = cond.children;
      return { kind: "cond", condition: this.expr(this.node(cc, "condition")), then: this.expr(this.node(cc, "then")), else: this.expr(this.node(cc, "else")), span };
    }
    const roll = this.maybeNode(c, "rollExpr");
    if (roll) return this.roll(roll, span);
    const choose = this.maybeNode(c, "chooseExpr");
    if (choose) return this.choose(choose, span);
    const emit = this.maybeNode(c, "emitExpr");
    if (emit) return { kind: "emit", event: this.name(this.tok(emit.children, "Name")), args: this.args(this.node(emit.children, "argList")), span };
    throw new Error("internal: unknown primary");
  }

  private choose(node: CstNode, span: A.Span): A.Expr {
    const c = node.children;
    const e: A.Expr & { kind: "choose" } = { kind: "choose", question: this.expr(this.node(c, "question")), options: this.expr(this.node(c, "options")), span };
    if (this.maybeTok(c, "orNone")) e.orNone = true;
    const who = this.maybeNode(c, "who");
    if (who) e.by = this.expr(who);
    const count = this.maybeNode(c, "count");
    if (count) e.upTo = this.expr(count);
    return e;
  }

  private roll(node: CstNode, span: A.Span): A.Expr {
    const c = node.children;
    const dice = this.maybeTok(c, "DiceLiteral");
    if (dice) {
      const [count, sides] = dice.image.split("d");
      const dspan = tokenSpan(this.path, dice);
      const e: A.Expr = { kind: "roll", sides: { kind: "int", value: Number(sides), span: dspan }, span };
      if (count) e.count = { kind: "int", value: Number(count), span: dspan };
      return e;
    }
    const die = this.maybeNode(c, "die");
    if (die) return { kind: "roll", sides: this.expr(die), span };
    const list = this.node(c, "argList");
    const args = this.args(list);
    const values = args.map((a) => (a.kind === "positional" ? a.value : ({ kind: "int", value: 0, span: a.span } as A.Expr)));
    // `count` after `span`, as for `3d6`: one order of a roll's properties (src/core/node-shapes.ts).
    const e: A.Expr & { kind: "roll" } = { kind: "roll", sides: values[values.length >= 2 ? 1 : 0] ?? { kind: "int", value: 1, span }, span };
    if (values.length >= 2) e.count = values[0]!;
    if (args.length < 1 || args.length > 2 || args.some((a) => a.kind !== "positional")) e.badArgs = this.span(list);
    return e;
  }
}
