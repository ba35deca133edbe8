// The reference both compiled-engine tests compare with: the tree-walker, traced, on a state converted
// from the scenario's JSON for this run alone.
import type { RuntimeProgram, Scenario } from "../src/pipeline.ts";
import { scriptedChooser } from "../src/runtime/choosers.ts";
import { Interpreter } from "../src/runtime/interpreter.ts";
import { stateFromJson, stateToJson, type Json } from "../src/runtime/state.ts";

export interface TreeRun {
  interp: Interpreter;
  result?: unknown;
  /** The message of the error the run stopped with, if any. */
  error?: string;
  /** The final state as JSON, when the run ended without an error. */
  state?: Json;
}

export function treeReference(program: RuntimeProgram, scenario: Scenario, seed: string): TreeRun {
  const fn = program.fns.get(scenario.run)!;
  const interp = new Interpreter(program, stateFromJson(program, scenario.state), { seed, trace: true, ...(scenario.choices ? { chooser: scriptedChooser(scenario.choices) } : {}) });
  try {
    const result = interp.call(fn, [], fn.span);
    return { interp, result, state: stateToJson(program, interp.globals) };
  } catch (err) {
    return { interp, error: (err as Error).message };
  }
}
