// `npm run bench`: what the language costs, side by side in one process, in ONE table. Every figure is
// a ratio of CPU times measured in the same round, rounds interleaved, so background load (the machine
// may be shared) hits both sides of a ratio alike; each ratio is given as the median and the range
// (min-max) over the rounds. See bench/README.md.
//
//   npm run bench -- --n 1000 --plane-n 100 --rounds 7 --min-ms 200
//
// It checks first (untimed) that the compiled rules, the tree-walking interpreter and the hand-written
// TypeScript (bench/warlords-combat.ts) fight the same battles seed by seed, and that the two engines
// agree exactly (result, final state, generator state); it fails instead of printing a figure if not.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { checkProgram } from "../src/check/checker.ts";
import { hasErrors } from "../src/core/diagnostics.ts";
import { nodeHost } from "../src/api/node-host.ts";
import { compile, indexProgram, runScenario, scenarioRunner, type Engine, type RuntimeProgram, type Scenario, type ScenarioRun } from "../src/pipeline.ts";
import { loadProgram } from "../src/syntax/load.ts";
import type { Json } from "../src/run/state.ts";
import { memoryFileHost, Workspace } from "../src/tools/service/index.ts";
import { validateState } from "../src/run/schema.ts";
import { parseEach, sameSizeJson } from "./parse-measure.ts";
import { ODDS_SCENARIO, oddsAgainstSimulate, type OddsAgainstSimulate } from "./odds-vs-simulate.ts";
import { PLANE_SCENARIO, planeAgainstHand, type PlaneRound } from "./plane-vs-hand.ts";
import { battle, battlefieldFromJson, Dice, runBattle, type BattlefieldJson, type Stack } from "./warlords-combat.ts";

const { values } = parseArgs({
  options: {
    n: { type: "string", short: "n", default: "1000" },
    "min-ms": { type: "string", default: "200" },
    rounds: { type: "string", default: "7" },
    scenario: { type: "string" },
    "plane-n": { type: "string", default: "100" },
  },
});
const N = Number(values.n);
const MIN_MS = Number(values["min-ms"]);
const ROUNDS = Number(values.rounds);
/** Plane battles per pass: each measures a great deal (about 100 a CPU second compiled), so fewer than the Warlords ones. */
const PLANE_N = Number(values["plane-n"]);
if (!Number.isInteger(N) || N < 1 || !Number.isFinite(MIN_MS) || MIN_MS < 0 || !Number.isInteger(ROUNDS) || ROUNDS < 1 || !Number.isInteger(PLANE_N) || PLANE_N < 1) {
  console.error("usage: npm run bench -- [--n BATTLES] [--plane-n BATTLES] [--rounds R] [--min-ms MILLISECONDS] [--scenario PATH]");
  process.exit(2);
}

// ---- load once: the scenario, its rules compiled and indexed -------------------------------------------------

/** The repository: the folder above this file that holds package.json (`npm run bench` runs a bundle in bench/.build/). */
const root = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();
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
if (validateState(program, scenario.state).length > 0) {
  console.error(`bench: the state of ${scenarioPath} does not validate`);
  process.exit(1);
}

// ---- one battle each: what `rulesmith simulate` pays per run (state validated and converted once, copied per run) ----

function ruled(engine: Engine) {
  const runner = scenarioRunner(program, scenario, engine);
  if (!("battle" in runner)) throw new Error(`bench: the scenario ${scenarioPath} does not run`);
  return (seed: string) => runner.battle(seed, { finalState: false });
}
const compiledBattle = ruled("compiled");
const treeBattle = ruled("tree");
const handWritten = (seed: string) => runBattle(state, seed);
/** The CLI's way: `runScenario` validates the state, converts it in and out, on every run. */
const throughRunScenario = (seed: string) => runScenario(program, scenario, { seed, trace: false });

// ---- agreement first (untimed): seed by seed ---------------------------------------------------------------------

/** The parts of a final stack that the rules and the hand-written implementation must agree on. */
function summary(s: Stack): Json {
  const unit = (u: Stack["units"][number]) => ({
    name: u.name,
    hp: u.hp,
    shots: u.shots,
    statuses: [u.diseased && "diseased", u.lifedrained && "lifedrained", u.inCombat && "inCombat", u.missileImmune && "missileImmune"].filter(Boolean).sort() as string[],
  });
  return { units: s.units.map(unit), dead: s.dead.map(unit) };
}

