// The memory budget of `rulesmith odds` (issue 29, item 10): the state table keeps a fingerprint of
// every state (a whole game state written out) and the dice that replay it, and past MAX_STATE_TABLE
// characters it stops like any budget, E0427, with what it did not explore counted as unexplored.
// Each state keeps only the dice rolled since the state it was reached from, not its whole path.
import { describe, expect, it } from "vitest";
import { enumerateOdds, MAX_STATE_TABLE, type OddsResult } from "../../src/tools/odds/odds.ts";
import { oddsProblem } from "../../src/tools/odds/messages.ts";
import { loadScenario } from "../../src/pipeline.ts";
import { prepareSimulation } from "../../src/tools/simulation/simulation.ts";
import { memoryHost } from "../support/helpers.ts";

function odds(rules: string, run: string, state: Record<string, unknown>, maxStateTable?: number): OddsResult {
  const host = memoryHost({ "g.rules": rules, "s.json": JSON.stringify({ rules: "g.rules", run, state }) });
  const loaded = loadScenario("s.json", host);
  expect(loaded.diagnostics).toEqual([]);
  const prepared = prepareSimulation(loaded.ready!.program, loaded.ready!.scenario);
  if ("error" in prepared) throw new Error(prepared.error);
  return enumerateOdds(prepared, undefined, maxStateTable === undefined ? {} : { maxStateTable, tolerance: 0 });
}

// Roll until a 6, counting the rolls: every count is a state of its own (n rolls: (5/6)^(n-1) * 1/6).
const WAIT = "state { n: int }\nfn wait() -> int {\n  while roll d6 != 6 { n = n + 1 }\n  return n\n}";

describe("the state table's memory budget", () => {
  it("is 200,000,000 characters", () => {
    expect(MAX_STATE_TABLE).toBe(200_000_000);
  });

  it("past it, odds stops with the states found and the mass it did not explore", () => {
    // Each fingerprint is the same length here: the budget lets in that many states, then stops.
    const r = odds(WAIT, "wait", { n: 0 }, 400);
    if (!("tooMany" in r)) throw new Error(`expected a budget stop, got ${JSON.stringify(r, (_, v) => (typeof v === "bigint" ? String(v) : v))}`);
    expect(r.budget).toBe("memory");
    expect(r.limit).toBe(400);
    const s = r.states!;
    expect(s).toBeGreaterThan(2);
    // States 0..s-2 explored whole, each giving 1/6 to its count; the last explored one stopped at its
    // first path (a 1, into state s-1, never explored): counts 0..s-3 found, (5/6)^(s-2) not explored.
    expect(r.unexplored).toBeCloseTo((5 / 6) ** (s - 2), 12);
    expect(oddsProblem(r, 1_000_000, "s.json")).toBe(
      `error[E0427]: the states of the chain take more than 400 characters to tell apart, the memory budget of odds; stopped after ${r.paths} dice paths through ${s} states, with ${(100 * (5 / 6) ** (s - 2)).toFixed(2)}% of the probability not explored\n  help: a smaller state (fewer entities) makes each state smaller, or estimate the odds with \`rulesmith simulate s.json -n 100000\``,
    );
  });

  it("a state of 3,000 entities stops at the budget long before 20,000 states", () => {
    const links = Array.from({ length: 3000 }, (_, i) => ({ $id: `l${i}`, hp: 1 }));
    const rules = `kind Link { hp: int in 0..9 = 1 }\n${WAIT.replace("state { n: int }", "state { n: int, links: list<Link> }")}`;
    // A fingerprint writes every entity: about 10 characters each, 30,000 a state; a 3,000,000 budget holds about 100.
    const r = odds(rules, "wait", { n: 0, links }, 3_000_000);
    expect(r).toMatchObject({ tooMany: true, budget: "memory" });
    expect((r as { states: number }).states).toBeLessThan(200);
  });
});
