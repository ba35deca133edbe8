// Where `rulesmith odds` may merge runs: the loop heads and call sites at which the JavaScript stack of
// the tree-walker holds nothing but the frames of the rules' calls. A run's future is then a function
// of the game state, those frames and the places in the rules they stand at, so two dice paths that
// reach the same of all three have the same future (src/tools/odds/merge-hook.ts fingerprints them).
//
// Decided once per program, statically and conservatively. A call site is clean when the call is the
// whole of its statement (`f(..)`, `let x = f(..)`, `x = f(..)` onto a target without effects,
// `return f(..)`, or exactly the condition of an `if` or `while`), in a block-bodied function, not
// inside a `for` (its loop keeps an index or a copy of the list on the JavaScript stack). A `while`
// head is clean on the same terms. Anything in an expression (an operand, an aggregate, a modifier),
// in an event handler or an event's body is never clean: it holds values half-computed or an
// emission's position among its handlers.
import { walk, type Node } from "../../core/ast-walk.ts";
import type * as A from "../../core/ast.ts";
import type { RuntimeProgram } from "../../run/index-program.ts";
import { keptIn } from "../../core/kept-values.ts";

export interface CleanPoints {
  /** Clean `while` statements: their function, and a number that names the place. */
  loops: Map<A.Stmt, { owner: A.FnDecl; id: number }>;
  /** Clean call sites, by the call's span (the span the interpreter passes on to the call). */
  sites: Map<A.Span, { owner: A.FnDecl; id: number }>;
  /** Whether some rule asks `rollCount()`: then the dice rolled so far are part of every state. */
  countsRolls: boolean;
}

const cache = new WeakMap<RuntimeProgram, CleanPoints>();

export function cleanPoints(program: RuntimeProgram): CleanPoints {
  return keptIn(cache, program, findCleanPoints);
}

function findCleanPoints(program: RuntimeProgram): CleanPoints {
  const points: CleanPoints = { loops: new Map(), sites: new Map(), countsRolls: false };
  walk(program.decls, (node: Node) => {
    const e = node as A.Expr;
    if (e.kind === "call" && e.builtin === "rollCount") points.countsRolls = true;
  });
  let next = 0;
  const site = (e: A.Expr, owner: A.FnDecl) => {
    if (isBlockFnCall(program, e)) points.sites.set(e.span, { owner, id: next++ });
  };
  for (const d of program.decls) {
    if (d?.kind !== "fn" || d.body.kind !== "block") continue;
    const owner = d;
    walk(d.body, (node: Node) => {
      const s = node as A.Stmt | A.Block;
      switch (s.kind) {
        case "block":
          return true;
        case "while":
          points.loops.set(s, { owner, id: next++ });
          site(s.condition, owner);
          return true;
        case "if":
          site(s.condition, owner);
          return true;
        case "let":
        case "return":
        case "expr":
          if (s.value) site(s.value, owner);
          return false;
        case "assign":
          if (isPlace(s.target)) site(s.value, owner);
          return false;
        default:
          // `for` and every other statement, and every expression: nothing below is clean.
          return false;
      }
    });
  }
  return points;
}

/** A call of a block-bodied function: the only call that adds a frame the interpreter tells the hook of. */
function isBlockFnCall(program: RuntimeProgram, e: A.Expr): e is A.Expr & { kind: "call" } {
  if (e.kind !== "call" || e.ref?.to !== "decl" || e.args.some((a) => a.kind === "comprehension")) return false;
  const d = program.decls[e.ref.id];
  return d?.kind === "fn" && d.body.kind === "block";
}

/** An assignment target evaluated without calls, dice or choices (after the value, from the state). */
function isPlace(e: A.Expr): boolean {
  switch (e.kind) {
    case "name":
    case "int":
    case "text":
    case "bool":
      return true;
    case "member":
      return isPlace(e.object);
    case "index":
      return isPlace(e.object) && isPlace(e.index);
    default:
      return false;
  }
}
