// The typed AST. Every node keeps the source span it came from, so diagnostics and the runtime trace
// can point at the exact text. The AST is plain JSON-serialisable data: a checked program can be saved
// and loaded by the runtime without the parser or checker.

export interface Span {
  file: string;
  /** 1-based line and column of the first character. */
  line: number;
  col: number;
  /** 1-based line and column just past the last character. */
  endLine: number;
  endCol: number;
  /** 0-based offsets: [start, end). */
  start: number;
  end: number;
}

export interface Name {
  text: string;
  span: Span;
}

// ---- types as written --------------------------------------------------------------------------

export interface TypeRef {
  name: Name;
  element?: TypeRef;
  range?: { low: number; high: number };
  span: Span;
}

// ---- declarations --------------------------------------------------------------------------------

export interface Param {
  name: Name;
  type: TypeRef;
}

export interface FieldDecl {
  name: Name;
  type: TypeRef;
  default?: Expr;
  doc?: string;
  span: Span;
}

interface DeclBase {
  span: Span;
  doc?: string;
}

export interface ImportDecl extends DeclBase {
  kind: "import";
  path: string;
  pathSpan: Span;
}
export interface EnumDecl extends DeclBase {
  kind: "enum";
  name: Name;
  members: Name[];
}
export interface KindDecl extends DeclBase {
  kind: "kind";
  name: Name;
  fields: FieldDecl[];
}
export interface StateDecl extends DeclBase {
  kind: "state";
  fields: FieldDecl[];
}
/**
 * A named flag on an entity. `until E`: cleared when event E is emitted; `for N E`: after N of them.
 * `until E(p)` / `for N E(p)`: only emissions of E whose parameter `p` is the holder count.
 */
export interface StatusDecl extends DeclBase {
  kind: "status";
  name: Name;
  expiry?: { event: Name; times?: number; holder?: Name };
}
export interface EventDecl extends DeclBase {
  kind: "event";
  name: Name;
  params: Param[];
  /** `-> int`: the type of the `result` that the body and handlers change, and that `emit` gives back. */
  returns?: TypeRef;
  /** What happens when the event is emitted and no `instead of` handler replaces it. */
  body?: Block;
}
export type TriggerTiming = "before" | "instead" | "after";
export interface TriggerDecl extends DeclBase {
  kind: "trigger";
  timing: TriggerTiming;
  event: Name;
  condition?: Expr;
  order: number;
  body: Block;
}
export interface FnDecl extends DeclBase {
  kind: "fn";
  name: Name;
  params: Param[];
  returns?: TypeRef;
  body: Block | Expr;
}
/** A named value whose result passes through every applicable modifier. */
export interface ValueDecl extends DeclBase {
  kind: "value";
  name: Name;
  params: Param[];
  returns: TypeRef;
  base: Expr;
}
/** In the order they apply to a value: `set`, then `add`, then `count`, then `multiply`/`double`, then the bounds. */
export type ModifierOp = "set" | "add" | "count" | "multiply" | "double" | "atLeast" | "atMost";
export const modifierOps: readonly ModifierOp[] = ["set", "add", "count", "multiply", "double", "atLeast", "atMost"];
export interface ModifierDecl extends DeclBase {
  kind: "modifier";
  name: Name;
  target: Name;
  condition?: Expr;
  op: Name;
  amount?: Expr;
  /** `count Icon.a as Icon.b`: the member the counted results become. */
  into?: Expr;
  /** `multiply Icon.save by 3`: how many times one member's count is taken. */
  factor?: Expr;
}
/** A custom die: each face is a tally of the enum's members, like `Icon(melee: 2)`. */
export interface DieDecl extends DeclBase {
  kind: "die";
  name: Name;
  faceType: Name;
  faces: Expr[];
  facesSpan: Span;
}
export interface Pattern {
  /** `_` has neither. */
  low?: Expr;
  high?: Expr;
  span: Span;
}
export interface TableRow {
  patterns: Pattern[];
  result: Expr;
  span: Span;
}
export interface TableDecl extends DeclBase {
  kind: "table";
  name: Name;
  params: Param[];
  returns: TypeRef;
  rows: TableRow[];
}
export interface ExampleDecl extends DeclBase {
  kind: "example";
  title: string;
  body: Block;
}

export type Decl =
  | ImportDecl
  | EnumDecl
  | KindDecl
  | StateDecl
  | StatusDecl
  | EventDecl
  | TriggerDecl
  | FnDecl
  | ValueDecl
  | ModifierDecl
  | TableDecl
  | DieDecl
  | ExampleDecl;

export interface SourceFile {
  path: string;
  decls: Decl[];
}

// ---- statements ----------------------------------------------------------------------------------

