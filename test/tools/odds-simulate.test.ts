// `rulesmith odds` against `rulesmith simulate` on a bundled duel with a medal on each side (a second
// die every round, the lower kept): the exact probability of each side's win must lie inside the 95%
// interval that a seeded simulation gives it. The seed is fixed, so the test cannot fail by luck.
import { describe, expect, it } from "vitest";
import { exactOdds, loadScenario, simulate, wilson } from "../../src/api.ts";
import { nodeFileHost } from "../../src/api/node.ts";
import { project } from "../support/run-cli.ts";

describe("odds agrees with simulate", () => {
  it("duel-medals-both.json: each exact probability inside simulate's 95% interval", () => {
    const { ready } = loadScenario("rules/warlords3/scenarios/duel-medals-both.json", nodeFileHost(["rules"], project));
    const odds = exactOdds(ready!);
    if (!("outcomes" in odds)) throw new Error(`odds gave no distribution: ${JSON.stringify(odds)}`);
    expect(odds.exact).toBe(true);
    expect(odds.outcomes.map((o) => [o.result, `${o.p.num}/${o.p.den}`])).toEqual([
      ["Side.attacker", "5359770625/8587340257"],
      ["Side.defender", "3227569632/8587340257"],
    ]);
    const sim = simulate(ready!, 4000, "odds-vs-simulate");
    for (const o of odds.outcomes) {
      const [low, high] = wilson(sim.counts.get(o.result) ?? 0, sim.runs);
      expect(low).toBeLessThanOrEqual(o.probability);
      expect(o.probability).toBeLessThanOrEqual(high);
    }
  });
});
