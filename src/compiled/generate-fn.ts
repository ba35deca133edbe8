// A function declaration and its call bookkeeping as one generated function: the step, the trace
// line, the trace level (or, for an expression body, the nesting count) and the body, with `return`
// leaving with its bare value, as compileFramedFn in calls.ts does it with closures.
//
// Calls reach a function through its cell (`cell.f`), made before anything is generated: the first
// call generates the function and puts it in the cell, so a function that calls itself, or two that
// call each other, are generated when first run, and each call site in generated code always calls
// the same function (V8 can inline it).
import { isStdPath } from "../std/paths.ts";
import type * as A from "../ast.ts";
import { RuleError, showValue } from "../runtime/values.ts";
import { compileFramedFn } from "./calls.ts";
import type { CFramedFn, Compiler } from "./compiler.ts";
import { genBlock } from "./generate.ts";
import { genExpr } from "./generate-expressions.ts";
import { Source, tryGenerate } from "./source.ts";
import type { Env } from "../runtime/machine.ts";
import type { CompiledRun } from "./run.ts";

/** Where a function's callable lives: generated on its first call. */
export interface FnCell {
  f: CFramedFn;
}

export function fnCell(c: Compiler, fn: A.FnDecl): FnCell {
  const cell: FnCell = {
    f: (env, argc, span, vm) => {
      cell.f = generateFn(c, fn) ?? compileFramedFn(c, fn);
      return cell.f(env, argc, span, vm);
    },
  };
  return cell;
}

function generateFn(c: Compiler, fn: A.FnDecl): CFramedFn | undefined {
  return tryGenerate((g) => {
    g.bare = true;
    return g.finish<CFramedFn>(fn.body.kind === "block" ? blockBody(c, g, fn, fn.body) : expressionBody(c, g, fn, fn.body), "env, argc, span, vm");
  });
}

/** `fn f(...) -> T { ... }`: a step, the trace line, a trace level of its own; falling off the end of a function that returns a value is R0501. */
function blockBody(c: Compiler, g: Source, fn: A.FnDecl, body: A.Block): string {
  const name = fn.name.text;
  const note = (env: Env, argc: number, span: A.Span, vm: CompiledRun) => vm.note("call", () => `${name}(${env.slice(0, argc).map(showValue).join(", ")})`, span);
  const ended = () => {
    throw new RuleError("R0501", `\`${name}\` ended without returning a value`, body.span);
  };
  // A standard module's function is traced like a built-in: not at all (as the tree-walker's `callFn`).
  const traced = !isStdPath(fn.span.file);
  return [
    "vm.tick(span);",
    traced ? `if (vm.tracing) ${g.k(note)}(env, argc, span, vm);` : "",
    `vm.enter(${g.k(`fn ${name}`)}, span);`,
    "try {",
    genBlock(c, g, body),
    fn.returns !== undefined ? `${g.k(ended)}();` : "return undefined;",
    "} finally {",
    "vm.leave();",
    "}",
  ].join("\n");
}

/** `fn f(...) -> T = expr`: a step and one more level of nesting, no trace line. */
function expressionBody(c: Compiler, g: Source, fn: A.FnDecl, body: A.Expr): string {
  return [
    "vm.tick(span);",
    `vm.nest(${g.k(`fn ${fn.name.text}`)}, span);`,
    "try {",
    `return ${genExpr(c, g, body)};`,
    "} finally {",
    "vm.nested--;",
    "}",
  ].join("\n");
}
