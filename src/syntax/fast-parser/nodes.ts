// The fast parser's AST objects, made by constructors rather than object literals. V8 pretenures the
// objects of a literal (an allocation site) once most of them have survived a scavenge, which is what
// an AST kept for a while (a compiled program, the editor's caches) does to every literal of the parser:
// from then on, each parse made its nodes straight in the old generation, where, dead a moment later,
// only a full collection freed them, while every young object they pointed to (a string, a span, an
// array, a node of a site not yet pretenured) was kept and copied by every scavenge until then. In
// `npm run bench` that made the parse of the bundled rules ~3x slower than in a fresh run of node.
// Objects made by `new` are never pretenured, nor arrays made by `Array.of()` (unlike `[]` and
// `new Array()`): a parse's whole tree is young, and dies young. See bench/README.md.
//
// Each class is one shape: its fields in the order src/core/node-shapes.ts declares, which is the order
// of the AST's JSON (test/core/node-shapes.test.ts holds every node either parser makes to it, and
// test/syntax/fast-parser.test.ts holds the two parsers to the same JSON); an optional field is added after
// construction, in its declared place, and is absent otherwise.
import type * as A from "../../core/ast.ts";

export class Span implements A.Span {
  constructor(
    public file: string,
    public line: number,
    public col: number,
    public endLine: number,
    public endCol: number,
    public start: number,
    public end: number,
  ) {}
}

export class Name implements A.Name {
  constructor(
    public text: string,
    public span: A.Span,
  ) {}
}

/** An empty array, made without an allocation site (see above). */
export const list = <T>(): T[] => Array.of<T>();

// ---- nodes by shape: `kind` first, `span` last ---------------------------------------------------------------------

export class Leaf<K extends string> {
  constructor(
    public kind: K,
    public span: A.Span,
  ) {}
}
/** `int`, `text`, `bool`, a positional argument, an expression statement. */
export class Valued<K extends string, V> {
  constructor(
    public kind: K,
    public value: V,
    public span: A.Span,
  ) {}
}
export class NameRef {
  constructor(
    public kind: "name",
    public name: string,
    public span: A.Span,
  ) {}
}
export class Unary<K extends string> {
  constructor(
    public kind: K,
    public operand: A.Expr,
    public span: A.Span,
  ) {}
}
export class Binary {
  constructor(
    public kind: "binary",
    public op: A.BinaryOp,
    public left: A.Expr,
    public right: A.Expr,
    public span: A.Span,
  ) {}
}
/** `has` (`status`), `member` (`member`): an object and a name. */
export class Has {
  constructor(
    public kind: "has",
    public object: A.Expr,
    public status: A.Name,
    public span: A.Span,
  ) {}
}
export class Member {
  constructor(
    public kind: "member",
    public object: A.Expr,
    public member: A.Name,
    public span: A.Span,
  ) {}
}
export class Index {
  constructor(
    public kind: "index",
    public object: A.Expr,
    public index: A.Expr,
    public span: A.Span,
  ) {}
}
export class Call {
  constructor(
    public kind: "call",
    public callee: A.Expr,
    public args: A.Arg[],
    public span: A.Span,
  ) {}
}
export class Emit {
  constructor(
    public kind: "emit",
    public event: A.Name,
    public args: A.Arg[],
    public span: A.Span,
  ) {}
}
export class ListExpr {
  constructor(
    public kind: "list",
    public items: A.Expr[],
    public span: A.Span,
  ) {}
}
/** `roll d6` and `roll die`; `3d6`'s count is added after, as the grammar's builder does. */
export class Roll {
  constructor(
    public kind: "roll",
    public sides: A.Expr,
    public span: A.Span,
  ) {}
}
export class Choose {
  constructor(
    public kind: "choose",
    public question: A.Expr,
    public options: A.Expr,
    public span: A.Span,
  ) {}
}
export class Named {
  constructor(
    public kind: "named",
    public name: A.Name,
    public value: A.Expr,
    public span: A.Span,
  ) {}
}
export class ComprehensionArg {
  constructor(
    public kind: "comprehension",
    public comp: A.Comprehension,
    public span: A.Span,
  ) {}
}
export class Comprehension {
  constructor(
    public binder: A.Name,
    public source: A.Expr,
  ) {}
}
/** `else` cannot name a parameter: the fields are declared, in the JSON's order. */
export class Cond {
  kind: "cond" = "cond";
  condition: A.Expr;
  then: A.Expr;
  else: A.Expr;
  span: A.Span;
  constructor(condition: A.Expr, then: A.Expr, otherwise: A.Expr, span: A.Span) {
    this.condition = condition;
    this.then = then;
    this.else = otherwise;
    this.span = span;
  }
}
export class Block {
  constructor(
    public kind: "block",
    public statements: A.Stmt[],
    public span: A.Span,
  ) {}
}
/** `if` (`else` added after). */
export class If {
  constructor(
    public kind: "if",
    public condition: A.Expr,
    public then: A.Block,
    public span: A.Span,
  ) {}
}
/** `apply`: a status and a target (`expiry` added after). */
export class StatusTo<K extends string> {
  constructor(
    public kind: K,
    public status: A.Name,
    public target: A.Expr,
    public span: A.Span,
  ) {}
}
export class Assign {
  constructor(
    public kind: "assign",
    public op: "=" | "+=" | "-=",
    public target: A.Expr,
    public value: A.Expr,
    public span: A.Span,
  ) {}
}
export class TypeRef {
  constructor(
    public name: A.Name,
    public span: A.Span,
  ) {}
}
/** A parameter; a field (`span` added after) is the same two first. */
export class Param {
  constructor(
    public name: A.Name,
    public type: A.TypeRef,
  ) {}
}
export class TableRow {
  constructor(
    public patterns: A.Pattern[],
    public result: A.Expr,
    public span: A.Span,
  ) {}
}
/** A table's pattern: `_` has neither bound, the others `low` (and `high`) added after. */
export class Pattern {
  constructor(public span: A.Span) {}
}
export class FieldDecl {
  constructor(
    public name: A.Name,
    public type: A.TypeRef,
    public span: A.Span,
  ) {}
}

