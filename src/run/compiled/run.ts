// The compiled backend's entry: `CompiledRun` is the interpreter (its bookkeeping: steps, depth, the
// trace, the dice, events) with `eval`, `execBlock` and `call` answered by closures that are built once
// per program (syntax/load.ts) instead of a walk over the tree on every step. The runtime's other parts
// (events.ts, modifiers.ts, tables.ts, rolls-choices-aggregates.ts) call back through `eval`/`execBlock` and so run the
// compiled closures too. A node the compiler leaves alone runs through the tree-walker's own case for
// it (`treeEval`/`treeExec`), whose children are compiled again: one semantics, two speeds.
import type * as A from "../../core/ast.ts";
import { Interpreter, type RunOptions } from "../interpreter.ts";
import type { RuntimeProgram } from "../index-program.ts";
import type { Env, Returned } from "../machine.ts";
import type { Value } from "../../core/values.ts";
import type { Events } from "../events.ts";
import { CompiledEvents } from "./events.ts";
import { compiledProgram } from "./program.ts";
import type { Compiler } from "./compiler.ts";

export class CompiledRun extends Interpreter {
  private readonly code: Compiler;

  constructor(program: RuntimeProgram, globals: (Value | undefined)[], options: RunOptions) {
    super(program, globals, options);
    this.code = compiledProgram(program, options.generate !== false);
  }

  /** Called by the base constructor, before this class's own fields are set: the compiled program is found from `program`. */
  protected override newEvents(options: RunOptions): Events {
    return new CompiledEvents(this, options.noStatuses === true, compiledProgram(this.program, options.generate !== false));
  }

  override call(fn: A.FnDecl, args: Value[], span: A.Span): Value | undefined {
    return this.code.fn(fn)(args, span, this);
  }

  override eval(e: A.Expr, env: Env): Value | undefined {
    return this.code.entry(e)(env, this);
  }

  override execBlock(b: A.Block, env: Env): Returned | undefined {
    return this.code.block(b)(env, this);
  }

  /** The tree-walker's case for one expression: its children still run compiled. */
  treeEval(e: A.Expr, env: Env): Value | undefined {
    return super.eval(e, env);
  }

  /** The tree-walker's case for one statement (it counts its own step): its children still run compiled. */
  treeExec(s: A.Stmt, env: Env): Returned | undefined {
    return this.exec(s, env);
  }
}
