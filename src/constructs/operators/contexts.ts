// What an operator's construct module sees of the engines, as contexts.ts is for statements: one
// interface per engine, types only, so an operator module imports values from core alone.
import type * as A from "../../core/ast.ts";
import type { Type } from "../../core/types.ts";
import type { Entity, Value } from "../../core/values.ts";
import type { Context, Scope } from "../../check/resolution.ts";
import type { Env } from "../../run/machine.ts";
import type { CExpr } from "../../run/compiled/compiler.ts";
import type { CompiledRun } from "../../run/compiled/run.ts";
import type { Source } from "../../run/compiled/source.ts";
import type { RuntimeProgram } from "../../run/index-program.ts";
import type { StatementCheck, StatementRun } from "../contexts.ts";

/** A binary operator's node: `op` is one of the family's. */
export type Binary = A.Expr & { kind: "binary" };
/** The operators: each binary `op`, and the unary nodes by their kind. */
export type OperatorKey = A.BinaryOp | "not" | "neg" | "has";
export type OperatorNode<K extends OperatorKey> = K extends A.BinaryOp ? Binary : Extract<A.Expr, { kind: K }>;
/** Every expression an operator's module answers for. */
export type OperatorExpr = OperatorNode<OperatorKey>;

/** The checker, as an operator's check rule uses it (src/check/expressions.ts makes it). */
export interface OperatorCheck extends StatementCheck {
  /** E0221 unless `round down`, `up` or `nearest`. */
  roundingMode(mode: A.Name): void;
}

/** The closure compiler, as an operator's `compile` uses it (src/run/compiled/expressions.ts). */
export interface OperatorCompile {
  readonly program: RuntimeProgram;
  expr(e: A.Expr): CExpr;
  /** The value as an entity, or R0501 naming the expression. */
  entity(e: A.Expr): (env: Env, vm: CompiledRun) => Entity;
  /** The tree-walker's own case for the node. */
  tree(e: A.Expr): CExpr;
}

/** The generator, as an operator's `generate` uses it (src/run/compiled/generate-expressions.ts). */
export interface OperatorGenerate {
  readonly program: RuntimeProgram;
  readonly g: Source;
  expr(e: A.Expr): string;
}

/**
 * One operator's semantics, in one module of its family: its check (operand types in, type out, its
 * errors), its evaluation by the tree-walker, its closure and, optionally, its generated code (without
 * it, or when it gives undefined, generated code calls the closure).
 */
export interface OperatorConstruct<K extends OperatorKey> {
  readonly op: K;
  check(e: OperatorNode<K>, scope: Scope, ctx: Context, k: OperatorCheck): Type;
  run(e: OperatorNode<K>, env: Env, vm: StatementRun): Value | undefined;
  compile(e: OperatorNode<K>, c: OperatorCompile): CExpr;
  generate?(e: OperatorNode<K>, g: OperatorGenerate): string | undefined;
}
