// `rulesmith odds SCENARIO.json`: the exact distribution of a scenario's outcome, as a chain over the
// states its runs reach (src/tools/odds/odds.ts).
import { parseArgs } from "node:util";
import {
  clipShown,
  DEFAULT_MAX_OUTCOMES,
  DEFAULT_MAX_PATHS_PER_STATE,
  DEFAULT_MAX_STATES,
  DEFAULT_TOLERANCE,
  MAX_STATE_TABLE,
  defaultRoots,
  enumerateOdds,
  escapeJsonControls,
  formatDiagnostics,
  loadScenario,
  nodeFileHost,
  oddsPolicyProblem,
  oddsProblem,
  percent,
  prepareSimulation,
  showMass,
  type OddsResult,
} from "../../api/node.ts";
import { complain, say, type CliIo } from "./io.ts";

export const ODDS_HELP = `rulesmith odds SCENARIO.json [--max-outcomes N] [--max-states N] [--max-paths-per-state N]
                            [--tolerance P] [--json] [--mod DIR]...

Computes the probability of each result of a scenario (see \`rulesmith run\`) by going through every way
the dice can come up: every die, custom die and \`chance\` of the run, each face equally likely, with the
scenario's scripted choices or the default policy. Prints each result with its probability as a
fraction in lowest terms and as a percentage, most likely first.

Runs that reach the same state are merged: at the head of a \`while\` loop, when the whole game state, the
variables of every rule running and the place in the rules are the same, the future is the same. So a
battle of many rounds is a chain over its states (the hit points left, say), not a tree over its rolls:
each state is explored once, with one run for each way the dice go on from it to the next state or the
end, and the chain is solved exactly (a round in which nobody hits leads back to its own state). A loop
inside a \`for\`, an event handler or an expression is not a place to merge at; its runs go on to the next.
Inside a round, runs merge per call: a function that only reads the state and rolls, returning a number,
truth value, text or enum member, is one compound die whose faces are its results (a d20 and a d30, the
lower kept: 600 dice paths, 20 results), worked out once per function, arguments and state.

For example, two units trading blows until one falls, \`a\` (1 hp) hitting on a d6 of 5 or 6 and \`b\`
(2 hp) on a 6, both maybe in one round (the rules are in docs/language.md, section 18):

  while a > 0 and b > 0 {
    round()
  }

The states are the hit points at the loop head: the start, (1, 2) and (1, 1), 36 runs (two d6) from
each, and four ends that roll nothing.

  112 dice paths through 7 states, exact
  outcome  probability    share
  b              17/32   53.13%
  a              25/64   39.06%
  both            5/64    7.81%

When a chain goes on for ever (roll until a 6, counting the rolls), its states are explored until the
probability of reaching one not explored is below --tolerance; that mass is printed as "unexplored". The
fractions stay exact while they are small, else the chain is solved in doubles ("in doubles").

  --max-outcomes N         run at most N dice paths in all (default ${DEFAULT_MAX_OUTCOMES}); past it, E0425
  --max-states N           explore at most N states (default ${DEFAULT_MAX_STATES}); past it, E0427
  --max-paths-per-state N  run at most N dice paths from one state (default ${DEFAULT_MAX_PATHS_PER_STATE}); past it, E0427
The table of states keeps at most ${MAX_STATE_TABLE} characters of state fingerprints and replay dice (its
memory budget, no flag); past it, E0427 with the probability not explored.
  --tolerance P            a budget that runs out is no error while at most P of the probability is left
                           unexplored (default ${DEFAULT_TOLERANCE})
  --mod DIR                load the mod in DIR (repeatable) on the scenario's base system, as \`run --mod\`
                           does: the odds of the game with the mods
  --json                   print {"paths", "states", "exact", "unexplored", "outcomes": [{"result",
                           "numerator", "denominator", "probability"}]} (no fraction when in doubles)
  --root DIR               read only below DIR: the scenario, its "rules" and their imports (default: the
                           scenario's folder, or the working directory when it holds that folder).

Past a budget, \`rulesmith simulate\` estimates the odds instead (E0425, E0427 name the command); the
message bounds each result found so far by what was explored: at least the mass that reached it, at most
that plus all the mass not explored. A run that
fails on some dice path stops with E0426, naming the dice that lead there; a scenario that with some
probability never ends (every way the dice come up leads back to the same states) stops with E0428.`;

const NUMBER_OPTIONS = ["max-outcomes", "max-states", "max-paths-per-state"] as const;

