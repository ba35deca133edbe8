// Statements and blocks as closures. Each statement's closure counts its step first, as the
// tree-walker's `exec` does, and every loop pass and `else if` counts where it counts there, so the
// step budget runs out at the same statement. Messages for the trace are built only when tracing.
// `proceed`, `expect`, `force` and unusual assignment targets run through the
// tree-walker's own case (`treeExec`), with their parts compiled.
import * as A from "../../core/ast.ts";
import { exact } from "../../core/limits.ts";
import type { Env } from "../machine.ts";
import { showExpr } from "../../core/show-expr.ts";
import { checkRange, push, take } from "../writes.ts";
import type { Value } from "../../core/values.ts";
import { addedLine, movedLine, removedLine, saidLine } from "../trace.ts";
import { compileEmit } from "./calls.ts";
import type { CExpr, Compiler, CStmt } from "./compiler.ts";
import { entityOf, enumMembers, listOf } from "./operands.ts";
import type { CompiledRun } from "./run.ts";

export function compileBlock(c: Compiler, b: A.Block): CStmt {
  const stmts = b.statements.map((s) => compileStmt(c, s));
  const n = stmts.length;
  if (n === 0) return () => undefined;
  if (n === 1) return stmts[0]!;
  return (env, vm) => {
    for (let i = 0; i < n; i++) {
      const r = stmts[i]!(env, vm);
      if (r) return r;
    }
    return undefined;
  };
}

/** The tree-walker's case for this one statement: it counts its own step. */
function tree(s: A.Stmt): CStmt {
  return (env, vm) => vm.treeExec(s, env);
}

export function compileStmt(c: Compiler, s: A.Stmt): CStmt {
  const span = s.span;
  switch (s.kind) {
    case "let": {
      const slot = s.slot!;
      const value = c.expr(s.value);
      return (env, vm) => {
        vm.tick(span);
        env[slot] = value(env, vm);
        return undefined;
      };
    }
    case "if":
      return compileIf(c, s);
    case "while": {
      const test = c.expr(s.condition);
      const body = c.block(s.body);
      return (env, vm) => {
        vm.tick(span);
        while (test(env, vm) === true) {
          const r = body(env, vm);
          if (r) return r;
          vm.tick(span);
        }
        return undefined;
      };
    }
    case "for":
      return compileFor(c, s);
    case "return": {
      const value = s.value ? c.expr(s.value) : undefined;
      return (env, vm) => {
        vm.tick(span);
        return { value: value ? value(env, vm) : undefined };
      };
    }
    case "emit": {
      const emit = compileEmit(c, s);
      if (!emit) return tree(s);
      return (env, vm) => {
        vm.tick(span);
        emit(env, vm);
        return undefined;
      };
    }
    case "add": {
      const item = c.expr(s.item);
      const list = listOf(c, s.list);
      return (env, vm) => {
        vm.tick(span);
        const v = item(env, vm) as Value;
        push(list(env, vm), v, span);
        if (vm.tracing) vm.note("move", () => addedLine(v, s.list), span);
        return undefined;
      };
    }
    case "remove": {
      const item = c.expr(s.item);
      const list = listOf(c, s.list);
      return (env, vm) => {
        vm.tick(span);
        const v = item(env, vm) as Value;
        take(list(env, vm), v, s.list, span);
        if (vm.tracing) vm.note("move", () => removedLine(v, s.list), span);
        return undefined;
      };
    }
    case "move": {
      const item = c.expr(s.item);
      const source = listOf(c, s.source);
      const target = listOf(c, s.target);
      return (env, vm) => {
        vm.tick(span);
        const v = item(env, vm) as Value;
        take(source(env, vm), v, s.source, span);
        push(target(env, vm), v, span);
        if (vm.tracing) vm.note("move", () => movedLine(v, s.source, s.target), span);
        return undefined;
      };
    }
    case "say": {
      const value = c.expr(s.value);
      return (env, vm) => {
        vm.tick(span);
        const said = value(env, vm); // evaluated even when not tracing: it may roll dice
        if (vm.tracing) vm.note("say", () => saidLine(said), span);
        return undefined;
      };
    }
    case "assign":
      return compileAssign(c, s);
    case "expr": {
      const value = c.expr(s.value);
      return (env, vm) => {
        vm.tick(span);
        value(env, vm);
        return undefined;
      };
    }
    case "apply": {
      const target = entityOf(c, s.target);
      return (env, vm) => {
        vm.tick(span);
        vm.events.apply(s, target(env, vm), env);
        return undefined;
      };
    }
    case "clear": {
      const target = entityOf(c, s.target);
      return (env, vm) => {
        vm.tick(span);
        vm.events.clear(s, target(env, vm));
        return undefined;
      };
    }
    case "proceed":
    case "expect":
    case "force":
      return tree(s);
    default: {
      // Exhaustive for the type checker; a node no checked program holds fails where the tree-walker fails, when it runs.
      const unknown: never = s;
      return tree(unknown);
    }
  }
}

