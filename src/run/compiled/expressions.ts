// Expressions as closures. Each case mirrors the tree-walker's (src/run/interpreter.ts, `eval`)
// step for step, with the same checks, messages and spans; what the case decides from the tree alone
// (a literal, a slot, a member's name) is decided here once; an operator's closure is its construct's
// (src/constructs/operators/). A rare node, or one whose shape the checker did not resolve, runs
// through the tree-walker's own case (`treeEval`).
import type * as A from "../../core/ast.ts";
import { showExpr } from "../../core/show-expr.ts";
import { rollValues } from "../rolls-choices-aggregates.ts";
import { Entity, RuleError, Tally, type Value } from "../../core/values.ts";
import { compileCall, compileEmit } from "./calls.ts";
import type { CExpr, Compiler } from "./compiler.ts";
import { entityOf, memberRead, tree } from "./operands.ts";
import { operatorConstruct } from "../../constructs/operators.ts";
import type { OperatorCompile } from "../../constructs/operators/contexts.ts";
import { keptIn } from "../../core/kept-values.ts";

export function compileExpr(c: Compiler, e: A.Expr): CExpr {
  switch (e.kind) {
    case "int":
    case "text":
    case "bool": {
      const v = e.value;
      return () => v;
    }
    case "none":
      return () => null;
    case "name":
      return compileName(c, e);
    case "member":
      return compileMember(c, e);
    case "call":
      return compileCall(c, e);
    case "list": {
      const items = e.items.map((i) => c.expr(i));
      return (env, vm) => items.map((i) => i(env, vm) as Value);
    }
    case "binary":
    case "not":
    case "neg":
    case "has":
      return operatorConstruct(e)?.compile(e, compiling(c)) ?? tree(e);
    case "cond": {
      const test = c.expr(e.condition);
      const then = c.expr(e.then);
      const otherwise = c.expr(e.else);
      return (env, vm) => (test(env, vm) === true ? then(env, vm) : otherwise(env, vm));
    }
    case "roll": {
      const count = e.count ? c.expr(e.count) : undefined;
      const sides = c.expr(e.sides);
      return (env, vm) => rollValues(vm, e, count ? (count(env, vm) as number) : 1, sides(env, vm));
    }
    case "emit":
      return compileEmit(c, e) ?? tree(e);
    case "index":
      return compileIndex(c, e);
    case "choose":
      return tree(e);
    default:
      return tree(e);
  }
}

function compileName(c: Compiler, e: A.Expr & { kind: "name" }): CExpr {
  const ref = e.ref;
  switch (ref?.to) {
    case "local": {
      const slot = ref.slot;
      return (env) => env[slot];
    }
    case "state": {
      const index = ref.index;
      return (_, vm) => vm.globals[index];
    }
    case "decl": {
      const d = c.program.decls[ref.id];
      if (d === undefined) return tree(e);
      // A status named as a value is its name, as the tree-walker's.
      const die = d.kind === "status" ? d.name.text : c.program.dieValues.get(d as A.DieDecl);
      return () => die;
    }
    default:
      return tree(e);
  }
}

function compileMember(c: Compiler, e: A.Expr & { kind: "member" }): CExpr {
  // `Side.attacker`: an enum member is its name at run time.
  if (e.ref) {
    const member = e.member.text;
    return () => member;
  }
  const name = e.member.text;
  const read = memberRead(e);
  // `u.hp` on a variable: the most common read of all, one closure instead of two.
  const local = localSlot(e.object);
  if (local !== undefined) {
    return (env, vm) => {
      const obj = env[local];
      if (obj instanceof Entity && !obj.record) {
        const v = obj.fields[name];
        if (v !== undefined) return v;
      }
      return read(obj, vm);
    };
  }
  const object = c.expr(e.object);
  return (env, vm) => read(object(env, vm), vm);
}

function compileIndex(c: Compiler, e: A.Expr & { kind: "index" }): CExpr {
  const object = c.expr(e.object);
  const index = c.expr(e.index);
  return (env, vm) => {
    const obj = object(env, vm);
    if (obj instanceof Tally) return obj.get(index(env, vm) as string);
    if (!Array.isArray(obj)) throw new RuleError("R0501", `\`${showExpr(e.object)}\` has no value yet`, e.object.span);
    const i = index(env, vm) as number;
    if (i < 0 || i >= obj.length) throw new RuleError("R0501", `index ${i} is outside \`${showExpr(e.object)}\`, which holds ${obj.length}`, e.index.span);
    return obj[i];
  };
}

/** The slot of a plain variable, for the forms that read one without a closure call. */
function localSlot(e: A.Expr): number | undefined {
  return e.kind === "name" && e.ref?.to === "local" ? e.ref.slot : undefined;
}

const contexts = new WeakMap<Compiler, OperatorCompile>();

/** What an operator compiles with: one per compiled program. */
function compiling(c: Compiler): OperatorCompile {
  return keptIn(contexts, c, () => ({ program: c.program, expr: (e) => c.expr(e), entity: (e) => entityOf(c, e), tree }));
}
