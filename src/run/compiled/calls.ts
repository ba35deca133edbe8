// Calls as closures: arguments placed in parameter order once (a named argument's place is the
// checker's), functions with their label made once and their body compiled on the first call, values
// and tables through the interpreter's own `callValue`/`callTable` (modifiers.ts, tables.ts), built-ins
// through their table's one dispatch (core/builtins.ts: a built-in added there works here unchanged), and
// emissions through events.ts. Aggregates, per-member tallies, enum tallies and kinds run through the
// tree-walker's case (`tree`), which evaluates their parts compiled.
import type * as A from "../../core/ast.ts";
import { frame } from "../machine.ts";
import { isStdPath } from "../../core/std-paths.ts";
import { aggregateOver } from "../rolls-choices-aggregates.ts";
import { callBuiltin } from "../../core/builtins.ts";
import { RuleError, type Value } from "../../core/values.ts";
import type { CExpr, CFn, CFramedFn, Compiler, CStmt } from "./compiler.ts";
import type { CompiledRun } from "./run.ts";
import { callLine } from "../trace.ts";
import type { Env } from "../machine.ts";
import { enumMembers, listOf, tree } from "./operands.ts";

type Args = (env: Env, vm: CompiledRun) => Value[];

export function compileCall(c: Compiler, e: A.Expr & { kind: "call" }): CExpr {
  const span = e.span;
  const first = e.args[0];
  if (first?.kind === "comprehension") {
    // `Icon(m in Icon => ...)`, a per-member tally, runs through the tree-walker's case.
    if (e.ref || e.builtin === undefined) return tree(e);
    return compileAggregate(c, e.builtin, first.comp, span);
  }
  if (e.builtin !== undefined) {
    const name = e.builtin;
    const args = compileArgs(c, e.args);
    // `max(a.size, b.size)`: resolved to the enum whose members it orders.
    const en = e.ref?.to === "decl" ? c.program.decls[e.ref.id] : undefined;
    const members = en?.kind === "enum" ? en.members : undefined;
    return (env, vm) => callBuiltin(vm, name, args(env, vm), span, members);
  }
  if (e.ref) {
    const d = e.ref.to === "decl" ? c.program.decls[e.ref.id] : undefined;
    switch (d?.kind) {
      case "fn":
        return compileFnCall(c, d, e.args, span);
      case "value": {
        const f = c.value(d);
        const args = compileArgs(c, e.args);
        return (env, vm) => f(args(env, vm), span, vm);
      }
      case "table": {
        const f = c.table(d);
        const args = compileArgs(c, e.args);
        return (env, vm) => f(args(env, vm), span, vm);
      }
      default:
        return tree(e);
    }
  }
  return tree(e);
}

/** `emit E(args)`, as a statement or a value; undefined when the reference is not an event's (the tree-walker reports it). */
export function compileEmit(c: Compiler, e: { ref?: A.Ref; args: A.Arg[]; span: A.Span }): CExpr | undefined {
  const ev = e.ref?.to === "decl" ? c.program.decls[e.ref.id] : undefined;
  if (ev?.kind !== "event") return undefined;
  const args = compileArgs(c, e.args);
  const span = e.span;
  return (env, vm) => vm.events.emit(ev, args(env, vm), span);
}

/** Arguments in parameter order, as the tree-walker's `args` places them. */
function compileArgs(c: Compiler, args: A.Arg[]): Args {
  const n = args.length;
  const places: number[] = [];
  const values: CExpr[] = [];
  args.forEach((a, i) => {
    if (a.kind === "positional") {
      places.push(i);
      values.push(c.expr(a.value));
    } else if (a.kind === "named") {
      places.push(a.index!);
      values.push(c.expr(a.value));
    }
  });
  const k = values.length;
  const inOrder = places.every((p, i) => p === i) && k === n;
  if (inOrder && n === 0) return () => [];
  const slots = args.flatMap((a) => (a.kind === "comprehension" ? [] : [a.value.kind === "name" && a.value.ref?.to === "local" ? a.value.ref.slot : -1]));
  return (env, vm) => {
    const out: Value[] = new Array<Value>(n);
    for (let j = 0; j < k; j++) {
      const slot = slots[j]!;
      out[places[j]!] = (slot >= 0 ? env[slot] : values[j]!(env, vm)) as Value;
    }
    return out;
  };
}

