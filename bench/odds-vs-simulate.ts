// The bench's row for `rulesmith odds` against `rulesmith simulate` at the same precision, on a bundled
// duel with a medal on each side. Odds is exact; simulate's precision is the half-width of its 95%
// interval, so "the same precision" is read as simulate to +-0.1% (95%) on the likelier result, the
// runs that needs (1.96^2 p(1-p) / 0.001^2, about 900,000 here) at the CPU cost per run measured on a
// pass of a few thousand: the figure is odds' CPU time over that simulation's.
import { loadScenario } from "../src/pipeline.ts";
import { nodeHost } from "../src/api/node-host.ts";
import { enumerateOdds } from "../src/tools/odds/odds.ts";
import { prepareSimulation, runRange, type PreparedScenario } from "../src/tools/simulation/simulation.ts";

export const ODDS_SCENARIO = "rules/warlords3/scenarios/duel-medals-both.json";
const HALF_WIDTH = 0.001;
const SIMULATED = 3000;

export interface OddsAgainstSimulate {
  /** CPU ms of one exact enumeration. */
  odds: number;
  /** CPU ms simulate would take for HALF_WIDTH at 95%, from the cost per run measured. */
  simulate: number;
  runs: number;
}

export function oddsAgainstSimulate(cpu: (f: () => void) => number, scenarioPath: string): () => OddsAgainstSimulate {
  const { ready } = loadScenario(scenarioPath, nodeHost);
  if (!ready) throw new Error(`bench: ${scenarioPath} does not load`);
  const prepared = prepareSimulation(ready.program, ready.scenario);
  if ("error" in prepared) throw new Error(`bench: ${prepared.error}`);
  const exact = enumerateOdds(prepared as PreparedScenario);
  if (!("outcomes" in exact) || !exact.exact) throw new Error(`bench: odds on ${scenarioPath} is not exact`);
  const p = exact.outcomes[0]!.probability;
  const runs = Math.ceil((1.96 ** 2 * p * (1 - p)) / HALF_WIDTH ** 2);
  return () => {
    const odds = cpu(() => void enumerateOdds(prepared as PreparedScenario));
    const perRun = cpu(() => void runRange(prepared as PreparedScenario, "bench-odds", 0, SIMULATED)) / SIMULATED;
    return { odds, simulate: perRun * runs, runs };
  };
}
