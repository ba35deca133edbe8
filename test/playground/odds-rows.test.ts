// The Exact button's rows (playground/odds-rows.ts): the distribution `enumerateOdds` finds, as
// fractions and percentages, read field by field so a richer result (merged states, doubles) still shows.
import { describe, expect, it } from "vitest";
import { enumerateOdds, type OddsResult } from "../../src/tools/odds/odds.ts";
import { loadScenario } from "../../src/pipeline.ts";
import { memoryFileHost } from "../../src/tools/service/index.ts";
import { prepareSimulation } from "../../src/tools/simulation/simulation.ts";
import { oddsReply } from "../../playground/odds-rows.ts";
import { starterFiles } from "../../playground/starter.ts";

const req = { files: {}, path: "rules/g/s.json", maxPaths: 100 };

describe("the Exact button's rows", () => {
  it("give the starter game's three attacks as binomial(3, 1/2), worked by hand", () => {
    // Each attack is d6 + 4 >= 8: a win on 4, 5 or 6, so p = 1/2; three attacks: 1/8, 3/8, 3/8, 1/8.
    const files = starterFiles("rules/mygame");
    const loaded = loadScenario("rules/mygame/scenarios/start.json", memoryFileHost(files));
    const prepared = prepareSimulation(loaded.ready!.program, loaded.ready!.scenario);
    if ("error" in prepared) throw new Error(prepared.error);
    const reply = oddsReply(enumerateOdds(prepared, 1000), { files, path: "rules/mygame/scenarios/start.json", maxPaths: 1000 });
    expect(reply.error).toBeUndefined();
    expect(reply.rows!.map((r) => [r.result, r.fraction, r.percent, r.p]).sort()).toEqual([
      ["0", "1/8", "12.50%", 0.125],
      ["1", "3/8", "37.50%", 0.375],
      ["2", "3/8", "37.50%", 0.375],
      ["3", "1/8", "12.50%", 0.125],
    ]);
  });

  it("show E0425 with the limit and Simulate when there are too many paths", () => {
    const reply = oddsReply({ paths: 100, tooMany: true }, req);
    expect(reply.rows).toBeUndefined();
    expect(reply.error).toBe(
      "error[E0425]: the scenario has more than 100 dice paths (max paths 100); stopped after running 100\n  help: raise max paths, or estimate the odds with Simulate (`rulesmith simulate rules/g/s.json -n 100000`)",
    );
  });

  it("show E0426 with the dice of the failing path", () => {
    const reply = oddsReply({ paths: 3, error: "error[R0501]: division by zero", dice: [1, 3] }, req);
    expect(reply.error).toBe(
      "error[E0426]: the run fails when the dice come up [1, 3] (dice path 3)\nerror[R0501]: division by zero\n  help: run the scenario with these dice forced to see the trace; odds need every dice path to finish",
    );
  });

  it("show E0428, the command's message, when the scenario may never end", () => {
    const reply = oddsReply({ paths: 40, states: 2, neverEnds: 0.25, closedStates: 1, dice: [1, 1] }, req);
    expect(reply.rows).toBeUndefined();
    expect(reply.error).toMatch(/^error\[E0428\]: with probability 25\.00% the scenario never ends: after the dice \[1, 1\], every way the dice can come up leads back to the same state\n/);
  });

  it("show a probability given as a double without a fraction, and leave out what they cannot read", () => {
    const result = { paths: 2, outcomes: [{ result: "win", p: 0.25 }, { result: "loss", probability: 0.75 }, { result: "odd" }, null] } as unknown as OddsResult;
    expect(oddsReply(result, req).rows).toEqual([
      { result: "win", percent: "25.00%", p: 0.25 },
      { result: "loss", percent: "75.00%", p: 0.75 },
    ]);
  });
});
