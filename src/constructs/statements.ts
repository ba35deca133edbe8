// The table of statement constructs, one entry per statement kind, that the checker, the tree-walker,
// the closure compiler and the generator dispatch on. Its type names every kind of `A.Stmt`, so `tsc`
// refuses a new statement without its module here.
import type * as A from "../core/ast.ts";
import type { StatementConstruct, StmtKind } from "./contexts.ts";
import { addStatement } from "./add.ts";
import { applyStatement } from "./apply.ts";
import { assignStatement } from "./assign.ts";
import { clearStatement } from "./clear.ts";
import { emitStatement } from "./emit.ts";
import { expectStatement } from "./expect.ts";
import { exprStatement } from "./expr.ts";
import { forStatement } from "./for.ts";
import { forceStatement } from "./force.ts";
import { ifStatement } from "./if.ts";
import { letStatement } from "./let.ts";
import { moveStatement } from "./move.ts";
import { proceedStatement } from "./proceed.ts";
import { removeStatement } from "./remove.ts";
import { returnStatement } from "./return.ts";
import { sayStatement } from "./say.ts";
import { whileStatement } from "./while.ts";

const STATEMENTS: { readonly [K in StmtKind]: StatementConstruct<K> } = {
  let: letStatement,
  if: ifStatement,
  while: whileStatement,
  for: forStatement,
  return: returnStatement,
  emit: emitStatement,
  proceed: proceedStatement,
  apply: applyStatement,
  clear: clearStatement,
  add: addStatement,
  remove: removeStatement,
  move: moveStatement,
  expect: expectStatement,
  force: forceStatement,
  say: sayStatement,
  assign: assignStatement,
  expr: exprStatement,
};

/**
 * The construct of a statement, typed for that statement (TypeScript cannot follow a kind through a
 * table lookup on its own). A node of a kind no checked program holds (a hand-made saved program)
 * has none: its engines report it as unresolved.
 */
export function statementConstruct<S extends A.Stmt>(s: S): StatementConstruct<S["kind"]> | undefined {
  return (STATEMENTS as Record<string, StatementConstruct<S["kind"]> | undefined>)[s.kind];
}
