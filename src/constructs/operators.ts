// The table of operators, one entry per binary operator and per unary operator node (`not`, `neg`,
// `has`), that the checker, the tree-walker, the closure compiler and the generator dispatch on. Its
// type names every operator, so `tsc` refuses a new one without its entry here. The entries live in
// one module per family under operators/.
import type { OperatorConstruct, OperatorExpr, OperatorKey } from "./operators/contexts.ts";
import { divided, minus, negative, plus, remainder, times } from "./operators/arithmetic.ts";
import { equal, greater, greaterOrEqual, less, lessOrEqual, notEqual } from "./operators/comparison.ts";
import { and, not, or } from "./operators/logical.ts";
import { has } from "./operators/membership.ts";

const OPERATORS: { readonly [K in OperatorKey]: OperatorConstruct<K> } = {
  "+": plus,
  "-": minus,
  "*": times,
  "/": divided,
  "%": remainder,
  neg: negative,
  "==": equal,
  "!=": notEqual,
  "<": less,
  "<=": lessOrEqual,
  ">": greater,
  ">=": greaterOrEqual,
  and,
  or,
  not,
  has,
};

/**
 * The construct of an operator node, typed for any of them (TypeScript cannot follow an operator
 * through a table lookup on its own). A node with an operator no checked program holds (a hand-made
 * saved program) has none: its engines report it as unresolved.
 */
export function operatorConstruct(e: OperatorExpr): OperatorConstruct<OperatorKey> | undefined {
  return (OPERATORS as Record<string, OperatorConstruct<OperatorKey> | undefined>)[e.kind === "binary" ? e.op : e.kind];
}
