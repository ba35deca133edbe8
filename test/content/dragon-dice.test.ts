// The bundled Dragon Dice content, as its issue's "done when" states it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeHost } from "../../src/api/node-host.ts";
import { compile, indexProgram, runExamples, runScenario, type Scenario } from "../../src/pipeline.ts";
import { formatTrace } from "../../src/run/trace.ts";

const compiled = compile(["rules/dragon-dice"], nodeHost);
const scenario = JSON.parse(readFileSync("rules/dragon-dice/scenarios/mixed-army.json", "utf8")) as Scenario;

describe("rules/dragon-dice", () => {
  it("checks without errors or warnings, as one program", () => {
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.programs).toHaveLength(1);
  });

  it("passes at least 60 examples, and no example fails", () => {
    const results = runExamples(compiled.program!);
    expect(results.length).toBeGreaterThanOrEqual(60);
    expect(results.filter((r) => !r.passed).map((r) => `${r.title}: ${r.failure?.message}`)).toEqual([]);
  });

  it("rolls the mixed army for saves and shows each modifier, in order, with the rule that applied it", () => {
    const out = runScenario(indexProgram(compiled.program!), scenario, { seed: "5", trace: true });
    expect(out.error).toBeUndefined();
    // Worked by hand from the seeds and the marked assumptions, with the faces seed 5 rolls:
    // footman ID 1 -> 1 save; dwarf guard maneuver 2; Lava Elf maneuver 2 -> 2 saves (highland);
    // Amazon magic 1; dragonkin melee 2; the Ember Orb's ID 2 -> 2 saves. Raw saves 5, +2 for the
    // dragonkin's armored skin (its health), then doubled by the controlled eighth face: 14.
    expect(out.resultText).toBe("Icon(melee: 2, magic: 1, maneuver: 2, save: 14)");
    const changed = out.trace.filter((t) => t.kind === "modifier" && !t.message.includes("unchanged")).map((t) => `${t.rule}: ${t.message}`);
    expect(changed).toEqual([
      "modifier idCountsAsAction: unitResults: Icon(id: 1) -> Icon(save: 1) (count id as save)",
      "modifier lavaElvesManeuversAsSavesInHighland: unitResults: Icon(maneuver: 2) -> Icon(save: 2) (count maneuver as save)",
      "modifier itemIdCountsAsAction: itemResults: Icon(id: 2) -> Icon(save: 2) (count id as save)",
      "modifier dragonkinArmoredSkin: armyResults: Icon(melee: 2, magic: 1, maneuver: 2, save: 5) -> Icon(melee: 2, magic: 1, maneuver: 2, save: 7) (add Icon(save: 2))",
      "modifier eighthFaceDoublesSaves: armyResults: Icon(melee: 2, magic: 1, maneuver: 2, save: 7) -> Icon(melee: 2, magic: 1, maneuver: 2, save: 14) (double save)",
    ]);
    for (const t of out.trace.filter((x) => x.kind === "modifier")) expect(t.span.file).toMatch(/^rules\/dragon-dice\//);
  });

  it("gives the same trace for the same seed, and another for another seed", () => {
    const program = indexProgram(compiled.program!);
    const run = (seed: string) => formatTrace(runScenario(program, scenario, { seed, trace: true }).trace);
    expect(run("5")).toBe(run("5"));
    expect(run("6")).not.toBe(run("5"));
  });
});
