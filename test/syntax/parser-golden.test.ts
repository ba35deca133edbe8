// The parser against its recorded answers (scripts/parser-golden.ts wrote them from the parser before its
// speed work): on every bundled file, the standard modules, every ```rules block of docs/language.md and
// about a thousand mutated variants, the same diagnostics (code, range, message, help) and the same AST,
// spans included, read declaration by declaration and read as a whole. The inputs are stored with the
// answers, so an edit of the rules or the docs does not move them. On the same inputs, the fast parser
// (src/syntax/fast-parser/) against the Chevrotain path it stands in for, byte for byte as JSON: their
// default read is parsed once for both checks (test/syntax/fast-parser.test.ts compares the two on the
// repository's files as they are now).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { fastParser } from "../../src/syntax/fast-parser/declarations.ts";
import { parseFile } from "../../src/syntax/parse.ts";
import { mutatedInputs, recordParsed, type Input, type Record_ } from "../support/parser-corpus.ts";

const golden = JSON.parse(gunzipSync(readFileSync("test/parser-golden/corpus.json.gz")).toString("utf8")) as { bases: Input[]; mutated: number; records: Record_[] };
const inputs = [...golden.bases, ...mutatedInputs(golden.bases)];

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
/** Each input's default read (the fast parser on) as the hash of its JSON, key order included, kept by the first test for the second. */
const fastReads = new Map<number, string>();

afterEach(() => {
  fastParser.enabled = true;
});

describe("the parser against its recorded answers", () => {
  it("draws the same corpus", () => {
    expect(inputs.length).toBe(golden.records.length);
    expect(inputs.map((i) => i.name)).toEqual(golden.records.map((r) => r.name));
    expect(golden.records.filter((r) => r.diagnostics !== "[]").length).toBeGreaterThan(500);
  });

  it("gives every input the recorded diagnostics and ASTs", () => {
    const wrong: string[] = [];
    inputs.forEach((input, i) => {
      const parsed = parseFile("m.rules", input.text);
      fastReads.set(i, sha(JSON.stringify(parsed)));
      const got = recordParsed(input, parsed);
      const want = golden.records[i]!;
      if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(input.name);
      if (wrong.length === 1 && wrong[0] === input.name) expect(got, input.name).toEqual(want);
    });
    expect(wrong).toEqual([]);
  });

  it("gives every input the Chevrotain path's ASTs and diagnostics with the fast parser on and off", () => {
    const wrong: string[] = [];
    inputs.forEach((input, i) => {
      const fast = fastReads.get(i) ?? sha(JSON.stringify(parseFile("m.rules", input.text)));
      fastParser.enabled = false;
      const chevrotain = parseFile("m.rules", input.text);
      fastParser.enabled = true;
      if (fast === sha(JSON.stringify(chevrotain))) return;
      if (wrong.length === 0) expect(JSON.parse(JSON.stringify(parseFile("m.rules", input.text))), input.name).toEqual(JSON.parse(JSON.stringify(chevrotain)));
      wrong.push(input.name);
    });
    expect(wrong).toEqual([]);
  });
});
