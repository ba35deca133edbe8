// Statements that change lists (`add`, `remove`, `move`) and `say`, and the entity a statement works
// on, written out as text (see generate.ts): the closure cases of statements.ts with their children
// inline. The same order (the item, then the lists), the same checks (writes.ts's `push` and `take`,
// R0501 for a value that is no list or no entity, naming the expression) and the same trace lines.
import type * as A from "../../core/ast.ts";
import { showExpr } from "../../core/show-expr.ts";
import { push, take } from "../writes.ts";
import { RuleError, type Value } from "../../core/values.ts";
import type { Compiler } from "./compiler.ts";
import { genExpr } from "./generate-expressions.ts";
import { addedLine, movedLine, removedLine, saidLine } from "../trace.ts";
import type { Source } from "./source.ts";
import type { CompiledRun } from "./run.ts";

/** The expression's value as an entity, as `entityOf` in expressions.ts: R0501 naming it when it is none. */
export function genEntity(c: Compiler, g: Source, e: A.Expr): string {
  const v = g.temp();
  const none = () => {
    throw new RuleError("R0501", `\`${showExpr(e)}\` has no value yet`, e.span);
  };
  return `((${v} = ${genExpr(c, g, e)}) instanceof ${g.h("Entity")} ? ${v} : ${g.k(none)}())`;
}

/** The expression's value as a list, as `listOf` in expressions.ts. */
function genList(c: Compiler, g: Source, e: A.Expr): string {
  return `${g.h("list")}(${genExpr(c, g, e)}, ${g.k(e)})`;
}

type ListStmt = A.Stmt & { kind: "add" | "remove" | "move" | "say" };

export function genListStmt(c: Compiler, g: Source, s: ListStmt): string {
  const span = g.k(s.span);
  const v = g.temp();
  const lines = [`vm.tick(${span});`];
  switch (s.kind) {
    case "say": {
      // Evaluated even when not tracing: it may roll dice.
      const note = (vm: CompiledRun, said: Value | undefined) => vm.note("say", () => saidLine(said), s.span);
      lines.push(`${v} = ${genExpr(c, g, s.value)};`, `if (vm.tracing) ${g.k(note)}(vm, ${v});`);
      break;
    }
    case "add": {
      const note = (vm: CompiledRun, item: Value) => vm.note("move", () => addedLine(item, s.list), s.span);
      lines.push(`${v} = ${genExpr(c, g, s.item)};`, `${g.k(push)}(${genList(c, g, s.list)}, ${v}, ${span});`, `if (vm.tracing) ${g.k(note)}(vm, ${v});`);
      break;
    }
    case "remove": {
      const note = (vm: CompiledRun, item: Value) => vm.note("move", () => removedLine(item, s.list), s.span);
      lines.push(`${v} = ${genExpr(c, g, s.item)};`, `${g.k(take)}(${genList(c, g, s.list)}, ${v}, ${g.k(s.list)}, ${span});`, `if (vm.tracing) ${g.k(note)}(vm, ${v});`);
      break;
    }
    case "move": {
      const note = (vm: CompiledRun, item: Value) => vm.note("move", () => movedLine(item, s.source, s.target), s.span);
      lines.push(
        `${v} = ${genExpr(c, g, s.item)};`,
        `${g.k(take)}(${genList(c, g, s.source)}, ${v}, ${g.k(s.source)}, ${span});`,
        `${g.k(push)}(${genList(c, g, s.target)}, ${v}, ${span});`,
        `if (vm.tracing) ${g.k(note)}(vm, ${v});`,
      );
      break;
    }
    default: {
      const unknown: never = s;
      return unknown;
    }
  }
  return lines.join("\n");
}