/**
 * A function declaration as the tree-walker's `callFn` runs it: a step, a frame, a trace level (block
 * bodies). Called with its frame already made, the first `argc` slots holding the arguments: a call in
 * compiled code evaluates its arguments straight into the callee's frame.
 */
export function compileFramedFn(c: Compiler, fn: A.FnDecl): CFramedFn {
  const label = `fn ${fn.name.text}`;
  const body = fn.body;
  if (body.kind !== "block") {
    let run: CExpr | undefined;
    return (env, _argc, span, vm) => {
      vm.tick(span);
      vm.nest(label, span);
      try {
        return (run ??= c.expr(body))(env, vm);
      } finally {
        vm.nested--;
      }
    };
  }
  const name = fn.name.text;
  const returns = fn.returns !== undefined;
  // A standard module's function is traced like a built-in: not at all (as the tree-walker's `callFn`).
  const traced = !isStdPath(fn.span.file);
  let run: CStmt | undefined;
  return (env, argc, span, vm) => {
    vm.tick(span);
    if (traced && vm.tracing) vm.note("call", () => callLine(name, env.slice(0, argc)), span);
    const outer = vm.enter(label, span);
    try {
      const r = (run ??= c.block(body))(env, vm);
      if (returns && !r) throw new RuleError("R0501", `\`${name}\` ended without returning a value`, body.span);
      return r?.value;
    } finally {
      vm.leave(outer);
    }
  };
}

/** The same with its arguments as a list: the entry point of a scenario. */
export function compileFn(c: Compiler, fn: A.FnDecl): CFn {
  const framed = c.framedFn(fn);
  return (args, span, vm) => framed(frame(fn.frameSize, args), args.length, span, vm);
}

/** A call of a function in compiled code: the arguments evaluated in order into the callee's new frame. */
function compileFnCall(c: Compiler, fn: A.FnDecl, args: A.Arg[], span: A.Span): CExpr {
  const f = c.framedFn(fn);
  const n = args.length;
  const size = Math.max(fn.frameSize ?? 0, n);
  const places: number[] = [];
  const values: CExpr[] = [];
  args.forEach((a, i) => {
    if (a.kind === "positional") {
      places.push(i);
      values.push(c.expr(a.value));
    } else if (a.kind === "named") {
      places.push(a.index!);
      values.push(c.expr(a.value));
    }
  });
  const k = values.length;
  // A variable passed on, the commonest argument, is copied from its slot without a closure call.
  const slots = args.flatMap((a) => (a.kind === "comprehension" ? [] : [a.value.kind === "name" && a.value.ref?.to === "local" ? a.value.ref.slot : -1]));
  return (env, vm) => {
    const callee = new Array<Value | undefined>(size);
    for (let j = 0; j < k; j++) {
      const slot = slots[j]!;
      callee[places[j]!] = slot >= 0 ? env[slot] : values[j]!(env, vm);
    }
    return f(callee, n, span, vm);
  };
}

/** `count(u in units where ...)`, `max(...)`, ...: the source and parts compiled, the walk `aggregateOver` (rolls-choices-aggregates.ts), the result the aggregate's entry in core/builtins.ts. */
function compileAggregate(c: Compiler, name: string, comp: A.Comprehension, span: A.Span): CExpr {
  const members = enumMembers(c, comp.source);
  const source = members ? undefined : listOf(c, comp.source);
  const where = comp.where ? c.expr(comp.where) : undefined;
  const yieldOf = comp.yield ? c.expr(comp.yield) : undefined;
  const otherwise = comp.otherwise ? c.expr(comp.otherwise) : undefined;
  return (env, vm) => aggregateOver(vm, name, comp, env, span, members ?? source!(env, vm), where, yieldOf, otherwise);
}
