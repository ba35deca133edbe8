// The standard module `std/plane`: its examples are .rules files in test/run/std-plane, each
// worked by hand, and run here as `rulesmith test` would run them.
import { describe, expect, it } from "vitest";
import { nodeHost } from "../../src/api/node-host.ts";
import { compile, runExamples } from "../../src/pipeline.ts";

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
