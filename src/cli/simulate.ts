// Monte Carlo simulation of a scenario: outcome frequencies with Wilson score intervals.
import type { Scenario } from "../pipeline.ts";
import { scenarioRunner, type RuntimeProgram } from "../pipeline.ts";
import { formatRunError, formatStateProblems } from "./report.ts";
import { wilson } from "../stats.ts";

export { wilson };

export interface SimulationOutcome {
  runs: number;
  counts: Map<string, number>;
  error?: string;
}

/** Runs N seeded games (seed:0 .. seed:N-1); yields to the event loop now and then to draw progress. */
export async function simulate(program: RuntimeProgram, scenario: Scenario, n: number, seed: string, progressTo?: NodeJS.WriteStream): Promise<SimulationOutcome> {
  const counts = new Map<string, number>();
  const showProgress = Boolean(progressTo?.isTTY) && n >= 200;
  const started = Date.now();
  // The state is validated once, not once a run.
  const runner = scenarioRunner(program, scenario);
  if ("stateProblems" in runner) return { runs: 0, counts, error: formatStateProblems(runner.stateProblems) };
  if ("error" in runner) return { runs: 0, counts, error: formatRunError(runner.error, `run 0 (seed ${seed}:0): `) };
  for (let i = 0; i < n; i++) {
    const out = runner.battle(`${seed}:${i}`, { finalState: false });
    if (out.error) return { runs: i, counts, error: formatRunError(out.error, `run ${i} (seed ${seed}:${i}): `) };
    const key = out.resultText ?? "(no result)";
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (showProgress && (i % 50 === 0 || i === n - 1)) {
      const done = (i + 1) / n;
      const bar = "#".repeat(Math.round(done * 30)).padEnd(30, ".");
      progressTo!.write(`\r[${bar}] ${i + 1}/${n}  ${((Date.now() - started) / 1000).toFixed(1)}s`);
      await new Promise((r) => setImmediate(r));
    }
  }
  if (showProgress) progressTo!.write("\n");
  return { runs: n, counts };
}

export function formatSimulation(o: SimulationOutcome, seed: string): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const rows = [...o.counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const width = Math.max(7, ...rows.map(([k]) => k.length));
  const lines = [`${o.runs} runs, seeds ${seed}:0 .. ${seed}:${o.runs - 1}`, `${"outcome".padEnd(width)}  ${"count".padStart(7)}  ${"share".padStart(6)}  95% interval`];
  for (const [k, c] of rows) {
    const [lo, hi] = wilson(c, o.runs);
    lines.push(`${k.padEnd(width)}  ${String(c).padStart(7)}  ${pct(c / o.runs).padStart(6)}  ${pct(lo)} - ${pct(hi)}`);
  }
  return lines.join("\n");
}
