// Every name written in a file, with what kind of place it stands in: the declaration of something, or
// a use of one. Hover and go-to-definition find the site under the cursor and resolve it.
import type * as A from "../../core/ast.ts";
import { walk } from "../../core/ast-walk.ts";
import type { NamedDecl } from "../../check/symbols.ts";

export type Site =
  /** The name a declaration introduces. */
  | { kind: "declaration"; name: A.Name; decl: NamedDecl }
  /** A declaration named where only declarations can be: a type, an event, a status, a modifier's value. */
  | { kind: "global"; name: A.Name }
  /** A name in an expression: a variable, a state field or a declaration. */
  | { kind: "name"; name: A.Name; expr: A.Expr & { kind: "name" } }
  /** The `m` of `x.m`: an enum member or a field. */
  | { kind: "member"; name: A.Name; expr: A.Expr & { kind: "member" } }
  /** The `p` of `f(p: 1)`, `Unit(p: 1)`, `emit E(p: 1)` or `apply s(p: 1)`: a parameter or a field of `callee`. */
  | { kind: "argument"; name: A.Name; callee: string }
  /** A field of a kind, or of the state when `owner` is undefined. */
  | { kind: "field"; name: A.Name; field: A.FieldDecl; owner?: A.KindDecl }
  /** A field an `extend kind` adds to the kind named `owner` (whose merged declaration holds it). */
  | { kind: "addedField"; name: A.Name; field: A.FieldDecl; owner: string }
  /** A member of the enum named `enumName`: declared with it, or added by an `extend enum`. */
  | { kind: "enumMember"; name: A.Name; enumName: string }
  | { kind: "parameter"; name: A.Name; param: A.Param }
  /** A variable introduced by `let`, `for` or an aggregate's `x in xs`. */
  | { kind: "variable"; name: A.Name; type?: A.TypeRef; value?: A.Expr }
  /** A handler's name: its `as NAME`, or the name a `replace on E as NAME` or `remove handler NAME` gives. */
  | { kind: "handler"; name: A.Name }
  /** The `p` of `status s until E(p)`: a parameter of `event`. */
  | { kind: "holder"; name: A.Name; event: A.Name };

/** Every site of a file, in the order of the walk. A file's check keeps them (analysis.ts), as hover and the rest ask in turn. */
export function sitesOf(file: A.SourceFile): readonly Site[] {
  const out: Site[] = [];
  walk(file.decls, (node) => site(node as A.Decl | A.Stmt | A.Expr | A.Arg | A.Block, out));
  return out;
}

/** The site whose name holds `offset`; one that ends at `offset` counts too, for a cursor just after a name. */
export function siteAt(sites: readonly Site[], offset: number): Site | undefined {
  return sites.find((s) => s.name.span.start <= offset && offset < s.name.span.end) ?? sites.find((s) => s.name.span.end === offset);
}

/** The names one node introduces or uses itself; the walk reaches its children. */
function site(n: A.Decl | A.Stmt | A.Expr | A.Arg | A.Block, out: Site[]) {
  switch (n.kind) {
    case "enum":
      out.push({ kind: "declaration", name: n.name, decl: n });
      for (const m of n.members) out.push({ kind: "enumMember", name: m, enumName: n.name.text });
      return;
    case "kind":
      out.push({ kind: "declaration", name: n.name, decl: n });
      fields(n.fields, n, out);
      return;
    case "state":
      fields(n.fields, undefined, out);
      return;
    case "status":
      out.push({ kind: "declaration", name: n.name, decl: n });
      if (n.expiry) {
        out.push({ kind: "global", name: n.expiry.event });
        if (n.expiry.holder) out.push({ kind: "holder", name: n.expiry.holder, event: n.expiry.event });
        for (const o of n.expiry.or ?? []) {
          out.push({ kind: "global", name: o.event });
          if (o.holder) out.push({ kind: "holder", name: o.holder, event: o.event });
        }
      }
      return;
    case "event":
      out.push({ kind: "declaration", name: n.name, decl: n });
      params(n.params, out);
      return;
    case "trigger":
      out.push({ kind: "global", name: n.event });
      if (n.handlerName) out.push({ kind: "handler", name: n.handlerName });
      return;
    case "fn":
    case "value":
    case "table":
      out.push({ kind: "declaration", name: n.name, decl: n });
      params(n.params, out);
      if (n.returns) type(n.returns, out);
      return;
    case "modifier":
      out.push({ kind: "declaration", name: n.name, decl: n }, { kind: "global", name: n.target });
      return;
    case "die":
      out.push({ kind: "declaration", name: n.name, decl: n }, { kind: "global", name: n.faceType });
      return;
    case "let":
      out.push(n.type ? { kind: "variable", name: n.name, type: n.type, value: n.value } : { kind: "variable", name: n.name, value: n.value });
      if (n.type) type(n.type, out);
      return;
    case "for":
      out.push({ kind: "variable", name: n.name });
      return;
    case "emit":
      out.push({ kind: "global", name: n.event });
      argumentNames(n.args, n.event.text, out);
      return;
    case "apply":
      out.push({ kind: "global", name: n.status });
      argumentNames(n.args ?? [], n.status.text, out);
      if (n.expiry?.event) out.push({ kind: "global", name: n.expiry.event });
      for (const o of n.expiry?.or ?? []) out.push({ kind: "global", name: o.event });
      return;
    case "clear":
    case "has":
      out.push({ kind: "global", name: n.status });
      return;
    case "name":
      out.push({ kind: "name", name: { text: n.name, span: n.span }, expr: n });
      return;
    case "member":
      out.push({ kind: "member", name: n.member, expr: n });
      return;
    case "call":
      argumentNames(n.args, n.callee.kind === "name" ? n.callee.name : undefined, out);
      return;
    case "comprehension":
      out.push({ kind: "variable", name: n.comp.binder });
      return;
    // The declaration an extension names: hover shows it merged, go-to-definition goes to the base's.
    // The members and fields it adds are declared here, so find references and rename reach them.
    case "extendEnum":
      out.push({ kind: "global", name: n.target });
      for (const m of n.members) out.push({ kind: "enumMember", name: m, enumName: n.target.text });
      return;
    case "extendTable":
    case "extendValue":
    case "replaceRow":
      out.push({ kind: "global", name: n.target });
      return;
    case "extendKind":
      out.push({ kind: "global", name: n.target });
      for (const f of n.fields) {
        out.push({ kind: "addedField", name: f.name, field: f, owner: n.target.text });
        type(f.type, out);
      }
      return;
    case "removal":
      out.push(n.what === "handler" ? { kind: "handler", name: n.target } : { kind: "global", name: n.target });
      return;
    default:
      return;
  }
}

function fields(fs: A.FieldDecl[], owner: A.KindDecl | undefined, out: Site[]) {
  for (const f of fs) {
    out.push(owner ? { kind: "field", name: f.name, field: f, owner } : { kind: "field", name: f.name, field: f });
    type(f.type, out);
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

/** The `p` of `f(p: 1)`: named after what is called, so it can be resolved to a parameter or field. */
function argumentNames(as: A.Arg[], callee: string | undefined, out: Site[]) {
  if (callee === undefined) return;
  for (const a of as) if (a.kind === "named") out.push({ kind: "argument", name: a.name, callee });
}
