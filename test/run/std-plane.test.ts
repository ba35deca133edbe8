// The standard module `std/plane`: its examples are .rules files in test/run/std-plane, each
// worked by hand, and run here as `rulesmith test` would run them.
import { describe, expect, it } from "vitest";
import { nodeHost } from "../../src/api/node-host.ts";
import { compile, runExamples } from "../../src/pipeline.ts";
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

  it("passes every example", () => {
    const results = (compiled.programs ?? []).flatMap((p) => runExamples(p));
    expect(results.length).toBeGreaterThanOrEqual(6);
    expect(results.filter((r) => !r.passed).map((r) => `${r.title}: ${r.failure?.message}`)).toEqual([]);
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
