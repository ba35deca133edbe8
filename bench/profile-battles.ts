// A loop of compiled Warlords battles for `node --cpu-prof` (bench/README.md, "Profiling"): the work of
// the bench's `compiled rules` row and nothing else, so the profile shows only where a battle goes.
//
//   npx esbuild bench/profile-battles.ts --bundle --platform=node --format=esm --packages=external --outfile=bench/.build/profile.mjs
//   node --cpu-prof --cpu-prof-dir=bench/.build bench/.build/profile.mjs 3000
import { readFileSync } from "node:fs";
import { nodeHost } from "../src/api/node-host.ts";
import { compile, indexProgram, scenarioRunner, type Scenario } from "../src/pipeline.ts";

const n = Number(process.argv[2] ?? "3000");
const scenarioPath = "rules/warlords3/scenarios/battle.json";
const scenario = JSON.parse(readFileSync(scenarioPath, "utf8")) as Scenario;
const program = indexProgram(compile(["rules/warlords3"], nodeHost).program!);
const run = scenarioRunner(program, scenario);
if (!("battle" in run)) throw new Error("the bench's scenario does not run");
let attacker = 0;
for (let i = 0; i < n; i++) if (run.battle(`bench:${i}`, { finalState: false }).resultText === "Side.attacker") attacker++;
console.log(`${n} battles, attacker won ${attacker}`);
