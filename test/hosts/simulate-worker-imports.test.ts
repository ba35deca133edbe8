// A worker thread of `rulesmith simulate` is sent a checked program and a validated state: it loads
// only what runs rules, and runs them as the main thread would. Loading the parser and checker (which
// build the grammar) and validating the state again had cost each worker more than the runs it saved.
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { nodeHost } from "../../src/api/node-host.ts";
import { loadScenario } from "../../src/pipeline.ts";
import { scenarioRunner, validatedScenarioRunner } from "../../src/run/scenario-runner.ts";

/** Every source file the worker module loads, as a bundler follows its imports (type-only ones are left out). */
async function workerModules(): Promise<string[]> {
  const out = await build({ entryPoints: ["src/hosts/cli/simulate-worker.ts"], bundle: true, write: false, metafile: true, platform: "node", format: "esm", packages: "external", outfile: "worker.js", logLevel: "silent" });
  return Object.keys(out.metafile.inputs).sort();
}

describe("a simulate worker thread", () => {
  it("loads no parser, checker, program loader or pipeline", async () => {
    const modules = await workerModules();
    expect(modules).toContain("src/run/scenario-runner.ts");
    expect(modules).toContain("src/run/compiled/run.ts");
    // It goes through the API's running part, which must stay light too.
    expect(modules).toContain("src/api/runtime.ts");
    expect(modules.filter((m) => /^grammar\/|^src\/pipeline\.ts$|^src\/(syntax|check|tools\/service)\//.test(m))).toEqual([]);
  });

  it("runs a state the main thread validated exactly as a validating runner does", () => {
    const loaded = loadScenario("rules/warlords3/scenarios/battle.json", nodeHost);
    const { program, scenario } = loaded.ready!;
    const checked = scenarioRunner(program, scenario);
    const trusted = validatedScenarioRunner(program, scenario);
    if (!("battle" in checked) || !("battle" in trusted)) throw new Error("the battle should prepare");
    for (const seed of ["s1:0", "s1:1", "s1:99999"]) {
      const a = checked.battle(seed, { trace: true });
      const b = trusted.battle(seed, { trace: true });
      expect(b.resultText).toBe(a.resultText);
      expect(b.state).toEqual(a.state);
      expect(b.trace).toEqual(a.trace);
    }
  });

  it("still names a run function that does not exist, as the validating runner does", () => {
    const loaded = loadScenario("rules/warlords3/scenarios/battle.json", nodeHost);
    const { program, scenario } = loaded.ready!;
    const wrong = { ...scenario, run: "no_such_fn" };
    expect(validatedScenarioRunner(program, wrong)).toEqual(scenarioRunner(program, wrong));
    expect(validatedScenarioRunner(program, wrong)).toMatchObject({ error: { code: "E0402", message: expect.stringContaining("there is no function `no_such_fn`") } });
  });
});
