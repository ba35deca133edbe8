// A value with its modifiers as one generated function: the base, then each modifier's condition,
// amount and operation written out in order, instead of compileValue's loop over closures
// (declarations.ts). The same step, nesting count, rule label per modifier (for errors and the trace),
// frames, trace line and operation (modifiers.ts's `applyModifierAt`). See source.ts for what the text
// may hold.
import type * as A from "../../core/ast.ts";
import { frame } from "../machine.ts";
import { applyModifierAt, modifierMessage, settleExclusive } from "../modifiers.ts";
import type { Value } from "../../core/values.ts";
import type { CFn, Compiler } from "./compiler.ts";
import { compileValue } from "./declarations.ts";
import { genExpr } from "./generate-expressions.ts";
import { writesNoVariable } from "./generate-event.ts";
import { Source, generateFor } from "./source.ts";
import type { CompiledRun } from "./run.ts";

/** The value's callable, generated on its first call (a modifier may use the value itself; see tableCallable). */
export function valueCallable(c: Compiler, v: A.ValueDecl): CFn {
  let f: CFn | undefined;
  return (args, span, vm) => (f ??= generateValue(c, v) ?? compileValue(c, v))(args, span, vm);
}

function generateValue(c: Compiler, v: A.ValueDecl): CFn | undefined {
  return generateFor(c, (g) => g.finish<CFn>(valueBody(c, g, v), "env, span, vm"));
}

/**
 * The parameter `env` holds the arguments; the base runs in a frame of the value's size made from
 * them, and each modifier in one of its own (the value's parameters, `result`, its own variables).
 */
function valueBody(c: Compiler, g: Source, v: A.ValueDecl): string {
  const args = g.temp();
  const result = g.temp();
  const outer = g.temp();
  const lines = [
    g.callCheck(g.k(`value ${v.name.text}`)),
    `${args} = env;`,
    // A base with no variables of its own (the frame holds the parameters only) writes no slot: it reads the arguments as they are.
    (v.frameSize ?? 0) > v.params.length ? `env = ${g.k(frame)}(${g.int(v.frameSize ?? 0)}, ${args});` : "",
    `${result} = ${genExpr(c, g, v.base)};`,
  ];
  // An exclusive stage's candidates, settled after its last modifier (modifiers.ts).
  const pending = g.temp();
  const modifiers = c.program.modifiers.get(v) ?? [];
  // Modifiers that write no variable (no comprehension or choice) can share one frame: each finds its
  // parameters there as given, its `result` set before it runs, and its own variables never written.
  // One array per call instead of one per modifier, whether or not its condition holds.
  const shared = modifiers.every((m) => [m.condition, m.amount, m.into, m.factor].every((e) => e === undefined || writesNoVariable(e)));
  const size = Math.max(0, ...modifiers.map((m) => m.frameSize ?? 0));
  // The rule label the value was called in, put back after each modifier (which runs under its own).
  if (modifiers.length > 0) lines.push(`${outer} = vm.rule;`);
  modifiers.forEach((m, i) => lines.push(modifierCode(c, g, v, m, args, result, pending, outer, !shared ? m.frameSize ?? 0 : i === 0 ? size : undefined)));
  // No `finally`: an error ends the run, its message made, naming the rule, when it was thrown.
  lines.push("vm.nested--;", `return ${result};`);
  return lines.join("\n");
}

/**
 * One modifier, as an iteration of compileValue's loop: a condition that does not hold leaves the block.
 * Its frame is made of `frameSize` slots, or, when that is undefined, is the one the modifier before it made.
 */
function modifierCode(c: Compiler, g: Source, v: A.ValueDecl, m: A.ModifierDecl, args: string, result: string, pending: string, outer: string, frameSize: number | undefined): string {
  const place = c.program.exclusive.get(m);
  const note = (vm: CompiledRun, before: Value | undefined, after: Value | undefined, amount: Value | undefined, into: Value | undefined, factor: Value | undefined) =>
    vm.note("modifier", () => modifierMessage(v, m, before, after, amount, into, factor), m.span);
  const [amount, before, into, factor] = [g.temp(), g.temp(), g.temp(), g.temp()];
  const optional = (e: A.Expr | undefined) => (e ? genExpr(c, g, e) : "undefined");
  const block = g.label();
  return [
    frameSize === undefined ? "" : `env = ${g.k(frame)}(${g.int(frameSize)}, ${args});`,
    `vm.rule = ${g.k(`modifier ${m.name.text}`)};`,
    `${block}: {`,
    // `result` is the value as it stands when this modifier is reached.
    `env[${g.int(m.resultSlot)}] = ${result};`,
    m.condition ? `if (${genExpr(c, g, m.condition)} !== true) break ${block};` : "",
    `${amount} = ${optional(m.amount)};`,
    `${before} = ${result};`,
    `${into} = ${optional(m.into)};`,
    `${factor} = ${optional(m.factor)};`,
    ...(place
      ? [`(${pending} ??= []).push({ m: ${g.k(m)}, amount: ${amount}, into: ${into}, factor: ${factor} });`]
      : [
          `${result} = ${g.k(applyModifierAt)}(${g.k(m)}, ${result}, ${amount}, ${into} ?? ${factor});`,
          // A modifier whose condition held is reported even when it changed nothing: it did fire.
          `if (vm.tracing) ${g.k(note)}(vm, ${before}, ${result}, ${amount}, ${into}, ${factor});`,
        ]),
    "}",
    `vm.rule = ${outer};`,
    // The stage is settled after its last modifier, whether or not that one's condition held.
    place?.last ? `if (${pending}) { ${result} = ${g.k(settleExclusive)}(vm, ${g.k(v)}, ${g.k(place)}, ${result}, ${pending}); ${pending} = undefined; }` : "",
  ].join("\n");
}
