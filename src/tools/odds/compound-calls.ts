// Merging per die inside a round: a call of a function that only reads the game state and rolls dice
// (no writes, no events, no choices) is, to the run that makes it, one roll of a compound die whose
// faces are the call's distinct results. `rulesmith odds` works that distribution out once per call
// and state (every dice path through the call, run in place: the call changes nothing, so running it
// again and again leaves the run where it was), keeps it under the canonical key of the function, its
// arguments and the whole game state (hash-consing: the same call in the same state in another run, or
// another state of the chain, finds it), and the run's path then branches once per result rather than
// once per die. A d20 and a d30 of which the lower is kept are 600 dice paths but 20 results; a round in
// which both units roll them is 400 paths to the next state rather than 360,000.
//
// A call qualifies when it is statically pure (below), returns a number, a truth value, a text, an enum
// member or none (values that mean the same in every run, unlike an entity of one run's state), no die
// is forced when it is made, and no rule counts the dice rolled (`rollCount()`).
import type * as A from "../../core/ast.ts";
import { walk, type Node } from "../../core/ast-walk.ts";
import { keptIn } from "../../core/kept-values.ts";
import type { Value } from "../../core/values.ts";
import type { Interpreter } from "../../run/interpreter.ts";
import type { RuntimeProgram } from "../../run/index-program.ts";
import { addFraction, type Fraction } from "./fraction.ts";
import type { PathDice } from "./path-dice.ts";

/** A call's results and their probabilities, in the order the call's dice paths first met them. */
export interface Distribution {
  values: readonly Value[];
  weights: readonly Fraction[];
}

/** Dice paths through one call at most: past it the call runs die by die as before. */
export const MAX_PATHS_PER_CALL = 20_000;

/** The distributions worked out so far, by canonical key; shared by every run of one `odds`. */
export class CompoundCalls {
  private readonly known = new Map<string, Distribution | "too many">();

  get size(): number {
    return this.known.size;
  }

  /**
   * The result of `fn(args)` drawn as one compound die, or undefined when the call must run as it is.
   * `key` writes the call's canonical key; `run` makes the call once more with the dice as they are.
   */
  draw(fn: A.FnDecl, program: RuntimeProgram, dice: PathDice, key: (withState: boolean) => string, run: () => Value | undefined): { value: Value | undefined } | undefined {
    if (!dice.free) return undefined;
    const reads = callReads(program, fn);
    if (reads === "impure" || reads === "no dice") return undefined;
    const k = key(reads === "state");
    let d = this.known.get(k);
    if (d === undefined) {
      d = enumerate(dice, run);
      this.known.set(k, d);
    }
    if (d === "too many") return undefined;
    if (d.values.length === 1) return { value: d.values[0] };
    return { value: d.values[dice.compound(d.weights) - 1] };
  }
}

/** Every dice path through the call, each run once on a nested odometer. */
function enumerate(dice: PathDice, run: () => Value | undefined): Distribution | "too many" {
  const byResult = new Map<Value | undefined, number>();
  const values: (Value | undefined)[] = [];
  const weights: Fraction[] = [];
  let prefix: number[] | undefined = [];
  for (let paths = 0; prefix !== undefined; paths++) {
    if (paths >= MAX_PATHS_PER_CALL) return "too many";
    dice.beginSub(prefix);
    let value: Value | undefined;
    let path!: ReturnType<PathDice["endSub"]>;
    try {
      value = run();
    } finally {
      path = dice.endSub();
    }
    if (!isPlain(value)) return "too many";
    const at = byResult.get(value);
    if (at === undefined) {
      byResult.set(value, values.length);
      values.push(value);
      weights.push(path.p);
    } else weights[at] = addFraction(weights[at]!, path.p);
    prefix = path.next;
  }
  return { values: values as Value[], weights };
}

/** A result that means the same in every run: compared by `===`, kept across runs. */
function isPlain(v: Value | undefined): boolean {
  return v === null || typeof v === "number" || typeof v === "boolean" || typeof v === "string";
}

/**
 * What a call may touch: "impure" (it may change more than the dice), "no dice" (it changes nothing and
 * rolls nothing: nothing to merge, so not worth a key), "state" (it rolls and reads a state field by
 * name), "args" (it rolls and reads only what its arguments reach).
 */
export type CallReads = "impure" | "no dice" | "state" | "args";

const purity = new WeakMap<RuntimeProgram, Map<A.Decl, CallReads>>();

/**
 * Whether a call of `fn` can change nothing but the dice and ends after a bounded number of them: no
 * statement that writes outside its own locals, no event, no choice, no forced dice, no `rollCount()`,
 * no `while` and no function calling itself, and the same of everything it calls
 * (a value's modifiers included: every modifier of the program, to stay simple and sound). And whether
 * it names a field of the game state: when not, what it reads is reached from its arguments, which
 * are then key enough.
 */
export function callReads(program: RuntimeProgram, fn: A.FnDecl): CallReads {
  const verdicts = keptIn(purity, program, () => new Map<A.Decl, CallReads>());
  const known = verdicts.get(fn);
  if (known !== undefined) return known;
  // Everything reachable from `fn`, each declaration once; any impure node makes them all impure.
  const seen = new Set<A.Decl>([fn]);
  const todo: A.Decl[] = [fn];
  let pure = true;
  let state = false;
  let dice = false;
  let modifiersAdded = false;
  while (pure && todo.length > 0) {
    const d = todo.pop()!;
    walk(d, (node: Node) => {
      if (!pure) return false;
      const n = node as (A.Stmt | A.Expr) & { ref?: A.Ref };
      switch (n.kind) {
        case "emit":
        case "choose":
        case "apply":
        case "clear":
        case "add":
        case "remove":
        case "move":
        case "force":
        case "expect":
        case "proceed":
          pure = false;
          return false;
        case "assign":
          if (n.target.kind !== "name" || n.target.ref?.to !== "local") pure = false;
          break;
        case "call":
          if (n.builtin === "rollCount") pure = false;
          if (n.builtin === "chance" || n.builtin === "rollEach") dice = true;
          break;
        case "roll":
          dice = true;
          break;
        case "while":
          // A loop may roll until some face comes up, without bound: the chain's loop heads handle that, one state at a time.
          pure = false;
          return false;
        case "name":
          if (n.ref?.to === "state") state = true;
          break;
      }
      if (n.ref?.to === "decl") {
        const callee = program.decls[n.ref.id];
        // Recursion may go on as long as the dice let it, like a loop.
        if (callee === d && d.kind === "fn") {
          pure = false;
          return false;
        }
        if (callee && !seen.has(callee) && (callee.kind === "fn" || callee.kind === "value" || callee.kind === "table" || callee.kind === "kind")) {
          seen.add(callee);
          todo.push(callee);
          if (callee.kind === "value" && !modifiersAdded) {
            modifiersAdded = true;
            for (const m of program.decls) if (m?.kind === "modifier" && !seen.has(m)) seen.add(m), todo.push(m);
          }
        }
      }
      return true;
    });
  }
  const verdict: CallReads = !pure ? "impure" : !dice ? "no dice" : state ? "state" : "args";
  verdicts.set(fn, verdict);
  return verdict;
}
