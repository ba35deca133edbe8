// Every name written in a file, with what kind of place it stands in: the declaration of something, or
// a use of one. Hover and go-to-definition find the site under the cursor and resolve it.
import * as A from "../ast.ts";
import type { NamedDecl } from "../checker/symbols.ts";

export type Site =
  /** The name a declaration introduces. */
  | { kind: "declaration"; name: A.Name; decl: NamedDecl }
  /** A declaration named where only declarations can be: a type, an event, a status, a modifier's value. */
  | { kind: "global"; name: A.Name }
  /** A name in an expression: a variable, a state field or a declaration. */
  | { kind: "name"; name: A.Name; expr: A.Expr & { kind: "name" } }
  /** The `m` of `x.m`: an enum member or a field. */
  | { kind: "member"; name: A.Name; expr: A.Expr & { kind: "member" } }
  /** The `p` of `f(p: 1)`, `Unit(p: 1)` or `emit E(p: 1)`: a parameter or a field of `callee`. */
  | { kind: "argument"; name: A.Name; callee: string }
  /** A field of a kind, or of the state when `owner` is undefined. */
  | { kind: "field"; name: A.Name; field: A.FieldDecl; owner?: A.KindDecl }
  | { kind: "enumMember"; name: A.Name; decl: A.EnumDecl }
  | { kind: "parameter"; name: A.Name; param: A.Param }
  /** A variable introduced by `let`, `for` or an aggregate's `x in xs`. */
  | { kind: "variable"; name: A.Name; type?: A.TypeRef; value?: A.Expr }
  /** The `p` of `status s until E(p)`: a parameter of `event`. */
  | { kind: "holder"; name: A.Name; event: A.Name };

export function sitesOf(file: A.SourceFile): Site[] {
  const out: Site[] = [];
  for (const d of file.decls) declaration(d, out);
  return out;
}

/** The site whose name holds `offset`; one that ends at `offset` counts too, for a cursor just after a name. */
export function siteAt(sites: Site[], offset: number): Site | undefined {
  return sites.find((s) => s.name.span.start <= offset && offset < s.name.span.end) ?? sites.find((s) => s.name.span.end === offset);
}

function declaration(d: A.Decl, out: Site[]) {
  switch (d.kind) {
    case "import":
      return;
    case "enum":
      out.push({ kind: "declaration", name: d.name, decl: d });
      for (const m of d.members) out.push({ kind: "enumMember", name: m, decl: d });
      return;
    case "kind":
      out.push({ kind: "declaration", name: d.name, decl: d });
      fields(d.fields, d, out);
      return;
    case "state":
      fields(d.fields, undefined, out);
      return;
    case "status":
      out.push({ kind: "declaration", name: d.name, decl: d });
      if (d.expiry) {
        out.push({ kind: "global", name: d.expiry.event });
        if (d.expiry.holder) out.push({ kind: "holder", name: d.expiry.holder, event: d.expiry.event });
      }
      return;
    case "event":
      out.push({ kind: "declaration", name: d.name, decl: d });
      params(d.params, out);
      if (d.body) block(d.body, out);
      return;
    case "trigger":
      out.push({ kind: "global", name: d.event });
      if (d.condition) expr(d.condition, out);
      block(d.body, out);
      return;
    case "fn":
      out.push({ kind: "declaration", name: d.name, decl: d });
      params(d.params, out);
      if (d.returns) type(d.returns, out);
      if (d.body.kind === "block") block(d.body, out);
      else expr(d.body, out);
      return;
    case "value":
      out.push({ kind: "declaration", name: d.name, decl: d });
      params(d.params, out);
      type(d.returns, out);
      expr(d.base, out);
      return;
    case "modifier":
      out.push({ kind: "declaration", name: d.name, decl: d }, { kind: "global", name: d.target });
      if (d.condition) expr(d.condition, out);
      if (d.amount) expr(d.amount, out);
      if (d.into) expr(d.into, out);
      if (d.factor) expr(d.factor, out);
      return;
    case "die":
      out.push({ kind: "declaration", name: d.name, decl: d }, { kind: "global", name: d.faceType });
      for (const face of d.faces) expr(face, out);
      return;
    case "table":
      out.push({ kind: "declaration", name: d.name, decl: d });
      params(d.params, out);
      type(d.returns, out);
      for (const row of d.rows) {
        for (const p of row.patterns) {
          if (p.low) expr(p.low, out);
          if (p.high) expr(p.high, out);
        }
        expr(row.result, out);
      }
      return;
    case "example":
      block(d.body, out);
      return;
    default:
      A.assertNever(d);
  }
}

