// Operands shared by the closures and the generated code: the tree-walker's fallback for one node, a
// member read, an enum's members, and a list or entity that must have a value yet. Apart from
// expressions.ts so that calls.ts, statements.ts and the generator use them without importing the
// expression compiler that imports them.
import type * as A from "../../core/ast.ts";
import { showExpr } from "../../core/show-expr.ts";
import { Entity, RuleError, Tally, type Value } from "../../core/values.ts";
import type { CExpr, Compiler } from "./compiler.ts";
import type { CompiledRun } from "./run.ts";
import type { Env, Machine } from "../machine.ts";
import { recordLists } from "../construct.ts";
import { recordDomain } from "../record-tallies.ts";

/** The tree-walker's case for this one node. */
export function tree(e: A.Expr): CExpr {
  return (env, vm) => vm.treeEval(e, env);
}

/** A field's read from its object's value, every case and error of the tree-walker's (generated code calls it off its fast path). */
export function memberRead(e: A.Expr & { kind: "member" }): (obj: Value | undefined, vm: Machine) => Value | undefined {
  const name = e.member.text;
  return (obj, vm) => {
    if (obj instanceof Entity) {
      const v = obj.fields[name];
      if (v === undefined) throw new RuleError("R0501", `\`${showExpr(e)}\` has no value yet`, e.span);
      return obj.record ? recordLists(vm, v, e.span) : v;
    }
    if (obj instanceof Tally) return obj.get(name);
    if (obj === null) throw new RuleError("R0501", `\`${showExpr(e.object)}\` is none`, e.object.span);
    throw new RuleError("R0501", `\`${showExpr(e.object)}\` has no value yet`, e.object.span);
  };
}

/** An enum's name where a list is walked (`for m in Icon`): its members, known before the run; a record's, its values. */
export function enumMembers(c: Compiler, e: A.Expr): Value[] | undefined {
  if (e.kind !== "name" || e.ref?.to !== "decl") return undefined;
  const d = c.program.decls[e.ref.id];
  if (d?.kind === "kind") return recordDomain(d, (r) => (r.to === "decl" ? c.program.decls[r.id] : undefined));
  return d?.kind === "enum" ? d.members.map((m) => m.text) : undefined;
}

/** The tree-walker's `list`: the list, or R0501 when there is none yet. */
export function listOf(c: Compiler, e: A.Expr): (env: Env, vm: CompiledRun) => Value[] {
  const value = c.expr(e);
  return (env, vm) => {
    const v = value(env, vm);
    if (Array.isArray(v)) return v;
    throw new RuleError("R0501", `\`${showExpr(e)}\` has no value yet`, e.span);
  };
}

/** The tree-walker's `entity`: the value, or R0501 when there is none yet. */
export function entityOf(c: Compiler, e: A.Expr): (env: Env, vm: CompiledRun) => Entity {
  const value = c.expr(e);
  return (env, vm) => {
    const v = value(env, vm);
    if (v instanceof Entity) return v;
    throw new RuleError("R0501", `\`${showExpr(e)}\` has no value yet`, e.span);
  };
}
