// `if C { ... } else if D { ... } else { ... }`: an `else if` chain is one statement walked in a loop
// by every engine (a chain of 2,000 links must not nest 2,000 deep), and each `if` after the first
// counts a step when it is reached, as a statement of its block would.
import * as A from "../core/ast.ts";
import type { CExpr, CStmt } from "../run/compiled/compiler.ts";
import type { StatementConstruct } from "./contexts.ts";

type If = A.Stmt & { kind: "if" };

export const ifStatement: StatementConstruct<"if"> = {
  kind: "if",
  check(s, scope, ctx, k) {
    let at: If = s;
    let sc = scope;
    for (;;) {
      k.condition(at.condition, sc, ctx);
      k.block(at.then, k.narrowBy(sc, at.condition, true, at.then.statements, ctx), ctx);
      if (!at.else) return;
      const otherwise = k.narrowBy(sc, at.condition, false, at.else.statements, ctx);
      const next = A.elseIf(at);
      if (!next) return k.block(at.else, otherwise, ctx);
      sc = k.inner(otherwise);
      at = next;
    }
  },
  run(s, env, vm) {
    let at: If = s;
    while (vm.eval(at.condition, env) !== true) {
      const next = A.elseIf(at);
      if (!next) return at.else ? vm.execBlock(at.else, env) : undefined;
      vm.tick(next.span);
      at = next;
    }
    return vm.execBlock(at.then, env);
  },
  compile(s, c) {
    const tests: CExpr[] = [];
    const thens: CStmt[] = [];
    const spans: A.Span[] = [];
    let at: If | undefined = s;
    let last: If = s;
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
  },
  /** Flat, as the closure runs it: a branch taken leaves the labelled block. */
  generate(s, { g, expr, block }) {
    const label = g.label();
    const lines = [`${label}: {`];
    let at: If | undefined = s;
    let last = s;
    while (at) {
      lines.push(`vm.tick(${g.k(at.span)});`, `if (${expr(at.condition)} === true) {`, block(at.then), `break ${label};`, "}");
      last = at;
      at = A.elseIf(at);
    }
    if (last.else) lines.push(block(last.else));
    lines.push("}");
    return lines.join("\n");
  },
};