function fields(fs: A.FieldDecl[], owner: A.KindDecl | undefined, out: Site[]) {
  for (const f of fs) {
    out.push(owner ? { kind: "field", name: f.name, field: f, owner } : { kind: "field", name: f.name, field: f });
    type(f.type, out);
    if (f.default) expr(f.default, out);
  }
}

function params(ps: A.Param[], out: Site[]) {
  for (const p of ps) {
    out.push({ kind: "parameter", name: p.name, param: p });
    type(p.type, out);
  }
}

function type(t: A.TypeRef, out: Site[]) {
  out.push({ kind: "global", name: t.name });
  if (t.element) type(t.element, out);
}

function block(b: A.Block, out: Site[]) {
  for (const s of b.statements) statement(s, out);
}

function statement(s: A.Stmt, out: Site[]) {
  switch (s.kind) {
    case "let":
      out.push(s.type ? { kind: "variable", name: s.name, type: s.type, value: s.value } : { kind: "variable", name: s.name, value: s.value });
      if (s.type) type(s.type, out);
      expr(s.value, out);
      return;
    case "if":
      expr(s.condition, out);
      block(s.then, out);
      if (s.else) block(s.else, out);
      return;
    case "while":
      expr(s.condition, out);
      block(s.body, out);
      return;
    case "for":
      out.push({ kind: "variable", name: s.name });
      expr(s.from, out);
      if (s.to) expr(s.to, out);
      block(s.body, out);
      return;
    case "return":
      if (s.value) expr(s.value, out);
      return;
    case "emit":
      out.push({ kind: "global", name: s.event });
      args(s.args, s.event.text, out);
      return;
    case "apply":
    case "clear":
      out.push({ kind: "global", name: s.status });
      expr(s.target, out);
      if (s.kind === "apply" && s.expiry) {
        if (s.expiry.times) expr(s.expiry.times, out);
        if (s.expiry.event) out.push({ kind: "global", name: s.expiry.event });
        if (s.expiry.match) expr(s.expiry.match.value, out);
      }
      return;
    case "proceed":
      return;
    case "add":
    case "remove":
      expr(s.item, out);
      expr(s.list, out);
      return;
    case "move":
      expr(s.item, out);
      expr(s.source, out);
      expr(s.target, out);
      return;
    case "expect":
    case "say":
      expr(s.value, out);
      return;
    case "force":
      expr(s.values, out);
      return;
    case "assign":
      expr(s.target, out);
      expr(s.value, out);
      return;
    case "expr":
      expr(s.value, out);
      return;
    default:
      A.assertNever(s);
  }
}

function expr(e: A.Expr, out: Site[]) {
  switch (e.kind) {
    case "int":
    case "text":
    case "bool":
      return;
    case "name":
      out.push({ kind: "name", name: { text: e.name, span: e.span }, expr: e });
      return;
    case "member":
      expr(e.object, out);
      out.push({ kind: "member", name: e.member, expr: e });
      return;
    case "index":
      expr(e.object, out);
      expr(e.index, out);
      return;
    case "call":
      expr(e.callee, out);
      args(e.args, e.callee.kind === "name" ? e.callee.name : undefined, out);
      return;
    case "list":
      for (const i of e.items) expr(i, out);
      return;
    case "binary":
      expr(e.left, out);
      expr(e.right, out);
      return;
    case "not":
    case "neg":
      expr(e.operand, out);
      return;
    case "has":
      expr(e.object, out);
      out.push({ kind: "global", name: e.status });
      return;
    case "cond":
      expr(e.condition, out);
      expr(e.then, out);
      expr(e.else, out);
      return;
    case "roll":
      if (e.count) expr(e.count, out);
      expr(e.sides, out);
      return;
    case "choose":
      expr(e.question, out);
      expr(e.options, out);
      return;
    case "emit":
      out.push({ kind: "global", name: e.event });
      args(e.args, e.event.text, out);
      return;
    default:
      A.assertNever(e);
  }
}

function args(as: A.Arg[], callee: string | undefined, out: Site[]) {
  for (const a of as) {
    switch (a.kind) {
      case "positional":
        expr(a.value, out);
        break;
      case "named":
        if (callee !== undefined) out.push({ kind: "argument", name: a.name, callee });
        expr(a.value, out);
        break;
      case "comprehension": {
        const c = a.comp;
        out.push({ kind: "variable", name: c.binder });
        expr(c.source, out);
        if (c.where) expr(c.where, out);
        if (c.yield) expr(c.yield, out);
        if (c.otherwise) expr(c.otherwise, out);
        break;
      }
      default:
        A.assertNever(a);
    }
  }
}