function ruledSummary(json: Json | undefined): Json {
  const s = json as { units: Record<string, Json>[]; dead: Record<string, Json>[] };
  const unit = (u: Record<string, Json>) => ({ name: u["name"]!, hp: u["hp"]!, shots: u["shots"]!, statuses: Object.keys((u["statuses"] ?? {}) as object).sort() });
  return { units: s.units.map(unit), dead: s.dead.map(unit) };
}

const failures: string[] = [];
let agreeingEngines = 0;
const agreeingTs = { compiled: 0, tree: 0 };
const wins = { compiled: 0, tree: 0, ts: 0 };
for (const seed of seeds) {
  const runs: Record<Engine, ScenarioRun> = {
    compiled: runScenario(program, scenario, { seed, trace: false, engine: "compiled" }),
    tree: runScenario(program, scenario, { seed, trace: false, engine: "tree" }),
  };
  const field = battlefieldFromJson(state);
  const dice = new Dice(seed);
  const winner = battle(field, dice);
  if (winner === "attacker") wins.ts++;
  const mine = JSON.stringify({ attacker: summary(field.attacker), defender: summary(field.defender) });
  for (const engine of ["compiled", "tree"] as const) {
    const out = runs[engine];
    if (out.error || out.stateProblems) {
      failures.push(`  seed ${seed}: the ${engine} engine failed: ${out.error?.message ?? JSON.stringify(out.stateProblems)}`);
      continue;
    }
    if (out.result === "attacker") wins[engine]++;
    const problems: string[] = [];
    if (out.result !== winner) problems.push(`winner ${String(out.result)} vs ${winner}`);
    if (JSON.stringify(out.rng) !== JSON.stringify(dice.state())) problems.push("different dice drawn");
    if (mine !== JSON.stringify({ attacker: ruledSummary(out.state?.["attacker"]), defender: ruledSummary(out.state?.["defender"]) })) problems.push("different final state");
    if (problems.length === 0) agreeingTs[engine]++;
    else failures.push(`  seed ${seed}: ${engine} engine against hand-written: ${problems.join(", ")}`);
  }
  if (JSON.stringify(runs.compiled) === JSON.stringify(runs.tree)) agreeingEngines++;
  else failures.push(`  seed ${seed}: the compiled engine and the tree-walker differ`);
}

// Two-proportion z-test on the attacker's win rate: a guard that does not depend on per-seed pairing.
function zScore(a: number, b: number): number {
  const pooled = (a + b) / (2 * N);
  const se = Math.sqrt(pooled * (1 - pooled) * (2 / N));
  return se === 0 ? (a === b ? 0 : Infinity) : (a / N - b / N) / se;
}
const z = zScore(wins.compiled, wins.ts);

// ---- the other workloads: parsing, checking, the editor's diagnostics ----------------------------------------------

/** Every bundled .rules file, by its path relative to the repository (as the language service names them). */
function bundledRules(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const dir of readdirSync(join(root, "rules"), { recursive: true, encoding: "utf8" }).sort()) {
    if (dir.endsWith(".rules")) files[`rules/${dir.split("\\").join("/")}`] = readFileSync(join(root, "rules", dir), "utf8");
  }
  return files;
}
const rulesFiles = bundledRules();
const rulesBytes = Object.values(rulesFiles).reduce((n, t) => n + t.length, 0);
/** A JSON text of about the same size as all the rules (bench/parse-measure.ts, shared with `npm run bench:parse`). */
const jsonText = sameSizeJson(root, rulesBytes);
const largest = Object.keys(rulesFiles).reduce((a, b) => (rulesFiles[b]!.length > rulesFiles[a]!.length ? b : a));
const systems = ["rules/warlords3", "rules/dragon-dice"];
const memoryHost = memoryFileHost(rulesFiles);

function parseAll() {
  parseEach(rulesFiles);
}
function jsonParse() {
  JSON.parse(jsonText);
}

/**
 * One diagnostics pass as the editor makes it after a keystroke in `largest`: the file's text is new
 * (a comment with a count at the end of its middle line, different on every pass), so the workspace's
 * parses of the unchanged files and of the file's unchanged declarations work as they do for a real
 * edit, and the file must be checked again. The files it imports are unchanged.
 */
const editor = new Workspace(rulesFiles);
const editAt = (() => {
  const text = rulesFiles[largest]!;
  const lines = text.split("\n");
  return lines.slice(0, Math.floor(lines.length / 2)).join("\n").length;
})();
let edits = 0;
function diagnosticsAfterEdit() {
  const text = rulesFiles[largest]!;
  const edited = `${text.slice(0, editAt)} // edit ${++edits}${text.slice(editAt)}`;
  editor.set(largest, edited);
  const found = editor.diagnostics(largest);
  if (found.some((d) => d.severity === "error")) throw new Error(`bench: the edited ${largest} has errors: ${found[0]!.message}`);
}

