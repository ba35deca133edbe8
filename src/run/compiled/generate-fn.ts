// A function declaration and its call bookkeeping as one generated function: the step, the trace
// line, the trace level (or, for an expression body, the nesting count) and the body, with `return`
// leaving with its bare value, as compileFramedFn in calls.ts does it with closures.
//
// Calls reach a function through its cell, made before anything is generated: the first call
// generates the function and puts it in the cell, so a function that calls itself, or two that call
// each other, are generated when first run, and each call site in generated code always calls the
// same function (V8 can inline it). A cell has two doors to the same function: `f`, given a frame
// (closures, a scenario's entry), and `p`, given the arguments one by one (generated call sites).
//
// A body whose text reads and writes its frame only by slot (`env[3]`, no closure or helper given the
// frame) keeps its variables in JavaScript locals instead, `s0`, `s1`, ..., the parameters first: a
// call then makes no array, and V8 keeps the variables in registers. `f` is then the door that
// unpacks a frame into arguments; otherwise `p` packs the arguments into a frame.
import { isStdPath } from "../../core/std-paths.ts";
import type * as A from "../../core/ast.ts";
import { RuleError, type Value } from "../../core/values.ts";
import { MAX_RULE_DEPTH } from "../../core/limits.ts";
import { compileFramedFn } from "./calls.ts";
import type { CFramedFn, Compiler } from "./compiler.ts";
import { genBlock } from "./generate.ts";
import { genExpr } from "./generate-expressions.ts";
import { lazyCell, locals, slotsToLocals, slotsUsed, Source, generateFor } from "./source.ts";
import type { Env } from "../machine.ts";
import type { CompiledRun } from "./run.ts";
import { callLine } from "../trace.ts";

/** A function called with its arguments one by one, in parameter order, as many as it has parameters. */
export type CArgsFn = (argc: number, span: A.Span, vm: CompiledRun, ...args: (Value | undefined)[]) => Value | undefined;

/** Where a function's callable lives: generated on its first call. */
export interface FnCell {
  f: CFramedFn;
  p: CArgsFn;
}

export function fnCell(c: Compiler, fn: A.FnDecl): FnCell {
  return lazyCell(() => makeFn(c, fn));
}

function makeFn(c: Compiler, fn: A.FnDecl): FnCell {
  const n = fn.params.length;
  const size = Math.max(fn.frameSize ?? 0, n);
  const made = generateFor(c, (g) => generateFn(c, g, fn, n, size));
  if (made && "p" in made) {
    const p = made.p;
    // The door for a frame: its parameters' slots, as arguments.
    const f = generateFor(c, (g) => g.finish<CFramedFn>(`return ${g.k(p)}(argc, span, vm${Array.from({ length: n }, (_, i) => `, env[${g.int(i)}]`).join("")});`, "env, argc, span, vm"));
    if (f) return { f, p };
  }
  const f = made && "f" in made ? made.f : compileFramedFn(c, fn);
  // The door for arguments: a frame of the function's size, the parameters first.
  const slots = [...locals(0, n), ...Array.from({ length: size - n }, () => "undefined")];
  const p = generateFor(c, (g) => g.finish<CArgsFn>(`return ${g.k(f)}([${slots.join(", ")}], argc, span, vm);`, ["argc, span, vm", ...locals(0, n)].join(", ")));
  return { f, p: p ?? ((argc, span, vm, ...args) => f(Object.assign(new Array<Value | undefined>(size), args.slice(0, n)), argc, span, vm)) };
}

/** The function as generated text: with its variables in locals when its body allows, else over a frame. */
function generateFn(c: Compiler, g: Source, fn: A.FnDecl, n: number, size: number): { p: CArgsFn } | { f: CFramedFn } {
  g.bare = true;
  // The rule label the call was made in, put back on every way out (a `return`, the end) with the trace level.
  const outer = g.temp();
  if (fn.body.kind === "block") g.leaving = `vm.depth--;\nvm.rule = ${outer};`;
  const body = fn.body.kind === "block" ? genBlock(c, g, fn.body) : `${outer} = ${genExpr(c, g, fn.body)};\nvm.nested--;\nreturn ${outer};`;
  // Every use of the frame is a slot within it: the frame can be locals.
  const slots = slotsUsed(body);
  if (slots && slots.every((slot) => slot < size)) {
    const text = slotsToLocals(body);
    const own = locals(n, size);
    const whole = [own.length > 0 ? `let ${own.join(", ")};` : "", wrap(g, fn, text, `[${locals(0, n).join(", ")}]`, outer)].join("\n");
    return { p: g.finish<CArgsFn>(whole, ["argc, span, vm", ...locals(0, n)].join(", ")) };
  }
  return { f: g.finish<CFramedFn>(wrap(g, fn, body, "env", outer), "env, argc, span, vm") };
}

/**
 * The call's bookkeeping around the body's text; `args` is the text of an array that starts with the
 * arguments (for the trace line), `outer` the temporary that keeps the caller's rule label. No
 * `finally`: an error ends the run, and its message was made, naming the rule, when it was thrown.
 */
function wrap(g: Source, fn: A.FnDecl, body: string, args: string, outer: string): string {
  return fn.body.kind === "block" ? blockBody(g, fn, fn.body, body, args, outer) : [g.callCheck(g.k(`fn ${fn.name.text}`)), body].join("\n");
}

/** `fn f(...) -> T { ... }`: a step, the trace line, a trace level of its own; falling off the end of a function that returns a value is R0501. */
function blockBody(g: Source, fn: A.FnDecl, block: A.Block, body: string, args: string, outer: string): string {
  const name = fn.name.text;
  const note = (env: Env, argc: number, span: A.Span, vm: CompiledRun) => vm.note("call", () => callLine(name, env.slice(0, argc)), span);
  const ended = () => {
    throw new RuleError("R0501", `\`${name}\` ended without returning a value`, block.span);
  };
  // A standard module's function is traced like a built-in: not at all (as the tree-walker's `callFn`).
  const traced = !isStdPath(fn.span.file);
  const label = g.k(`fn ${name}`);
  return [
    "vm.tick(span);",
    traced ? `if (vm.tracing) ${g.k(note)}(${args}, argc, span, vm);` : "",
    // `vm.enter`, written out: the step is counted already, so `overrun` finds the nesting.
    `if (++vm.depth + vm.nested > ${MAX_RULE_DEPTH}) vm.overrun(${label}, span);`,
    `${outer} = vm.rule;`,
    `vm.rule = ${label};`,
    body,
    fn.returns !== undefined ? `${g.k(ended)}();` : `${g.leaving}\nreturn undefined;`,
  ].join("\n");
}
