// The bench's rows for a gridless battle: bench/plane-battle/battle.json run by the rules (std/plane's
// measuring: edge-to-edge distances, facing, advancing, line of sight past bases and terrain, blast
// templates) on the compiled backend and on the tree-walker, against bench/plane-combat.ts, the same
// battle and the same measuring written by hand. Agreement first (untimed), seed by seed: the result,
// every model's base and wounds, the blasts thrown and the dice drawn.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { nodeHost } from "../src/api/node-host.ts";
import { compile, indexProgram, runScenario, scenarioRunner, type Engine, type Scenario } from "../src/pipeline.ts";
import { planeBattle, planeBattleFromJson, runPlaneBattle, type PlaneBattleJson } from "./plane-combat.ts";
import { Dice } from "./warlords-combat.ts";

export const PLANE_SCENARIO = "bench/plane-battle/battle.json";

export interface PlaneRound {
  compiled: number;
  tree: number;
  ts: number;
}

export interface PlaneBench {
  /** Seeds whose battles an engine and the hand-written code fought differently, one line each. */
  failures: string[];
  agreeing: Record<Engine, number>;
  /** One round: CPU ms of a pass of the battles on each side. */
  round(perPass: (pass: () => void, minMs: number) => number, settle: () => void, minMs: number): PlaneRound;
}

export function planeAgainstHand(root: string, seeds: readonly string[]): PlaneBench {
  const path = join(root, PLANE_SCENARIO);
  const scenario = JSON.parse(readFileSync(path, "utf8")) as Scenario;
  const compiled = compile([join(root, "bench/plane-battle/battle.rules")], nodeHost);
  if (!compiled.program) throw new Error(`bench: ${PLANE_SCENARIO}'s rules do not compile`);
  const program = indexProgram(compiled.program);
  const state = scenario.state as unknown as PlaneBattleJson;
  const failures: string[] = [];
  const agreeing: Record<Engine, number> = { compiled: 0, tree: 0 };
  for (const seed of seeds) {
    const field = planeBattleFromJson(state);
    const dice = new Dice(seed);
    const result = planeBattle(field, dice);
    const mine = JSON.stringify({ models: field.models.map((m) => ({ name: m.name, at: m.base.at, facing: m.base.facing, wounds: m.wounds })), blasts: field.blasts.length });
    for (const engine of ["compiled", "tree"] as const) {
      const out = runScenario(program, scenario, { seed, trace: false, engine });
      const models = (out.state?.["models"] ?? []) as { name: string; base: { at: { x: number; y: number }; facing: number }; wounds: number }[];
      const theirs = JSON.stringify({ models: models.map((m) => ({ name: m.name, at: { x: m.base.at.x, y: m.base.at.y }, facing: m.base.facing, wounds: m.wounds })), blasts: ((out.state?.["blasts"] ?? []) as unknown[]).length });
      const problems: string[] = [];
      if (out.error) problems.push(`failed: ${out.error.message}`);
      if (out.resultText !== result) problems.push(`result ${out.resultText} vs ${result}`);
      if (theirs !== mine) problems.push("different final state");
      if (JSON.stringify(out.rng) !== JSON.stringify(dice.state())) problems.push("different dice drawn");
      if (problems.length === 0) agreeing[engine]++;
      else failures.push(`  plane seed ${seed}: ${engine} engine against hand-written: ${problems.join(", ")}`);
    }
  }
  const ruled = (engine: Engine) => {
    const runner = scenarioRunner(program, scenario, engine);
    if (!("battle" in runner)) throw new Error(`bench: ${PLANE_SCENARIO} does not run`);
    return (seed: string) => runner.battle(seed, { finalState: false });
  };
  const sides = { compiled: ruled("compiled"), tree: ruled("tree"), ts: (seed: string) => runPlaneBattle(state, seed) };
  const pass = (one: (seed: string) => unknown) => () => {
    for (const seed of seeds) one(seed);
  };
  for (const warm of Object.values(sides)) for (let i = 0; i < Math.min(100, seeds.length); i++) warm(`warmup:${i}`);
  return {
    failures,
    agreeing,
    round(perPass, settle, minMs) {
      settle();
      const compiledMs = perPass(pass(sides.compiled), 0);
      settle();
      const ts = perPass(pass(sides.ts), Math.min(compiledMs, minMs));
      settle();
      const tree = perPass(pass(sides.tree), 0);
      return { compiled: compiledMs, tree, ts };
    },
  };
}
