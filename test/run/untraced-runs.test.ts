// A run without a trace takes shortcuts a traced run cannot (dice rolled without an object per die,
// status expiry over the entities given a status instead of a walk over the whole state, no look for
// statuses in a state known to hold none): a simulation's untraced run must end exactly as the
// tree-walker's traced run of the same seed on a fresh conversion of the state: the same result or
// error, final state, dice generator state and number of dice rolled. On every bundled scenario that is
// checked in test/run/compiled/matches-interpreter.test.ts ("every bundled scenario"), beside the traced
// run, so the two share the tree-walker's run of each seed; here, the cases the scenarios do not reach.
import { describe, expect, it } from "vitest";
import { indexProgram, scenarioRunner, type Scenario } from "../../src/pipeline.ts";
import { Interpreter } from "../../src/run/interpreter.ts";
import { stateFromJson, stateToJson } from "../../src/run/state.ts";
import { checked } from "../support/helpers.ts";

describe("an untraced run of a state that holds timed statuses", () => {
  const RULES = `kind Unit { name: text }
event RoundEnds()
status stunned
status blessed until RoundEnds
state { units: list<Unit> = [] }
fn battle() -> int {
  apply blessed to units[1]
  emit RoundEnds()
  emit RoundEnds()
  apply blessed to units[0]
  emit RoundEnds()
  return roll(2, 6)
}
`;
  const state = {
    units: [
      { name: "A", statuses: { stunned: { left: 2, until: "RoundEnds" } } },
      { name: "B", statuses: { stunned: { left: 1, until: "RoundEnds" } } },
      { name: "C", statuses: { stunned: true } },
    ],
  };
  // A's and B's timers end by the second RoundEnds: the third counts down only the entities given a status while running.
  it("counts them down as the tree-walker's traced run", () => {
    const program = indexProgram(checked(RULES));
    const runner = scenarioRunner(program, { run: "battle", state } as unknown as Scenario, "compiled");
    if (!("battle" in runner)) throw new Error("does not run");
    const fn = program.fns.get("battle")!;
    for (const seed of ["1", "2", "3"]) {
      const fast = runner.battle(seed, { trace: false });
      const tree = new Interpreter(program, stateFromJson(program, state), { seed, trace: true });
      const result = tree.call(fn, [], fn.span);
      expect(fast.error).toBeUndefined();
      expect(fast.result).toEqual(result);
      expect(fast.rng).toEqual(tree.dice.state());
      expect(fast.state).toEqual(stateToJson(program, tree.globals));
    }
    const end = runner.battle("1", { trace: false }).state as { units: { name: string; statuses?: object }[] };
    expect(end.units.map((u) => u.statuses)).toEqual([undefined, undefined, { stunned: true }]);
  });
});
