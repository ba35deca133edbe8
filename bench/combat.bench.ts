// `npm run bench`: the interpreter against a hand-written TypeScript implementation of the same
// procedure (Warlords III stack combat, rules/warlords3), in the same process, on the same seeds.
// It checks first that both fight the same battles (same winner, same dice drawn, same final state,
// seed by seed), then prints battles per second for each and the ratio. See bench/README.md.
//
//   npm run bench -- --n 3000 --rounds 3 --min-ms 500
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { hasErrors } from "../src/diagnostics.ts";
import { nodeHost } from "../src/node-host.ts";
import { compile, indexProgram, runScenario, type RuntimeProgram, type Scenario, type ScenarioRun } from "../src/pipeline.ts";
import { stateFromJson, stateToJson, type Json } from "../src/runtime/state.ts";
import { validateState } from "../src/schema.ts";
import { battle, battlefieldFromJson, Dice, runBattle, type BattlefieldJson, type Side, type Stack } from "./warlords-combat.ts";

const { values } = parseArgs({
  options: {
    n: { type: "string", short: "n", default: "3000" },
    "min-ms": { type: "string", default: "500" },
    rounds: { type: "string", default: "3" },
    scenario: { type: "string" },
  },
});
const N = Number(values.n);
const MIN_MS = Number(values["min-ms"]);
const ROUNDS = Number(values.rounds);
if (!Number.isInteger(N) || N < 1 || !Number.isFinite(MIN_MS) || MIN_MS < 0 || !Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error("usage: npm run bench -- [--n BATTLES] [--rounds R] [--min-ms MILLISECONDS] [--scenario PATH]");
  process.exit(2);
}

// ---- load once: the scenario, its rules compiled and indexed ----------------------------------------------

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const scenarioPath = values.scenario ?? relative(process.cwd(), join(root, "rules/warlords3/scenarios/battle.json"));
const scenario = JSON.parse(readFileSync(scenarioPath, "utf8")) as Scenario;
const ruleRoots = (Array.isArray(scenario.rules) ? scenario.rules : [scenario.rules]).map((r) => join(dirname(scenarioPath), r));
const compiled = compile(ruleRoots, nodeHost);
if (!compiled.program || hasErrors(compiled.diagnostics)) {
  console.error(`bench: the rules for ${scenarioPath} do not compile (run \`rulesmith check\`)`);
  process.exit(1);
}
const program: RuntimeProgram = indexProgram(compiled.program);
const state = scenario.state as unknown as BattlefieldJson;
const seeds = Array.from({ length: N }, (_, i) => `bench:${i}`);

// ---- the two implementations, one battle each ------------------------------------------------------------------

function interpreted(seed: string): ScenarioRun {
  const out = runScenario(program, scenario, { seed, trace: false });
  if (out.error || out.stateProblems || (out.result !== "attacker" && out.result !== "defender")) {
    console.error(`bench: the interpreter failed on seed ${seed}: ${out.error?.message ?? JSON.stringify(out.stateProblems ?? out.result)}`);
    process.exit(1);
  }
  return out;
}

function handWritten(seed: string): Side {
  return runBattle(state, seed);
}

// ---- timing: warm-up, then rounds that alternate the two, so background load hits both alike --------------
// In each round the interpreter runs every seed once and the hand-written code runs every seed as many
// times as fits in MIN_MS (it is too quick to time over one pass). Each side's figure is its best round:
// the one least disturbed by whatever else the machine was doing.

interface Timing {
  battles: number;
  ms: number;
}

function warmUp(one: (seed: string) => unknown) {
  for (let i = 0; i < Math.min(500, N); i++) one(`warmup:${i}`);
}

function timePasses(one: (seed: string) => unknown, minMs: number): Timing {
  let battles = 0;
  const start = performance.now();
  let ms = 0;
  do {
    for (const seed of seeds) one(seed);
    battles += seeds.length;
    ms = performance.now() - start;
  } while (ms < minMs);
  return { battles, ms };
}

// ---- agreement first (untimed): seed by seed, winner, dice drawn and final state ------------------------------

const runs = seeds.map(interpreted);
let winnerDiffs = 0;
let diceDiffs = 0;
let stateDiffs = 0;
const examples: string[] = [];
let interpWins = 0;
let tsWins = 0;

/** The parts of a final stack that both implementations must agree on. */
function summary(s: Stack): Json {
  const unit = (u: Stack["units"][number]) => ({
    name: u.name,
    hp: u.hp,
    shots: u.shots,
    statuses: [u.diseased && "diseased", u.lifedrained && "lifedrained", u.inCombat && "inCombat", u.missileImmune && "missileImmune"].filter(Boolean).sort() as string[],
  });
  return { units: s.units.map(unit), dead: s.dead.map(unit) };
}

function interpretedSummary(json: Json | undefined): Json {
  const s = json as { units: Record<string, Json>[]; dead: Record<string, Json>[] };
  const unit = (u: Record<string, Json>) => ({ name: u["name"]!, hp: u["hp"]!, shots: u["shots"]!, statuses: Object.keys((u["statuses"] ?? {}) as object).sort() });
  return { units: s.units.map(unit), dead: s.dead.map(unit) };
}

