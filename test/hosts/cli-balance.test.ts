// `rulesmith balance` as a user runs it: the table, --json, worker threads giving the counts of one
// thread, and the mistakes of a command line said plainly. The duel's odds are worked by hand in
// test/tools/balance.test.ts (Weak +0, Strong +2, <Brute> +3 to a d6; the attacker wins only by rolling higher).
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";

const base = ["balance", "test/fixtures/balance/duel.rules", "--roster", "test/fixtures/balance/roster.json"];

describe("rulesmith balance", () => {
  it("prints the matrix of exact odds, the means, the outliers", async () => {
    const out = await runCli([...base, "--roster", "test/fixtures/balance/homebrew.json"]);
    expect(out.code).toBe(0);
    const lines = out.stdout.split("\n");
    expect(lines.slice(1, 5)).toEqual([
      "                  1       2       3",
      " 1  Weak     41.7 =  16.7 =   8.3 =",
      " 2  Strong   72.2 =  41.7 =  27.8 =",
      " 3  <Brute>  83.3 =  58.3 =  41.7 =",
    ]);
    // <Brute>: (30 + 21 + 33 + 26) / 144 = 76.4%.
    expect(out.stdout).toContain("  <Brute>      76.4%  76.4% - 76.4%  OUTLIER (strong: beyond 50% ± 25.0%)");
    expect(out.stdout).toContain("  Weak against <Brute>: 8.3% (exact)");
  });

  it("gives the same counts on two worker threads as on one, and says so as JSON", async () => {
    const args = [...base, "--exact-paths", "0", "--runs", "3000", "--seed", "5", "--json"];
    const one = await runCli([...args, "--workers", "1"]);
    const two = await runCli([...args, "--workers", "2"]);
    expect(one.code).toBe(0);
    const json = JSON.parse(one.stdout) as { cells: { row: string; col: string; counts: { runs: number; a: number; b: number } }[][]; seed: string };
    expect(JSON.parse(two.stdout)).toEqual(json);
    expect(json.seed).toBe("5");
    expect(json.cells.flat().map((c) => [c.row, c.col, c.counts.runs, c.counts.a + c.counts.b])).toEqual([
      ["Weak", "Weak", 3000, 3000],
      ["Weak", "Strong", 3000, 3000],
      ["Strong", "Weak", 3000, 3000],
      ["Strong", "Strong", 3000, 3000],
    ]);
  });

  it("works the exact cells out on two worker threads with the odds of one", async () => {
    const args = [...base, "--roster", "test/fixtures/balance/homebrew.json", "--json"];
    const [one, two] = [await runCli([...args, "--workers", "1"]), await runCli([...args, "--workers", "2"])];
    expect(two.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const cells = (JSON.parse(two.stdout) as { cells: { exact: boolean; rate: number }[][] }).cells.flat();
    // Nine cells, every one exact; Weak against <Brute> (+0 against +3 on a d6, the attacker only by rolling higher) is 3/36.
    expect(cells.map((c) => c.exact)).toEqual(Array(9).fill(true));
    expect(cells[2]!.rate).toBeCloseTo(3 / 36, 12);
  });

  it("says what is wrong with the command line, a roster or a policy", async () => {
    const noRoster = await runCli(["balance", "test/fixtures/balance/duel.rules"]);
    expect([noRoster.code, noRoster.stderr]).toEqual([1, "error: name a roster with --roster FILE\n\nRun `rulesmith balance --help` for usage.\n"]);
    const sweep = await runCli([...base, "--sweep", "bonus"]);
    expect(sweep.stderr).toContain("--sweep must be PARAM=A..B");
    const flag = await runCli([...base, "--runz", "3"]);
    expect(flag.stderr).toMatch(/^error: Unknown option '--runz'/);
    const policy = await runCli([...base, "--policy", "greedy"]);
    expect([policy.code, policy.stderr]).toEqual([1, 'error: the policy "greedy" scores options with `score`, but the rules declare no function `score`: declare `fn score(option: T) -> int`\n']);
    const missing = await runCli(["balance", "test/fixtures/balance/duel.rules", "--roster", "test/fixtures/balance/nowhere.json"]);
    expect([missing.code, missing.stderr]).toEqual([1, "error: cannot read `test/fixtures/balance/nowhere.json`\n"]);
  });

  it("warns when no run ends in either of the roster's wins", async () => {
    const out = await runCli(["balance", "test/fixtures/balance/duel.rules", "--roster", "test/fixtures/balance/wrong-wins.json"]);
    expect(out.stdout).toContain('warning: no run ended in "attacker" or "defender": does the roster\'s "wins" name the results as `rulesmith run` prints them (`Side.attacker`)?');
  });

  it("has --help", async () => {
    const out = await runCli(["balance", "--help"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^rulesmith balance SYSTEM --roster FILE\.\.\./);
  });
});
