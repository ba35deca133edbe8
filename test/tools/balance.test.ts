// The balance tool (src/tools/balance/) on a duel whose odds are worked out by hand: each side adds its
// bonus to a d6 and the attacker wins only by rolling higher. With D = X - Y for two d6, P(D >= k) is
// 21/36 for k = 0, 15/36 for 1, 10/36 for 2, 6/36 for 3, 3/36 for 4, and 26/36, 30/36, 33/36 for
// k = -1, -2, -3. Bonus a against bonus b wins when D >= b - a + 1.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { indexProgram } from "../../src/pipeline.ts";
import { balance, type BalanceReport } from "../../src/tools/balance/balance.ts";
import { addCounts, cellSpec, cellSpecs, runCell, type CellSpec } from "../../src/tools/balance/cells.ts";
import { cellResult, matrixReport } from "../../src/tools/balance/report.ts";
import { readRoster, type Roster } from "../../src/tools/balance/roster.ts";
import { checked } from "../support/helpers.ts";

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/balance/${name}`, import.meta.url), "utf8")) as unknown;
const program = indexProgram(checked(readFileSync(new URL("../fixtures/balance/duel.rules", import.meta.url), "utf8")));
const noScenario = () => ({ error: "no scenario file here" });

function roster(...names: string[]): Roster {
  const r = readRoster(
    names.map((n) => ({ path: n, json: fixture(n) })),
    noScenario,
  );
  if ("error" in r) throw new Error(r.error);
  return r;
}

async function report(r: Roster, options: Partial<Parameters<typeof balance>[2]> = {}): Promise<BalanceReport> {
  const out = await balance(program, r, { runs: 2000, seed: "1", threshold: 0.25, ...options });
  if ("error" in out) throw new Error(out.error);
  return out;
}

const rates = (r: BalanceReport) => r.matrix.cells.map((row) => row.map((c) => c.rate));

describe("the matrix on exact odds", () => {
  it("gives each pair the row's win rate, each entry its mean on both slots, and the outliers", async () => {
    const r = await report(roster("roster.json"));
    expect(r.matrix.entries).toEqual(["Weak", "Strong"]);
    expect(r.matrix.cells.flat().every((c) => c.exact)).toBe(true);
    const expected = [
      [15 / 36, 6 / 36],
      [26 / 36, 15 / 36],
    ];
    rates(r).forEach((row, i) => row.forEach((rate, j) => expect(rate).toBeCloseTo(expected[i]![j]!, 12)));
    // Weak: 6/36 at the first slot against Strong, and 1 - 26/36 at the second: (6 + 10) / 72.
    expect(r.matrix.means.map((m) => [m.name, m.mean])).toEqual([
      ["Weak", expect.closeTo(16 / 72, 12)],
      ["Strong", expect.closeTo(56 / 72, 12)],
    ]);
    // Beyond 50% ± 25%: Strong's 77.8% and Weak's 22.2%; of the pairs, only Weak against Strong (16.7%).
    expect(r.matrix.means.map((m) => m.outlier)).toEqual(["weak", "strong"]);
    expect(r.matrix.outliers.map((o) => `${o.row} > ${o.col}`)).toEqual(["Weak > Strong"]);
  });

  it("adds a homebrew roster's entry to the bundled one", async () => {
    const r = await report(roster("roster.json", "homebrew.json"));
    expect(r.matrix.entries).toEqual(["Weak", "Strong", "<Brute>"]);
    // Brute (+3): 30/36 and 21/36 at the first slot, 1 - 3/36 and 1 - 10/36 at the second.
    expect(r.matrix.means[2]!.mean).toBeCloseTo((30 + 21 + 33 + 26) / 144, 12);
  });

  it("sweeps a declared parameter: Strong's bonus 0, 1, 2", async () => {
    const r = await report(roster("roster.json"), { sweep: { name: "bonus", from: 0, to: 2 } });
    expect(r.sweep?.entry).toBe("Strong");
    // 0: the two are the same entry, 50%; 1: (21/36 + 26/36) / 2; 2: the matrix's own.
    expect(r.sweep?.points.map((p) => [p.value, p.entry.mean])).toEqual([
      [0, expect.closeTo(0.5, 12)],
      [1, expect.closeTo(47 / 72, 12)],
      [2, expect.closeTo(56 / 72, 12)],
    ]);
    expect(r.sweep?.points.map((p) => p.entry.outlier)).toEqual([undefined, undefined, "strong"]);
  });
});

describe("simulated cells", () => {
  it("come near the exact rate, with a Wilson interval of the width its runs give", async () => {
    const r = await report(roster("roster.json"), { exactPaths: 0 });
    const expected = [
      [15 / 36, 6 / 36],
      [26 / 36, 15 / 36],
    ];
    for (const [i, row] of r.matrix.cells.entries()) {
      for (const [j, c] of row.entries()) {
        expect(c.exact).toBe(false);
        expect(c.counts.runs).toBe(2000);
        expect(c.counts.a + c.counts.b).toBe(2000);
        // Within four standard errors of the exact rate, and an interval about 1.96 of them on each side.
        const p = expected[i]![j]!;
        const se = Math.sqrt((p * (1 - p)) / 2000);
        expect(Math.abs(c.rate - p)).toBeLessThan(4 * se);
        expect(c.interval[0]).toBeLessThan(c.rate);
        expect(c.interval[1]).toBeGreaterThan(c.rate);
        expect((c.interval[1] - c.interval[0]) / 2 / se).toBeGreaterThan(1.7);
        expect((c.interval[1] - c.interval[0]) / 2 / se).toBeLessThan(2.2);
      }
    }
    expect(Math.abs(r.matrix.means[1]!.mean - 56 / 72)).toBeLessThan(0.02);
  });

  it("count the same over any split of the seeds: a cell's counts add", () => {
    const cells = cellSpecs(roster("roster.json"), "9") as CellSpec[];
    const cell = cells[2]!;
    expect([cell.row, cell.col, cell.seed]).toEqual(["Strong", "Weak", "9/Strong/Weak"]);
    const whole = runCell(program, cell, 0, 700);
    expect(addCounts(addCounts(runCell(program, cell, 0, 123), runCell(program, cell, 123, 500)), runCell(program, cell, 500, 700))).toEqual(whole);
    expect(addCounts(runCell(program, cell, 500, 700), runCell(program, cell, 0, 500))).toEqual(whole);
    expect(whole.runs).toBe(700);
  });

  it("are used where a policy chooses at random: odds over the dice alone cannot answer", async () => {
    const r = await report(roster("roster.json"), { policies: ["random"], runs: 100 });
    expect(r.matrix.cells.flat().map((c) => c.exact)).toEqual([false, false, false, false]);
    expect(r.policies).toEqual(["random"]);
  });

  it("count the runs a cell cannot make, and say why", async () => {
    const bad = { ...roster("roster.json"), entries: [["Weak", 0], ["Wrong", "not a bonus"]] as Roster["entries"] };
    const r = await report(bad, { runs: 10, exactPaths: 0 });
    // Every cell with "Wrong" in it: three of the four, ten runs each.
    expect(r.matrix.errors).toBe(30);
    expect(r.matrix.cells.flat().map((c) => c.counts.errors)).toEqual([0, 10, 10, 10]);
    expect(r.matrix.firstError).toMatch(/the state at `\/defender`/);
  });
});

describe("rosters", () => {
  const read = (...json: unknown[]) => readRoster(json.map((j, i) => ({ path: `r${i}.json`, json: j })), noScenario);
  const base = fixture("roster.json") as Record<string, unknown>;

  it("say what is wrong with one", () => {
    expect(read({ ...base, slot: [] })).toEqual({ error: 'r0.json: unknown key "slot": a roster has "scenario", "run", "state", "seed", "policies", "slots", "wins", "entries", "parameters"' });
    expect(read({ ...base, slots: ["attacker", "/defender"] })).toEqual({ error: 'r0.json: "slots" must be two JSON pointers into the state: ["/attacker/units", "/defender/units"]' });
    expect(read({ ...base, entries: { Weak: 0 }, parameters: {} })).toEqual({ error: "a roster needs at least two entries to pit against each other, not 1" });
    expect(read(base, { entries: { Weak: 5 } })).toEqual({ error: 'r1.json: the entry "Weak" is in an earlier roster too' });
    expect(read({ ...base, parameters: { bonus: "/entries/Nobody" } })).toEqual({ error: 'r0.json: the parameter "bonus" must point at a whole number in this roster\'s entries: "/entries/Nobody" does not' });
    expect(read({ ...base, scenario: "x.json", run: undefined })).toEqual({ error: "r0.json: no scenario file here" });
  });

  it("refuse a sweep of a parameter no roster declares", async () => {
    expect(await balance(program, roster("roster.json"), { runs: 10, seed: "1", threshold: 0.25, sweep: { name: "speed", from: 1, to: 2 } })).toEqual({ error: 'the roster declares no parameter "speed": it declares "bonus"' });
  });

  it("refuse a slot the template's state does not have", () => {
    expect(cellSpecs({ ...roster("roster.json"), slots: [["nowhere", "deeper"], ["defender"]] }, "1")).toEqual({ error: "the first slot /nowhere/deeper: nothing at /nowhere/deeper in the template's state" });
  });
});

describe("the report of cells whose runs stopped with an error", () => {
  const spec = (row: string, col: string): CellSpec => ({ row, col, scenario: { rules: ".", run: "battle", state: {} }, wins: ["Side.a", "Side.b"], seed: "s" });
  const counts = (runs: number, a: number, b: number, errors: number) => ({ runs, a, b, other: runs - a - b - errors, errors });

  it("rates a cell by the runs that ended, and leaves a cell none of whose runs ended out of the means and the outliers", () => {
    // X against Y: 10 runs, 4 won by X, 2 by Y, 4 stopped; Y against X: every run stopped.
    const xy = cellResult(spec("X", "Y"), counts(10, 4, 2, 4), undefined);
    expect([xy.rate, xy.colRate]).toEqual([4 / 6, 2 / 6]);
    const yx = cellResult(spec("Y", "X"), counts(10, 0, 0, 10), undefined);
    const diagonal = (e: string) => cellResult(spec(e, e), counts(2, 1, 1, 0), undefined);
    const report = matrixReport(["X", "Y"], [xy, yx, diagonal("X"), diagonal("Y")], 0.4);
    expect(report.means.map((m) => [m.name, m.mean])).toEqual([["X", 4 / 6], ["Y", 2 / 6]]);
    expect(report.outliers).toEqual([]);
    expect(report.errors).toBe(14);
  });

  it("gives A/B against C and A against B/C different seeds", () => {
    const roster = { template: { run: "battle", state: { a: null, b: null } }, slots: [["a"], ["b"]], wins: ["Side.a", "Side.b"] } as unknown as Roster;
    const one = cellSpec(roster, "A/B", 1, "C", 2, "7");
    const two = cellSpec(roster, "A", 1, "B/C", 2, "7");
    expect("seed" in one && "seed" in two && one.seed !== two.seed).toBe(true);
  });
});
