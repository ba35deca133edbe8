// The typed AST. Every node keeps the source span it came from, so diagnostics and the runtime trace
// can point at the exact text. The AST is plain JSON-serialisable data: a checked program can be saved
// and loaded by the runtime without the parser or checker.
//
// The types are not written out here: they are what the node shapes of node-shapes.ts mean, derived by
// the mapped types below, so a node is declared once, as one line of data (the saved program's schema is
// made from the same line). Each definition of the shapes gets a name here (`Span`, `TypeRef`, `Stmt`,
// ...), so `tsc` names them in its messages; a family's members are `Stmt<"let">`, `Expr<"member">`,
// `Decl<"enum">`. The doc comments of nodes and properties are on their shapes.
import type { nodeShapes, DefinitionName, FamilyName, ShapeName } from "./node-shapes.ts";

type Shapes = typeof nodeShapes;

/** The type each definition of the node shapes stands for, by its name: how one shape refers to another. */
interface Definitions {
  span: Span;
  name: Name;
  file: SourceFile;
  type: TypeRef;
  range: TypeRange;
  param: Param;
  field: FieldDecl;
  statusExpiry: StatusExpiry;
  statusOr: StatusOr;
  row: TableRow;
  exclusiveStage: ExclusiveStage;
  stageChange: StageChange;
  pattern: Pattern;
  appliedExpiry: AppliedExpiry;
  appliedOr: AppliedOr;
  match: ExpiryMatch;
  comprehension: Comprehension;
  fieldPlace: FieldPlace;
  decl: Decl;
  block: Block;
  stmt: Stmt;
  expr: Expr;
  arg: Arg;
  ref: Ref;
  blockOrExpr: Block | Expr;
}
/** `tsc` fails here while a definition of the shapes has no name above, or a name above no definition, and shows which. */
type Holds<T extends true> = T;
type Unmatched = Exclude<DefinitionName, keyof Definitions> | Exclude<keyof Definitions, DefinitionName>;
export type EveryDefinitionNamed = Holds<[Unmatched] extends [never] ? true : { definitionsWithoutName: Unmatched }>;

/** The TypeScript type a property's description means. */
type TypeOf<P> = P extends "string"
  ? string
  : P extends "boolean"
    ? boolean
    : P extends "true"
      ? true
      : P extends "int" | "natural"
        ? number
        : P extends keyof Definitions
          ? Definitions[P]
          : P extends { readonly list: infer E }
            ? TypeOf<E>[]
            : P extends { readonly oneOf: readonly (infer V)[] }
              ? V
              : P extends { readonly resolved: infer R }
                ? TypeOf<R>
                : never;

/** The object type a property list means: `x?` and the checker's (resolved) properties optional, the rest required. */
type PropsType<P> = {
  -readonly [K in keyof P as K extends `${string}?` ? never : P[K] extends { readonly resolved: unknown } ? never : K]: TypeOf<P[K]>;
} & {
  -readonly [K in keyof P as K extends `${infer N}?` ? N : P[K] extends { readonly resolved: unknown } ? K : never]?: TypeOf<P[K]>;
};
type Flat<T> = { [K in keyof T]: T[K] };

/** A plain object of the tree (no `kind`), as its shape declares it. */
export type Shape<S extends ShapeName> = Flat<PropsType<Shapes["shapes"][S]>>;

type Family<F extends FamilyName> = Shapes["families"][F];
/** The kinds of a family: `KindName<"stmt">` is `"let" | "if" | ...`. */
export type KindName<F extends FamilyName> = keyof Family<F>["kinds"] & string;
type NodeProps<F extends FamilyName, K extends KindName<F>> = { -readonly [D in Family<F>["by"]]: K } & PropsType<Family<F>["kinds"][K]>;
/** One kind of a family: its discriminator (`kind`, or a reference's `to`) and its shape's properties. */
export type Node<F extends FamilyName, K extends KindName<F>> = { [P in keyof NodeProps<F, K>]: NodeProps<F, K>[P] };
/** Every kind of a family, by kind. */
type Members<F extends FamilyName> = { [K in KindName<F>]: Node<F, K> };