/** An `else if` chain as one loop over its links: each `if` after the first counts a step, as in the tree-walker. */
function compileIf(c: Compiler, s: A.Stmt & { kind: "if" }): CStmt {
  const tests: CExpr[] = [];
  const thens: CStmt[] = [];
  const spans: A.Span[] = [];
  let at: (A.Stmt & { kind: "if" }) | undefined = s;
  let last: A.Stmt & { kind: "if" } = s;
  while (at) {
    tests.push(c.expr(at.condition));
    thens.push(c.block(at.then));
    spans.push(at.span);
    last = at;
    at = A.elseIf(at);
  }
  const otherwise = last.else ? c.block(last.else) : undefined;
  const n = tests.length;
  if (n === 1) {
    const test = tests[0]!;
    const then = thens[0]!;
    const span = s.span;
    return (env, vm) => {
      vm.tick(span);
      if (test(env, vm) === true) return then(env, vm);
      return otherwise ? otherwise(env, vm) : undefined;
    };
  }
  return (env, vm) => {
    vm.tick(spans[0]!);
    for (let i = 0; ; i++) {
      if (tests[i]!(env, vm) === true) return thens[i]!(env, vm);
      if (i + 1 === n) return otherwise ? otherwise(env, vm) : undefined;
      vm.tick(spans[i + 1]!);
    }
  };
}

function compileFor(c: Compiler, s: A.Stmt & { kind: "for" }): CStmt {
  const span = s.span;
  const slot = s.slot!;
  // `for m in Icon`: an enum's members in declaration order, known before the run.
  const members = enumMembers(c, s.from);
  const from = c.expr(s.from);
  const to = s.to ? c.expr(s.to) : undefined;
  const where = s.where ? c.expr(s.where) : undefined;
  const body = c.block(s.body);
  return (env, vm) => {
    vm.tick(span);
    const start = members ?? from(env, vm);
    if (to) {
      const last = to(env, vm) as number;
      for (let i = start as number; i <= last; i++) {
        vm.tick(span); // every pass counts, so even an empty body cannot run away
        env[slot] = i;
        if (where && where(env, vm) !== true) continue;
        const r = body(env, vm);
        if (r) return r;
      }
      return undefined;
    }
    // A copy: the body may move items out of the list it walks.
    const items = members ?? [...(start as Value[])];
    for (const item of items) {
      vm.tick(span);
      env[slot] = item;
      if (where && where(env, vm) !== true) continue;
      const r = body(env, vm);
      if (r) return r;
    }
    return undefined;
  };
}

/** `x = v`, `x += v`: the value first, then (for `+=`) the target's value, then the write, as the tree-walker orders them. */
function compileAssign(c: Compiler, s: A.Stmt & { kind: "assign" }): CStmt {
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
    if (!Number.isSafeInteger(v)) exact(v, () => `\`${showExpr(s.target)} ${s.op} ${showExpr(s.value)}\``, span);
    write(env, vm, v);
    return undefined;
  };
}

type Write = (env: Env, vm: CompiledRun, v: Value | undefined) => void;

function compileWrite(c: Compiler, target: A.Expr, span: A.Span): Write {
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
    const object = entityOf(c, target.object);
    const kind = target.field ? c.program.decls[target.field.kind] : undefined;
    const field = kind?.kind === "kind" && target.field ? kind.fields[target.field.index] : undefined;
    if (target.field && !field) return (env, vm, v) => vm.assign(target, v, env, span);
    const name = target.member.text;
    return (env, vm, v) => {
      const obj = object(env, vm);
      if (field) checkRange(field, v, span);
      obj.fields[name] = v;
    };
  }
  return (env, vm, v) => vm.assign(target, v, env, span);
}
