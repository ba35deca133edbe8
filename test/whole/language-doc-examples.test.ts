// Every ```rules block in docs/language.md must do what the reference says it does (test/support/doc-blocks.ts
// says what each kind of block promises).
import { describe, expect, it } from "vitest";
import { compile, runExamples } from "../../src/pipeline.ts";
import { docBlocks, namedDiagnostics } from "../support/doc-blocks.ts";
import { memoryHost } from "../support/helpers.ts";

const groups = docBlocks();

describe("docs/language.md", () => {
  it("has rules blocks to verify", () => {
    expect(groups.length).toBeGreaterThan(15);
  });

  for (const g of groups) {
    it(`block at line ${g.line} (${g.kind})`, () => {
      const files = g.files;
      const c = compile(Object.keys(files), memoryHost(files));
      const text = Object.values(files).join("\n");
      const found = c.diagnostics.map((d) => `${d.severity}[${d.code}]`);
      const named = namedDiagnostics(g);
      if (g.kind === "rules-error") {
        expect(c.diagnostics.length).toBeGreaterThan(0);
        for (const n of named) expect(found).toContain(n);
        return;
      }
      expect(found.filter((f) => f.startsWith("error"))).toEqual([]);
      for (const f of found) expect(named).toContain(f);
      if (!/\bexample\s+"/.test(text)) return;
      const results = runExamples(c.program!, (file) => files[file] !== undefined);
      const failed = results.filter((r) => !r.passed);
      if (g.kind === "rules-fail") expect(failed.length).toBeGreaterThan(0);
      else expect(failed.map((r) => `${r.title}: ${r.failure?.message}`)).toEqual([]);
    });
  }
});
