// The reference the compiled engine is compared with: the tree-walker, traced, on a state converted
// from the scenario's JSON for this run alone; and the bundled scenarios run against it.
import { existsSync, readdirSync } from "node:fs";
import { expect } from "vitest";
import { nodeHost } from "../../src/api/node-host.ts";
import { loadScenario, scenarioRunner, type BattleOptions, type RuntimeProgram, type Scenario, type ScenarioRun } from "../../src/pipeline.ts";
import { scriptedChooser } from "../../src/run/choosers.ts";
import { Interpreter } from "../../src/run/interpreter.ts";
import { stateFromJson, stateToJson, type Json } from "../../src/run/state.ts";

export interface TreeRun {
  interp: Interpreter;
  result?: unknown;
  /** The message of the error the run stopped with, if any. */
  error?: string;
  /** The final state as JSON, when the run ended without an error. */
  state?: Json;
}

export function treeReference(program: RuntimeProgram, scenario: Scenario, seed: string): TreeRun {
  const fn = program.fns.get(scenario.run)!;
  const interp = new Interpreter(program, stateFromJson(program, scenario.state), { seed, trace: true, ...(scenario.choices ? { chooser: scriptedChooser(scenario.choices) } : {}) });
  try {
    const result = interp.call(fn, [], fn.span);
    return { interp, result, state: stateToJson(program, interp.globals) };
  } catch (err) {
    return { interp, error: (err as Error).message };
  }
}

/** Every bundled scenario: the `.json` files of each `rules/NAME/scenarios` folder. */
export const bundledScenarios = readdirSync("rules", { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(`rules/${d.name}/scenarios`))
  .flatMap((d) => readdirSync(`rules/${d.name}/scenarios`).filter((f) => f.endsWith(".json")).sort().map((f) => `rules/${d.name}/scenarios/${f}`))
  .sort();

/**
 * Runs seeds `prefix:0` .. `prefix:39` of the scenario at `path` as a simulation does (the state
 * converted once, copied per run, on the compiled engine), once with each of `options` (traced and
 * untraced, say), and on the tree-walker once per seed, checks that each run ends as the tree's (error,
 * dice generator, result and final state), and hands both runs to `compare` with the options for more.
 * The tree-walker's traced run is the costly one, so one serves every option.
 */
export function endsAsTheTree(path: string, prefix: string, options: readonly BattleOptions[], compare: (run: ScenarioRun, tree: TreeRun, options: BattleOptions) => void) {
  const { ready } = loadScenario(path, nodeHost);
  expect(ready).toBeDefined();
  const { program, scenario } = ready!;
  const runner = scenarioRunner(program, scenario, "compiled");
  if (!("battle" in runner)) throw new Error(`${path} does not run`);
  for (let i = 0; i < 40; i++) {
    const seed = `${prefix}:${i}`;
    const tree = treeReference(program, scenario, seed);
    for (const option of options) {
      const run = runner.battle(seed, option);
      expect(run.error?.message).toBe(tree.error);
      compare(run, tree, option);
      expect(run.rng).toEqual(tree.interp.dice.state());
      if (tree.error === undefined) {
        expect(run.result).toEqual(tree.result);
        expect(run.state).toEqual(tree.state);
      }
    }
  }
}
