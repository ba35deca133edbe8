// `greedy`: the option the rules' scoring function rates highest. The function runs on an interpreter
// of its own over the live state, untraced and with dice of its own, so scoring leaves the run's
// trace and dice as they were; it reads the state and should not change it (what it writes stays).
import type * as A from "../../core/ast.ts";
import { showTypeRef } from "../../core/show-expr.ts";
import { Entity, RuleError, showValue, Tally, type Value } from "../../core/values.ts";
import { Interpreter } from "../interpreter.ts";
import type { RuntimeProgram } from "../index-program.ts";
import type { ChoicePoint } from "../machine.ts";

export interface GreedyPick {
  index: number;
  /** `score 7 vs 5`: the pick's score and the best of the others. */
  why: string;
}

/**
 * The option of highest score (the first of equals). `none` (no pick, or stopping a `choose up to`)
 * scores 0 unless the function takes an optional, so greedy stops once nothing left scores above 0.
 */
export function greedyPick(score: string, question: string, options: readonly Value[], at: ChoicePoint, span: A.Span): GreedyPick {
  const fn = at.program.fns.get(score);
  if (!fn || fn.params.length !== 1) throw new RuleError("R0503", `greedy scores options with \`${score}\`, which must be a function of one option`, span);
  const type = fn.params[0]!.type;
  const run = new Interpreter(at.program, at.globals as (Value | undefined)[], { seed: `greedy:${score}`, trace: false });
  const scores = options.map((o) => {
    if (o === null && !type.optional) return 0;
    if (!fits(at.program, type, o)) {
      throw new RuleError("R0503", `greedy cannot score the options of "${question}" with \`${score}\`, which takes a \`${showTypeRef(type)}\`: ${options.map(showValue).join(", ")}`, span);
    }
    const s = run.call(fn, [o], span);
    if (typeof s !== "number") throw new RuleError("R0503", `greedy's \`${score}\` gave ${showValue(s ?? null)} for ${showValue(o)}, not an int`, span);
    return s;
  });
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i;
  const others = scores.filter((_, i) => i !== best);
  const why = others.length === 0 ? `score ${scores[best]}, the only option` : `score ${scores[best]} vs ${Math.max(...others)}`;
  return { index: best, why };
}

/** Whether a value is one of the type's: the scoring function is called with options of any question. */
function fits(program: RuntimeProgram, type: A.TypeRef, v: Value): boolean {
  if (v === null) return type.optional === true;
  const name = type.name.text;
  switch (name) {
    case "int":
      return typeof v === "number";
    case "bool":
      return typeof v === "boolean";
    case "text":
      return typeof v === "string";
    case "list":
      return Array.isArray(v) && (type.element === undefined || v.every((x) => fits(program, type.element!, x)));
    case "tally":
      return v instanceof Tally;
  }
  const en = program.enums.get(name);
  if (en) return typeof v === "string" && en.members.some((m) => m.text === v);
  return v instanceof Entity && v.kind === name;
}

