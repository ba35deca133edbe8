// Statuses as instances run the same on the tree-walker, the compiled closures and the generated code:
// results, trace, dice and final statuses, byte for byte, traced and untraced.
import { describe, expect, it } from "vitest";
import { indexProgram } from "../../../src/pipeline.ts";
import { initialState, stateToJson } from "../../../src/run/state.ts";
import { formatTrace } from "../../../src/run/trace.ts";
import { checked } from "../../support/helpers.ts";
import { runOn, type EngineForm } from "../../support/every-engine.ts";
import { INSTANCE_RULES } from "../../support/status-instances.ts";

function outcomes(engine: EngineForm, trace: boolean) {
  const program = indexProgram(checked(INSTANCE_RULES));
  return program.examples.map((ex) => {
    const options = { seed: ex.title, trace };
    const run = runOn(engine, program, initialState(program), options);
    let error: string | undefined;
    try {
      run.runExample(ex);
    } catch (err) {
      error = String(err);
    }
    return { title: ex.title, error, trace: formatTrace(run.trace), state: stateToJson(program, run.globals) };
  });
}

describe("statuses as instances on every engine", () => {
  for (const trace of [true, false]) {
    it(`gives the tree-walker's outcomes ${trace ? "with" : "without"} a trace`, () => {
      const tree = outcomes("tree", trace);
      expect(tree.every((o) => o.error === undefined)).toBe(true);
      if (trace) expect(tree[0]!.trace).toContain('is now frightened(2) from Dragon "Red"');
      expect(outcomes("closures", trace)).toEqual(tree);
      expect(outcomes("generated", trace)).toEqual(tree);
    });
  }

  it("leaves the same statuses untraced as traced (the untraced expiry counts down only the entities given statuses)", () => {
    expect(outcomes("tree", false).map((o) => o.state)).toEqual(outcomes("tree", true).map((o) => o.state));
    expect(outcomes("generated", false).map((o) => o.state)).toEqual(outcomes("tree", true).map((o) => o.state));
  });
});
