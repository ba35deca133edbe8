// The TypeScript types of core/ast.ts held to the node shapes of node-shapes.ts at compile time. Each
// shape, and each kind of each family, is turned into the type its description means and compared with
// the type ast.ts declares; `tsc` fails on any difference (a property in one and not the other, another
// type, optional in one only), naming the definition and kind: `Type '{ definition: "stmt"; kind: "let"; onlyInAst: ...' does
// not satisfy the constraint 'true'`. Nothing here runs; the module exports types only.
import type * as A from "./ast.ts";
import type { DefinitionName, FamilyName, ShapeName, UnionName, nodeShapes } from "./node-shapes.ts";

type Shapes = typeof nodeShapes;

/** The ast.ts type each definition of the node shapes stands for. */
interface AstTypes {
  span: A.Span;
  name: A.Name;
  file: A.SourceFile;
  type: A.TypeRef;
  range: NonNullable<A.TypeRef["range"]>;
  param: A.Param;
  field: A.FieldDecl;
  statusExpiry: NonNullable<A.StatusDecl["expiry"]>;
  row: A.TableRow;
  pattern: A.Pattern;
  appliedExpiry: A.AppliedExpiry;
  match: NonNullable<A.AppliedExpiry["match"]>;
  comprehension: A.Comprehension;
  fieldPlace: NonNullable<(A.Expr & { kind: "member" })["field"]>;
  decl: A.Decl;
  block: A.Block;
  stmt: A.Stmt;
  expr: A.Expr;
  arg: A.Arg;
  ref: A.Ref;
  blockOrExpr: A.Block | A.Expr;
}

/** The TypeScript type a property's description means. */
type TypeOf<P> = P extends "string"
  ? string
  : P extends "boolean"
    ? boolean
    : P extends "true"
      ? true
      : P extends "int" | "natural"
        ? number
        : P extends keyof AstTypes
          ? AstTypes[P]
          : P extends { readonly list: infer E }
            ? TypeOf<E>[]
            : P extends { readonly oneOf: readonly (infer V)[] }
              ? V
              : P extends { readonly resolved: infer R }
                ? TypeOf<R>
                : never;

type Flat<T> = { [K in keyof T]: T[K] };
/** The object type a property list means: `x?` and resolved properties optional, the rest required. */
type PropsType<P> = Flat<
  { -readonly [K in keyof P as K extends `${string}?` ? never : P[K] extends { readonly resolved: unknown } ? never : K]: TypeOf<P[K]> } & {
    -readonly [K in keyof P as K extends `${infer N}?` ? N : P[K] extends { readonly resolved: unknown } ? K : never]?: TypeOf<P[K]>;
  }
>;

/** True when the two types are identical (same properties, same types, same optionality). */
type Same<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;

/** What to show when the description and ast.ts differ; never when they agree. */
type Differ<Definition, Kind, Described, Declared> =
  Same<Described, Declared> extends true
    ? never
    : {
        definition: Definition;
        kind: Kind;
        onlyDescribed: Exclude<keyof Described, keyof Declared>;
        onlyInAst: Exclude<keyof Declared, keyof Described>;
        described: Described;
        declared: Declared;
      };

type ShapeProblems = { [S in ShapeName]: Differ<S, "", PropsType<Shapes["shapes"][S]>, Flat<AstTypes[S]>> }[ShapeName];

type Family<F extends FamilyName> = Shapes["families"][F] & { by: string; kinds: object };
type KindType<F extends FamilyName, K extends keyof Family<F>["kinds"]> = Flat<{ -readonly [D in Family<F>["by"]]: K } & PropsType<Family<F>["kinds"][K]>>;
type DeclaredKind<F extends FamilyName, K> = Flat<Extract<AstTypes[F], { [D in Family<F>["by"]]: K }>>;
type KindProblems<F extends FamilyName> = { [K in keyof Family<F>["kinds"]]: Differ<F, K, KindType<F, K>, DeclaredKind<F, K>> }[keyof Family<F>["kinds"]];
/** The kinds ast.ts has and the description lacks (those it describes and ast.ts lacks differ above). */
type MissingKinds<F extends FamilyName> =
  Exclude<AstTypes[F][Family<F>["by"] & keyof AstTypes[F]], keyof Family<F>["kinds"]> extends infer M
    ? [M] extends [never]
      ? never
      : { definition: F; kindsOnlyInAst: M }
    : never;
type FamilyProblems = { [F in FamilyName]: KindProblems<F> | MissingKinds<F> }[FamilyName];

type UnionType<U extends UnionName> = AstTypes[Shapes["unions"][U][number]];
type UnionProblems = { [U in UnionName]: Differ<U, "", UnionType<U>, AstTypes[U]> }[UnionName];

/** Every description has its ast.ts type, and no more. */
type NameProblems =
  | (Exclude<keyof AstTypes, DefinitionName> extends infer M ? ([M] extends [never] ? never : { onlyInAstTypes: M }) : never)
  | (Exclude<DefinitionName, keyof AstTypes> extends infer M ? ([M] extends [never] ? never : { notInAstTypes: M }) : never);

type Problems = ShapeProblems | FamilyProblems | UnionProblems | NameProblems;

type Holds<T extends true> = T;
/** `tsc` reports any difference here: the type it shows is the problem. */
export type NodeShapesMatchAst = Holds<[Problems] extends [never] ? true : Problems>;
