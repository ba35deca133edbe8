// One compiled program per RuntimeProgram: the caches that make every node's closure once, however
// many runs (a simulation's thousands of battles) use it. Closures close over declarations and slots,
// never over a run: the run is their second argument.
import type * as A from "../../core/ast.ts";
import { keptIn } from "../../core/kept-values.ts";
import type { RuntimeProgram } from "../index-program.ts";
import type { CExpr, CFn, CFramedFn, Compiler, CStmt } from "./compiler.ts";
import { compileExpr } from "./expressions.ts";
import { compileFn } from "./calls.ts";
import { fnCell, type FnCell } from "./generate-fn.ts";
import { tableCallable, tableCell, type TableCell } from "./generate-table.ts";
import { valueCallable } from "./generate-value.ts";
import { emitter, type Emitter, type EventCell } from "./events.ts";
import { compileBlock } from "./statements.ts";
import { generateBlock, generateExpr } from "./generate.ts";

class CompiledProgram implements Compiler {
  private readonly exprs = new Map<A.Expr, CExpr>();
  private readonly entries = new Map<A.Expr, CExpr>();
  private readonly blocks = new Map<A.Block, CStmt>();
  private readonly framed = new Map<A.FnDecl, CFramedFn>();
  private readonly cells = new Map<A.FnDecl, FnCell>();
  private readonly tableCells = new Map<A.TableDecl, TableCell>();
  private readonly fns = new Map<A.FnDecl | A.ValueDecl | A.TableDecl, CFn>();
  private readonly events = new Map<A.EventDecl, { cell: EventCell; emit: Emitter }>();

  constructor(
    readonly program: RuntimeProgram,
    readonly generates: boolean,
  ) {}

  expr(e: A.Expr): CExpr {
    return keptIn(this.exprs, e, () => compileExpr(this, e));
  }

  entry(e: A.Expr): CExpr {
    return keptIn(this.entries, e, () => generateExpr(this, e) ?? this.expr(e));
  }

  block(b: A.Block): CStmt {
    return keptIn(this.blocks, b, () => generateBlock(this, b) ?? compileBlock(this, b));
  }

  fn(d: A.FnDecl): CFn {
    return this.callable(d, compileFn);
  }

  framedFn(d: A.FnDecl): CFramedFn {
    return keptIn(this.framed, d, () => {
      const cell = this.cell(d);
      return (env, argc, span, vm) => cell.f(env, argc, span, vm);
    });
  }

  cell(d: A.FnDecl): FnCell {
    return keptIn(this.cells, d, () => fnCell(this, d));
  }

  value(d: A.ValueDecl): CFn {
    return this.callable(d, valueCallable);
  }

  table(d: A.TableDecl): CFn {
    return this.callable(d, tableCallable);
  }

  tableCell(d: A.TableDecl): TableCell {
    return keptIn(this.tableCells, d, () => tableCell(this, d));
  }

  event(ev: A.EventDecl): EventCell {
    return this.eventEntry(ev).cell;
  }

  emitter(ev: A.EventDecl): Emitter {
    return this.eventEntry(ev).emit;
  }

  private eventEntry(ev: A.EventDecl): { cell: EventCell; emit: Emitter } {
    return keptIn(this.events, ev, () => {
      const cell: EventCell = { ev };
      return { cell, emit: emitter(cell) };
    });
  }

  private callable<D extends A.FnDecl | A.ValueDecl | A.TableDecl>(d: D, make: (c: Compiler, d: D) => CFn): CFn {
    return keptIn(this.fns, d, () => make(this, d));
  }
}

const compiled = new WeakMap<RuntimeProgram, CompiledProgram>();
const closuresOnly = new WeakMap<RuntimeProgram, CompiledProgram>();

/**
 * The program's closures, made on first use and kept as long as the program is: with generated code
 * where it applies, or, when `generate` is false, closures alone (kept apart, so the two never mix).
 */
export function compiledProgram(program: RuntimeProgram, generate = true): Compiler {
  return generate ? keptIn(compiled, program, compiledAnew) : keptIn(closuresOnly, program, closuresAnew);
}

const compiledAnew = (program: RuntimeProgram): CompiledProgram => new CompiledProgram(program, true);
const closuresAnew = (program: RuntimeProgram): CompiledProgram => new CompiledProgram(program, false);
