// Ready-made choosers. A chooser answers the rules' decision points (`choose "q" from options`);
// returning undefined falls back to the default policy, the first option.
import type { Chooser } from "./interpreter.ts";
import type { Json } from "./state.ts";
import { Entity, RuleError, showValue, type Value } from "../core/values.ts";

/** Does a scripted JSON answer name this option? By value, by displayed text, or by an entity's `name`. */
export function answers(option: Value, answer: Json): boolean {
  if (option instanceof Entity) return option.fields["name"] === answer || showValue(option) === answer;
  if (Array.isArray(option)) return false;
  return option === answer || showValue(option) === answer;
}

/** A scripted chooser also tells how many of its answers are left (`rulesmith odds` merges states by it). */
export interface ScriptedChooser extends Chooser {
  left(): number;
}

/** Answers decision points in order from a script (a scenario's "choices"); then the default policy. */
export function scriptedChooser(script: readonly Json[]): ScriptedChooser {
  let next = 0;
  return {
    left: () => script.length - next,
    choose(question, options, span) {
      if (next >= script.length) return undefined;
      const answer = script[next++]!;
      const index = options.findIndex((o) => answers(o, answer));
      if (index < 0) {
        throw new RuleError("R0503", `the scenario's choice ${JSON.stringify(answer)} is not one of the options for "${question}": ${options.map(showValue).join(", ")}`, span);
      }
      return index;
    },
  };
}