export interface Block {
  kind: "block";
  statements: Stmt[];
  span: Span;
}

/**
 * A duration given at `apply`: `for N [E[(p)]]`, `until E[(p)]`, or with `(p: v)` an event about any
 * entity: only emissions of E whose parameter `p` equals the value `v` had when applied count.
 */
export interface AppliedExpiry {
  /** `for N`: how many events; absent for `until` (one). */
  times?: Expr;
  /** The event counted; absent: the status's declared expiry event. */
  event?: Name;
  /** `E(unit)`: the holder must be the argument `unit`. */
  holder?: Name;
  /** `E(player: caster)`: the argument `player` must equal `caster` as it was at `apply`. */
  match?: { param: Name; value: Expr };
  span: Span;
}

export type Stmt =
  | { kind: "let"; name: Name; type?: TypeRef; value: Expr; span: Span }
  | { kind: "if"; condition: Expr; then: Block; else?: Block; span: Span }
  | { kind: "while"; condition: Expr; body: Block; span: Span }
  | { kind: "for"; name: Name; from: Expr; to?: Expr; body: Block; span: Span }
  | { kind: "return"; value?: Expr; span: Span }
  | { kind: "emit"; event: Name; args: Arg[]; span: Span }
  | { kind: "apply"; status: Name; target: Expr; expiry?: AppliedExpiry; span: Span }
  /** Inside `instead of E`: runs E's default body with the current arguments. */
  | { kind: "proceed"; span: Span }
  | { kind: "clear"; status: Name; target: Expr; span: Span }
  | { kind: "add"; item: Expr; list: Expr; span: Span }
  | { kind: "remove"; item: Expr; list: Expr; span: Span }
  | { kind: "move"; item: Expr; source: Expr; target: Expr; span: Span }
  | { kind: "expect"; value: Expr; span: Span }
  | { kind: "force"; what: Name; values: Expr; span: Span }
  | { kind: "say"; value: Expr; span: Span }
  | { kind: "assign"; op: "=" | "+=" | "-="; target: Expr; value: Expr; span: Span }
  | { kind: "expr"; value: Expr; span: Span };

// ---- expressions ---------------------------------------------------------------------------------

export type BinaryOp = "or" | "and" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "+" | "-" | "*" | "/" | "%";

export interface Comprehension {
  binder: Name;
  source: Expr;
  where?: Expr;
  yield?: Expr;
  otherwise?: Expr;
}

export type Arg =
  | { kind: "positional"; value: Expr; span: Span }
  | { kind: "named"; name: Name; value: Expr; span: Span }
  | { kind: "comprehension"; comp: Comprehension; span: Span };

export type Expr =
  | { kind: "int"; value: number; span: Span }
  | { kind: "text"; value: string; span: Span }
  | { kind: "bool"; value: boolean; span: Span }
  | { kind: "name"; name: string; span: Span }
  | { kind: "member"; object: Expr; member: Name; span: Span }
  | { kind: "index"; object: Expr; index: Expr; span: Span }
  | { kind: "call"; callee: Expr; args: Arg[]; span: Span }
  | { kind: "list"; items: Expr[]; span: Span }
  | { kind: "binary"; op: BinaryOp; left: Expr; right: Expr; span: Span }
  | { kind: "not"; operand: Expr; span: Span }
  | { kind: "neg"; operand: Expr; span: Span }
  | { kind: "has"; object: Expr; status: Name; span: Span }
  | { kind: "cond"; condition: Expr; then: Expr; else: Expr; span: Span }
  | { kind: "roll"; count?: Expr; sides: Expr; span: Span; /** Set when `roll(...)` was given other than 1 or 2 plain arguments. */ badArgs?: Span }
  | { kind: "choose"; question: Expr; options: Expr; span: Span }
  /** `emit E(args)` used as a value: E's final `result`. */
  | { kind: "emit"; event: Name; args: Arg[]; span: Span };

export type ExprKind = Expr["kind"];

/**
 * Whether a field may be left out: it has a default, or it starts filled anyway. Lists and tallies start
 * empty, flags `false`, and an entity whose own fields may all be left out starts as a fresh one.
 * Every other field must be given.
 */
export function mayBeLeftOut(f: FieldDecl, kindNamed: (name: string) => KindDecl | undefined, seen = new Set<string>()): boolean {
  if (f.default) return true;
  const n = f.type.name.text;
  if (n === "list" || n === "bool" || n === "tally") return true;
  const k = kindNamed(n);
  if (!k || seen.has(n)) return false;
  seen.add(n);
  const all = k.fields.every((x) => mayBeLeftOut(x, kindNamed, seen));
  seen.delete(n);
  return all;
}

export function assertNever(x: never): never {
  throw new Error(`unexpected node ${JSON.stringify(x)}`);
}
