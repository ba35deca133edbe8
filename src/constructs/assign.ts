// `target = v`, `target += v`, `target -= v` on a variable, a state field, an entity's field or a list
// item: the value first, then (for `+=`) the target's value, then the write, with a field's declared
// range checked. The closure and the generated code write a variable, a state field and an entity's
// field themselves; any other target through the tree-walker's `assign` (writes.ts).
import type * as A from "../core/ast.ts";
import { exact } from "../core/limits.ts";
import { showExpr } from "../core/show-expr.ts";
import { INT } from "../core/types.ts";
import type { Value } from "../core/values.ts";
import type { Env } from "../run/machine.ts";
import type { CompiledRun } from "../run/compiled/run.ts";
import type { StatementCompile, StatementConstruct, StatementGenerate } from "./contexts.ts";

type Assign = A.Stmt & { kind: "assign" };

export const assignStatement: StatementConstruct<"assign"> = {
  kind: "assign",
  check(s, scope, ctx, k) {
    const target = k.expr(s.target, scope, ctx);
    k.assignableTarget(s.target, scope, s);
    const value = k.expr(s.value, scope, ctx);
    if (s.op === "=") k.expectType(value, target, s.value.span, "the assigned value");
    else {
      k.expectType(target, INT, s.target.span, `the target of \`${s.op}\``);
      k.expectType(value, INT, s.value.span, `the amount of \`${s.op}\``);
    }
  },
  run(s, env, vm) {
    let v = vm.eval(s.value, env);
    if (s.op !== "=") {
      const current = vm.eval(s.target, env) as number;
      v = s.op === "+=" ? current + (v as number) : current - (v as number);
      if (!Number.isSafeInteger(v)) exact(v, () => overflowing(s), s.span);
    }
    vm.assign(s.target, v, env, s.span);
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const value = c.expr(s.value);
    const write = compileWrite(c, s.target, span);
    if (s.op === "=") {
      return (env, vm) => {
        vm.tick(span);
        write(env, vm, value(env, vm));
        return undefined;
      };
    }
    const current = c.expr(s.target);
    const plus = s.op === "+=";
    return (env, vm) => {
      vm.tick(span);
      let v = value(env, vm) as number;
      const now = current(env, vm) as number;
      v = plus ? now + v : now - v;
      if (!Number.isSafeInteger(v)) exact(v, () => overflowing(s), span);
      write(env, vm, v);
      return undefined;
    };
  },
  generate(s, gen) {
    const write = genWrite(gen, s.target, s.span);
    if (!write) return undefined;
    const { g, expr } = gen;
    const tick = `vm.tick(${g.k(s.span)});`;
    const v = g.temp();
    if (s.op === "=") return `${tick}\n${v} = ${expr(s.value)};\n${write(v)}`;
    const now = g.temp();
    const message = g.k(() => overflowing(s));
    return [
      tick,
      `${v} = ${expr(s.value)};`,
      `${now} = ${expr(s.target)};`,
      `${v} = ${now} ${s.op === "+=" ? "+" : "-"} ${v};`,
      `if (!${g.h("safe")}(${v})) ${g.h("exact")}(${v}, ${message}, ${g.k(s.span)});`,
      write(v),
    ].join("\n");
  },
};

/** What R0505 names when `+=` or `-=` leaves the exact integers. */
const overflowing = (s: Assign): string => `\`${showExpr(s.target)} ${s.op} ${showExpr(s.value)}\``;

/** The field an entity's field write checks the range of, or undefined; `missing` when the checker named a field the program lacks. */
function fieldOf(c: StatementCompile | StatementGenerate, target: A.Expr & { kind: "member" }): A.FieldDecl | "missing" | undefined {
  if (!target.field) return undefined;
  const kind = c.program.decls[target.field.kind];
  return (kind?.kind === "kind" ? kind.fields[target.field.index] : undefined) ?? "missing";
}

type Write = (env: Env, vm: CompiledRun, v: Value | undefined) => void;

function compileWrite(c: StatementCompile, target: A.Expr, span: A.Span): Write {
  const { checkRange } = c.kit;
  if (target.kind === "name" && target.ref?.to === "local") {
    const { slot, event } = target.ref;
    // An argument or the result of the emission this handler runs in: the emission's value changes.
    if (event) {
      return (env, vm, v) => {
        env[slot] = v;
        vm.events.changeEmission(slot, v, span);
      };
    }
    return (env, _, v) => {
      env[slot] = v;
    };
  }
  if (target.kind === "name" && target.ref?.to === "state") {
    const index = target.ref.index;
    const field = c.program.stateFields[index]!;
    return (_, vm, v) => {
      checkRange(field, v, span);
      vm.globals[index] = v;
    };
  }
  if (target.kind === "member" && !target.ref) {
    const object = c.entity(target.object);
    const field = fieldOf(c, target);
    if (field === "missing") return (env, vm, v) => vm.assign(target, v, env, span);
    const name = target.member.text;
    return (env, vm, v) => {
      const obj = object(env, vm);
      if (field) checkRange(field, v, span);
      obj.fields[name] = v;
    };
  }
  return (env, vm, v) => vm.assign(target, v, env, span);
}

/** The write of compileWrite as text, given the temporary that holds the value; undefined for other targets (their closure runs). */
function genWrite(gen: StatementGenerate, target: A.Expr, span: A.Span): ((v: string) => string) | undefined {
  const { g, program } = gen;
  if (target.kind === "name" && target.ref?.to === "local") {
    const slot = g.int(target.ref.slot);
    if (target.ref.event) return (v) => `env[${slot}] = ${v};\nvm.events.changeEmission(${slot}, ${v}, ${g.k(span)});`;
    return (v) => `env[${slot}] = ${v};`;
  }
  if (target.kind === "name" && target.ref?.to === "state") {
    const index = g.int(target.ref.index);
    const field = g.k(program.stateFields[target.ref.index]);
    return (v) => `${g.h("range")}(${field}, ${v}, ${g.k(span)});\nvm.globals[${index}] = ${v};`;
  }
  if (target.kind === "member" && !target.ref) {
    const field = fieldOf(gen, target);
    if (field === "missing") return undefined;
    // The object after the value, as compileWrite evaluates it; `entity` reports a value that is no entity.
    const object = gen.entity(target.object);
    const obj = g.temp();
    const name = g.k(target.member.text);
    const range = (v: string) => (field ? `${g.h("range")}(${g.k(field)}, ${v}, ${g.k(span)});\n` : "");
    return (v) => `${obj} = ${object};\n${range(v)}${obj}.fields[${name}] = ${v};`;
  }
  return undefined;
}