seeds.forEach((seed, i) => {
  const out = runs[i]!;
  const field = battlefieldFromJson(state);
  const dice = new Dice(seed);
  const winner = battle(field, dice);
  if (out.result === "attacker") interpWins++;
  if (winner === "attacker") tsWins++;
  const problems: string[] = [];
  if (out.result !== winner) {
    winnerDiffs++;
    problems.push(`winner ${String(out.result)} vs ${winner}`);
  }
  if (JSON.stringify(out.rng) !== JSON.stringify(dice.state())) {
    diceDiffs++;
    problems.push("different dice drawn");
  }
  const mine = JSON.stringify({ attacker: summary(field.attacker), defender: summary(field.defender) });
  const theirs = JSON.stringify({ attacker: interpretedSummary(out.state?.["attacker"]), defender: interpretedSummary(out.state?.["defender"]) });
  if (mine !== theirs) {
    stateDiffs++;
    problems.push("different final state");
  }
  if (problems.length > 0 && examples.length < 5) examples.push(`  seed ${seed}: ${problems.join(", ")}`);
});

// Two-proportion z-test on the attacker's win rate: a guard that does not depend on per-seed pairing.
const p1 = interpWins / N;
const p2 = tsWins / N;
const pooled = (interpWins + tsWins) / (2 * N);
const se = Math.sqrt(pooled * (1 - pooled) * (2 / N));
const z = se === 0 ? (p1 === p2 ? 0 : Infinity) : (p1 - p2) / se;

// ---- speed ---------------------------------------------------------------------------------------------------

warmUp(interpreted);
warmUp(handWritten);
const rounds: { interp: Timing; ts: Timing }[] = [];
for (let r = 0; r < ROUNDS; r++) rounds.push({ interp: timePasses(interpreted, 0), ts: timePasses(handWritten, MIN_MS) });
const fastest = (ts: Timing[]) => ts.reduce((a, b) => (b.ms / b.battles < a.ms / a.battles ? b : a));
const interp = fastest(rounds.map((r) => r.interp));
const ts = fastest(rounds.map((r) => r.ts));
const roundRatios = rounds.map((r) => r.interp.ms / r.interp.battles / (r.ts.ms / r.ts.battles)).sort((a, b) => a - b);

// Where the interpreter's time goes besides running the rules: runScenario validates the state with
// ajv, converts it to runtime values and back, and both implementations seed an ARC4 generator.
const perBattle = (t: Timing) => t.ms / t.battles;
const converted = stateFromJson(program, scenario.state);
const micro = (label: string, f: (i: number) => unknown) => {
  for (let i = 0; i < 500; i++) f(i);
  const start = performance.now();
  for (let i = 0; i < N; i++) f(i);
  return { label, ms: (performance.now() - start) / N };
};
const overheads = [
  micro("ajv state validation", () => validateState(program, scenario.state)),
  micro("state JSON -> values", () => stateFromJson(program, scenario.state)),
  micro("values -> state JSON", () => stateToJson(program, converted)),
  micro("seeding seedrandom", (i) => new Dice(seeds[i]!)),
];

// ---- report ---------------------------------------------------------------------------------------------------

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const rate = (t: Timing) => Math.round(t.battles / (t.ms / 1000)).toLocaleString("en-US").padStart(9);
const msEach = (t: Timing) => `${(perBattle(t) * 1000).toFixed(1)} µs/battle`;
const ratio = perBattle(interp) / perBattle(ts);

console.log(`Warlords III stack combat: ${scenarioPath}, ${N} battles per pass, seeds bench:0 .. bench:${N - 1}, ${ROUNDS} timed rounds`);
console.log(`  interpreter (runScenario, trace off) ${rate(interp)} battles/s  ${msEach(interp)}  (${interp.battles} battles in ${interp.ms.toFixed(0)} ms)`);
console.log(`  hand-written TypeScript              ${rate(ts)} battles/s  ${msEach(ts)}  (${ts.battles} battles in ${ts.ms.toFixed(0)} ms)`);
console.log(`  ratio (interpreter time / TS time)   ${ratio.toFixed(1)}x   (best round of each; per-round ratios ${roundRatios.map((x) => x.toFixed(1)).join(", ")})`);
console.log(`  per battle, inside those times: ${overheads.map((o) => `${o.label} ${(o.ms * 1000).toFixed(1)} µs`).join(", ")}`);
console.log(`Attacker win rate: interpreter ${pct(p1)}, hand-written ${pct(p2)}  (two-proportion z = ${z.toFixed(2)})`);
console.log(`Agreement over ${N} seeds: ${N - winnerDiffs} same winner, ${N - diceDiffs} same dice drawn, ${N - stateDiffs} same final state`);
for (const e of examples) console.log(e);

const disagree = winnerDiffs > 0 || diceDiffs > 0 || stateDiffs > 0 || !(Math.abs(z) < 4);
if (disagree) {
  console.error("bench: FAIL - the interpreter and the hand-written implementation disagree");
  process.exit(1);
}
