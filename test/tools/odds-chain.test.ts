// `rulesmith odds` as a chain over states: runs that reach the same state at a loop head are merged,
// and the chain is solved. Each expected distribution is worked out by hand in the test.
import { oddsCli } from "../support/odds-cli.ts";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { enumerateOdds, type OddsOptions, type OddsResult } from "../../src/tools/odds/odds.ts";
import { loadScenario } from "../../src/pipeline.ts";
import { prepareSimulation } from "../../src/tools/simulation/simulation.ts";
import { memoryHost } from "../support/helpers.ts";

function odds(rules: string, run: string, state: Record<string, unknown> = {}, options?: OddsOptions, maxPaths?: number): OddsResult {
  const host = memoryHost({ "g.rules": rules, "s.json": JSON.stringify({ rules: "g.rules", run, state }) });
  const loaded = loadScenario("s.json", host);
  expect(loaded.diagnostics).toEqual([]);
  const prepared = prepareSimulation(loaded.ready!.program, loaded.ready!.scenario);
  if ("error" in prepared) throw new Error(prepared.error);
  return enumerateOdds(prepared, maxPaths, options);
}

function table(r: OddsResult): Record<string, string> {
  if (!("outcomes" in r)) throw new Error(`expected a distribution: ${JSON.stringify(r, (_, v) => (typeof v === "bigint" ? String(v) : v))}`);
  return Object.fromEntries(r.outcomes.map((o) => [o.result, `${o.p.num}/${o.p.den}`]));
}

// Two units trade blows: each round `a` hits on 5-6 of a d6, `b` on a 6, both may hit in one round.
// `a` has 1 hp, `b` 2. One round, a hits with 1/3, b with 1/6, independently:
//   both hit 1/3*1/6 = 1/18, only a 1/3*5/6 = 5/18, only b 2/3*1/6 = 2/18, neither 2/3*5/6 = 10/18.
// Neither hitting leaves the state as it was (a loop onto itself), so from each state the odds of
// what happens next are those of a round, over the 8/18 of rounds where something happens:
//   (a 1, b 2): only a -> (1, 1) 5/8; b hits (alone or with a, a dies either way) -> "b" 3/8.
//   (a 1, b 1): only a -> "a" 5/8; only b -> "b" 2/8; both -> "both" 1/8.
// So "a" = 5/8 * 5/8 = 25/64, "both" = 5/8 * 1/8 = 5/64, "b" = 3/8 + 5/8 * 2/8 = 34/64 = 17/32.
const TRADE = `state {
  a: int in 0..9
  b: int in 0..9
}

fn round() {
  if roll d6 >= 5 { b -= 1 }
  if roll d6 == 6 { a -= 1 }
}

fn fight() -> text {
  while a > 0 and b > 0 {
    round()
  }
  if a > 0 { return "a" }
  if b > 0 { return "b" }
  return "both"
}`;

