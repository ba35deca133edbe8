// Building declarations from the CST, with the doc comments (`///`) written just above them. The last
// class of the builder's chain, the one `src/syntax/parse.ts` uses.
import type { CstNode } from "chevrotain";
import type * as A from "../../core/ast.ts";
import { firstKey, isToken, unquote } from "./cst-reader.ts";
import { tokenSpan } from "./spans.ts";
import { StatementBuilder } from "./statements.ts";

export class DeclarationBuilder extends StatementBuilder {
  constructor(
    path: string,
    private readonly docs: Map<number, string>,
  ) {
    super(path);
  }

  private docFor(line: number): string | undefined {
    const lines: string[] = [];
    for (let l = line - 1; this.docs.has(l); l--) lines.unshift(this.docs.get(l)!);
    return lines.length ? lines.join("\n") : undefined;
  }
  private withDoc<T extends { span: A.Span }>(d: T): T & { doc?: string } {
    const doc = this.docFor(d.span.line);
    return doc === undefined ? d : { ...d, doc };
  }

  declaration(node: CstNode): A.Decl {
    const kind = firstKey(node.children);
    const n = node.children[kind]![0] as CstNode;
    return this.withDoc(this.build(kind, n, this.span(n)));
  }

  /**
   * The declaration a CST node of rule `kind` holds, spanning `span` (a `final` or `replace` before it
   * widens it). `final`/`replace` are flags of the declaration they precede, set before its doc comment
   * so the properties stay in the order of its shape.
   */
  private build(kind: string, n: CstNode, span: A.Span): A.Decl {
    const c = n.children;
    switch (kind) {
      case "finalDecl":
      case "replaceDecl": {
        const word = kind === "finalDecl" ? "Kw_final" : "Kw_replace";
        const innerKind = firstKey(c, word);
        const inner = c[innerKind]![0] as CstNode;
        if (innerKind === "rowRef") {
          const ref = this.rowRef(inner);
          const result = this.expr(this.node(c, "result"));
          return { kind: "replaceRow", target: ref.target, row: { patterns: ref.patterns, result, span: this.join(this.span(inner), result.span) }, span };
        }
        const d = this.build(innerKind, inner, span);
        if (d.kind === "modifier" || d.kind === "trigger" || d.kind === "fn") {
          if (kind === "replaceDecl") d.replaces = true;
          else d.final = true;
        }
        else if (d.kind === "enum" || d.kind === "kind" || d.kind === "table" || d.kind === "value") d.final = true;
        return d;
      }
      case "extendDecl": {
        const fn = this.maybeNode(c, "fnDecl");
        if (fn) {
          const d = this.build("fnDecl", fn, span) as A.FnDecl;
          d.extends = true;
          return d;
        }
        const target = this.name(this.tok(c, "target"));
        const changes = this.maybeNode(c, "stageChanges");
        if (changes) return { kind: "extendValue", target, stages: this.nodes(changes.children, "stageChange").map((n) => this.stageChange(n)), span };
        if (c["memberBlock"]) return { kind: "extendEnum", target, members: this.members(this.node(c, "memberBlock")), span };
        if (c["fieldBlock"]) return { kind: "extendKind", target, fields: this.fields(this.node(c, "fieldBlock")), span };
        return { kind: "extendTable", target, rows: this.nodes(c, "tableRow").map((r) => this.tableRow(r)), span };
      }
      case "removeDecl": {
        const row = this.maybeNode(c, "rowRef");
        if (row) {
          const ref = this.rowRef(row);
          return { kind: "removal", what: "row", target: ref.target, span, patterns: ref.patterns };
        }
        return { kind: "removal", what: this.maybeTok(c, "what")!.image === "handler" ? "handler" : "modifier", target: this.name(this.tok(c, "target")), span };
      }
      case "overridesDecl": {
        const t = this.tok(c, "StringLiteral");
        return this.withDoc({ kind: "overrides", title: unquote(t.image), titleSpan: tokenSpan(this.path, t), span });
      }
      case "importDecl": {
        const t = this.tok(c, "StringLiteral");
        return { kind: "import", path: unquote(t.image), pathSpan: tokenSpan(this.path, t), span };
      }
      case "enumDecl":
        return {
          kind: "enum",
          name: this.name(this.tok(c, "Name")),
          members: this.members(this.node(c, "memberBlock")),
          span,
        };
      case "kindDecl":
        return {
          kind: "kind",
          name: this.name(this.tok(c, "Name")),
          fields: this.fields(this.node(c, "fieldBlock")),
          ...(this.maybeTok(c, "Kw_record") ? { record: true as const } : {}),
          span,
        };
      case "stateDecl":
        return { kind: "state", fields: this.fields(this.node(c, "fieldBlock")), span };
      case "statusDecl": {
        const event = this.maybeTok(c, "event");
        const times = this.maybeTok(c, "Integer");
        const decl: A.StatusDecl = { kind: "status", name: this.name(this.tok(c, "Name")), span };
        const holder = this.maybeTok(c, "holder");
        if (event) decl.expiry = { event: this.name(event), ...(times ? { times: Number(times.image) } : {}), ...(holder ? { holder: this.name(holder) } : {}) };
        const others = (c["orEvent"] ?? []).filter(isToken);
        if (decl.expiry && others.length > 0) {
          // An `(holder)` belongs to the `or` event it follows.
          const holders = (c["orHolder"] ?? []).filter(isToken);
          decl.expiry.or = others.map((e, i) => {
            const h = holders.find((x) => x.startOffset > e.startOffset && (others[i + 1] === undefined || x.startOffset < others[i + 1]!.startOffset));
            return { event: this.name(e), ...(h ? { holder: this.name(h) } : {}) };
          });
        }
        const params = this.maybeNode(c, "paramList");
        if (params) decl.params = this.params(params);
        const stacking = this.maybeTok(c, "stacking");
        if (stacking) decl.stacking = this.name(stacking);
        return decl;
      }
      case "eventDecl": {
        const body = this.maybeNode(c, "block");
        const decl: A.EventDecl = { kind: "event", name: this.name(this.tok(c, "Name")), params: this.params(this.node(c, "paramList")), span };
        const returns = this.maybeNode(c, "typeRef");
        if (returns) decl.returns = this.typeRef(returns);
        if (body) decl.body = this.block(body);
        return decl;
      }
      case "triggerDecl": {
        const timing: A.TriggerTiming = c["Kw_on"] ? "after" : c["Kw_before"] ? "before" : "instead";
        const cond = this.maybeNode(c, "condition");
        const order = this.maybeNode(c, "signedInt");
        const decl: A.TriggerDecl = {
          kind: "trigger",
          timing,
          event: this.name(this.tok(c, "Name")),
          order: order ? this.signedInt(order) : 0,
          body: this.block(this.node(c, "block")),
          span,
        };
        if (cond) decl.condition = this.expr(cond);
        const handlerName = this.maybeTok(c, "handlerName");
        if (handlerName) decl.handlerName = this.name(handlerName);
        return decl;
      }
      case "fnDecl": {
        const ret = this.maybeNode(c, "typeRef");
        const block = this.maybeNode(c, "block");
        const decl: A.FnDecl = {
          kind: "fn",
          name: this.name(this.tok(c, "Name")),
          params: this.params(this.node(c, "paramList")),
          body: block ? this.block(block) : this.expr(this.node(c, "expression")),
          span,
        };
        if (ret) decl.returns = this.typeRef(ret);
        return decl;
      }
      case "valueDecl": {
        const decl: A.ValueDecl = {
          kind: "value",
          name: this.name(this.tok(c, "Name")),
          params: this.params(this.node(c, "paramList")),
          returns: this.typeRef(this.node(c, "typeRef")),
          base: this.expr(this.node(c, "expression")),
          span,
        };
        const stages = this.maybeNode(c, "stageList");
        if (stages) decl.stages = this.stageList(stages);
        const exclusive = stages ? this.exclusiveStages(stages) : [];
        if (exclusive.length > 0) decl.exclusive = exclusive;
        return decl;
      }
      case "stagesDecl": {
        const list = this.node(c, "stageList");
        const exclusive = this.exclusiveStages(list);
        return { kind: "stages", stages: this.stageList(list), span, ...(exclusive.length > 0 ? { exclusive } : {}) };
      }
      case "modifierDecl": {
        const cond = this.maybeNode(c, "condition");
        const amount = this.maybeNode(c, "amount");
        const decl: A.ModifierDecl = {
          kind: "modifier",
          name: this.name(this.tok(c, "Name")),
          target: this.name(this.tok(c, "target")),
          op: this.name(this.tok(c, "op")),
          span,
        };
        if (cond) decl.condition = this.expr(cond);
        const stage = this.maybeNode(c, "stageName");
        if (stage) decl.stage = this.stageName(stage);
        const order = this.maybeNode(c, "signedInt");
        if (order) decl.order = this.signedInt(order);
        if (amount) decl.amount = this.expr(amount);
        const rounding = this.maybeNode(c, "rounding");
        if (rounding) decl.rounding = this.name(this.tok(rounding.children, "mode"));
        const into = this.maybeNode(c, "into");
        if (into) decl.into = this.expr(into);
        const factor = this.maybeNode(c, "factor");
        if (factor) decl.factor = this.expr(factor);
        return decl;
      }
      case "dieDecl": {
        const faces = this.node(c, "faces");
        return {
          kind: "die",
          name: this.name(this.tok(c, "Name")),
          faceType: this.name(this.tok(c, "faceType")),
          faces: this.nodes(faces.children, "item").map((i) => this.expr(i)),
          facesSpan: this.span(faces),
          span,
        };
      }
      case "tableDecl":
        return {
          kind: "table",
          name: this.name(this.tok(c, "Name")),
          params: this.params(this.node(c, "paramList")),
          returns: this.typeRef(this.node(c, "typeRef")),
          rows: this.nodes(c, "tableRow").map((r) => this.tableRow(r)),
          span,
        };
      case "exampleDecl":
        return { kind: "example", title: unquote(this.tok(c, "StringLiteral").image), body: this.block(this.node(c, "block")), span };
      default:
        throw new Error(`internal: unknown declaration ${kind}`);
    }
  }

