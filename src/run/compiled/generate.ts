// One JavaScript function per block of a rule (a function's body, a handler's, an example's): each
// statement's construct (src/constructs/) writes its own text, with the expressions of
// generate-expressions.ts inline, so a rule's body runs as one function V8 can optimize whole instead
// of a tree of closure calls. The steps are counted where the closures count them, the values are
// evaluated in their order, and `return` leaves the function with the same `{ value }` record. A
// statement written out nowhere here runs as its closure, passed in as a constant. See source.ts for
// what the text may hold and reach (never the rules' own text).
import type * as A from "../../core/ast.ts";
import { showExpr } from "../../core/show-expr.ts";
import type { CExpr, Compiler, CStmt } from "./compiler.ts";
import { keptIn } from "../../core/kept-values.ts";
import { RuleError } from "../../core/values.ts";
import { statementConstruct } from "../../constructs/statements.ts";
import type { StatementGenerate } from "../../constructs/contexts.ts";
import { RUN_KIT } from "../run-kit.ts";
import { enumMembers } from "./operands.ts";
import { genEmit, genExpr } from "./generate-expressions.ts";
import { Source, generateFor } from "./source.ts";
import { compileStmt } from "./statements.ts";

/** The block as one generated function; undefined where it cannot be (then it is compiled as closures). */
export function generateBlock(c: Compiler, b: A.Block): CStmt | undefined {
  return generateFor(c, (g) => g.finish(genBlock(c, g, b)));
}

/** An expression the runtime evaluates on its own (a handler's condition, a value's base, a table row's result) as one generated function. */
export function generateExpr(c: Compiler, e: A.Expr): CExpr | undefined {
  return generateFor(c, (g) => g.finish<CExpr>(`return ${genExpr(c, g, e)};`));
}

export function genBlock(c: Compiler, g: Source, b: A.Block): string {
  return b.statements.map((s) => genStmt(c, g, s)).join("\n");
}

/** The statement's closure, run: a `return` inside it leaves this function too. */
function closure(c: Compiler, g: Source, s: A.Stmt): string {
  const r = g.temp();
  return `if ((${r} = ${g.k(compileStmt(c, s))}(env, vm)) !== undefined) {\n${g.bare ? g.ret(`${r}.value`) : `return ${r};`}\n}`;
}

/** The construct's generated code (src/constructs/), or its closure where it has none for this statement. */
function genStmt(c: Compiler, g: Source, s: A.Stmt): string {
  return statementConstruct(s)?.generate?.(s, generating(c, g)) ?? closure(c, g, s);
}

const contexts = new WeakMap<Source, StatementGenerate>();

/** What a construct generates with: one per generated function. */
function generating(c: Compiler, g: Source): StatementGenerate {
  return keptIn(contexts, g, () => ({
    program: c.program,
    kit: RUN_KIT,
    g,
    expr: (e) => genExpr(c, g, e),
    block: (b) => genBlock(c, g, b),
    entity: (e) => genEntity(c, g, e),
    list: (e) => `${g.h("list")}(${genExpr(c, g, e)}, ${g.k(e)})`,
    enumMembers: (e) => enumMembers(c, e),
    emit: (s) => genEmit(c, g, s),
  }));
}

/** The expression's value as an entity, as `entityOf` in operands.ts: R0501 naming it when it is none. */
function genEntity(c: Compiler, g: Source, e: A.Expr): string {
  const v = g.temp();
  const none = () => {
    throw new RuleError("R0501", `\`${showExpr(e)}\` has no value yet`, e.span);
  };
  return `((${v} = ${genExpr(c, g, e)}) instanceof ${g.h("Entity")} ? ${v} : ${g.k(none)}())`;
}