describe("odds merge runs into a chain over states", () => {
  it("two units trading d6 hits until one falls: the chain worked by hand", () => {
    const r = odds(TRADE, "fight", { a: 1, b: 2 });
    expect(table(r)).toEqual({ a: "25/64", b: "17/32", both: "5/64" });
    // The start, (1, 2), (1, 1), and the three ends at the loop head: (0, 2), (0, 1) and (1, 0), (0, 0).
    expect(r).toMatchObject({ exact: true, unexplored: 0, states: 7 });
    // 36 runs from each of the start, (1, 2) and (1, 1); one from each end state, which rolls no die.
    expect(r.paths).toBe(3 * 36 + 4);
  });

  it("solves a cycle of two states: a shoot-out in turns", () => {
    // The first shooter hits on a 6, the second on 5-6, turn about. The first wins on its first shot
    // (1/6), or when both miss (5/6 * 2/3 = 10/18) and it wins from the start again:
    // P = 1/6 / (1 - 10/18) = 3/8; the second wins the rest, 5/8.
    const rules = `fn shootout() -> text {
  let turn = 0
  while true {
    if turn == 0 {
      if roll d6 == 6 { return "first" }
      turn = 1
    } else {
      if roll d6 >= 5 { return "second" }
      turn = 0
    }
  }
  return "never"
}`;
    const r = odds(rules, "shootout");
    expect(table(r)).toEqual({ second: "5/8", first: "3/8" });
    expect(r).toMatchObject({ exact: true, states: 3, paths: 18 });
  });

  it("explores a chain that never closes until its tail is below the tolerance", () => {
    // Roll until a 6, counting the rolls: n rolls with (5/6)^(n-1) * 1/6. Every count is a state of
    // its own, so the chain goes on for ever; it stops once what is left, (5/6)^k, is at most 1e-9.
    const rules = "fn wait() -> int {\n  let n = 1\n  while roll d6 != 6 { n = n + 1 }\n  return n\n}";
    const r = odds(rules, "wait");
    if (!("outcomes" in r)) throw new Error("expected a distribution");
    const t = table(r);
    expect([t["1"], t["2"], t["3"], t["4"]]).toEqual(["1/6", "5/36", "25/216", "125/1296"]);
    expect(r.exact).toBe(true);
    // What is left is exactly (5/6)^k for the k counts explored, and below the tolerance.
    const k = r.outcomes.length;
    expect(r.unexploredP).toEqual({ num: 5n ** BigInt(k), den: 6n ** BigInt(k) });
    expect(r.unexplored).toBeLessThanOrEqual(1e-9);
    expect(r.unexplored).toBeGreaterThan(0);
  });

  it("does not merge at a loop inside a `for`: its runs go on to the end", () => {
    // The `for` keeps its place in the list on the JavaScript stack, so the `while` is no merge point.
    // First roll under 3 again (1/3 each): 1 - (1/3)^k ends ... the first path, all 1s, never does.
    const rules = "fn wait() -> int {\n  let n = 0\n  for i in [1] {\n    while roll d6 < 3 { n = n + 1 }\n  }\n  return n\n}";
    const r = odds(rules, "wait", {}, {}, 5);
    expect(r).toMatchObject({ paths: 1, dice: expect.any(Array) });
    expect("error" in r && r.error).toMatch(/^error\[R0502\]: the step budget/);
  });

  it("merges at a loop reached through whole-statement calls only: not under an operand or a handler", () => {
    // Climb by d2 steps until 3 or more: 1+2, 2+1, 1+1+1 end at 3 (1/4 + 1/4 + 1/8 = 5/8); 2+2 and
    // 1+1+2 at 4 (3/8). The same odds every way, but merged into states only through `let r = climb()`.
    const rules = `fn climb() -> int {
  let n = 0
  while n < 3 { n = n + roll d2 }
  return n
}
fn clean() -> int {
  let r = climb()
  return r
}
fn operand() -> int {
  let r = 0 + climb()
  return r
}
event Climbed() -> int
on Climbed { result = climb() }
fn handled() -> int {
  return emit Climbed()
}`;
    // Merged: the start and n = 1, 2, 3, 4 at the loop head; n = 2 is reached by a 2 and by 1+1, and
    // is explored once: 2 + 2 + 2 runs, and 1 from each end. Not merged: the 5 dice paths of the tree.
    for (const [run, states, paths] of [["clean", 5, 8], ["operand", 1, 5], ["handled", 1, 5]] as const) {
      const r = odds(rules, run);
      expect(table(r)).toEqual({ "3": "5/8", "4": "3/8" });
      expect(r).toMatchObject({ states, paths });
    }
  });

  it("reports the mass that never ends: a loop no roll can leave", () => {
    // Half the time (a roll of 4-6) it returns; otherwise it rolls for ever, n staying 0.
    const rules = "fn stuck() -> int {\n  if roll d6 >= 4 { return 1 }\n  let n = 0\n  while n < 1 { n = n * roll d6 }\n  return n\n}";
    const r = odds(rules, "stuck");
    expect(r).toMatchObject({ neverEnds: 0.5, closedStates: 1, dice: [1] });
  });

  it("counts the dice rolled as part of the state where the rules ask `rollCount()`", () => {
    // Three d2, counting the 2s: binomial, 1/8 3/8 3/8 1/8. Without the count in the state, one 2
    // after one die and one 2 after two dice would look the same and be merged.
    const rules = "fn twos() -> int {\n  let hits = 0\n  while rollCount() < 3 {\n    if roll d2 == 2 { hits = hits + 1 }\n  }\n  return hits\n}";
    expect(table(odds(rules, "twos"))).toEqual({ "0": "1/8", "1": "3/8", "2": "3/8", "3": "1/8" });
  });

  it("stops at --max-states with the mass not explored", () => {
    const rules = "fn wait() -> int {\n  let n = 1\n  while roll d6 != 6 { n = n + 1 }\n  return n\n}";
    const r = odds(rules, "wait", {}, { maxStates: 3, tolerance: 0 });
    // Three states explored (the start, n = 2, n = 3): what is left is (5/6)^3.
    expect(r).toMatchObject({ paths: 18, tooMany: true, budget: "states", limit: 3, states: 4, unexplored: 125 / 216 });
    // What the three states prove: each result at least what reached it, at most that plus the rest.
    const bounds = (r as { bounds: { result: string; low: number; high: number }[] }).bounds;
    expect(bounds.map((b) => b.result)).toEqual(["1", "2", "3"]);
    bounds.forEach((b, i) => {
      expect(b.low).toBeCloseTo([1 / 6, 5 / 36, 25 / 216][i]!, 12);
      expect(b.high).toBeCloseTo(b.low + 125 / 216, 12);
    });
  });

  it("stops at --max-outcomes with the states explored and the mass not explored", () => {
    const rules = "fn wait() -> int {\n  let n = 1\n  while roll d6 != 6 { n = n + 1 }\n  return n\n}";
    // The start and n = 2 explored (6 runs each), n = 3 found: (5/6)^2 is left.
    expect(odds(rules, "wait", {}, { tolerance: 0 }, 12)).toMatchObject({ paths: 12, tooMany: true, states: 3, unexplored: 25 / 36, bounds: [{ result: "1" }, { result: "2" }] });
  });

  it("stops at --max-paths-per-state", () => {
    const r = odds("fn total() -> int = roll 2d6", "total", {}, { maxPathsPerState: 30 });
    expect(r).toMatchObject({ paths: 30, tooMany: true, budget: "paths per state", limit: 30, states: 1, unexplored: 6 / 36 });
  });

  it("merges only where the state is the same: the same hit points from different pasts", () => {
    // Both units start at 2 and lose one each in the first round ... (1, 1) is reached by two
    // orders of hits and is one state: 7 states, as above, not a tree.
    const r = odds(TRADE, "fight", { a: 2, b: 2 });
    if (!("outcomes" in r)) throw new Error("expected a distribution");
    // States at the loop head: (2,2) (2,1) (1,2) (1,1) and the ends (2,0) (1,0) (0,2) (0,1) (0,0), and the start.
    expect(r.states).toBe(10);
    const sum = r.outcomes.reduce((s, o) => s + o.probability, 0);
    expect(sum).toBeCloseTo(1, 12);
  });
});

