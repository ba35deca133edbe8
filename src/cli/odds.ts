// `rulesmith odds SCENARIO.json`: the exact distribution of a scenario's result, by running it once per
// dice path (src/odds.ts).
import { parseArgs } from "node:util";
import { defaultRoots, nodeFileHost } from "../node-host.ts";
import { DEFAULT_MAX_OUTCOMES, enumerateOdds, percent, type OddsResult } from "../odds.ts";
import { loadScenario } from "../pipeline.ts";
import { prepareSimulation } from "../simulation.ts";
import { formatDiagnostics } from "./report.ts";

export const ODDS_HELP = `rulesmith odds SCENARIO.json [--max-outcomes N] [--json]

Computes the exact probability of each result of a scenario (see \`rulesmith run\`) by running it once
for every way the dice can come up: every die, custom die and \`chance\` of the run, each face equally
likely, with the scenario's scripted choices or the default policy. Prints each result with its
probability as a fraction in lowest terms and as a percentage, most likely first.
Every dice path is one run, so the work is the number of paths (36 for two d6, 6^10 for ten): past
--max-outcomes runs it stops with E0425; \`rulesmith simulate\` then estimates the odds instead. A run
that fails on some path stops with E0426, naming the dice that lead there.
  --max-outcomes N   run at most N dice paths (default ${DEFAULT_MAX_OUTCOMES})
  --json             print {"paths", "outcomes": [{"result", "numerator", "denominator", "probability"}]}
  --root DIR         read only below DIR: the scenario, its "rules" and their imports (default: the
                     scenario's folder, or the working directory when it holds that folder).`;

export async function oddsCommand(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(ODDS_HELP);
    return 0;
  }
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { "max-outcomes": { type: "string" }, json: { type: "boolean" }, root: { type: "string" } },
  });
  const max = Number(values["max-outcomes"] ?? DEFAULT_MAX_OUTCOMES);
  const usage = positionals.length !== 1 ? "name one scenario file" : !Number.isInteger(max) || max < 1 ? "--max-outcomes must be a whole number of at least 1" : undefined;
  if (usage) {
    console.error(`error: ${usage}\n\nRun \`rulesmith odds --help\` for usage.`);
    return 1;
  }
  const path = positionals[0]!;
  const loaded = loadScenario(path, nodeFileHost(values.root !== undefined ? [values.root] : defaultRoots([path])));
  if (loaded.diagnostics.length) console.error(formatDiagnostics(loaded.diagnostics, loaded.texts));
  if (!loaded.ready) return 1;
  const prepared = prepareSimulation(loaded.ready.program, loaded.ready.scenario);
  if ("error" in prepared) {
    console.error(prepared.error);
    return 1;
  }
  const result = enumerateOdds(prepared, max);
  if ("tooMany" in result) {
    console.error(`error[E0425]: the scenario has more than ${result.paths} dice paths (--max-outcomes ${max}); stopped after running ${result.paths}\n  help: raise --max-outcomes, or estimate the odds with \`rulesmith simulate ${path} -n 100000\``);
    return 1;
  }
  if ("error" in result) {
    console.error(`error[E0426]: the run fails when the dice come up ${showDice(result.dice)} (dice path ${result.paths})\n${result.error}\n  help: run the scenario with these dice forced to see the trace; odds need every dice path to finish`);
    return 1;
  }
  console.log(values.json ? oddsJson(result) : formatOdds(result));
  return 0;
}

/** The dice of a path, the first 20 of them: a path that never ends (a battle where every die misses) rolls thousands. */
function showDice(dice: number[]): string {
  const shown = dice.slice(0, 20).join(", ");
  return dice.length > 20 ? `[${shown}, ... and ${dice.length - 20} more]` : `[${shown}]`;
}

type Odds = Extract<OddsResult, { outcomes: unknown }>;

export function formatOdds(o: Odds): string {
  const rows = o.outcomes.map((x) => [x.result, `${x.p.num}/${x.p.den}`, percent(x.p)] as const);
  const w0 = Math.max(7, ...rows.map((r) => r[0].length));
  const w1 = Math.max(11, ...rows.map((r) => r[1].length));
  const lines = [`${o.paths} dice path${o.paths === 1 ? "" : "s"}, exact`, `${"outcome".padEnd(w0)}  ${"probability".padStart(w1)}  ${"share".padStart(7)}`];
  for (const [r, f, pc] of rows) lines.push(`${r.padEnd(w0)}  ${f.padStart(w1)}  ${pc.padStart(7)}`);
  return lines.join("\n");
}

function oddsJson(o: Odds): string {
  const outcomes = o.outcomes.map((x) => ({ result: x.result, numerator: x.p.num.toString(), denominator: x.p.den.toString(), probability: Number((x.p.num * 10n ** 15n) / x.p.den) / 1e15 }));
  return JSON.stringify({ paths: o.paths, outcomes }, null, 2);
}
