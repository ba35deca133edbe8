// runScenario's `watchState` (docs/api.md): the run's live state, given as the run starts, so a trace
// sink can read the state at each entry (the playground's board follows the trace this way). On both
// engines the state read at an entry is the state as the lines before it left it.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { nodeHost } from "../../src/api/node-host.ts";
import { compile, indexProgram, runScenario, type Scenario } from "../../src/pipeline.ts";
import { stateToJson, type StateValues } from "../../src/run/state.ts";
import type { TraceEntry } from "../../src/run/trace.ts";

const program = indexProgram(compile(["docs/examples/duel/duel.rules"], nodeHost).program!);
const scenario = JSON.parse(readFileSync("docs/examples/duel/scenarios/duel.json", "utf8")) as Scenario;

test.each(["compiled", "tree"] as const)("on the %s engine, each round's rolls are read with the hit points the rounds before left", (engine) => {
  let live: StateValues | undefined;
  const seen: { entry: TraceEntry; hp: [number, number] }[] = [];
  const sink = {
    push(entry: TraceEntry) {
      const s = stateToJson(program, live!) as { red: { hp: number }; blue: { hp: number } };
      seen.push({ entry, hp: [s.red.hp, s.blue.hp] });
    },
  };
  const run = runScenario(program, scenario, { seed: "3", trace: true, engine, traceSink: sink, watchState: (s) => (live = s) });
  expect(run.error).toBeUndefined();
  // The sink took the entries; the run's own list is empty.
  expect(run.trace).toEqual([]);
  // Work the hit points out from the rolls the trace shows: the lower roll of a round loses one, a tie both.
  // Ann starts on the declared 3, Bo on the scenario's 2.
  const hp: [number, number] = [3, 2];
  const rolls: number[] = [];
  for (const { entry, hp: read } of seen) {
    expect(read).toEqual(hp);
    const roll = /^roll d6 -> (\d)$/.exec(entry.message);
    if (!roll) continue;
    rolls.push(Number(roll[1]));
    if (rolls.length === 2) {
      const [r, b] = rolls as [number, number];
      if (r <= b) hp[0]--;
      if (b <= r) hp[1]--;
      rolls.length = 0;
    }
  }
  // What was read after the last entry is the final state.
  const final = run.state as { red: { hp: number }; blue: { hp: number } };
  expect([final.red.hp, final.blue.hp]).toEqual(hp);
});