describe("rulesmith odds on chains", () => {
  const dir = mkdtempSync(join(tmpdir(), "odds-chain-"));
  writeFileSync(join(dir, "g.rules"), TRADE);
  writeFileSync(join(dir, "fight.json"), JSON.stringify({ rules: "g.rules", run: "fight", state: { a: 1, b: 2 } }));
  writeFileSync(join(dir, "wait.rules"), "fn wait() -> int {\n  let n = 1\n  while roll d6 != 6 { n = n + 1 }\n  return n\n}\nfn stuck() -> int {\n  let n = 0\n  while n < 1 { n = n * roll d6 }\n  return n\n}\n");
  writeFileSync(join(dir, "wait.json"), JSON.stringify({ rules: "wait.rules", run: "wait", state: {} }));
  writeFileSync(join(dir, "stuck.json"), JSON.stringify({ rules: "wait.rules", run: "stuck", state: {} }));

  const cli = oddsCli(dir);


  it("prints the states, the runs and the fractions", async () => {
    const r = await cli(join(dir, "fight.json"));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(["112 dice paths through 7 states, exact", "outcome  probability    share", "b              17/32   53.13%", "a              25/64   39.06%", "both            5/64    7.81%"].join("\n"));
  });

  it("prints the states, exactness and the mass not explored in JSON", async () => {
    const r = await cli(join(dir, "fight.json"), "--json");
    expect(JSON.parse(r.stdout)).toMatchObject({ paths: 112, states: 7, exact: true, unexplored: 0 });
  });

  it("refuses past --max-states with E0427, the mass not explored and the simulate command", async () => {
    const scenario = join(dir, "wait.json");
    const r = await cli(scenario, "--max-states", "3", "--tolerance", "0");
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error[E0427]: the chain has more than 3 states (--max-states 3); stopped after 18 dice paths through 4 states, with 57.87% of the probability not explored; what is explored bounds each result:\n    1  16.67% - 74.54%\n    2  13.89% - 71.76%\n    3  11.57% - 69.44%\n  help: raise --max-states, or estimate the odds with \`rulesmith simulate ${scenario} -n 100000\``);
  });

  it("stops with E0428 when a loop no roll can leave is reached", async () => {
    const r = await cli(join(dir, "stuck.json"));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("error[E0428]: with probability 100.00% the scenario never ends: after the dice [1], every way the dice can come up leads back to the same state\n  help: a loop that no roll can end (two units that can never hit each other, say) needs a way out in the rules; `rulesmith run` with these dice forced shows where it goes round");
  });

  it("checks its numbers", async () => {
    const r = await cli(join(dir, "wait.json"), "--max-states", "0");
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("error: --max-states must be a whole number of at least 1\n\nRun `rulesmith odds --help` for usage.");
  });
});
