// An observer of a tree-walking run's loop heads and calls, for `rulesmith odds`
// (src/tools/odds/), which merges runs that reach the same state at a loop head. Installed only there: a
// run without one pays one null check per loop iteration and per call.
import type * as A from "../core/ast.ts";
import type { Env } from "./machine.ts";
import type { Value } from "../core/values.ts";
import type { Interpreter } from "./interpreter.ts";

export interface LoopHook {
  /**
   * Before a function's body runs: may answer the call itself (odds draws the result of a call that
   * changes nothing but the dice as one compound die). Undefined: the body runs as usual.
   */
  call?(fn: A.FnDecl, args: readonly Value[], span: A.Span, vm: Interpreter): { value: Value | undefined } | undefined;
  /** A block-bodied function is called at `site` (the call's span) with its new frame. */
  enter(fn: A.FnDecl, site: A.Span, env: Env): void;
  /** That call ended, normally or by an exception. */
  leave(): void;
  /** Before each test of a `while` condition, the first included; may throw to stop the run. */
  head(loop: A.Stmt & { kind: "while" }, env: Env, vm: Interpreter): void;
}