  private members(block: CstNode): A.Name[] {
    return (block.children["member"] ?? []).filter(isToken).map((t) => this.name(t));
  }

  /** `row t(_, true)`: the table and the patterns that name its row. */
  private rowRef(node: CstNode): { target: A.Name; patterns: A.Pattern[] } {
    return { target: this.name(this.tok(node.children, "target")), patterns: this.nodes(node.children, "pattern").map((p) => this.pattern(p)) };
  }

  private fields(block: CstNode): A.FieldDecl[] {
    return this.nodes(block.children, "fieldDecl").map((f) => {
      const c = f.children;
      const def = this.maybeNode(c, "expression");
      const field: A.FieldDecl = { name: this.name(this.tok(c, "AnyName")), type: this.typeRef(this.node(c, "typeRef")), span: this.span(f) };
      if (def) field.default = this.expr(def);
      return this.withDoc(field);
    });
  }

  private params(list: CstNode): A.Param[] {
    const names = (list.children["AnyName"] ?? []).filter(isToken);
    const types = this.nodes(list.children, "typeRef");
    return names.map((n, i) => ({ name: this.name(n), type: this.typeRef(types[i]!) }));
  }

  private tableRow(node: CstNode): A.TableRow {
    const c = node.children;
    const result = this.expr(this.node(c, "expression"));
    const patterns = this.nodes(c, "pattern").map((p) => this.pattern(p));
    // The row ends at its result: a trailing comma is punctuation, not part of the row.
    return { patterns, result, span: this.join(this.span(node), result.span) };
  }

