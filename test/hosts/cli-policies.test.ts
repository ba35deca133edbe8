// Policies from the command line (`--policy`) and in a scenario ("policies"): `run` traces which policy
// chose and why, `simulate` counts what they come to, and `odds` refuses policies with chances of their
// own. The game (test/fixtures/policies/commit.rules): commit 1, 2 or 3, and win when a d6 shows more
// than twice the commitment, so greedy on the commitment (3) never wins and 1 wins 4/6.
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";

const scenario = "test/fixtures/policies/commit.json";

describe("--policy", () => {
  it("run: the trace says which policy chose and why", async () => {
    const out = await runCli(["run", scenario, "--policy", "greedy", "--trace"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('"How many to commit?" (asked of attacker) -> 3 (chosen by greedy: score 3 vs 2)');
    expect(out.stdout).toContain("result: Side.defender");
  });

  it("simulate: greedy never wins; the scenario's own mcts wins about 4/6, the same on one worker and two", async () => {
    const greedy = await runCli(["simulate", scenario, "--policy", "greedy", "-n", "200", "--workers", "1"]);
    expect(greedy.stdout).toContain("Side.defender      200  100.0%");
    const one = await runCli(["simulate", scenario, "-n", "300", "--workers", "1"]);
    const two = await runCli(["simulate", scenario, "-n", "300", "--workers", "2"]);
    expect(two.stdout).toBe(one.stdout);
    const won = Number(/Side\.attacker\s+(\d+)/.exec(one.stdout)?.[1]);
    // 4/6 of 300 is 200; the search picks 1 in nearly every run.
    expect(won).toBeGreaterThan(170);
    expect(won).toBeLessThan(230);
  });

  it("odds: answers for greedy and refuses the scenario's mcts", async () => {
    const refused = await runCli(["odds", scenario]);
    expect([refused.code, refused.stderr]).toEqual([1, 'error: the exact odds enumerate the dice alone, and the policy "mcts:40" answers with chances of its own: simulate it instead (`rulesmith simulate`), or use `first` or `greedy`\n']);
  });

  it("a scenario's policy that cannot run is E0402 at its \"policies\"", async () => {
    const out = await runCli(["run", "test/fixtures/policies/bad-policy.json"]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain("error[E0402]: the policy \"greedy:nothing\" scores options with `nothing`, but the rules declare no function `nothing`");
    expect(out.stderr).toContain("--> test/fixtures/policies/bad-policy.json:1:81");
  });

  it("says what is wrong with a policy", async () => {
    const out = await runCli(["run", scenario, "--policy", "mcts:many"]);
    expect([out.code, out.stderr]).toEqual([1, 'error: the policy "mcts:many" must give a whole number of playouts from 1 to 100000: `mcts:200`\n']);
  });
});
