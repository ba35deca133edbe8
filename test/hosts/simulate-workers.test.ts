// `rulesmith simulate` over worker threads: the same seeds give the same counts for any number of
// workers, and the state validated and converted once starts every run as a fresh JSON load would.
import { describe, expect, it } from "vitest";
import { simulate } from "../../src/hosts/cli/simulate.ts";
import { nodeHost } from "../../src/api/node-host.ts";
import { loadScenario, runScenario, scenarioRunner, type ReadyScenario } from "../../src/pipeline.ts";
import { mergeRanges, planRanges } from "../../src/tools/simulation/simulation.ts";
import { memoryHost } from "../support/helpers.ts";

function ready(path: string, host = nodeHost): ReadyScenario {
  const loaded = loadScenario(path, host);
  expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return loaded.ready!;
}

/** The counts as a plain loop of `runScenario` calls gives them: the reference. */
function loopCounts(r: ReadyScenario, n: number, seed: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const key = runScenario(r.program, r.scenario, { seed: `${seed}:${i}`, trace: false }).resultText ?? "(no result)";
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe("simulate on worker threads", () => {
  it("counts the Warlords battle the same on 1 and 3 workers, and as one run after another", async () => {
    const battle = ready("rules/warlords3/scenarios/battle.json");
    const one = await simulate(battle, 40, "7", { workers: 1 });
    const three = await simulate(battle, 40, "7", { workers: 3 });
    expect(one.error).toBeUndefined();
    expect(one.runs).toBe(40);
    expect(Object.fromEntries(three.counts)).toEqual(Object.fromEntries(one.counts));
    expect(Object.fromEntries(one.counts)).toEqual(loopCounts(battle, 40, "7"));
    // Both sides win some of 40 battles: the counts are not a degenerate case.
    expect(one.counts.size).toBe(2);
  });

  it("stops at the same run with the same error on 1 and 3 workers", async () => {
    // A run fails when its die shows 6 (a division by zero); which run that is depends on the seed only.
    const host = memoryHost({
      "g.rules": `state { rolls: int = 0 }\nfn go() -> int {\n  let r = roll d6\n  return 10 / (6 - r)\n}`,
      "s.json": JSON.stringify({ rules: "g.rules", run: "go", state: {} }),
    });
    const r = ready("s.json", host);
    const one = await simulate(r, 60, "x", { workers: 1 });
    const three = await simulate(r, 60, "x", { workers: 3 });
    expect(one.error).toMatch(/^error\[\w+\]: run \d+ \(seed x:\d+\): /);
    expect(three.error).toBe(one.error);
    expect(three.runs).toBe(one.runs);
    expect(Object.fromEntries(three.counts)).toEqual(Object.fromEntries(one.counts));
    const firstSix = Number(/run (\d+)/.exec(one.error!)![1]);
    expect(one.runs).toBe(firstSix);
  });

  it("starts each run of a prepared scenario from its own copy of the state", () => {
    const battle = ready("rules/dragon-dice/scenarios/mixed-army.json");
    const prepared = scenarioRunner(battle.program, battle.scenario);
    if (!("battle" in prepared)) throw new Error("the scenario should prepare");
    const fresh = runScenario(battle.program, battle.scenario, { seed: "3", trace: true });
    const first = prepared.battle("3", { trace: true });
    const second = prepared.battle("3", { trace: true });
    expect(first.state).toEqual(fresh.state);
    expect(second.state).toEqual(fresh.state);
    expect(second.trace).toEqual(fresh.trace);
    expect(second.resultText).toBe(fresh.resultText);
  });
});

describe("planRanges and mergeRanges", () => {
  it("cover every run once, in order", () => {
    const ranges = planRanges(1001, 3);
    expect(ranges[0]![0]).toBe(0);
    expect(ranges.at(-1)![1]).toBe(1001);
    ranges.slice(1).forEach(([from], i) => expect(from).toBe(ranges[i]![1]));
  });

  it("add counts in run order up to the first range with an error", () => {
    const merged = mergeRanges([
      { from: 20, runs: 10, counts: [["a", 10]] },
      { from: 10, runs: 4, counts: [["b", 4]], error: "stop" },
      { from: 0, runs: 10, counts: [["a", 7], ["b", 3]] },
    ]);
    expect(merged).toEqual({ runs: 14, counts: new Map([["a", 7], ["b", 7]]), error: "stop" });
  });
});
