// Expressions as JavaScript text (see source.ts for what the text may hold). Each case is the closure
// case of expressions.ts / calls.ts written out inline: the same order of evaluation, the same fast
// paths, and the same helpers (valuesEqual, rollValues, the built-ins' own functions, events.emit) for
// everything else and every error; an operator's text is its construct's (src/constructs/operators/).
// An expression with no text becomes a call of its closure, passed in as a constant: one semantics,
// and every node still has one.
import type * as A from "../../core/ast.ts";
import type { CExpr, Compiler } from "./compiler.ts";
import { enumMembers, memberRead } from "./operands.ts";
import type { CompiledRun } from "./run.ts";
import { showExpr } from "../../core/show-expr.ts";
import { RuleError, Tally, type Value } from "../../core/values.ts";
import { aggregateNamed, builtinFunction, noItem, type AggregateText, type BuiltinFunction } from "../../core/builtins.ts";
import { local, slotsToLocals, slotsUsed, Source, generateFor } from "./source.ts";
import { operatorConstruct } from "../../constructs/operators.ts";
import type { OperatorGenerate } from "../../constructs/operators/contexts.ts";
import { keptIn } from "../../core/kept-values.ts";

export function genExpr(c: Compiler, g: Source, e: A.Expr): string {
  switch (e.kind) {
    case "int":
      return g.number(e.value);
    case "bool":
      return e.value ? "true" : "false";
    case "text":
      return g.k(e.value);
    case "none":
      return "null";
    case "name":
      return genName(c, g, e);
    case "member":
      return genMember(c, g, e);
    case "call":
      return genCall(c, g, e);
    case "list":
      return `[${e.items.map((i) => genExpr(c, g, i)).join(", ")}]`;
    case "binary":
    case "not":
    case "neg":
    case "has":
      return operatorConstruct(e)?.generate?.(e, generating(c, g)) ?? closure(c, g, e);
    case "cond":
      return `(${genExpr(c, g, e.condition)} === true ? ${genExpr(c, g, e.then)} : ${genExpr(c, g, e.else)})`;
    case "roll": {
      const count = e.count ? genExpr(c, g, e.count) : "1";
      return `${g.h("roll")}(vm, ${g.k(e)}, ${count}, ${genExpr(c, g, e.sides)})`;
    }
    case "emit":
      return genEmit(c, g, e) ?? closure(c, g, e);
    case "index":
      return genIndex(c, g, e);
    default:
      return closure(c, g, e);
  }
}

const contexts = new WeakMap<Source, OperatorGenerate>();

/** What an operator generates with: one per generated function. */
function generating(c: Compiler, g: Source): OperatorGenerate {
  return keptIn(contexts, g, () => ({ program: c.program, g, expr: (e) => genExpr(c, g, e) }));
}

/** The expression's closure, called: for the shapes written out nowhere else. */
function closure(c: Compiler, g: Source, e: A.Expr): string {
  return `${g.k(c.expr(e))}(env, vm)`;
}

function genName(c: Compiler, g: Source, e: A.Expr & { kind: "name" }): string {
  const ref = e.ref;
  switch (ref?.to) {
    case "local":
      return `env[${g.int(ref.slot)}]`;
    case "state":
      return `vm.globals[${g.int(ref.index)}]`;
    default:
      return closure(c, g, e);
  }
}

/** `u.hp`: an entity's own field on the fast path; a record, a tally, none and every error through `memberRead`. */
function genMember(c: Compiler, g: Source, e: A.Expr & { kind: "member" }): string {
  if (e.ref) return g.k(e.member.text);
  const obj = g.temp();
  const v = g.temp();
  const object = genExpr(c, g, e.object);
  const name = g.k(e.member.text);
  return `(${obj} = ${object}, ${obj} instanceof ${g.h("Entity")} && !${obj}.record && (${v} = ${obj}.fields[${name}]) !== undefined ? ${v} : ${g.k(memberRead(e))}(${obj}, vm))`;
}

/**
 * Arguments into a new array, in the order written, each at its parameter's place (the checker's, for
 * a named one): as compileArgs and compileFnCall build them. Gives the text that makes the array.
 */
function genArgs(c: Compiler, g: Source, args: A.Arg[], size: number): string {
  // Every argument in its own place, in order: an array literal, the rest of the frame `undefined`.
  if (args.every((a, i) => a.kind === "positional" || (a.kind === "named" && a.index === i))) {
    const values = args.map((a) => genExpr(c, g, (a as A.Arg & { value: A.Expr }).value));
    for (let i = args.length; i < size; i++) values.push("undefined");
    return `[${values.join(", ")}]`;
  }
  const t = g.temp();
  const parts = [`${t} = ${g.h("frame")}(${g.int(size)})`];
  args.forEach((a, i) => {
    if (a.kind === "positional") parts.push(`${t}[${g.int(i)}] = ${genExpr(c, g, a.value)}`);
    else if (a.kind === "named") parts.push(`${t}[${g.int(a.index)}] = ${genExpr(c, g, a.value)}`);
  });
  parts.push(t);
  return `(${parts.join(", ")})`;
}

