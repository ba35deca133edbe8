// Syntax phase: lex and parse one file with the grammar, then turn the CST into the typed AST.
// A file with syntax errors has no clean AST, but the parser recovers: the declarations that parsed
// cleanly are still built (`recovered`), so the checker can report the mistakes in them too.
import type { CstElement, CstNode, IToken } from "chevrotain";
import { parser } from "../grammar/parser.ts";
import { lexer } from "../grammar/tokens.ts";
import type * as A from "./ast.ts";
import { walk } from "./ast-walk.ts";
import { diag, type Diagnostic } from "./diagnostics.ts";

export interface ParseResult {
  /** The whole file; undefined when there is any lexical or syntax error. */
  file?: A.SourceFile;
  /**
   * When there are errors: every declaration that parsed cleanly, and in `broken` the names of the
   * declarations dropped for an error. Nothing runs from it; it is only checked.
   */
  recovered?: A.SourceFile;
  diagnostics: Diagnostic[];
}

/**
 * How deeply statements and expressions may nest. The parser, checker and interpreter all recurse over
 * the tree, so a machine-made file nested thousands deep would overflow the stack; no rule text comes
 * near this.
 */
export const MAX_NESTING = 500;

export function parseFile(path: string, text: string): ParseResult {
  try {
    return parseUnguarded(path, text);
  } catch (err) {
    // The parser recurses once per bracket or block: only absurd nesting gets here.
    if (!(err instanceof RangeError)) throw err;
    const span = spanAt(path, text, 0, Math.min(1, text.length));
    return { diagnostics: [diag("E0002", span, "this file nests brackets, blocks or expressions too deeply to read")] };
  }
}

