// The examples of a program run by each of the three engines (the tree-walker, the compiled closures
// and the generated code), held to give the same outcome: a test of a construct's semantics uses it so
// that one assertion covers all three.
import { expect } from "vitest";
import { indexProgram, type RuntimeProgram } from "../../src/pipeline.ts";
import type { RunOptions } from "../../src/run/run-options.ts";
import type { Value } from "../../src/core/values.ts";
import { Interpreter } from "../../src/run/interpreter.ts";
import { CompiledRun } from "../../src/run/compiled/run.ts";
import { initialState } from "../../src/run/state.ts";
import { formatTrace } from "../../src/run/trace.ts";
import { RuleError } from "../../src/core/values.ts";
import { checked } from "./helpers.ts";

/** The three engines: the tree-walker, the compiled backend with closures alone, and with generated code. */
export const ENGINES = ["tree", "closures", "generated"] as const;
export type EngineForm = (typeof ENGINES)[number];

/** A run of `program` on `globals` by one engine. */
export function runOn(engine: EngineForm, program: RuntimeProgram, globals: (Value | undefined)[], options: RunOptions): Interpreter {
  if (engine === "tree") return new Interpreter(program, globals, options);
  return new CompiledRun(program, globals, { ...options, generate: engine === "generated" });
}

export interface EngineOutcome {
  title: string;
  /** `CODE message` of the error the example stopped with (an `expect` that failed is R0201's). */
  error?: string;
  /** The trace as `rulesmith test` prints it. */
  trace: string;
}

/** Runs every example of `text` (`main.rules`, with any `others` it imports) on the three engines; expects them to agree and returns the tree-walker's outcomes. */
export function onEveryEngine(text: string, others: Record<string, string> = {}): EngineOutcome[] {
  const program = indexProgram(checked(text, others));
  const run = (engine: EngineForm) =>
    program.examples.map((ex): EngineOutcome => {
      const options = { seed: ex.title };
      const vm = runOn(engine, program, initialState(program), options);
      let error: string | undefined;
      try {
        vm.runExample(ex);
      } catch (err) {
        error = err instanceof RuleError ? `${err.code} ${err.message}` : String(err);
      }
      return { title: ex.title, ...(error ? { error } : {}), trace: formatTrace(vm.trace) };
    });
  const tree = run("tree");
  expect(run("closures"), "closures").toEqual(tree);
  expect(run("generated"), "generated").toEqual(tree);
  return tree;
}
