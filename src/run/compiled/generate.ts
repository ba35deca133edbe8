// One JavaScript function per block of a rule (a function's body, a handler's, an example's): the
// statement cases of statements.ts written out as text, with the expressions of
// generate-expressions.ts inline, so a rule's body runs as one function V8 can optimize whole instead
// of a tree of closure calls. The steps are counted where the closures count them, the values are
// evaluated in their order, and `return` leaves the function with the same `{ value }` record. A
// statement written out nowhere here runs as its closure, passed in as a constant. See source.ts for
// what the text may hold and reach (never the rules' own text).
import * as A from "../../core/ast.ts";
import { showExpr } from "../../core/show-expr.ts";
import type { CExpr, Compiler, CStmt } from "./compiler.ts";
import { enumMembers } from "./operands.ts";
import { genEntity, genListStmt } from "./generate-lists.ts";
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
  return `if ((${r} = ${g.k(compileStmt(c, s))}(env, vm)) !== undefined) return ${r}${g.bare ? ".value" : ""};`;
}

function genStmt(c: Compiler, g: Source, s: A.Stmt): string {
  const tick = `vm.tick(${g.k(s.span)});`;
  switch (s.kind) {
    case "let":
      return `${tick}\nenv[${g.int(s.slot)}] = ${genExpr(c, g, s.value)};`;
    case "if":
      return genIf(c, g, s);
    case "while":
      return `${tick}\nwhile (${genExpr(c, g, s.condition)} === true) {\n${genBlock(c, g, s.body)}\n${tick}\n}`;
    case "for":
      return genFor(c, g, s);
    case "return": {
      const value = s.value ? genExpr(c, g, s.value) : "undefined";
      return `${tick}\nreturn ${g.bare ? value : `{ value: ${value} }`};`;
    }
    case "emit": {
      const emit = genEmit(c, g, s);
      return emit ? `${tick}\n${emit};` : closure(c, g, s);
    }
    case "assign":
      return genAssign(c, g, s) ?? closure(c, g, s);
    case "expr":
      return `${tick}\n${genExpr(c, g, s.value)};`;
    case "apply":
      // The frame is for the duration's expressions: without one, none is passed (and the function's variables can be locals, generate-fn.ts).
      return `${tick}\nvm.events.apply(${g.k(s)}, ${genEntity(c, g, s.target)}, ${s.expiry ? "env" : "undefined"});`;
    case "clear":
      return `${tick}\nvm.events.clear(${g.k(s)}, ${genEntity(c, g, s.target)});`;
    case "add":
    case "remove":
    case "move":
    case "say":
      return genListStmt(c, g, s);
    case "proceed":
    case "expect":
    case "force":
      return closure(c, g, s);
    default: {
      const unknown: never = s;
      return closure(c, g, unknown);
    }
  }
}

/**
 * An `else if` chain, flat as compileIf runs it (a chain of 2,000 links must not nest 2,000 deep): each
 * `if` after the first counts a step when it is reached, and a branch taken leaves the labelled block.
 */
function genIf(c: Compiler, g: Source, s: A.Stmt & { kind: "if" }): string {
  const label = g.label();
  const lines = [`${label}: {`];
  let at: (A.Stmt & { kind: "if" }) | undefined = s;
  let last = s;
  while (at) {
    lines.push(`vm.tick(${g.k(at.span)});`, `if (${genExpr(c, g, at.condition)} === true) {`, genBlock(c, g, at.then), `break ${label};`, "}");
    last = at;
    at = A.elseIf(at);
  }
  if (last.else) lines.push(genBlock(c, g, last.else));
  lines.push("}");
  return lines.join("\n");
}

function genFor(c: Compiler, g: Source, s: A.Stmt & { kind: "for" }): string {
  const tick = `vm.tick(${g.k(s.span)});`;
  const slot = g.int(s.slot);
  const members = enumMembers(c, s.from);
  const where = s.where ? `if (${genExpr(c, g, s.where)} !== true) continue;\n` : "";
  const i = g.loop();
  if (s.to) {
    const start = g.temp();
    const last = g.temp();
    const from = members ? g.k(members) : genExpr(c, g, s.from);
    return `${tick}\n${start} = ${from};\n${last} = ${genExpr(c, g, s.to)};\nfor (let ${i} = ${start}; ${i} <= ${last}; ${i}++) {\n${tick}\nenv[${slot}] = ${i};\n${where}${genBlock(c, g, s.body)}\n}`;
  }
  // A copy of the list: the body may move items out of the list it walks. An enum's members never change.
  const items = g.temp();
  const from = members ? g.k(members) : `${g.h("copy")}(${genExpr(c, g, s.from)})`;
  return `${tick}\n${items} = ${from};\nfor (let ${i} = 0; ${i} < ${items}.length; ${i}++) {\n${tick}\nenv[${slot}] = ${items}[${i}];\n${where}${genBlock(c, g, s.body)}\n}`;
}

/** `x = v`, `x += v` on a variable, a state field or an entity's field; undefined for other targets (their closure runs). */
function genAssign(c: Compiler, g: Source, s: A.Stmt & { kind: "assign" }): string | undefined {
  const write = genWrite(c, g, s.target, s.span);
  if (!write) return undefined;
  const tick = `vm.tick(${g.k(s.span)});`;
  const v = g.temp();
  if (s.op === "=") return `${tick}\n${v} = ${genExpr(c, g, s.value)};\n${write(v)}`;
  const now = g.temp();
  const message = g.k(() => `\`${showExpr(s.target)} ${s.op} ${showExpr(s.value)}\``);
  return [
    tick,
    `${v} = ${genExpr(c, g, s.value)};`,
    `${now} = ${genExpr(c, g, s.target)};`,
    `${v} = ${now} ${s.op === "+=" ? "+" : "-"} ${v};`,
    `if (!${g.h("safe")}(${v})) ${g.h("exact")}(${v}, ${message}, ${g.k(s.span)});`,
    write(v),
  ].join("\n");
}

/** The write of compileWrite as text, given the temporary that holds the value. */
function genWrite(c: Compiler, g: Source, target: A.Expr, span: A.Span): ((v: string) => string) | undefined {
  if (target.kind === "name" && target.ref?.to === "local") {
    const slot = g.int(target.ref.slot);
    if (target.ref.event) return (v) => `env[${slot}] = ${v};\nvm.events.changeEmission(${slot}, ${v}, ${g.k(span)});`;
    return (v) => `env[${slot}] = ${v};`;
  }
  if (target.kind === "name" && target.ref?.to === "state") {
    const index = g.int(target.ref.index);
    const field = g.k(c.program.stateFields[target.ref.index]);
    return (v) => `${g.h("range")}(${field}, ${v}, ${g.k(span)});\nvm.globals[${index}] = ${v};`;
  }
  if (target.kind === "member" && !target.ref) {
    const kind = target.field ? c.program.decls[target.field.kind] : undefined;
    const field = kind?.kind === "kind" && target.field ? kind.fields[target.field.index] : undefined;
    if (target.field && !field) return undefined;
    // The object after the value, as compileWrite evaluates it; `genEntity` reports a value that is no entity.
    const object = genEntity(c, g, target.object);
    const obj = g.temp();
    const name = g.k(target.member.text);
    const range = (v: string) => (field ? `${g.h("range")}(${g.k(field)}, ${v}, ${g.k(span)});\n` : "");
    return (v) => `${obj} = ${object};\n${range(v)}${obj}.fields[${name}] = ${v};`;
  }
  return undefined;
}
