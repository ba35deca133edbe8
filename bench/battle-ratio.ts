// The bench's first row alone, measured finely: compiled Warlords battles against the hand-written ones
// (bench/warlords-combat.ts) in small blocks, alternated block by block, and the ratio of the summed CPU
// times printed with the median and range of the blocks' ratios. On a shared machine the sum of many
// short alternated blocks moved by about 5% from run to run where `npm run bench`'s 7 rounds moved by
// 20% or more (bench/RESULTS.md): use it to compare two builds of the engine, run after run.
//
//   npx esbuild bench/battle-ratio.ts --bundle --platform=node --format=esm --packages=external --outfile=bench/.build/battle-ratio.mjs
//   node bench/.build/battle-ratio.mjs [BATTLES_PER_BLOCK=200] [BLOCKS=150]
import { readFileSync } from "node:fs";
import { nodeHost } from "../src/api/node-host.ts";
import { compile, indexProgram, scenarioRunner, type Scenario } from "../src/pipeline.ts";
import { runBattle, type BattlefieldJson } from "./warlords-combat.ts";

const n = Number(process.argv[2] ?? "200");
const blocks = Number(process.argv[3] ?? "150");
const scenarioPath = "rules/warlords3/scenarios/battle.json";
const scenario = JSON.parse(readFileSync(scenarioPath, "utf8")) as Scenario;
const program = indexProgram(compile(["rules/warlords3"], nodeHost).program!);
const runner = scenarioRunner(program, scenario);
if (!("battle" in runner)) throw new Error("the bench's scenario does not run");
const state = scenario.state as unknown as BattlefieldJson;
const seeds = Array.from({ length: n }, (_, i) => `bench:${i}`);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const time = (battle: (seed: string) => unknown) => {
  const start = cpuMs();
  for (const seed of seeds) battle(seed);
  return cpuMs() - start;
};
const compiled = (seed: string) => runner.battle(seed, { finalState: false });
const hand = (seed: string) => runBattle(state, seed);
// Warm both up before anything counts.
for (let i = 0; i < 3; i++) time(compiled), time(hand);
const ratios: number[] = [];
let compiledMs = 0;
let handMs = 0;
for (let i = 0; i < blocks; i++) {
  const c = time(compiled);
  const h = time(hand);
  compiledMs += c;
  handMs += h;
  ratios.push(c / h);
}
ratios.sort((a, b) => a - b);
const us = (ms: number) => ((ms * 1000) / (n * blocks)).toFixed(1);
console.log(
  `compiled / hand-written: ${(compiledMs / handMs).toFixed(3)} (summed CPU); blocks median ${ratios[Math.floor(blocks / 2)]!.toFixed(2)}, range ${ratios[0]!.toFixed(2)} - ${ratios[blocks - 1]!.toFixed(2)}; ${us(compiledMs)} / ${us(handMs)} us per battle`,
);
