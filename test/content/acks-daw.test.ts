// The bundled ACKS Domains at War content (seed 000), as its issue's "done when" states it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeHost } from "../../src/api/node-host.ts";
import { compile, indexProgram, runExamples, runScenario, type Scenario } from "../../src/pipeline.ts";
import { formatTrace } from "../../src/run/trace.ts";

const compiled = compile(["rules/acks-daw"], nodeHost);
const scenario = JSON.parse(readFileSync("rules/acks-daw/scenarios/battle.json", "utf8")) as Scenario;
const POWERS = ["aura", "blink", "charming gaze", "chimera breath", "dragon blood", "harpy song", "hellhound breath", "petrifying breath", "petrifying gaze", "petrifying touch", "regeneration"];

describe("rules/acks-daw", () => {
  it("checks without errors or warnings, as one program with its own copy of std/hex", () => {
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.programs).toHaveLength(1);
    // std/hex and the std/arcs it imports come first.
    expect(compiled.programs![0]!.slice(0, 2).map((f) => f.path)).toEqual(["<std>/arcs.rules", "<std>/hex.rules"]);
  });

  it("passes at least 40 examples, at least two for every power, the salamander example among them", () => {
    const results = runExamples(compiled.programs![0]!);
    expect(results.length).toBeGreaterThanOrEqual(40);
    expect(results.filter((r) => !r.passed).map((r) => `${r.title}: ${r.failure?.message}`)).toEqual([]);
    const perPower = POWERS.map((p) => `${p}: ${results.filter((r) => r.title.startsWith(`${p}:`)).length >= 2}`);
    expect(perPower).toEqual(POWERS.map((p) => `${p}: true`));
    expect(results.some((r) => r.title.startsWith("eg. 20 flame salamanders"))).toBe(true);
  });

  it("has a scenario of at least six units using at least five powers on a hex map", () => {
    const units = scenario.state["units"] as { troops: { powers: string[] }[] }[];
    expect(units.length).toBeGreaterThanOrEqual(6);
    expect(new Set(units.flatMap((u) => u.troops.flatMap((t) => t.powers))).size).toBeGreaterThanOrEqual(5);
  });

  it("runs the battle: the powers act, the trace shows the game's rules and none of std/hex's insides, and is the same twice", () => {
    const program = indexProgram(compiled.programs![0]!);
    const out = runScenario(program, scenario, { seed: "1", trace: true });
    expect(out.error).toBeUndefined();
    expect(out.resultText).toMatch(/^(Red|Blue) (holds the field|ahead)$|^even$|^no one holds the field$/);
    const said = out.trace.map((t) => t.message);
    for (const sign of ["'s aura reaches ", " blinks from ", "'s petrifying gaze", " breathe fire on ", " sing: ", " regenerate to "]) {
      expect(said.some((m) => m.includes(sign))).toBe(true);
    }
    expect(out.trace.filter((t) => t.span.file.startsWith("<std>/"))).toEqual([]);
    expect(out.trace.filter((t) => t.kind === "call" && /^(hexesWithin|distance|faceToFace|sidesToward)\(/.test(t.message))).toEqual([]);
    expect(formatTrace(runScenario(program, scenario, { seed: "1", trace: true }).trace)).toBe(formatTrace(out.trace));
  });
});
