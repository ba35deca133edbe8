// Statements and blocks as closures: each statement's closure is its construct's `compile`
// (src/constructs/), which counts its step first, as the tree-walker's `exec` does, so the step budget
// runs out at the same statement. This file gives the constructs what they compile with.
import type * as A from "../../core/ast.ts";
import { keptIn } from "../../core/kept-values.ts";
import { statementConstruct } from "../../constructs/statements.ts";
import type { StatementCompile } from "../../constructs/contexts.ts";
import { RUN_KIT } from "../run-kit.ts";
import { compileEmit } from "./calls.ts";
import type { Compiler, CStmt } from "./compiler.ts";
import { entityOf, enumMembers, listOf } from "./operands.ts";

export function compileBlock(c: Compiler, b: A.Block): CStmt {
  const stmts = b.statements.map((s) => compileStmt(c, s));
  const n = stmts.length;
  if (n === 0) return () => undefined;
  if (n === 1) return stmts[0]!;
  return (env, vm) => {
    for (let i = 0; i < n; i++) {
      const r = stmts[i]!(env, vm);
      if (r) return r;
    }
    return undefined;
  };
}

/** The tree-walker's case for this one statement: it counts its own step. */
function tree(s: A.Stmt): CStmt {
  return (env, vm) => vm.treeExec(s, env);
}

export function compileStmt(c: Compiler, s: A.Stmt): CStmt {
  // A node no checked program holds fails where the tree-walker fails, when it runs.
  return statementConstruct(s)?.compile(s, compiling(c)) ?? tree(s);
}

const contexts = new WeakMap<Compiler, StatementCompile>();

/** What a construct compiles with: one per compiled program. */
function compiling(c: Compiler): StatementCompile {
  return keptIn(contexts, c, () => ({
    program: c.program,
    kit: RUN_KIT,
    expr: (e) => c.expr(e),
    block: (b) => c.block(b),
    list: (e) => listOf(c, e),
    entity: (e) => entityOf(c, e),
    enumMembers: (e) => enumMembers(c, e),
    emit: (s) => compileEmit(c, s),
    tree,
  }));
}