// ---- the names ---------------------------------------------------------------------------------------

export interface Span extends Shape<"span"> {}
export interface Name extends Shape<"name"> {}
export interface SourceFile extends Shape<"file"> {}
export interface TypeRef extends Shape<"type"> {}
export interface TypeRange extends Shape<"range"> {}
export interface Param extends Shape<"param"> {}
export interface FieldDecl extends Shape<"field"> {}
export interface StatusExpiry extends Shape<"statusExpiry"> {}
export interface StatusOr extends Shape<"statusOr"> {}
export interface TableRow extends Shape<"row"> {}
export interface ExclusiveStage extends Shape<"exclusiveStage"> {}
export interface StageChange extends Shape<"stageChange"> {}
export interface Pattern extends Shape<"pattern"> {}
export interface AppliedExpiry extends Shape<"appliedExpiry"> {}
export interface AppliedOr extends Shape<"appliedOr"> {}
export interface ExpiryMatch extends Shape<"match"> {}
export interface Comprehension extends Shape<"comprehension"> {}
export interface FieldPlace extends Shape<"fieldPlace"> {}

/** A top-level declaration; `Decl<"fn">` is a function. */
export type Decl<K extends DeclKind = DeclKind> = Members<"decl">[K];
export type DeclKind = KindName<"decl">;
/** A block of statements. */
export type Block = Node<"block", "block">;
/** A statement; `Stmt<"let">` is one kind. */
export type Stmt<K extends StmtKind = StmtKind> = Members<"stmt">[K];
export type StmtKind = KindName<"stmt">;
/** An expression; `Expr<"call">` is one kind. */
export type Expr<K extends ExprKind = ExprKind> = Members<"expr">[K];
export type ExprKind = KindName<"expr">;
/** An argument of a call or an emission. */
export type Arg = Members<"arg">[KindName<"arg">];
/** What a name resolved to: a slot of the frame, a state field, or a declaration. */
export type Ref = Members<"ref">[KindName<"ref">];

export type ImportDecl = Decl<"import">;
export type EnumDecl = Decl<"enum">;
export type KindDecl = Decl<"kind">;
export type StateDecl = Decl<"state">;
export type StatusDecl = Decl<"status">;
export type EventDecl = Decl<"event">;
export type TriggerDecl = Decl<"trigger">;
export type FnDecl = Decl<"fn">;
export type ValueDecl = Decl<"value">;
export type ModifierDecl = Decl<"modifier">;
export type TableDecl = Decl<"table">;
export type DieDecl = Decl<"die">;
export type ExampleDecl = Decl<"example">;
export type StagesDecl = Decl<"stages">;

/** A rule that runs with its own variables: the checker sizes its frame (parameters first). */
export interface Framed {
  frameSize?: number;
}

export type TriggerTiming = TriggerDecl["timing"];
export type BinaryOp = Expr<"binary">["op"];
/** `round down`: how a division rounds. */
export type Rounding = "down" | "up" | "nearest";
export const roundings: readonly Rounding[] = ["down", "up", "nearest"];
/** The default stages (src/core/stages.ts) name the order they apply in: `set`, `add`, `count`, `multiply`, `compute`, the bounds. */
export type ModifierOp = "set" | "add" | "subtract" | "count" | "multiply" | "double" | "divide" | "compute" | "atLeast" | "atMost";
export const modifierOps: readonly ModifierOp[] = ["set", "add", "subtract", "count", "multiply", "double", "divide", "compute", "atLeast", "atMost"];

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

/** Whether a table pattern is a range (`2..5`, `..2`, `12..`) rather than `_` or one value. */
export function isRangePattern(p: Pattern): boolean {
  return p.high !== undefined || p.open === true;
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
