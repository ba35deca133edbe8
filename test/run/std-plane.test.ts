// The standard module `std/plane`: its examples are .rules files in test/run/std-plane, each
// worked by hand, and run here as `rulesmith test` would run them.
import { describe, expect, it } from "vitest";
import { nodeHost } from "../../src/api/node-host.ts";
import { compile, indexProgram, runExamples, runScenario } from "../../src/pipeline.ts";
import { stateSchema } from "../../src/run/schema.ts";
import { checked } from "../support/helpers.ts";
import type { Json } from "../../src/run/state.ts";
import { ARCS_MODULE } from "../../src/syntax/std/arcs.ts";
import { HEX_MODULE } from "../../src/syntax/std/hex.ts";
import { PLANE_MODULE } from "../../src/syntax/std/plane.ts";
import { SINE_TABLE } from "../../src/syntax/std/plane-sines.ts";
import { SQUARE_MODULE } from "../../src/syntax/std/square.ts";
import { formatRules } from "../../src/tools/format/index.ts";

describe("std/plane, by its examples in test/run/std-plane", () => {
  const compiled = compile(["test/run/std-plane"], nodeHost);

  it("checks without errors or warnings", () => {
    expect(compiled.diagnostics.map((d) => `${d.span.file}:${d.span.line} ${d.code} ${d.message}`)).toEqual([]);
  });

  it("passes every example, on the compiled backend and on the tree-walker", () => {
    for (const engine of ["compiled", "tree"] as const) {
      const results = (compiled.programs ?? []).flatMap((p) => runExamples(p, undefined, undefined, engine));
      expect(results.length).toBeGreaterThanOrEqual(32);
      expect(results.filter((r) => !r.passed).map((r) => `${engine}: ${r.title}: ${r.failure?.message}`)).toEqual([]);
    }
  });
});

describe("std/plane's module text", () => {
  it("takes its sines from 10000 sin d rounded to the nearest, for every whole degree from 0 to 90", () => {
    const rows = [...SINE_TABLE.matchAll(/^ {2}(\d+) => (-?\d+)$/gm)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(rows).toHaveLength(91);
    expect(rows).toEqual(rows.map(([d]) => [d, Math.round(10000 * Math.sin((d! * Math.PI) / 180))]));
  });

  it("is in the canonical layout, as are the modules it shares names with", () => {
    for (const [path, text] of [["plane.rules", PLANE_MODULE], ["arcs.rules", ARCS_MODULE], ["square.rules", SQUARE_MODULE], ["hex.rules", HEX_MODULE]] as const) {
      const f = formatRules(path, text);
      expect("text" in f && !f.changed ? path : `${path} is not in the canonical layout`).toBe(path);
    }
  });
});

describe("std/plane in the state", () => {
  it("bases have a JSON Schema, are read from a state and written back after a move", () => {
    const program = indexProgram(
      checked(`import "std/plane"
kind Model { name: text, base: Base, moved: int = 0 }
state { models: list<Model> }
fn charge() {
  for m in models {
    let step = advance(m.base, inches(3))
    m.base = step.base
    m.moved += step.used
  }
}`),
    );
    const schema = stateSchema(program) as { definitions: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
    expect(Object.keys(schema.definitions["Base"]!.properties)).toEqual(["at", "shape", "width", "depth", "facing"]);
    expect(schema.definitions["BaseShape"]).toMatchObject({ enum: ["circle", "rectangle"] });
    const state: Record<string, Json> = {
      models: [
        { name: "knight", base: { at: { x: 0, y: 0 }, shape: "rectangle", width: 197, depth: 394, facing: 90 } },
        { name: "archer", base: { at: { x: 100, y: 100 }, shape: "circle", width: 98, facing: 180 } },
      ],
    };
    const out = runScenario(program, { rules: "x", run: "charge", state }, { seed: "s", trace: false });
    expect(out.error).toBeUndefined();
    expect(out.state?.["models"]).toEqual([
      { name: "knight", base: { at: { x: 300, y: 0 }, shape: "rectangle", width: 197, depth: 394, facing: 90 }, moved: 300 },
      { name: "archer", base: { at: { x: 100, y: 400 }, shape: "circle", width: 98, depth: 1, facing: 180 }, moved: 300 },
    ]);
    const bad = runScenario(program, { rules: "x", run: "charge", state: { models: [{ name: "x", base: { at: { x: 0, y: 0 }, shape: "circle", width: 98, facing: 360 } }] } }, { seed: "s", trace: false });
    expect(bad.stateProblems?.map((p) => p.path)).toEqual(["/models/0/base/facing"]);
  });
});
