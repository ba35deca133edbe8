// The typed AST. Every node keeps the source span it came from, so diagnostics and the runtime trace
// can point at the exact text. The AST is plain JSON-serialisable data: a checked program can be saved
// and loaded by the runtime without the parser or checker. Its shapes are also declared as data in
// node-shapes.ts (property order, which properties the checker writes), from which the saved program's
// schema is made; `tsc` fails while a type here and its shape there differ (node-shapes-match.ts).

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

// ---- resolution ------------------------------------------------------------------------------------
// The checker resolves every name once and writes what it found into the tree, so the runtime never
// looks a name up by its text: a variable is a slot in its rule's frame, a state field an index into the
// state, a declaration an id into the program's list of declarations (`Resolved.id`).

/** What a name in an expression stands for. */
export type Ref =
  /** `event`: an argument or `result` of the emission the rule runs in, so a change is the emission's too. */
  | { to: "local"; slot: number; event?: true }
  | { to: "state"; index: number }
  | { to: "decl"; id: number };

/** Set on every named declaration: its place in the program's declarations (`RuntimeProgram.decls`). */
export interface Resolved {
  id?: number;
}

/** Set on every rule that runs with its own variables: how many slots its frame needs (parameters first). */
export interface Framed {
  frameSize?: number;
}

// ---- types as written --------------------------------------------------------------------------

