// `rulesmith mutate` never dies with its children (issue 29, item 2): a mutant that runs away stops
// with a budget error and is killed, and a worker thread that dies anyway costs its mutant, not the run.
import { mkdtempSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mutantOfDeadWorker } from "../../src/hosts/cli/mutate.ts";
import { simulationWorkers } from "../../src/hosts/cli/simulate.ts";
import { onWorkers, workerCap } from "../../src/hosts/cli/worker-pool.ts";
import type { MutantResult } from "../../src/tools/mutate/run.ts";
import { runCli } from "../support/run-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "rulesmith-mutate-budget-"));

// Dropping `i < n` (or negating it the other way round) keeps a copy of a 131,072-item list per pass
// until a budget stops it: before the memory budget, the worker's heap ran out and took the process.
const KEEPS_COPIES = `/// Counts to \`n\`, keeping a copy of a long list each time round.
fn rounds(n: int) -> int {
  let xs = [1]
  for k in 1..17 { xs = xs + xs }
  let kept = [xs]
  let i = 0
  while i < n {
    kept = kept + [xs + []]
    i += 1
  }
  return len(kept) - 1
}

example "three rounds" {
  expect rounds(3) == 3
}
`;

describe("mutate and budgets", () => {
  it("the mutant that drops a `while` condition is killed by the memory budget, on worker threads", async () => {
    const file = join(dir, "keep.rules");
    writeFileSync(file, KEEPS_COPIES);
    const r = await runCli(["mutate", file, "--json", "--workers", "2"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { total: { mutants: number; killed: number; invalid: number }; mutants: { operator: string; before: string }[] };
    expect(report.total).toMatchObject({ mutants: 13, killed: 7, invalid: 0 });
    // Killed mutants are not listed: the loop's condition is not among those that survived.
    expect(report.mutants.filter((m) => m.before === "i < n")).toEqual([]);
  });

  it("a worker that dies is replaced: its mutants run again alone, and the one that still dies is killed", async () => {
    // A worker given no data dies as it starts, whatever it is sent: every task meets a death.
    const seen: number[] = [];
    const answers = await onWorkers<number[], MutantResult[]>("mutate-worker", null, [[0, 1], [2]], 1, (a) => seen.push(...a.map((m) => m.id)), mutantOfDeadWorker);
    const results = answers.flat().sort((a, b) => a.id - b.id);
    expect(results.map((m) => [m.id, m.status])).toEqual([
      [0, "killed"],
      [1, "killed"],
      [2, "killed"],
    ]);
    expect(results[0]!.by).toBe("(none: the worker running it died)");
    expect(seen.sort()).toEqual([0, 1, 2]);
  });

  it("without a rule for deaths, a worker's death still fails the call (simulate's counts must be whole)", async () => {
    await expect(onWorkers("simulate-worker", null, [[0, 1]], 1, () => {})).rejects.toThrow(/a worker thread stopped/);
  });

  it("simulate starts no more workers than the cores and the memory allow, whatever --workers asks", () => {
    expect(workerCap()).toBeGreaterThanOrEqual(1);
    expect(workerCap()).toBeLessThanOrEqual(availableParallelism());
    expect(simulationWorkers(256, 1000)).toBe(workerCap());
    expect(simulationWorkers(1, 1000)).toBe(1);
  });
});
