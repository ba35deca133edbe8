// The playground's simulation statistics (playground/outcome-stats.ts, src/tools/simulation/stats.ts): a tally result
// counted per member, a number as one distribution, anything else by outcome; means, spreads and
// intervals checked against hand-worked values.
import { describe, expect, test } from "vitest";
import { OutcomeCounter } from "../../playground/outcome-stats.ts";
import { meanDifference, spread } from "../../src/tools/simulation/stats.ts";
import { Tally } from "../../src/core/values.ts";

const icons = ["melee", "save"];
const tally = (melee: number, save: number) =>
  new Tally(
    "Icon",
    new Map(
      [
        ["melee", melee],
        ["save", save],
      ].filter(([, n]) => n !== 0) as [string, number][],
    ),
    icons,
  );

describe("OutcomeCounter", () => {
  test("a tally result gives each member a histogram, zero counts included", () => {
    const c = new OutcomeCounter();
    c.add(tally(2, 0), "Icon(melee: 2)");
    c.add(tally(0, 3), "Icon(save: 3)");
    c.add(tally(2, 1), "Icon(melee: 2, save: 1)");
    expect(c.numeric()).toEqual({
      of: "Icon",
      members: [
        { name: "melee", histogram: [[0, 1], [2, 2]] },
        { name: "save", histogram: [[0, 1], [1, 1], [3, 1]] },
      ],
    });
    expect([...c.counts.values()]).toEqual([1, 1, 1]);
  });

  test("a whole-number result is one distribution called `value`", () => {
    const c = new OutcomeCounter();
    for (const v of [3, 1, 3]) c.add(v, String(v));
    expect(c.numeric()).toEqual({ of: "int", members: [{ name: "value", histogram: [[1, 1], [3, 2]] }] });
  });

  test("an enum result has no numeric view, only its outcome counts", () => {
    const c = new OutcomeCounter();
    c.add("attacker", "Side.attacker");
    c.add("defender", "Side.defender");
    c.add("attacker", "Side.attacker");
    expect(c.numeric()).toBeUndefined();
    expect([...c.counts]).toEqual([
      ["Side.attacker", 2],
      ["Side.defender", 1],
    ]);
  });
});

describe("spread and meanDifference", () => {
  test("mean, sample sd and the interval of the mean of 2, 4, 4, 4, 5, 5, 7, 9", () => {
    // Sum 40, mean 5; squared deviations 9+1+1+1+0+0+4+16 = 32; sd = sqrt(32/7).
    const s = spread([
      [2, 1],
      [4, 3],
      [5, 2],
      [7, 1],
      [9, 1],
    ]);
    expect(s.n).toBe(8);
    expect(s.mean).toBe(5);
    expect(s.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
    const half = (1.96 * Math.sqrt(32 / 7)) / Math.sqrt(8);
    expect(s.interval[0]).toBeCloseTo(5 - half, 12);
    expect(s.interval[1]).toBeCloseTo(5 + half, 12);
  });

  test("one run has no spread, no runs no mean", () => {
    expect(spread([[4, 1]])).toEqual({ n: 1, mean: 4, sd: 0, interval: [4, 4] });
    expect(spread([])).toEqual({ n: 0, mean: 0, sd: 0, interval: [0, 0] });
  });

  test("the difference of two means with Welch's interval", () => {
    const a = { n: 100, mean: 10, sd: 2, interval: [0, 0] as [number, number] };
    const b = { n: 400, mean: 11, sd: 4, interval: [0, 0] as [number, number] };
    // se = sqrt(4/100 + 16/400) = sqrt(0.08)
    const d = meanDifference(a, b);
    expect(d.difference).toBe(1);
    expect(d.interval[0]).toBeCloseTo(1 - 1.96 * Math.sqrt(0.08), 12);
    expect(d.interval[1]).toBeCloseTo(1 + 1.96 * Math.sqrt(0.08), 12);
  });
});
