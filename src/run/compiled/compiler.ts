// What the compiled backend's files share: the closure types, and `Compiler`, the per-program cache
// that turns a resolved AST node into its closure once. Types only, so the files form no cycle.
import type * as A from "../../core/ast.ts";
import type { Env, Returned } from "../machine.ts";
import type { RuntimeProgram } from "../index-program.ts";
import type { Value } from "../../core/values.ts";
import type { CompiledRun } from "./run.ts";
import type { FnCell } from "./generate-fn.ts";
import type { TableCell } from "./generate-table.ts";
import type { Emitter, EventCell } from "./events.ts";

/** An expression as a closure: built once per program, called with the rule's frame and the run. */
export type CExpr = (env: Env, vm: CompiledRun) => Value | undefined;
/** A statement or block: `Returned` when a `return` ran, as in the tree-walker. */
export type CStmt = (env: Env, vm: CompiledRun) => Returned | undefined;
/** A function declaration as a callable: its arguments already evaluated, in parameter order. */
export type CFn = (args: (Value | undefined)[], span: A.Span, vm: CompiledRun) => Value | undefined;

/** A function declaration called with its frame made, the first `argc` slots its arguments. */
export type CFramedFn = (env: Env, argc: number, span: A.Span, vm: CompiledRun) => Value | undefined;

export interface Compiler {
  readonly program: RuntimeProgram;
  /** Whether rule bodies become generated JavaScript where they can; false runs every node as its closure. */
  readonly generates: boolean;
  /** The closure of an expression, compiled on first use and kept. */
  expr(e: A.Expr): CExpr;
  /** The same as one generated function, for an expression evaluated on its own (not inside a generated one). */
  entry(e: A.Expr): CExpr;
  /** The closure of a block, compiled on first use and kept. */
  block(b: A.Block): CStmt;
  /** A function declaration's callable; its body is compiled on the first call, so recursion is no problem. */
  fn(d: A.FnDecl): CFn;
  /** The same, called with its frame already made. */
  framedFn(d: A.FnDecl): CFramedFn;
  /** Where generated code finds a function declaration's callable (generate-fn.ts). */
  cell(d: A.FnDecl): FnCell;
  /** A value's callable: its base, then its modifiers. */
  value(d: A.ValueDecl): CFn;
  /** A table's callable. */
  table(d: A.TableDecl): CFn;
  /** Where generated code finds a table's callable (generate-table.ts). */
  tableCell(d: A.TableDecl): TableCell;
  /** Where an event's handlers, compiled, are kept (events.ts). */
  event(ev: A.EventDecl): EventCell;
  /** What generated code calls to emit the event. */
  emitter(ev: A.EventDecl): Emitter;
}