function genCall(c: Compiler, g: Source, e: A.Expr & { kind: "call" }): string {
  const first = e.args[0];
  if (first?.kind === "comprehension") {
    // An aggregate over a list: its own generated function. A per-member tally runs as its closure.
    const aggregate = !e.ref && e.builtin !== undefined ? generateAggregate(c, e.builtin, first.comp, e.span) : undefined;
    if (!aggregate) return closure(c, g, e);
    return aggregate.slots ? `${g.k(aggregate.f)}(vm${aggregate.slots.map((slot) => `, env[${g.int(slot)}]`).join("")})` : `${g.k(aggregate.f)}(env, vm)`;
  }
  const span = g.k(e.span);
  // `max(a.size, b.size)`, a built-in resolved to the enum it orders, runs as its closure.
  if (e.ref && e.builtin !== undefined) return closure(c, g, e);
  if (e.ref) {
    const d = e.ref.to === "decl" ? c.program.decls[e.ref.id] : undefined;
    switch (d?.kind) {
      case "fn":
        return genFnCall(c, g, d, e.args, span);
      case "value":
        return `${g.k(c.value(d))}(${genArgs(c, g, e.args, e.args.length)}, ${span}, vm)`;
      case "table": {
        // Every argument in its place, one each: straight to the table's parameters (generate-table.ts).
        if (e.args.length === d.params.length && e.args.every((a) => a.kind === "positional")) {
          return `${g.k(c.tableCell(d))}.p(${span}, vm${e.args.map((a) => `, ${genExpr(c, g, (a as A.Arg & { value: A.Expr }).value)}`).join("")})`;
        }
        return `${g.k(c.table(d))}(${genArgs(c, g, e.args, e.args.length)}, ${span}, vm)`;
      }
      default:
        return closure(c, g, e);
    }
  }
  const b = e.builtin !== undefined ? builtinFunction(e.builtin) : undefined;
  if (b) return genBuiltinCall(c, g, b, e.args, span);
  return closure(c, g, e);
}

/**
 * A call of a built-in function, written as its entry in core/builtins.ts says: a pure one straight, its
 * arguments one by one (no array, no run), else its `run` with the run, the arguments in parameter
 * order and the span. Either is the entry's own function, a constant of the text.
 */
function genBuiltinCall(c: Compiler, g: Source, b: BuiltinFunction, args: A.Arg[], span: string): string {
  if (b.run) return `${g.k(b.run)}(vm, ${genArgs(c, g, args, args.length)}, ${span})`;
  if (args.length === b.params.length && args.every((a) => a.kind === "positional")) {
    return `${g.k(b.pure)}(${args.map((a) => genExpr(c, g, (a as A.Arg & { value: A.Expr }).value)).join(", ")})`;
  }
  // Named arguments, put in their places.
  return `${g.k(b.pure)}(...${genArgs(c, g, args, args.length)})`;
}

/**
 * A call of a function: its arguments evaluated in the order written, passed one by one in parameter
 * order through the cell's `p` (generate-fn.ts), as compileFnCall places them in the callee's frame.
 * An argument with no parameter's place goes into the frame through `f`, as compileFnCall puts it.
 */
function genFnCall(c: Compiler, g: Source, d: A.FnDecl, args: A.Arg[], span: string): string {
  const cell = g.k(c.cell(d));
  const argc = g.int(args.length);
  const n = d.params.length;
  const places = args.map((a, i) => (a.kind === "positional" ? i : a.kind === "named" ? a.index : undefined));
  if (places.some((p) => p === undefined || p >= n)) {
    return `${cell}.f(${genArgs(c, g, args, Math.max(d.frameSize ?? 0, args.length))}, ${argc}, ${span}, vm)`;
  }
  const values = args.map((a) => genExpr(c, g, (a as A.Arg & { value: A.Expr }).value));
  const inPlace: string[] = Array.from({ length: n }, () => "undefined");
  if (places.every((p, i) => p === i)) {
    values.forEach((v, i) => (inPlace[i] = v));
    return `${cell}.p(${argc}, ${span}, vm${inPlace.map((v) => `, ${v}`).join("")})`;
  }
  // Named out of order: each into a temporary as written, then passed in its place.
  const temps = values.map(() => g.temp());
  places.forEach((p, i) => (inPlace[p!] = temps[i]!));
  return `(${values.map((v, i) => `${temps[i]} = ${v}, `).join("")}${cell}.p(${argc}, ${span}, vm${inPlace.map((v) => `, ${v}`).join("")}))`;
}

/**
 * `xs[i]`, as compileIndex in expressions.ts: the object first (neither a list nor a tally is R0501
 * before the index is evaluated), then the index; a list's item in range inline, a tally's count and
 * an index out of range through `at`.
 */