export interface TypeRef {
  name: Name;
  element?: TypeRef;
  range?: { low: number; high: number };
  /** `Unit?`: the value may be `none`. */
  optional?: boolean;
  span: Span;
  /** Resolved: the enum or kind the name means, so building a value of this type looks nothing up. */
  ref?: Ref;
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

interface DeclBase extends Resolved {
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
  /**
   * Declared with `record`: its values are plain, immutable values compared field by field, not
   * entities with an identity and statuses. Everything else about the declaration is a kind's.
   */
  record?: true;
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
  /** `ref` and `holderIndex` (the holder's place among the event's parameters) are set by the checker. */
  expiry?: { event: Name; times?: number; holder?: Name; ref?: Ref; holderIndex?: number };
}
export interface EventDecl extends DeclBase, Framed {
  kind: "event";
  name: Name;
  params: Param[];
  /** `-> int`: the type of the `result` that the body and handlers change, and that `emit` gives back. */
  returns?: TypeRef;
  /** What happens when the event is emitted and no `instead of` handler replaces it. */
  body?: Block;
}
export type TriggerTiming = "before" | "instead" | "after";
export interface TriggerDecl extends DeclBase, Framed {
  kind: "trigger";
  timing: TriggerTiming;
  event: Name;
  /** The event it handles, once resolved. */
  eventRef?: Ref;
  condition?: Expr;
  order: number;
  body: Block;
}
export interface FnDecl extends DeclBase, Framed {
  kind: "fn";
  name: Name;
  params: Param[];
  returns?: TypeRef;
  body: Block | Expr;
}
/** A named value whose result passes through every applicable modifier. */
export interface ValueDecl extends DeclBase, Framed {
  kind: "value";
  name: Name;
  params: Param[];
  returns: TypeRef;
  base: Expr;
  /** `stages [subtract, divide, add, multiply]`: this value's own stage order. */
  stages?: Name[];
}
/** `stages [set, add, ...]` at the top level: the stage order of every value that declares none. */
export interface StagesDecl extends DeclBase {
  kind: "stages";
  stages: Name[];
}
/** `round down`: how a division rounds. */
export type Rounding = "down" | "up" | "nearest";
export const roundings: readonly Rounding[] = ["down", "up", "nearest"];
/** The default stages (src/core/stages.ts) name the order they apply in: `set`, `add`, `count`, `multiply`, `compute`, the bounds. */
export type ModifierOp = "set" | "add" | "subtract" | "count" | "multiply" | "double" | "divide" | "compute" | "atLeast" | "atMost";
export const modifierOps: readonly ModifierOp[] = ["set", "add", "subtract", "count", "multiply", "double", "divide", "compute", "atLeast", "atMost"];
export interface ModifierDecl extends DeclBase, Framed {
  kind: "modifier";
  name: Name;
  target: Name;
  /** The value it changes, once resolved. */
  targetRef?: Ref;
  /** The slot of `result`, the value's current result, in the modifier's frame. */
  resultSlot?: number;
  condition?: Expr;
  /** `in STAGE`: the stage it applies in, when not the one its op belongs to. */
  stage?: Name;
  /** `order N`: its place within its stage (0 when not written). */
  order?: number;
  op: Name;
  amount?: Expr;
  /** `divide 2 round down`: the rounding mode as written. */
  rounding?: Name;
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
export interface TableDecl extends DeclBase, Framed {
  kind: "table";
  name: Name;
  params: Param[];
  returns: TypeRef;
  rows: TableRow[];
}
export interface ExampleDecl extends DeclBase, Framed {
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
  | ExampleDecl
  | StagesDecl;

export interface SourceFile {
  path: string;
  decls: Decl[];
  /**
   * Only in a file with syntax errors: the names declared by the declarations left out for an error.
   * The checker treats a use of one as already reported (type `any`), so one error causes no cascade.
   */
  broken?: Name[];
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
  /** Resolved: the event counted (when written) and the place of the parameter named. */
  ref?: Ref;
  paramIndex?: number;
}

export type Stmt =
  | { kind: "let"; name: Name; type?: TypeRef; value: Expr; span: Span; slot?: number }
  | { kind: "if"; condition: Expr; then: Block; else?: Block; span: Span }
  | { kind: "while"; condition: Expr; body: Block; span: Span }
  /** `where`: the body runs only for the items (or numbers) for which it holds. */
  | { kind: "for"; name: Name; from: Expr; to?: Expr; where?: Expr; body: Block; span: Span; slot?: number }
  | { kind: "return"; value?: Expr; span: Span }
  | { kind: "emit"; event: Name; args: Arg[]; span: Span; ref?: Ref }
  | { kind: "apply"; status: Name; target: Expr; expiry?: AppliedExpiry; span: Span; ref?: Ref }
  /** Inside `instead of E`: runs E's default body with the current arguments. */
  | { kind: "proceed"; span: Span }
  | { kind: "clear"; status: Name; target: Expr; span: Span; ref?: Ref }
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
  slot?: number;
  source: Expr;
  where?: Expr;
  yield?: Expr;
  otherwise?: Expr;
}

export type Arg =
  | { kind: "positional"; value: Expr; span: Span }
  /** `index`: the parameter it gives, once resolved. */
  | { kind: "named"; name: Name; value: Expr; span: Span; index?: number }
  | { kind: "comprehension"; comp: Comprehension; span: Span };

export type Expr =
  | { kind: "int"; value: number; span: Span }
  | { kind: "text"; value: string; span: Span }
  | { kind: "bool"; value: boolean; span: Span }
  /** The literal `none`: no value, of any optional type. */
  | { kind: "none"; span: Span }
  | { kind: "name"; name: string; span: Span; ref?: Ref }
  /**
   * `ref` is set when the object names an enum (`Side.attacker`); `field` when it reads a field of an
   * entity: the kind's id and the field's place among its fields.
   */
  | { kind: "member"; object: Expr; member: Name; span: Span; ref?: Ref; field?: { kind: number; index: number } }
  | { kind: "index"; object: Expr; index: Expr; span: Span }
  /**
   * Resolved: `ref` when the callee is a declaration (fn, value, table, kind, enum); `builtin` when it is a
   * function or aggregate of the standard library, named as the library names it.
   */
  | { kind: "call"; callee: Expr; args: Arg[]; span: Span; ref?: Ref; builtin?: string }
  | { kind: "list"; items: Expr[]; span: Span }
  | { kind: "binary"; op: BinaryOp; left: Expr; right: Expr; span: Span; /** `a / b round down`: the mode as written. */ rounding?: Name }
  | { kind: "not"; operand: Expr; span: Span }
  | { kind: "neg"; operand: Expr; span: Span }
  | { kind: "has"; object: Expr; status: Name; span: Span; ref?: Ref }
  | { kind: "cond"; condition: Expr; then: Expr; else: Expr; span: Span }
  | { kind: "roll"; count?: Expr; sides: Expr; span: Span; /** Set when `roll(...)` was given other than 1 or 2 plain arguments. */ badArgs?: Span }
  | {
      kind: "choose";
      question: Expr;
      options: Expr;
      /** `or none`: `none` is offered after the options, so the choice is optional. */
      orNone?: boolean;
      /** `by army.owner`: who answers, shown to the chooser and in the trace. */
      by?: Expr;
      /** `up to 3`: asked once per pick, with `none` to stop; the result is a list. */
      upTo?: Expr;
      span: Span;
    }
  /** `emit E(args)` used as a value: E's final `result`. */
  | { kind: "emit"; event: Name; args: Arg[]; span: Span; ref?: Ref };

export type ExprKind = Expr["kind"];

/**
 * Whether a field may be left out: it has a default, or it starts filled anyway. Lists and tallies start
 * empty, flags `false`, and an entity whose own fields may all be left out starts as a fresh one.
 * Every other field must be given.
 */
export function mayBeLeftOut(f: FieldDecl, kindNamed: (name: string) => KindDecl | undefined, seen = new Set<string>()): boolean {
  if (f.default || f.type.optional) return true;
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

/**
 * The next `if` of an `else if` chain: the `if` alone in `s`'s `else` block. Checker and interpreter
 * walk a chain with it in a loop, so a chain of thousands of branches does not nest their calls.
 */
export function elseIf(s: Stmt & { kind: "if" }): (Stmt & { kind: "if" }) | undefined {
  const only = s.else?.statements.length === 1 ? s.else.statements[0] : undefined;
  return only?.kind === "if" ? only : undefined;
}