export async function oddsCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    say(io, ODDS_HELP);
    return 0;
  }
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "max-outcomes": { type: "string" },
      "max-states": { type: "string" },
      "max-paths-per-state": { type: "string" },
      tolerance: { type: "string" },
      json: { type: "boolean" },
      root: { type: "string" },
      mod: { type: "string", multiple: true },
    },
  });
  const max = Number(values["max-outcomes"] ?? DEFAULT_MAX_OUTCOMES);
  const maxStates = Number(values["max-states"] ?? DEFAULT_MAX_STATES);
  const maxPathsPerState = Number(values["max-paths-per-state"] ?? DEFAULT_MAX_PATHS_PER_STATE);
  const tolerance = Number(values.tolerance ?? DEFAULT_TOLERANCE);
  const badNumber = NUMBER_OPTIONS.find((o) => values[o] !== undefined && !(Number.isInteger(Number(values[o])) && Number(values[o]) >= 1));
  const usage =
    positionals.length !== 1 ? "name one scenario file"
    : badNumber ? `--${badNumber} must be a whole number of at least 1`
    : !(tolerance >= 0 && tolerance < 1) ? "--tolerance must be a number from 0 up to (not including) 1"
    : undefined;
  if (usage) {
    complain(io, `error: ${usage}\n\nRun \`rulesmith odds --help\` for usage.`);
    return 1;
  }
  const path = positionals[0]!;
  const mods = values.mod ?? [];
  const loaded = loadScenario(path, nodeFileHost(values.root !== undefined ? [values.root] : defaultRoots([path, ...mods], io.cwd), io.cwd), undefined, mods);
  if (loaded.diagnostics.length) complain(io, formatDiagnostics(loaded.diagnostics, loaded.texts));
  if (!loaded.ready) return 1;
  const drawn = oddsPolicyProblem(loaded.ready.scenario.policies);
  if (drawn !== undefined) {
    complain(io, `error: ${drawn}`);
    return 1;
  }
  const prepared = prepareSimulation(loaded.ready.program, loaded.ready.scenario);
  if ("error" in prepared) {
    complain(io, prepared.error);
    return 1;
  }
  const result = enumerateOdds(prepared, max, { maxStates, maxPathsPerState, tolerance });
  const problem = oddsProblem(result, max, path);
  if (problem !== undefined || !("outcomes" in result)) {
    complain(io, String(problem));
    return 1;
  }
  say(io, values.json ? oddsJson(result) : formatOdds(result));
  return 0;
}

type Odds = Extract<OddsResult, { outcomes: unknown }>;

export function formatOdds(o: Odds): string {
  // A result is the rules' own text: escaped, and cut so one long result cannot widen every row.
  const rows = o.outcomes.map((x) => [clipShown(x.result, 80), probability(o.exact, x), o.exact ? percent(x.p) : `${(x.probability * 100).toFixed(2)}%`] as const);
  const w0 = Math.max(7, ...rows.map((r) => r[0].length));
  const w1 = Math.max(11, ...rows.map((r) => r[1].length));
  const through = o.states > 1 ? ` through ${o.states} states` : "";
  const unexplored = o.unexplored > 0 ? `, unexplored ${showMass(o.unexplored)}` : "";
  const lines = [`${o.paths} dice path${o.paths === 1 ? "" : "s"}${through}, ${o.exact ? "exact" : "in doubles"}${unexplored}`, `${"outcome".padEnd(w0)}  ${"probability".padStart(w1)}  ${"share".padStart(7)}`];
  for (const [r, f, pc] of rows) lines.push(`${r.padEnd(w0)}  ${f.padStart(w1)}  ${pc.padStart(7)}`);
  return lines.join("\n");
}

/** The fraction, or where it is too long to read (a tail of (5/6)^100) or not exact, the double. */
function probability(exact: boolean, x: Odds["outcomes"][number]): string {
  const f = `${x.p.num}/${x.p.den}`;
  return exact && f.length <= 40 ? f : `≈${x.probability.toPrecision(exact ? 6 : 12)}`;
}

function oddsJson(o: Odds): string {
  const outcomes = o.outcomes.map((x) => ({
    result: x.result,
    ...(o.exact ? { numerator: x.p.num.toString(), denominator: x.p.den.toString(), probability: Number((x.p.num * 10n ** 15n) / x.p.den) / 1e15 } : { probability: x.probability }),
  }));
  return escapeJsonControls(JSON.stringify({ paths: o.paths, states: o.states, exact: o.exact, unexplored: o.unexplored, outcomes }, null, 2));
}