function parseUnguarded(path: string, text: string): ParseResult {
  const lexed = lexer.tokenize(text);
  const diagnostics: Diagnostic[] = [];
  for (const e of lexed.errors) {
    const span = spanAt(path, text, e.offset, e.offset + Math.max(1, e.length));
    diagnostics.push(lexError(span, text.slice(e.offset)));
  }
  parser.input = lexed.tokens;
  const cst = parser.file();
  const blockComments = new Set<number>();
  for (const e of parser.errors) {
    const t = e.token;
    const span = Number.isNaN(t.startOffset) || t.tokenType?.name === "EOF" ? eofSpan(path, text, e) : tokenSpan(path, t);
    // `/*` lexes as two operators; the errors it causes are better explained once, as what it is.
    const opener = text.lastIndexOf("/*", span.start + 1);
    if (opener >= 0 && text.indexOf("\n", opener) >= span.start - 1 && /^[/*]/.test(text.slice(span.start))) {
      if (!blockComments.has(opener)) diagnostics.push(diag("E0002", spanAt(path, text, opener, opener + 2), "block comments are not part of the language", "start each comment line with `//`"));
      blockComments.add(opener);
      continue;
    }
    diagnostics.push(diag("E0002", span, e.message));
  }
  const docs = new Map<number, string>();
  for (const t of lexed.groups["docs"] ?? []) docs.set(t.startLine ?? 0, t.image.replace(/^\/\/\/ ?/, ""));
  const builder = new Builder(path, docs);
  // Where each error stands, so the declaration it belongs to can be left out. A parse error is
  // raised at the token the parser could not take: inside the declaration, or just after its last
  // token (the first token of the next declaration). Errors between declarations belong to none.
  const errorOffsets = [
    ...lexed.errors.map((e) => e.offset),
    ...parser.errors.filter((e) => (e.context?.ruleStack?.length ?? 0) > 1).map((e) => e.token.startOffset),
  ].map((o) => (Number.isNaN(o) ? text.length : o));
  const kept: A.Decl[] = [];
  const broken: A.Name[] = [];
  const nodes = (cst.children["declaration"] ?? []).filter((n): n is CstNode => !isToken(n));
  nodes.forEach((node, i) => {
    const start = node.location?.startOffset ?? 0;
    const next = nodes[i + 1]?.location?.startOffset ?? Infinity;
    const faulty = errorOffsets.some((o) => o > start && o <= next);
    const built = faulty || containsRecovered(node) ? undefined : buildDeclaration(builder, node);
    if (built && !("error" in built)) kept.push(built.decl);
    else {
      if (built && "error" in built) diagnostics.push(built.error);
      broken.push(...declaredNames(path, lexed.tokens, start, Math.min(next, (node.location?.endOffset ?? start) + 1)));
    }
  });
  // Tokens the parser skipped between declarations may hold whole declarations: their names too.
  broken.push(...skippedNames(path, lexed.tokens, nodes));
  if (diagnostics.length > 0) return { recovered: { path, decls: kept, broken }, diagnostics };
  return { file: { path, decls: kept }, diagnostics };
}

/** Whether the parser filled in part of `node` to recover: such a declaration is not what was written. */
function containsRecovered(node: CstNode): boolean {
  if (node.recoveredNode) return true;
  return Object.values(node.children).some((cs) => cs?.some((c) => (isToken(c) ? c.isInsertedInRecovery === true : containsRecovered(c))));
}

/** One declaration's AST, or the reason it is not kept: nested too deeply (E0002), or a tree the parser only half built. */
function buildDeclaration(builder: Builder, node: CstNode): { decl: A.Decl } | { error: Diagnostic } | undefined {
  let decl: A.Decl;
  try {
    decl = builder.declaration(node);
  } catch (err) {
    // A declaration next to a syntax error can lack a token the parser pretended was there.
    if (err instanceof RangeError) throw err;
    return undefined;
  }
  const deepest = deepestNode({ path: "", decls: [decl] });
  if (deepest) return { error: diag("E0002", deepest, `this is nested more than ${MAX_NESTING} levels deep`, "split it with `let` or a helper `fn`") };
  return { decl };
}

/** Declaration words that a name follows; the name of a dropped declaration is still known. */
const NAMING_WORDS = new Set(["enum", "kind", "status", "event", "fn", "value", "modifier", "table", "die"]);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The names a run of tokens declares, read from the tokens alone: `fn NAME`, `kind NAME` and the
 * like at the top, and the fields of a `state { name: ... }` block. A use of one of them elsewhere is
 * then not reported as unknown: the declaration's own syntax error has already been reported.
 */
function declaredNames(path: string, tokens: IToken[], start: number, end: number): A.Name[] {
  const inside = tokens.filter((t) => t.startOffset >= start && t.startOffset < end);
  const names: A.Name[] = [];
  let depth = 0;
  inside.forEach((t, i) => {
    const next = inside[i + 1];
    if (t.image === "{") depth++;
    else if (t.image === "}") depth = Math.max(0, depth - 1);
    else if (depth === 0 && NAMING_WORDS.has(t.image) && next && NAME.test(next.image) && !NAMING_WORDS.has(next.image)) names.push({ text: next.image, span: tokenSpan(path, next) });
    else if (depth === 1 && inside[0]?.image === "state" && NAME.test(t.image) && startsField(inside[i - 1], t)) names.push({ text: t.image, span: tokenSpan(path, t) });
  });
  return names;
}

/** A field starts after `{`, after `,`, or on a line of its own. */
function startsField(before: IToken | undefined, t: IToken): boolean {
  return before !== undefined && (before.image === "{" || before.image === "," || (before.endLine ?? 0) < (t.startLine ?? 0));
}

/** Names declared by tokens that lie in no declaration the parser built. */
function skippedNames(path: string, tokens: IToken[], nodes: CstNode[]): A.Name[] {
  // Declarations come in text order, so one pass over the tokens finds those outside all of them.
  let n = 0;
  const covered = (o: number) => {
    while (n < nodes.length && (nodes[n]!.location?.endOffset ?? -1) < o) n++;
    return n < nodes.length && o >= (nodes[n]!.location?.startOffset ?? 0);
  };
  const names: A.Name[] = [];
  let runStart: number | undefined;
  const flush = (end: number) => {
    if (runStart !== undefined) names.push(...declaredNames(path, tokens, runStart, end));
    runStart = undefined;
  };
  for (const t of tokens) {
    if (covered(t.startOffset)) flush(t.startOffset);
    else runStart ??= t.startOffset;
  }
  flush(Infinity);
  return names;
}

/** The span of the first node nested deeper than MAX_NESTING. */
function deepestNode(file: A.SourceFile): A.Span | undefined {
  let found: A.Span | undefined;
  walk(file.decls, (node, depth) => {
    if (found) return false;
    if (depth + 1 > MAX_NESTING) found = (node as unknown as { span: A.Span }).span;
  });
  return found;
}

/** Plain words for the characters that most often cannot start a token. */
function lexError(span: A.Span, rest: string): Diagnostic {
  if (rest.startsWith('"')) return diag("E0001", span, "this text is never closed", 'end it with `"` on the same line');
  if (rest.startsWith("/*")) return diag("E0001", span, "block comments are not part of the language", "start each comment line with `//`");
  return diag("E0001", span, `unexpected character \`${rest[0] ?? ""}\``);
}

export function spanAt(file: string, text: string, start: number, end: number): A.Span {
  const from = position(text, start);
  const to = position(text, end);
  return { file, line: from.line, col: from.col, endLine: to.line, endCol: to.col, start, end };
}

/** 1-based line and column of an offset, counting `\r\n`, `\r` and `\n` as line breaks like the lexer does. */
function position(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  const breaks = /\r\n?|\n/g;
  for (let m = breaks.exec(text); m && m.index < offset; m = breaks.exec(text)) {
    line++;
    lineStart = m.index + m[0].length;
  }
  return { line, col: offset - lineStart + 1 };
}

/** A syntax error at the end of input points at the last real token, not past the file. */
function eofSpan(file: string, text: string, e: object): A.Span {
  const prev = (e as { previousToken?: IToken }).previousToken;
  if (prev && !Number.isNaN(prev.startOffset)) return tokenSpan(file, prev);
  const end = text.length;
  return spanAt(file, text, Math.max(0, end - 1), end);
}

export function tokenSpan(file: string, t: IToken): A.Span {
  return {
    file,
    line: t.startLine ?? 1,
    col: t.startColumn ?? 1,
    endLine: t.endLine ?? t.startLine ?? 1,
    endCol: (t.endColumn ?? t.startColumn ?? 0) + 1,
    start: t.startOffset,
    end: (t.endOffset ?? t.startOffset) + 1,
  };
}

type Children = Record<string, CstElement[] | undefined>;

function isToken(e: CstElement | undefined): e is IToken {
  return e !== undefined && "image" in e;
}

class Builder {
  constructor(
    private readonly path: string,
    private readonly docs: Map<number, string>,
  ) {}

  // ---- helpers ---------------------------------------------------------------------------------

  private span(node: CstNode): A.Span {
    const l = node.location!;
    return {
      file: this.path,
      line: l.startLine ?? 1,
      col: l.startColumn ?? 1,
      endLine: l.endLine ?? 1,
      endCol: (l.endColumn ?? 0) + 1,
      start: l.startOffset,
      end: (l.endOffset ?? l.startOffset) + 1,
    };
  }
  private join(a: A.Span, b: A.Span): A.Span {
    return { ...a, endLine: b.endLine, endCol: b.endCol, end: b.end };
  }
  private tok(c: Children, key: string, i = 0): IToken {
    const t = c[key]?.[i];
    if (!isToken(t)) throw new Error(`internal: missing token ${key}`);
    return t;
  }
  private maybeTok(c: Children, key: string): IToken | undefined {
    const t = c[key]?.[0];
    return isToken(t) ? t : undefined;
  }
  private node(c: Children, key: string, i = 0): CstNode {
    const n = c[key]?.[i];
    if (n === undefined || isToken(n)) throw new Error(`internal: missing node ${key}`);
    return n;
  }
  private maybeNode(c: Children, key: string): CstNode | undefined {
    const n = c[key]?.[0];
    return n === undefined || isToken(n) ? undefined : n;
  }
  private nodes(c: Children, key: string): CstNode[] {
    return (c[key] ?? []).filter((n): n is CstNode => !isToken(n));
  }
  private name(t: IToken): A.Name {
    return { text: t.image, span: tokenSpan(this.path, t) };
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

  // ---- declarations ----------------------------------------------------------------------------

  declaration(node: CstNode): A.Decl {
    const [kind, inner] = Object.entries(node.children)[0]! as [string, CstNode[]];
    const n = inner[0]!;
    const c = n.children;
    const span = this.span(n);
    switch (kind) {
      case "importDecl": {
        const t = this.tok(c, "StringLiteral");
        return this.withDoc({ kind: "import", path: unquote(t.image), pathSpan: tokenSpan(this.path, t), span });
      }
      case "enumDecl":
        return this.withDoc({
          kind: "enum",
          name: this.name(this.tok(c, "Name")),
          members: (c["member"] ?? []).filter(isToken).map((t) => this.name(t)),
          span,
        });
      case "kindDecl":
        return this.withDoc({
          kind: "kind",
          name: this.name(this.tok(c, "Name")),
          fields: this.fields(this.node(c, "fieldBlock")),
          ...(this.maybeTok(c, "Kw_record") ? { record: true as const } : {}),
          span,
        });
      case "stateDecl":
        return this.withDoc({ kind: "state", fields: this.fields(this.node(c, "fieldBlock")), span });
      case "statusDecl": {
        const event = this.maybeTok(c, "event");
        const times = this.maybeTok(c, "Integer");
        const decl: A.StatusDecl = { kind: "status", name: this.name(this.tok(c, "Name")), span };
        const holder = this.maybeTok(c, "holder");
        if (event) decl.expiry = { event: this.name(event), ...(times ? { times: Number(times.image) } : {}), ...(holder ? { holder: this.name(holder) } : {}) };
        return this.withDoc(decl);
      }
      case "eventDecl": {
        const body = this.maybeNode(c, "block");
        const decl: A.EventDecl = { kind: "event", name: this.name(this.tok(c, "Name")), params: this.params(this.node(c, "paramList")), span };
        const returns = this.maybeNode(c, "typeRef");
        if (returns) decl.returns = this.typeRef(returns);
        if (body) decl.body = this.block(body);
        return this.withDoc(decl);
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
        return this.withDoc(decl);
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
        return this.withDoc(decl);
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
        return this.withDoc(decl);
      }
      case "stagesDecl":
        return this.withDoc({ kind: "stages", stages: this.stageList(this.node(c, "stageList")), span });
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
        return this.withDoc(decl);
      }
      case "dieDecl": {
        const faces = this.node(c, "faces");
        return this.withDoc({
          kind: "die",
          name: this.name(this.tok(c, "Name")),
          faceType: this.name(this.tok(c, "faceType")),
          faces: this.nodes(faces.children, "item").map((i) => this.expr(i)),
          facesSpan: this.span(faces),
          span,
        });
      }
      case "tableDecl":
        return this.withDoc({
          kind: "table",
          name: this.name(this.tok(c, "Name")),
          params: this.params(this.node(c, "paramList")),
          returns: this.typeRef(this.node(c, "typeRef")),
          rows: this.nodes(c, "tableRow").map((r) => this.tableRow(r)),
          span,
        });
      case "exampleDecl":
        return this.withDoc({ kind: "example", title: unquote(this.tok(c, "StringLiteral").image), body: this.block(this.node(c, "block")), span });
      default:
        throw new Error(`internal: unknown declaration ${kind}`);
    }
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

  private typeRef(node: CstNode): A.TypeRef {
    const c = node.children;
    const t: A.TypeRef = { name: this.name(this.tok(c, "Name")), span: this.span(node) };
    const el = this.maybeNode(c, "element");
    if (el) t.element = this.typeRef(el);
    const low = this.maybeNode(c, "low");
    if (low) t.range = { low: this.signedInt(low), high: this.signedInt(this.node(c, "high")) };
    if (this.maybeTok(c, "optional")) t.optional = true;
    return t;
  }

  private signedInt(node: CstNode): number {
    const v = Number(this.tok(node.children, "Integer").image);
    return node.children["Minus"] ? -v : v;
  }

  private tableRow(node: CstNode): A.TableRow {
    const c = node.children;
    const result = this.expr(this.node(c, "expression"));
    const patterns = this.nodes(c, "pattern").map((p) => {
      const pc = p.children;
      const low = this.maybeNode(pc, "low");
      const high = this.maybeNode(pc, "high");
      const pat: A.Pattern = { span: this.span(p) };
      if (low) pat.low = this.expr(low);
      if (high) pat.high = this.expr(high);
      return pat;
    });
    // The row ends at its result: a trailing comma is punctuation, not part of the row.
    return { patterns, result, span: this.join(this.span(node), result.span) };
  }

  // ---- statements ------------------------------------------------------------------------------

  private block(node: CstNode): A.Block {
    return { kind: "block", statements: this.nodes(node.children, "statement").map((s) => this.statement(s)), span: this.span(node) };
  }

  private statement(wrapper: CstNode): A.Stmt {
    const [kind, inner] = Object.entries(wrapper.children).find(([k]) => k !== "Semicolon")! as [string, CstNode[]];
    const n = inner[0]!;
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
    const elseIf = this.maybeNode(c, "elseIf");
    const elseBlock = this.maybeNode(c, "else");
    if (elseIf) {
      const inner = this.ifStmt(elseIf);
      s.else = { kind: "block", statements: [inner], span: inner.span };
    } else if (elseBlock) s.else = this.block(elseBlock);
    return s;
  }

  // ---- expressions -----------------------------------------------------------------------------

  private expr(node: CstNode): A.Expr {
    const c = node.children;
    switch (node.name) {
      case "expression":
        return this.expr(this.node(c, "orExpr"));
      case "orExpr":
      case "andExpr":
        return this.chain(this.nodes(c, "operand"), () => (node.name === "orExpr" ? "or" : "and"));
      case "notExpr": {
        const inner = this.maybeNode(c, "notExpr");
        if (inner) return { kind: "not", operand: this.expr(inner), span: this.span(node) };
        return this.expr(this.node(c, "compareExpr"));
      }
      case "compareExpr": {
        const left = this.expr(this.node(c, "left"));
        const status = this.maybeTok(c, "status");
        if (status) return { kind: "has", object: left, status: this.name(status), span: this.span(node) };
        const op = this.maybeTok(c, "op");
        if (!op) return left;
        return { kind: "binary", op: op.image as A.BinaryOp, left, right: this.expr(this.node(c, "right")), span: this.span(node) };
      }
      case "addExpr": {
        const ops = (c["op"] ?? []).filter(isToken).sort((a, b) => a.startOffset - b.startOffset);
        return this.chain(this.nodes(c, "operand"), (i) => ops[i]!.image as A.BinaryOp);
      }
      case "mulExpr":
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

  private stageList(node: CstNode): A.Name[] {
    return this.nodes(node.children, "stageName").map((n) => this.stageName(n));
  }
  private stageName(node: CstNode): A.Name {
    const t = this.maybeTok(node.children, "Identifier") ?? this.tok(node.children, "Kw_add");
    return this.name(t);
  }

  /** Left-associative chain of binary operators. */
  private chain(operands: CstNode[], opAt: (i: number) => A.BinaryOp): A.Expr {
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

  private args(list: CstNode): A.Arg[] {
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
    const bad = args.length < 1 || args.length > 2 || args.some((a) => a.kind !== "positional") ? { badArgs: this.span(list) } : {};
    if (values.length >= 2) return { kind: "roll", count: values[0]!, sides: values[1]!, span, ...bad };
    return { kind: "roll", sides: values[0] ?? { kind: "int", value: 1, span }, span, ...bad };
  }
}

function unquote(s: string): string {
  return s.slice(1, -1).replace(/\\(.)/g, (_, ch: string) => (ch === "n" ? "\n" : ch === "t" ? "\t" : ch));
}