function genIndex(c: Compiler, g: Source, e: A.Expr & { kind: "index" }): string {
  const object = e.object;
  const index = e.index;
  const listOrTally = (obj: Value | undefined) => {
    if (!(obj instanceof Tally) && !Array.isArray(obj)) throw new RuleError("R0501", `\`${showExpr(object)}\` has no value yet`, object.span);
  };
  const at = (obj: Value[] | Tally, i: Value | undefined): Value | undefined => {
    if (obj instanceof Tally) return obj.get(i as string);
    const n = i as number;
    if (n < 0 || n >= obj.length) throw new RuleError("R0501", `index ${n} is outside \`${showExpr(object)}\`, which holds ${obj.length}`, index.span);
    return obj[n];
  };
  const o = g.temp();
  const i = g.temp();
  return `(${o} = ${genExpr(c, g, object)}, ${g.k(listOrTally)}(${o}), ${i} = ${genExpr(c, g, index)}, ${i} >= 0 && ${i} < ${o}.length ? ${o}[${i}] : ${g.k(at)}(${o}, ${i}))`;
}

/** `emit E(args)`; undefined when the reference is not an event's (its closure reports it, as the tree-walker does). */
export function genEmit(c: Compiler, g: Source, e: { ref?: A.Ref; args: A.Arg[]; span: A.Span }): string | undefined {
  const ev = e.ref?.to === "decl" ? c.program.decls[e.ref.id] : undefined;
  if (ev?.kind !== "event") return undefined;
  return `${g.k(c.emitter(ev))}(vm, ${genArgs(c, g, e.args, e.args.length)}, ${g.k(e.span)})`;
}

// `count(u in units where ...)`, `sum(...)`, `max(... else 0)`: an aggregate as a generated function
// of its own, its `where` and `=>` parts inline: the walk `aggregateOver` makes (a step per item of the
// source, every `where` before any `=>`), then the aggregate's own generated form from its entry in
// core/builtins.ts. An aggregate with no generated form runs through its closure.

/**
 * An aggregate's function and how a call passes it the frame: the frame itself (`f(env, vm)`), or,
 * when it uses the frame by slot only, the slots it uses one by one (`f(vm, env[2], env[5])`), which it
 * keeps in locals. Its writes (the comprehension's own variables) then stay inside it: nothing outside
 * the comprehension reads them.
 */
export type Aggregate = { f: CExpr; slots?: undefined } | { f: (vm: CompiledRun, ...slots: (Value | undefined)[]) => Value | undefined; slots: number[] };

export function generateAggregate(c: Compiler, name: string, comp: A.Comprehension, span: A.Span): Aggregate | undefined {
  return generateFor(c, (g): Aggregate | undefined => {
    const body = aggregateBody(c, g, name, comp, span);
    if (body === undefined) return undefined;
    const slots = slotsUsed(body);
    if (slots) return { f: g.finish(slotsToLocals(body), ["vm", ...slots.map(local)].join(", ")), slots };
    return { f: g.finish<CExpr>(body) };
  });
}

function aggregateBody(c: Compiler, g: Source, name: string, comp: A.Comprehension, span: A.Span): string | undefined {
  const agg = aggregateNamed(name);
  const form = agg?.generated;
  if (!form || (agg.yields && !comp.yield)) return undefined;
  const slot = g.int(comp.slot);
  const members = enumMembers(c, comp.source);
  const src = g.temp();
  const matching = g.temp();
  const i = g.loop();
  const where = comp.where ? `${genExpr(c, g, comp.where)} === true` : "true";
  const keep = { count: `${matching}++;`, list: `${matching}.push(${src}[${i}]);`, "first-made": `(${matching} ??= []).push(${src}[${i}]);` }[form.keeps];
  const lines = [
    `${src} = ${members ? g.k(members) : `${g.h("list")}(${genExpr(c, g, comp.source)}, ${g.k(comp.source)})`};`,
    `${matching} = ${{ count: "0", list: "[]", "first-made": "undefined" }[form.keeps]};`,
    `for (let ${i} = 0; ${i} < ${src}.length; ${i}++) {`,
    `vm.tick(${g.k(span)});`,
    `env[${slot}] = ${src}[${i}];`,
    `if (${where}) {`,
    keep,
    agg.stopsAtFirst ? "break;" : "",
    "}",
    "}",
  ];
  const none = () => {
    throw noItem(name, comp.source, span);
  };
  const text: AggregateText = {
    matching,
    source: src,
    span: g.k(span),
    empty: () => `if (${matching} === undefined) return ${comp.otherwise ? genExpr(c, g, comp.otherwise) : `${g.k(none)}()`};`,
    temp: () => g.temp(),
    loop: () => g.loop(),
    eachValue: (use) => {
      const j = g.loop();
      return [`for (let ${j} = 0; ${j} < ${matching}.length; ${j}++) {`, `env[${slot}] = ${matching}[${j}];`, use(genExpr(c, g, comp.yield!)), "}"];
    },
    constant: (v) => g.k(v),
  };
  return [...lines, ...form.result(text)].join("\n");
}
