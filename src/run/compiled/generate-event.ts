// An event's handlers and body as one generated function: `CompiledEvents.runPlanned`'s loops written
// out, handler by handler, in the event's order, with every label, span and frame size a constant, a
// condition that only reads (the common `when`) inline, as generated code, and a body without `return`
// inline too. What the loop did through a
// list of records (a closure call per condition, a frame made by `frame()`, the bookkeeping read from
// each record) becomes straight-line code V8 optimizes with the emission. The steps, rule labels, trace
// lines, frames and the order of everything are those of the loop, which still runs with closures
// alone (RunOptions.generate false), so test/compiled-reference.test.ts holds the two to each other and
// to the tree-walker.
import type * as A from "../../core/ast.ts";
import { walk } from "../../core/ast-walk.ts";
import { MAX_RULE_DEPTH } from "../../core/limits.ts";
import type { Value } from "../../core/values.ts";
import { firesLine } from "../trace.ts";
import type { Compiler } from "./compiler.ts";
import { genExpr } from "./generate-expressions.ts";
import { genBlock } from "./generate.ts";
import type { CompiledRun } from "./run.ts";
import { generateFor, NotGenerated, type Source } from "./source.ts";

/** The emission's values (its arguments, then its `result`) and the run: runs the handlers and body in order. */
export type EventRun = (values: (Value | undefined)[], vm: CompiledRun) => void;

/** Whether evaluating `e` writes no variable of its frame: only a comprehension or a choice writes one. */
export function writesNoVariable(e: A.Expr): boolean {
  let writes = false;
  walk(e, (node) => {
    if (node.kind === "comprehension" || node.kind === "choose") writes = true;
    return !writes;
  });
  return !writes;
}

/** A handler's rule label, as the trace and error messages name it. */
export function handlerLabel(t: A.TriggerDecl, ev: A.EventDecl): string {
  return `${t.timing === "after" ? "on" : t.timing === "instead" ? "instead of" : "before"} ${ev.name.text}`;
}

/** The function for `ev` with these handlers; undefined with closures alone or where generating does not apply. */
export function generateEventRun(c: Compiler, ev: A.EventDecl, handlers: { before: A.TriggerDecl[]; instead: A.TriggerDecl[]; after: A.TriggerDecl[] }): EventRun | undefined {
  return generateFor(c, (g) => {
    // The emission's values: its arguments, and its result when it has one (CompiledEvents.planned).
    const size = ev.params.length + (ev.returns ? 1 : 0);
    // The rule label the emission was made in: each handler and the body run under their own, then put it back.
    const outer = g.temp();
    const parts = [`${outer} = vm.rule;`, ...handlers.before.map((t) => handlerText(c, g, ev, t, size, outer, ""))];
    const replaced = handlers.instead.length > 0 ? g.temp() : undefined;
    if (replaced) {
      // `instead of`: the first handler that applies replaces the body, and no later one is considered.
      const done = g.label();
      parts.push(`${replaced} = false;`, `${done}: {`, ...handlers.instead.map((t) => handlerText(c, g, ev, t, size, outer, `${replaced} = true;\nbreak ${done};`)), "}");
    }
    if (ev.body) {
      const frame = g.temp();
      const body = [`${frame} = ${frameText(g, ev.frameSize, size)};`, enter(g, `event ${ev.name.text}`, ev.span), blockRun(c, g, ev.body, frame), leave(outer)].join("\n");
      parts.push(replaced ? `if (!${replaced}) {\n${body}\n}` : body);
    }
    parts.push(...handlers.after.map((t) => handlerText(c, g, ev, t, size, outer, "")));
    return g.finish<EventRun>(parts.join("\n"), "env, vm");
  });
}

/**
 * One handler, as `runPlanned` runs it: its label pushed and a step while its condition is decided, a
 * frame of its own (the emission's values as they stand, then its variables) for a handler that fires,
 * the trace line, a trace level for its body; `fired` runs after the body.
 */
function handlerText(c: Compiler, g: Source, ev: A.EventDecl, t: A.TriggerDecl, size: number, outer: string, fired: string): string {
  const label = handlerLabel(t, ev);
  const rule = g.k(label);
  const span = g.k(t.span);
  const applies = g.temp();
  const env = g.temp();
  // A condition that only reads sees the emission's values themselves (`env` here), which nothing changes while it runs.
  const readsOnly = t.condition === undefined || writesNoVariable(t.condition);
  const condition = t.condition === undefined ? "true" : readsOnly ? `${inlineOrCalled(c, g, t.condition)} === true` : `${g.k(c.entry(t.condition))}(${env}, vm) === true`;
  return [
    `vm.rule = ${rule};`,
    `vm.tick(${span});`,
    readsOnly ? "" : `${env} = ${frameText(g, t.frameSize, size)};`,
    `${applies} = ${condition};`,
    `if (${applies} && vm.tracing) vm.note("trigger", ${g.k(() => firesLine(label))}, ${span});`,
    `vm.rule = ${outer};`,
    `if (${applies}) {`,
    readsOnly ? `${env} = ${frameText(g, t.frameSize, size)};` : "",
    enter(g, label, t.span),
    blockRun(c, g, t.body, env),
    leave(outer),
    fired,
    "}",
  ].join("\n");
}

/**
 * `vm.enter`, written out: a trace level more and the rule's label. No `finally` puts them back
 * (`leave`): an error ends the run, its message made, naming the rule, when it was thrown.
 */
function enter(g: Source, label: string, span: A.Span): string {
  return `if (++vm.depth + vm.nested > ${MAX_RULE_DEPTH}) vm.overrun(${g.k(label)}, ${g.k(span)});\nvm.rule = ${g.k(label)};`;
}

/** `vm.leave`, written out: back to the emission's trace level and rule label. */
function leave(outer: string): string {
  return `vm.depth--;\nvm.rule = ${outer};`;
}

/**
 * A handler's or the event's body run on the frame `env`: written out here in a block of its own (where
 * `env` names that frame) when it has no `return`, which would leave this function; else its function called.
 */
function blockRun(c: Compiler, g: Source, body: A.Block, env: string): string {
  let returns = false;
  walk(body, (node) => {
    if (node.kind === "return") returns = true;
    return !returns;
  });
  if (!returns) {
    try {
      return `{\nconst env = ${env};\n${genBlock(c, g, body)}\n}`;
    } catch (err) {
      if (!(err instanceof NotGenerated)) throw err;
    }
  }
  return `${g.k(c.block(body))}(${env}, vm);`;
}

/** The condition written out here, or, for a shape the generator leaves to closures, its entry called. */
function inlineOrCalled(c: Compiler, g: Source, e: A.Expr): string {
  try {
    return genExpr(c, g, e);
  } catch (err) {
    if (!(err instanceof NotGenerated)) throw err;
    return `${g.k(c.entry(e))}(env, vm)`;
  }
}

/** `frame(size, env)` as an array literal: the emission's `count` values, then empty slots up to the rule's size. */
function frameText(g: Source, frameSize: number | undefined, count: number): string {
  const slots = Array.from({ length: Math.max(frameSize ?? 0, count) }, (_, i) => (i < count ? `env[${g.int(i)}]` : "undefined"));
  return `[${slots.join(", ")}]`;
}
