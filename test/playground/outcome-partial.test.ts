// The playground's Simulate split over web workers (playground/outcome-partial.ts, simulate-range.ts):
// the runs counted in ranges, as each worker counts them, and merged in run order, give exactly what
// one worker counting every run gives: the same outcome counts, the same per-member histograms (so the
// same means, spreads and intervals), and the same error at the same run.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { mergePartials, type OutcomePartial } from "../../playground/outcome-partial.ts";
import { OutcomeCounter } from "../../playground/outcome-stats.ts";
import { countRange, prepareRuns } from "../../playground/workers/simulate-range.ts";
import { planRanges } from "../../src/tools/simulation/plan.ts";
import { spread } from "../../src/tools/simulation/stats.ts";
import type { Files } from "../../playground/protocol.ts";

/** Every file of a bundled game system, keyed as the playground keys them. */
function gameFiles(dir: string): Files {
  const files: Files = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) {
      const path = join(e.parentPath, e.name);
      files[path] = readFileSync(path, "utf8");
    }
  }
  return files;
}

/** What one worker gives, and what `workers` workers give (ranges counted in a scrambled order). */
function oneAndSplit(files: Files, path: string, seed: string, n: number, workers: number) {
  const prepared = prepareRuns(files, path, seed);
  const one = mergePartials([countRange(prepared, 0, n)]);
  // A worker prepares once and runs many ranges from it, each run from a copy of the state.
  const parts = planRanges(n, workers).map(([from, to]) => countRange(prepared, from, to));
  // Workers finish in any order; the merge puts the parts back in run order.
  const scrambled = [...parts.filter((_, i) => i % 2 === 1), ...parts.filter((_, i) => i % 2 === 0)].reverse();
  return { one, split: mergePartials(scrambled), parts };
}

describe("a simulation split over workers merges to the one-worker result", () => {
  test("a tally outcome (Dragon Dice): the same histogram per member, so the same mean and spread", () => {
    const { one, split, parts } = oneAndSplit(gameFiles("rules/dragon-dice"), "rules/dragon-dice/scenarios/mixed-army.json", "5", 90, 3);
    expect(parts.length).toBeGreaterThan(3);
    expect(one.error).toBeUndefined();
    expect(one.runs).toBe(90);
    expect(split).toEqual(one);
    expect(one.numeric?.of).toBe("Icon");
    expect(one.numeric?.members.map((m) => m.name)).toEqual(["melee", "missile", "magic", "maneuver", "save", "id"]);
    for (const m of one.numeric!.members) expect(m.histogram.reduce((n, [, c]) => n + c, 0)).toBe(90);
    // Means come from the merged counts, not from the parts' means.
    const save = (r: typeof one) => spread(r.numeric!.members.find((m) => m.name === "save")!.histogram);
    expect(save(split)).toEqual(save(one));
  });

  test("an enum outcome (Warlords): the same counts in the same order", () => {
    const { one, split } = oneAndSplit(gameFiles("rules/warlords3"), "rules/warlords3/scenarios/battle.json", "7", 40, 4);
    expect(split).toEqual(one);
    expect(one.numeric).toBeUndefined();
    expect(one.counts.map(([k]) => k).sort()).toEqual(["Side.attacker", "Side.defender"]);
    expect(one.counts.reduce((n, [, c]) => n + c, 0)).toBe(40);
  });

  test("a run that fails: the merge stops at the same run with the same error", () => {
    // A run fails when its die shows 6 (a division by zero); which run that is depends on the seed only.
    const files: Files = {
      "g/g.rules": `state { rolls: int = 0 }\nfn go() -> int {\n  let r = roll d6\n  return 10 / (6 - r)\n}`,
      "g/s.json": JSON.stringify({ rules: "g.rules", run: "go", state: {} }),
    };
    const { one, split } = oneAndSplit(files, "g/s.json", "x", 60, 3);
    expect(one.error).toMatch(/^error\[\w+\]: run \d+ \(seed x:\d+\): /);
    expect(one.runs).toBe(Number(/run (\d+)/.exec(one.error!)![1]));
    expect(split).toEqual(one);
    // Before the failing run, an int result is one distribution called `value`.
    expect(one.numeric?.members.map((m) => m.name)).toEqual(["value"]);
  });

  test("a scenario that cannot run gives its problem and no runs, split or not", () => {
    const files: Files = { "g/s.json": JSON.stringify({ rules: "missing.rules", run: "go", state: {} }) };
    const { one, split } = oneAndSplit(files, "g/s.json", "1", 10, 2);
    expect(one.runs).toBe(0);
    expect(one.error).toMatch(/missing\.rules/);
    expect(split).toEqual(one);
  });
});

describe("mergePartials", () => {
  const counted = (from: number, results: (number | string)[]): OutcomePartial => {
    const c = new OutcomeCounter();
    for (const r of results) c.add(r, String(r));
    return c.partial(from);
  };

  test("adds counts and histograms value by value, outcomes in the order first seen", () => {
    expect(mergePartials([counted(3, [4, 1]), counted(0, [3, 1, 3])])).toEqual({
      runs: 5,
      counts: [
        ["3", 2],
        ["1", 2],
        ["4", 1],
      ],
      numeric: { of: "int", members: [{ name: "value", histogram: [[1, 2], [3, 2], [4, 1]] }] },
    });
  });

  test("one part with a result that is not a number makes the whole outcome not numeric", () => {
    const merged = mergePartials([counted(0, [1, 2]), counted(2, ["attacker"])]);
    expect(merged.numeric).toBeUndefined();
    expect(merged.counts).toEqual([
      ["1", 1],
      ["2", 1],
      ["attacker", 1],
    ]);
  });

  test("a part with no runs changes nothing; no parts give no runs", () => {
    expect(mergePartials([counted(0, [2]), counted(1, [])])).toEqual(mergePartials([counted(0, [2])]));
    expect(mergePartials([])).toEqual({ runs: 0, counts: [] });
  });

  test("parts after the first error are left out", () => {
    const failed: OutcomePartial = { ...counted(2, [5]), error: "error[R001]: run 3 (seed 1:3): boom" };
    expect(mergePartials([counted(0, [1, 1]), failed, counted(4, [9, 9])])).toEqual({
      runs: 3,
      counts: [
        ["1", 2],
        ["5", 1],
      ],
      numeric: { of: "int", members: [{ name: "value", histogram: [[1, 2], [5, 1]] }] },
      error: "error[R001]: run 3 (seed 1:3): boom",
    });
  });
});
