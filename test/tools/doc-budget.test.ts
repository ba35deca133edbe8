// The memory budget of the reference generator (issue 29): its pages are built in memory, counted as
// each declaration's section is made, and past the budget it stops with ReferenceTooLarge (E0430 from
// `rulesmith doc`) instead of V8 failing to make a string.
import { describe, expect, it } from "vitest";
import { generateReference, MAX_REFERENCE, ReferenceTooLarge } from "../../src/tools/docgen/index.ts";
import { runExamples } from "../../src/pipeline.ts";
import { compileText } from "../support/helpers.ts";

// 200 values, each with a doc comment of 1,000 characters: about 200,000 characters of sections.
const text = Array.from({ length: 200 }, (_, i) => `/// ${"v".repeat(1000)}\nvalue v${i}() -> int = ${i}\n`).join("");

describe("the reference's budget", () => {
  const c = compileText(text);
  const files = c.program!;
  it("is 64,000,000 characters of pages", () => {
    expect(MAX_REFERENCE).toBe(64_000_000);
  });
  it("a reference under it is made whole", () => {
    const pages = generateReference("T", files, c.texts, runExamples(files));
    const total = [...pages.values()].reduce((n, p) => n + p.length, 0);
    expect(total).toBeGreaterThan(200_000);
    expect(total).toBeLessThan(MAX_REFERENCE);
  });
  it("past it, generation stops at the file that passed it, with E0430", () => {
    let thrown: unknown;
    try {
      generateReference("T", files, c.texts, [], 100_000);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ReferenceTooLarge);
    expect([(thrown as ReferenceTooLarge).code, (thrown as ReferenceTooLarge).message]).toEqual(["E0430", "the reference would be more than 100000 characters of pages, its memory budget: stopped at `main.rules`"]);
  });
});
