// `for x in LIST [where C] { ... }` and `for i in A..B { ... }`: a range, a list (walked as a copy: the
// body may move items out of the list it walks) or an enum's members in declaration order. Every pass
// counts a step, so even an empty body cannot run away.
import { ANY, INT, typeToString, type Type } from "../core/types.ts";
import type { Value } from "../core/values.ts";
import type { Returned } from "../run/machine.ts";
import type { StatementConstruct } from "./contexts.ts";

export const forStatement: StatementConstruct<"for"> = {
  kind: "for",
  check(s, scope, ctx, k) {
    const inner = k.inner(scope);
    const from = (s.to ? undefined : k.enumSource(s.from, scope, ctx)) ?? k.expr(s.from, scope, ctx);
    let element: Type = ANY;
    if (s.to) {
      k.expectType(from, INT, s.from.span, "the start of the range");
      k.expectType(k.expr(s.to, scope, ctx), INT, s.to.span, "the end of the range");
      element = INT;
    } else if (from.t === "list") element = from.of;
    else if (from.t === "optional") k.maybeNone(s.from, "`for` needs a list");
    else if (from.t !== "any") k.report("E0201", s.from.span, `\`for\` needs a list or a range \`a..b\`, but this is ${typeToString(from)}`);
    k.resolve(s, "slot", inner.declare(s.name.text, { type: element, span: s.name.span, mutable: false }));
    if (s.where) k.condition(s.where, inner, ctx);
    k.block(s.body, inner, ctx);
  },
  run(s, env, vm) {
    const from = vm.enumAsList(s.from) ?? vm.eval(s.from, env);
    const run = (item: Value): Returned | undefined => {
      vm.tick(s.span);
      env[s.slot!] = item;
      if (s.where && vm.eval(s.where, env) !== true) return undefined;
      return vm.execBlock(s.body, env);
    };
    if (s.to) {
      const last = vm.eval(s.to, env) as number;
      for (let i = from as number; i <= last; i++) {
        const r = run(i);
        if (r) return r;
      }
      return undefined;
    }
    for (const item of [...(from as Value[])]) {
      const r = run(item);
      if (r) return r;
    }
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const slot = s.slot!;
    const members = c.enumMembers(s.from);
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
          vm.tick(span);
          env[slot] = i;
          if (where && where(env, vm) !== true) continue;
          const r = body(env, vm);
          if (r) return r;
        }
        return undefined;
      }
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
  },
  generate(s, { g, expr, block, enumMembers }) {
    const tick = `vm.tick(${g.k(s.span)});`;
    const slot = g.int(s.slot);
    const members = enumMembers(s.from);
    const where = s.where ? `if (${expr(s.where)} !== true) continue;\n` : "";
    const i = g.loop();
    if (s.to) {
      const start = g.temp();
      const last = g.temp();
      const from = members ? g.k(members) : expr(s.from);
      return `${tick}\n${start} = ${from};\n${last} = ${expr(s.to)};\nfor (let ${i} = ${start}; ${i} <= ${last}; ${i}++) {\n${tick}\nenv[${slot}] = ${i};\n${where}${block(s.body)}\n}`;
    }
    // An enum's members never change, so they are not copied.
    const items = g.temp();
    const from = members ? g.k(members) : `${g.h("copy")}(${expr(s.from)})`;
    return `${tick}\n${items} = ${from};\nfor (let ${i} = 0; ${i} < ${items}.length; ${i}++) {\n${tick}\nenv[${slot}] = ${items}[${i}];\n${where}${block(s.body)}\n}`;
  },
};
