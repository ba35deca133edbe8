// Status expiry found through an index, not a walk over the state (issue 29, item 7): with a trace kept,
// an emission that counts a status down used to walk every entity reachable from the state, work the
// step budget never counted. The walk is now needed only when its order or reach can show in the trace
// (two statuses ending on one emission, or a status the state arrived with); the trace stays the same.
import { describe, expect, it } from "vitest";
import { indexProgram } from "../../src/pipeline.ts";
import { newRun } from "../../src/run/scenario-runner.ts";
import { initialState } from "../../src/run/state.ts";
import { formatTrace } from "../../src/run/trace.ts";
import { Entity, type Value } from "../../src/core/values.ts";
import { checked } from "../support/helpers.ts";

const RULES = `kind Unit { name: text }
state { hero: Unit, crowd: list<Unit> }
event RoundEnds()
status stunned for 2 RoundEnds
status dazed until RoundEnds

example "the hero's statuses end" {
  hero = Unit(name: "Hero")
  apply stunned to hero
  apply dazed to hero
  for i in 1..3 { emit RoundEnds() }
  expect not (hero has stunned)
}
`;

/** A crowd of `n` units whose items count how often they are read: the walk reads each. */
function countedCrowd(n: number) {
  const reads = { n: 0 };
  const units: Value[] = Array.from({ length: n }, (_, i) => new Entity("Unit", { name: `u${i}` }));
  const crowd = new Proxy(units, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads.n++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { crowd, reads };
}

describe("status expiry through the index", () => {
  it("emissions that count down a status given while running read none of a 10,000-unit crowd, with the trace kept, on every engine", () => {
    const program = indexProgram(checked(RULES));
    const traces = (["tree", "compiled"] as const).map((engine) => {
      const { crowd, reads } = countedCrowd(10_000);
      const globals = initialState(program);
      globals[program.stateFields.findIndex((f) => f.name.text === "crowd")] = crowd;
      const run = newRun(engine, program, globals, { seed: "s", trace: true });
      run.runExample(program.examples[0]!);
      // The start of the run walks the state once for the statuses it arrived with; the emissions not at all.
      expect(reads.n, engine).toBe(10_000);
      return formatTrace(run.trace);
    });
    expect(traces[1]).toBe(traces[0]);
    expect(traces[0]).toContain("is no longer dazed (expired on RoundEnds)");
    expect(traces[0]).toContain("is no longer stunned (expired on RoundEnds)");
  });
});