  private pattern(p: CstNode): A.Pattern {
    const pc = p.children;
    const low = this.maybeNode(pc, "low");
    const high = this.maybeNode(pc, "high");
    const pat: A.Pattern = { span: this.span(p) };
    if (low) pat.low = this.expr(low);
    if (high) pat.high = this.expr(high);
    if (pc["DotDot"] && !high) pat.open = true;
    return pat;
  }

  private stageList(node: CstNode): A.Name[] {
    return this.nodes(node.children, "stageName").map((n) => this.stageName(n));
  }
  /** The stages of a list marked `exclusive RULE`, each with its rule. */
  private exclusiveStages(node: CstNode): A.ExclusiveStage[] {
    return this.nodes(node.children, "stageName").flatMap((n) => {
      const rule = this.maybeTok(n.children, "rule");
      return rule ? [{ stage: this.stageName(n), rule: this.name(rule) }] : [];
    });
  }
  /** `cap before bounds`, `multiply exclusive largest`: a stage of `extend value`. */
  private stageChange(node: CstNode): A.StageChange {
    const n = this.node(node.children, "stageName");
    const rule = this.maybeTok(n.children, "rule");
    const place = this.maybeTok(node.children, "place");
    const anchor = this.maybeTok(node.children, "anchor");
    return {
      stage: this.stageName(n),
      ...(rule ? { rule: this.name(rule) } : {}),
      ...(place && anchor ? { [place.image === "before" ? "before" : "after"]: this.name(anchor) } : {}),
    };
  }
  private stageName(node: CstNode): A.Name {
    const t = this.maybeTok(node.children, "Identifier") ?? this.tok(node.children, "Kw_add");
    return this.name(t);
  }
}
