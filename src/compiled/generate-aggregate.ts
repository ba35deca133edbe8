// `count(u in units where ...)`, `sum(...)`, `max(... else 0)`: an aggregate as a generated function
// of its own, its `where` and `=>` parts inline, written out from stdlib's `aggregateOver` case by
// case: a step per item of the source, every `where` before any `=>`, the items that matched walked
// again for their values, the same sums checked for exactness, the same errors. An aggregate whose
// name it does not know runs through its closure (and `aggregateOver` reports it).
import type * as A from "../ast.ts";
import { showExpr } from "../runtime/show-expr.ts";
import { RuleError } from "../runtime/values.ts";
import type { CExpr, Compiler } from "./compiler.ts";
import { enumMembers } from "./expressions.ts";
import { genExpr } from "./generate-expressions.ts";
import { local, slotsToLocals, slotsUsed, Source, tryGenerate } from "./source.ts";
import type { Value } from "../runtime/values.ts";
import type { CompiledRun } from "./run.ts";

/**
 * An aggregate's function and how a call passes it the frame: the frame itself (`f(env, vm)`), or,
 * when it uses the frame by slot only, the slots it uses one by one (`f(vm, env[2], env[5])`), which it
 * keeps in locals. Its writes (the comprehension's own variables) then stay inside it: nothing outside
 * the comprehension reads them.
 */
export type Aggregate = { f: CExpr; slots?: undefined } | { f: (vm: CompiledRun, ...slots: (Value | undefined)[]) => Value | undefined; slots: number[] };

export function generateAggregate(c: Compiler, name: string, comp: A.Comprehension, span: A.Span): Aggregate | undefined {
  return tryGenerate((g): Aggregate | undefined => {
    const body = aggregateBody(c, g, name, comp, span);
    if (body === undefined) return undefined;
    const slots = slotsUsed(body);
    if (slots) return { f: g.finish(slotsToLocals(body), ["vm", ...slots.map(local)].join(", ")), slots };
    return { f: g.finish<CExpr>(body) };
  });
}

const KNOWN = new Set(["count", "any", "all", "filter", "sum", "first", "min", "max"]);

function aggregateBody(c: Compiler, g: Source, name: string, comp: A.Comprehension, span: A.Span): string | undefined {
  if (!KNOWN.has(name)) return undefined;
  const needsYield = name === "sum" || name === "min" || name === "max";
  if (needsYield && !comp.yield) return undefined;
  const slot = g.int(comp.slot);
  const tick = `vm.tick(${g.k(span)});`;
  const members = enumMembers(c, comp.source);
  const src = g.temp();
  const matching = g.temp();
  const i = g.loop();
  const where = comp.where ? `${genExpr(c, g, comp.where)} === true` : "true";
  const counting = name === "count" || name === "any" || name === "all";
  // `first`, `min` and `max` ask first whether any matched: their list is made with the first match.
  const lazy = name === "first" || name === "min" || name === "max";
  const lines = [
    `${src} = ${members ? g.k(members) : `${g.h("list")}(${genExpr(c, g, comp.source)}, ${g.k(comp.source)})`};`,
    `${matching} = ${counting ? "0" : lazy ? "undefined" : "[]"};`,
    `for (let ${i} = 0; ${i} < ${src}.length; ${i}++) {`,
    tick,
    `env[${slot}] = ${src}[${i}];`,
    `if (${where}) {`,
    counting ? `${matching}++;` : lazy ? `(${matching} ??= []).push(${src}[${i}]);` : `${matching}.push(${src}[${i}]);`,
    name === "first" || name === "any" ? "break;" : "",
    "}",
    "}",
  ];
  switch (name) {
    case "count":
      return [...lines, `return ${matching};`].join("\n");
    case "any":
      return [...lines, `return ${matching} > 0;`].join("\n");
    case "all":
      return [...lines, `return ${matching} === ${src}.length;`].join("\n");
    case "filter":
      return [...lines, `return ${matching};`].join("\n");
    default:
      break;
  }
  // Every `=>` value after every `where`, as `yields()` maps the items that matched.
  const ys = g.temp();
  const j = g.loop();
  const yields = name === "sum"
    ? [`${ys} = [];`, `for (let ${j} = 0; ${j} < ${matching}.length; ${j}++) {`, `env[${slot}] = ${matching}[${j}];`, `${ys}.push(${genExpr(c, g, comp.yield!)});`, "}"]
    : [];
  const k = g.loop();
  const acc = g.temp();
  if (name === "sum") {
    const what = g.k(() => "the `sum` at this point");
    return [...lines, ...yields, `${acc} = 0;`, `for (let ${k} = 0; ${k} < ${ys}.length; ${k}++) {`, `${acc} = ${g.h("exact")}(${acc} + ${ys}[${k}], ${what}, ${g.k(span)});`, "}", `return ${acc};`].join("\n");
  }
  // first, min, max: none that matched is the `else` value, or an error.
  const none = () => {
    throw new RuleError("R0501", `\`${name}\` found no item in \`${showExpr(comp.source)}\`; add \`else value\` for that case`, span);
  };
  const empty = `if (${matching} === undefined) return ${comp.otherwise ? genExpr(c, g, comp.otherwise) : `${g.k(none)}()`};`;
  if (name === "first") return [...lines, empty, `return ${matching}[0];`].join("\n");
  const better = name === "min" ? "<" : ">";
  // Each `=>` value, in order after every `where`, kept when it is the best so far: the fold after
  // `yields()` that stdlib makes, without the list of values (comparing neither throws nor rolls).
  const y = g.temp();
  return [
    ...lines,
    empty,
    `${acc} = ${g.h("nan")};`,
    `for (let ${j} = 0; ${j} < ${matching}.length; ${j}++) {`,
    `env[${slot}] = ${matching}[${j}];`,
    `${y} = ${genExpr(c, g, comp.yield!)};`,
    `if (${acc} !== ${acc} || ${y} ${better} ${acc}) ${acc} = ${y};`,
    "}",
    `return ${acc};`,
  ].join("\n");
}
