// The playground's workers with mods switched on (mods-panel.ts): the run worker's programs of a base
// load the mods switched on of that base and leave out the examples they override, as `rulesmith test
// BASE MOD` does; a scenario's runs, counted as the Simulate and Exact workers count them, use the mods'
// rules. The fixture's mod `berserkers` adds one to every attack: a duel's 2 wounds become 3.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compilePrograms, compileSwitchedOn } from "../../playground/workers/programs.ts";
import { countRange, prepareRuns } from "../../playground/workers/simulate-range.ts";
import type { Files } from "../../playground/protocol.ts";
import { indexProgram, memoryFileHost, planSystems } from "../../src/api.ts";

const F = "test/fixtures/mods";

function filesBelow(dir: string): Files {
  const files: Files = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) files[join(e.parentPath, e.name)] = readFileSync(join(e.parentPath, e.name), "utf8");
  }
  return files;
}

const files = filesBelow(F);
const titles = (mods: string[]) => {
  const loaded = compilePrograms(files, [`${F}/skirmish`], mods);
  if ("problem" in loaded) throw new Error(loaded.problem);
  return loaded.ok.flatMap((p) => indexProgram(p).examples.map((e) => e.title)).filter((t) => !loaded.overridden?.has(t));
};

describe("the playground's workers with mods switched on", () => {
  it("the base's examples, then with a mod on its examples too and without the one it overrides", () => {
    expect(titles([])).toEqual(["a charge on open ground", "a blow that glances off"]);
    expect(titles([`${F}/berserkers`])).toEqual(["a blow that glances off", "a raging charge"]);
    // A mod of another base, switched on, is not loaded here.
    expect(titles([`${F}/no-such-mod`])).toEqual(["a charge on open ground", "a blow that glances off"]);
  });

  it("a scenario's runs use the mods switched on", () => {
    const count = (mods: string[]) => {
      const partial = countRange(prepareRuns(files, `${F}/skirmish/scenarios/duel.json`, "1", mods), 0, 3);
      return JSON.stringify(partial);
    };
    expect(count([])).toContain('"2"');
    expect(count([`${F}/berserkers`])).toContain('"3"');
    expect(count([`${F}/berserkers`])).not.toContain('"2"');
  });

  it("Validate's plan with a mod on: the base's and the mod's clauses, and no failing overridden example", () => {
    const { compiled, folders, overridden } = compileSwitchedOn(files, [`${F}/skirmish`], [`${F}/berserkers`]);
    expect(folders).toEqual([`${F}/skirmish`, `${F}/berserkers`]);
    const host = memoryFileHost(files);
    const named = new Set(folders.flatMap((f) => host.listRules(f) ?? []));
    const plan = planSystems(compiled.systems, compiled.texts, named, 100, (t) => !overridden.has(t));
    expect("plans" in plan && plan.plans.flatMap((p) => p.runner.mutants.map((m) => m.span.file))).toContain(`${F}/berserkers/rage.rules`);
    // The example the mod overrides, run anyway, fails before any mutation (E0424).
    const unfiltered = planSystems(compiled.systems, compiled.texts, named, 100);
    expect("problem" in unfiltered && unfiltered.problem.code).toBe("E0424");
  });
});
