// `rulesmith odds` against `rulesmith simulate` on the Warlords III one-on-one duels: the exact
// P(attacker wins) must lie within the 99.9% interval of 20,000 seeded runs. A statistical test with a
// fixed seed, so it gives the same answer every time; a wrong chain (a state merged that should not
// be) would miss by far more than the interval on one of them.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { enumerateOdds } from "../../src/tools/odds/odds.ts";
import { loadScenario } from "../../src/pipeline.ts";
import { prepareSimulation, runRange, type PreparedScenario } from "../../src/tools/simulation/simulation.ts";
import { memoryHost } from "../support/helpers.ts";

const WARLORDS = join(import.meta.dirname, "..", "..", "rules", "warlords3");

/** The Warlords rules and one scenario (its JSON given, or one of the bundled ones) in memory. */
function prepare(scenario: string, json?: unknown): PreparedScenario {
  const files: Record<string, string> = {};
  for (const f of readdirSync(WARLORDS)) if (f.endsWith(".rules")) files[`w/${f}`] = readFileSync(join(WARLORDS, f), "utf8");
  files["w/scenarios/s.json"] = json ? JSON.stringify(json) : readFileSync(join(WARLORDS, "scenarios", scenario), "utf8");
  const loaded = loadScenario("w/scenarios/s.json", memoryHost(files));
  expect(loaded.diagnostics).toEqual([]);
  const prepared = prepareSimulation(loaded.ready!.program, loaded.ready!.scenario);
  if ("error" in prepared) throw new Error(prepared.error);
  return prepared;
}

/** A bundled duel's exact odds, worked out once for every test that reads them (duel.json: two). */
const oddsOf = new Map<string, { prepared: PreparedScenario; odds: ReturnType<typeof enumerateOdds> }>();
function bundledOdds(scenario: string) {
  let known = oddsOf.get(scenario);
  if (!known) {
    const prepared = prepare(scenario);
    oddsOf.set(scenario, (known = { prepared, odds: enumerateOdds(prepared) }));
  }
  return known;
}

const RUNS = 20_000;
/** The normal quantile of 99.95%: a two-sided 99.9% interval. */
const Z = 3.2905;

describe("odds agree with simulate on the Warlords duels", () => {
  for (const scenario of ["duel.json", "duel-missile.json", "duel-medals.json", "duel-trample.json", "duel-flying.json"]) {
    it(scenario, () => {
      const { prepared, odds } = bundledOdds(scenario);
      if (!("outcomes" in odds)) throw new Error(`no distribution for ${scenario}`);
      expect(odds).toMatchObject({ exact: true, unexplored: 0 });
      const p = odds.outcomes.find((o) => o.result === "Side.attacker")!.probability;
      const sim = runRange(prepared, "odds-test", 0, RUNS);
      expect(sim.error).toBeUndefined();
      const wins = sim.counts.find(([k]) => k === "Side.attacker")?.[1] ?? 0;
      const half = Z * Math.sqrt((p * (1 - p)) / RUNS);
      expect(Math.abs(wins / RUNS - p)).toBeLessThanOrEqual(half);
    });
  }

  it("gives the plain duel exactly: a race to three hits, worked by hand", () => {
    // Minotaur (strength 7, 3 hp) against Undead Beast (strength 6, 3 hp): a round hits the beast
    // when the Minotaur rolls under 7 (6/20) and the beast does not roll under 6 (15/20): 90/400; it
    // hits the Minotaur with 14/20 * 5/20 = 70/400; otherwise nothing happens and the round is
    // fought again. Of the rounds that hit, the Minotaur's are p = 90/160 = 9/16, q = 7/16.
    // The Minotaur wins when it lands 3 hits before taking 3: p^3 (1 + 3q + 6q^2)
    //   = 729/4096 * (256 + 336 + 294)/256 = 729 * 886 / 1048576 = 322947/524288.
    const { odds } = bundledOdds("duel.json");
    if (!("outcomes" in odds)) throw new Error("no distribution");
    expect(odds.outcomes.map((o) => [o.result, `${o.p.num}/${o.p.den}`])).toEqual([
      ["Side.attacker", "322947/524288"],
      ["Side.defender", "201341/524288"],
    ]);
  });

  it("reports the seed's hole, strength 1 against strength 1, as a battle that never ends (E0428)", () => {
    // No d20 shows less than 1, so neither unit can ever hit: every round leads back to the same state.
    const unit = (name: string) => ({ name, strength: 1, hp: 1 });
    const state = { attacker: { name: "A", units: [unit("Weakling")], spells: [] }, defender: { name: "D", units: [unit("Weakling")], spells: [] } };
    const odds = enumerateOdds(prepare("", { rules: "..", run: "battle", state }));
    expect(odds).toMatchObject({ neverEnds: 1, closedStates: 1, dice: [1, 1] });
  });
});
