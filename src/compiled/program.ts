// One compiled program per RuntimeProgram: the caches that make every node's closure once, however
// many runs (a simulation's thousands of battles) use it. Closures close over declarations and slots,
// never over a run: the run is their second argument.
import type * as A from "../ast.ts";
import type { RuntimeProgram } from "../runtime/index-program.ts";
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

  constructor(readonly program: RuntimeProgram) {}

  expr(e: A.Expr): CExpr {
    let f = this.exprs.get(e);
    if (f === undefined) {
      f = compileExpr(this, e);
      this.exprs.set(e, f);
    }
    return f;
  }

  entry(e: A.Expr): CExpr {
    let f = this.entries.get(e);
    if (f === undefined) {
      f = generateExpr(this, e) ?? this.expr(e);
      this.entries.set(e, f);
    }
    return f;
  }

  block(b: A.Block): CStmt {
    let f = this.blocks.get(b);
    if (f === undefined) {
      f = generateBlock(this, b) ?? compileBlock(this, b);
      this.blocks.set(b, f);
    }
    return f;
  }

  fn(d: A.FnDecl): CFn {
    return this.callable(d, compileFn);
  }

  framedFn(d: A.FnDecl): CFramedFn {
    let f = this.framed.get(d);
    if (f === undefined) {
      const cell = this.cell(d);
      f = (env, argc, span, vm) => cell.f(env, argc, span, vm);
      this.framed.set(d, f);
    }
    return f;
  }

  cell(d: A.FnDecl): FnCell {
    return kept(this.cells, d, () => fnCell(this, d));
  }

  value(d: A.ValueDecl): CFn {
    return this.callable(d, valueCallable);
  }

  table(d: A.TableDecl): CFn {
    return this.callable(d, tableCallable);
  }

  tableCell(d: A.TableDecl): TableCell {
    return kept(this.tableCells, d, () => tableCell(this, d));
  }

  event(ev: A.EventDecl): EventCell {
    return this.eventEntry(ev).cell;
  }

  emitter(ev: A.EventDecl): Emitter {
    return this.eventEntry(ev).emit;
  }

  private eventEntry(ev: A.EventDecl): { cell: EventCell; emit: Emitter } {
    let e = this.events.get(ev);
    if (e === undefined) {
      const cell: EventCell = { ev };
      e = { cell, emit: emitter(cell) };
      this.events.set(ev, e);
    }
    return e;
  }

  private callable<D extends A.FnDecl | A.ValueDecl | A.TableDecl>(d: D, make: (c: Compiler, d: D) => CFn): CFn {
    let f = this.fns.get(d);
    if (f === undefined) {
      f = make(this, d);
      this.fns.set(d, f);
    }
    return f;
  }
}

/** The value kept for `key`, made by `make` the first time. */
function kept<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    map.set(key, v);
  }
  return v;
}

const compiled = new WeakMap<RuntimeProgram, CompiledProgram>();

/** The program's closures, made on first use and kept as long as the program is. */
export function compiledProgram(program: RuntimeProgram): Compiler {
  let c = compiled.get(program);
  if (c === undefined) {
    c = new CompiledProgram(program);
    compiled.set(program, c);
  }
  return c;
}