// ---- timing: CPU time, rounds interleaved -----------------------------------------------------------------------------

/** CPU milliseconds (user + system) that `f` takes. */
function cpu(f: () => void): number {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Runs `pass` again and again until `minMs` of CPU time; gives the CPU time of one pass. */
function perPass(pass: () => void, minMs: number): number {
  let passes = 0;
  let ms = 0;
  do {
    ms += cpu(pass);
    passes++;
  } while (ms < minMs);
  return ms / passes;
}

/**
 * Collects the young generation the workloads before a pass left (the parse, the check and the
 * diagnostics pass leave tens of MB there), so that a pass pays for its own garbage only: without it,
 * the first scavenge in the pass after the diagnostics took ~60 ms, as long as the 1000 compiled
 * battles themselves. A minor collection only: a full one (`gc()`) made every battle pass after it
 * several times slower (V8 throws away compiled code in a forced full collection). Needs
 * `node --expose-gc` (the `bench` script passes it); without it, nothing is collected and the table
 * says so.
 */
const collect = (globalThis as { gc?: (options: { type: "minor" }) => void }).gc;
const settle = () => collect?.({ type: "minor" });

const battles = (one: (seed: string) => unknown) => () => {
  for (const seed of seeds) one(seed);
};

/**
 * Parsing fresh, then checking what was parsed, then making the resolved tree that runs: each one's CPU
 * time. `compile` checks; it makes the resolved tree only when something runs (`rulesmith check` and the
 * editor never do), so the tree is timed apart.
 */
function parseThenCheck(): { parse: number; check: number; resolve: number } {
  let parse = 0;
  let check = 0;
  let resolve = 0;
  for (const system of systems) {
    let loaded: ReturnType<typeof loadProgram> | undefined;
    let checked: ReturnType<typeof checkProgram> | undefined;
    parse += cpu(() => (loaded = loadProgram([system], memoryHost)));
    check += cpu(() => (checked = checkProgram(loaded!.files, (from, p) => memoryHost.resolve(from, p))));
    resolve += cpu(() => void checked!.resolution.resolvedFiles(loaded!.files));
  }
  return { parse, check, resolve };
}

for (const warm of [compiledBattle, treeBattle, handWritten, throughRunScenario]) for (let i = 0; i < Math.min(300, N); i++) warm(`warmup:${i}`);
for (let i = 0; i < 5; i++) {
  parseAll();
  jsonParse();
  parseThenCheck();
  diagnosticsAfterEdit();
}

interface Round {
  compiled: number;
  tree: number;
  ts: number;
  runScenario: number;
  parse: number;
  json: number;
  check: number;
  resolve: number;
  checkParse: number;
  diagnostics: number;
  odds: OddsAgainstSimulate;
  plane: PlaneRound;
}
const oddsRound = oddsAgainstSimulate(cpu, relative(process.cwd(), join(root, ODDS_SCENARIO)));
// The plane battle checks its own agreement (untimed) as it is set up.
const plane = planeAgainstHand(
  root,
  Array.from({ length: PLANE_N }, (_, i) => `bench:${i}`),
);
failures.push(...plane.failures);
const rounds: Round[] = [];
for (let r = 0; r < ROUNDS; r++) {
  settle();
  const compiledMs = perPass(battles(compiledBattle), 0);
  settle();
  const ts = perPass(battles(handWritten), Math.min(compiledMs, MIN_MS));
  settle();
  const tree = perPass(battles(treeBattle), 0);
  settle();
  const viaRunScenario = perPass(battles(throughRunScenario), 0);
  settle();
  const parse = perPass(parseAll, MIN_MS);
  settle();
  const json = perPass(jsonParse, MIN_MS);
  settle();
  const checked = parseThenCheck();
  settle();
  const diag = perPass(diagnosticsAfterEdit, 0);
  settle();
  const odds = oddsRound();
  const planeRound = plane.round(perPass, settle, MIN_MS);
  rounds.push({ compiled: compiledMs, tree, ts, runScenario: viaRunScenario, parse, json, check: checked.check, resolve: checked.resolve, checkParse: checked.parse, diagnostics: diag, odds, plane: planeRound });
}

// ---- report: one table ---------------------------------------------------------------------------------------------

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const figure = (xs: number[], digits = 1, unit = "x") => {
  const f = (x: number) => `${x.toFixed(digits)}${unit}`;
  return `${f(median(xs)).padStart(8)}   ${f(Math.min(...xs))} - ${f(Math.max(...xs))}`;
};
type Timed = Exclude<keyof Round, "odds" | "plane">;
const planeRatio = (a: keyof PlaneRound, b: keyof PlaneRound) => rounds.map((r) => r.plane[a] / r.plane[b]);
const ratio = (a: Timed, b: Timed) => rounds.map((r) => r[a] / r[b]);
const rate = (k: Timed) => rounds.map((r) => (N / r[k]) * 1000);

const rows: [string, string][] = [
  ["Warlords battle, compiled rules / hand-written TS", figure(ratio("compiled", "ts"))],
  ["Warlords battle, tree-walker / hand-written TS", figure(ratio("tree", "ts"))],
  ["Warlords battle, tree-walker / compiled rules", figure(ratio("tree", "compiled"), 2)],
  ["Warlords battle, runScenario (compiled) / hand-written", figure(ratio("runScenario", "ts"))],
  ["plane battle (std/plane), compiled rules / hand-written TS", figure(planeRatio("compiled", "ts"))],
  ["plane battle (std/plane), tree-walker / hand-written TS", figure(planeRatio("tree", "ts"))],
  [`parse of the bundled rules / JSON.parse (${(rulesBytes / 1000).toFixed(0)} KB each)`, figure(ratio("parse", "json"), 0)],
  ["check / parse (both systems)", figure(ratio("check", "checkParse"), 2)],
  ["resolved tree for a run / parse (both systems)", figure(ratio("resolve", "checkParse"), 2)],
  [`diagnostics pass after an edit, ${largest} (CPU ms)`, figure(rounds.map((r) => r.diagnostics), 0, " ms")],
  ["battles/s, compiled rules (CPU)", figure(rate("compiled"), 0, "")],
  ["battles/s, hand-written TS (CPU)", figure(rate("ts"), 0, "")],
  ["battles/s, tree-walker (CPU)", figure(rate("tree"), 0, "")],
  ["plane battles/s, compiled rules (CPU)", figure(rounds.map((r) => (PLANE_N / r.plane.compiled) * 1000), 0, "")],
  ["plane battles/s, hand-written TS (CPU)", figure(rounds.map((r) => (PLANE_N / r.plane.ts) * 1000), 0, "")],
  [`odds (exact) / simulate to +-0.1% (${rounds[0]!.odds.runs} runs), ${ODDS_SCENARIO.split("/").pop()}`, figure(rounds.map((r) => r.odds.odds / r.odds.simulate), 3)],
  ["odds, exact (CPU ms)", figure(rounds.map((r) => r.odds.odds), 0, " ms")],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log(`rulesmith bench: ${scenarioPath}, ${N} battles per pass (seeds bench:0 .. bench:${N - 1}), ${ROUNDS} interleaved rounds, CPU time, ${collect ? "young generation collected before each pass" : "nothing collected before a pass (run node with --expose-gc)"}`);
console.log(`${"figure".padEnd(width)}    median   range (min - max)`);
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
console.log(`A battle of the rules is a run of \`rulesmith simulate\`: a copy of the state (validated and converted from JSON once), a run, the result; the hand-written side converts its own state from the same JSON on every battle.`);
console.log(`Attacker win rate: compiled ${((wins.compiled / N) * 100).toFixed(1)}%, tree-walker ${((wins.tree / N) * 100).toFixed(1)}%, hand-written ${((wins.ts / N) * 100).toFixed(1)}% (two-proportion z = ${z.toFixed(2)})`);
console.log(`Agreement over ${N} seeds: ${agreeingTs.compiled} compiled and ${agreeingTs.tree} tree-walker battles identical to the hand-written ones (winner, dice drawn, final state); ${agreeingEngines} runs identical between the two engines`);
console.log(`Plane battle (${PLANE_SCENARIO}), ${PLANE_N} battles per pass, agreement over ${PLANE_N} seeds: ${plane.agreeing.compiled} compiled and ${plane.agreeing.tree} tree-walker battles identical to bench/plane-combat.ts (result, every model's position, facing and wounds, blasts, dice drawn)`);
for (const f of failures.slice(0, 5)) console.log(f);

if (failures.length > 0 || !(Math.abs(z) < 4)) {
  console.error("bench: FAIL - the engines and the hand-written implementation disagree");
  process.exit(1);
}
