// How runs are split for workers: every run once, in order; large ranges first and smaller ones at the
// end, so no worker is left with a large last range while the others have nothing to do.
import { describe, expect, it } from "vitest";
import { planRanges } from "../../src/tools/simulation/plan.ts";

const sizes = (ranges: [number, number][]) => ranges.map(([from, to]) => to - from);

describe("planRanges", () => {
  it("covers 100,000 runs on 2 workers once, from ranges of 5,000 down to a 64th of a worker's share", () => {
    const ranges = planRanges(100_000, 2);
    expect(ranges[0]).toEqual([0, 5000]);
    expect(ranges.at(-1)![1]).toBe(100_000);
    ranges.slice(1).forEach(([from], i) => expect(from).toBe(ranges[i]![1]));
    const s = sizes(ranges);
    // Never growing, apart from the last range, which takes what is left.
    s.slice(1, -1).forEach((size, i) => expect(size).toBeLessThanOrEqual(s[i]!));
    expect(Math.min(...s.slice(0, -1))).toBe(Math.ceil(100_000 / 128));
    expect(s.slice(-3, -1)).toEqual([782, 782]);
  });

  it("splits a few runs into ranges of one, and none into nothing", () => {
    expect(planRanges(3, 2)).toEqual([[0, 1], [1, 2], [2, 3]]);
    expect(planRanges(0, 2)).toEqual([]);
  });
});
