// The parser against its recorded answers (scripts/parser-golden.ts wrote them from the parser before its
// speed work): on every bundled file, the standard modules, every ```rules block of docs/language.md and
// about a thousand mutated variants, the same diagnostics (code, range, message, help) and the same AST,
// spans included, read declaration by declaration and read as a whole. The inputs are stored with the
// answers, so an edit of the rules or the docs does not move them.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { mutatedInputs, record, type Input, type Record_ } from "../support/parser-corpus.ts";

const golden = JSON.parse(gunzipSync(readFileSync("test/parser-golden/corpus.json.gz")).toString("utf8")) as { bases: Input[]; mutated: number; records: Record_[] };
const inputs = [...golden.bases, ...mutatedInputs(golden.bases)];

describe("the parser against its recorded answers", () => {
  it("draws the same corpus", () => {
    expect(inputs.length).toBe(golden.records.length);
    expect(inputs.map((i) => i.name)).toEqual(golden.records.map((r) => r.name));
    expect(golden.records.filter((r) => r.diagnostics !== "[]").length).toBeGreaterThan(500);
  });

  it("gives every input the recorded diagnostics and ASTs", () => {
    const wrong: string[] = [];
    inputs.forEach((input, i) => {
      const got = record(input);
      const want = golden.records[i]!;
      if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(input.name);
      if (wrong.length === 1 && wrong[0] === input.name) expect(got, input.name).toEqual(want);
    });
    expect(wrong).toEqual([]);
  });
});