// ---- declarations: optional fields added after, as the literals they replace did -----------------------------------

export class Import {
  constructor(
    public kind: "import",
    public path: string,
    public pathSpan: A.Span,
    public span: A.Span,
  ) {}
}
export class Overrides {
  constructor(
    public kind: "overrides",
    public title: string,
    public titleSpan: A.Span,
    public span: A.Span,
  ) {}
}
export class State {
  constructor(
    public kind: "state",
    public fields: A.FieldDecl[],
    public span: A.Span,
  ) {}
}
export class Example {
  constructor(
    public kind: "example",
    public title: string,
    public body: A.Block,
    public span: A.Span,
  ) {}
}
export class Stages {
  constructor(
    public kind: "stages",
    public stages: A.Name[],
    public span: A.Span,
  ) {}
}
export class Enum {
  constructor(
    public kind: "enum",
    public name: A.Name,
    public members: A.Name[],
    public span: A.Span,
  ) {}
}
export class Status {
  constructor(
    public kind: "status",
    public name: A.Name,
    public span: A.Span,
  ) {}
}
export class Event {
  constructor(
    public kind: "event",
    public name: A.Name,
    public params: A.Param[],
    public span: A.Span,
  ) {}
}
export class Trigger {
  constructor(
    public kind: "trigger",
    public timing: A.TriggerTiming,
    public event: A.Name,
    public order: number,
    public body: A.Block,
    public span: A.Span,
  ) {}
}
export class Fn {
  constructor(
    public kind: "fn",
    public name: A.Name,
    public params: A.Param[],
    public body: A.Block | A.Expr,
    public span: A.Span,
  ) {}
}
export class Value {
  constructor(
    public kind: "value",
    public name: A.Name,
    public params: A.Param[],
    public returns: A.TypeRef,
    public base: A.Expr,
    public span: A.Span,
  ) {}
}
export class Modifier {
  constructor(
    public kind: "modifier",
    public name: A.Name,
    public target: A.Name,
    public op: A.Name,
    public span: A.Span,
  ) {}
}
export class Die {
  constructor(
    public kind: "die",
    public name: A.Name,
    public faceType: A.Name,
    public faces: A.Expr[],
    public facesSpan: A.Span,
    public span: A.Span,
  ) {}
}
export class Table {
  constructor(
    public kind: "table",
    public name: A.Name,
    public params: A.Param[],
    public returns: A.TypeRef,
    public rows: A.TableRow[],
    public span: A.Span,
  ) {}
}
