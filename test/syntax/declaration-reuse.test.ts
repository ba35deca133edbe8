// The language service re-parses only the declarations an edit touched (src/syntax/reuse.ts): the
// others come from the last read of the file, the same objects where they stand still, copies moved to
// where they now stand otherwise. Whatever the edit, the result is the parse of the new text from scratch.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFile } from "../../src/syntax/parse.ts";
import { DeclarationCache } from "../../src/syntax/reuse.ts";
import { mutate, mutation, SAMPLE } from "../support/generators.ts";

describe("reusing unchanged declarations", () => {
  it("gives, after an edit in the middle of a file, the parse of the new text", () => {
    const text = readFileSync("rules/dragon-dice/minor-terrain.rules", "utf8");
    const cache = new DeclarationCache();
    parseFile("m.rules", text, { reuse: cache });
    const at = text.indexOf("\nfn ", text.length / 2);
    for (const insert of ["\n// a new line\n", "\nfn added() -> int = 1\n", "\n/// a doc comment\n", "x"]) {
      const edited = text.slice(0, at) + insert + text.slice(at);
      expect(parseFile("m.rules", edited, { reuse: cache })).toEqual(parseFile("m.rules", edited));
    }
  });

  it("gives a declaration that stands where it stood as the same objects, and one that moved as a moved copy", () => {
    // Nothing writes into a parsed tree (the checker keeps its resolution beside it), so sharing is sound.
    const cache = new DeclarationCache();
    const text = `${SAMPLE}\nfn last() -> int = 1\n`;
    const first = parseFile("s.rules", text, { reuse: cache }).file!;
    const edited = parseFile("s.rules", `${text}// an edit at the end\n`, { reuse: cache }).file!;
    expect(edited.decls.length).toBe(first.decls.length);
    edited.decls.forEach((d, i) => expect(d).toBe(first.decls[i]));
    const moved = parseFile("s.rules", `\n${text}`, { reuse: cache }).file!;
    expect(moved.decls[0]).not.toBe(first.decls[0]);
    expect(moved.decls[0]!.span.line).toBe(first.decls[0]!.span.line + 1);
    expect(first.decls[0]!.span.line).toBe(parseFile("s.rules", text).file!.decls[0]!.span.line);
  });

  it("gives mutated programs, read one after another, their parse from scratch", () => {
    const cache = new DeclarationCache();
    parseFile("m.rules", SAMPLE, { reuse: cache });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (ms) => {
        const text = mutate(SAMPLE, ms);
        expect(parseFile("m.rules", text, { reuse: cache })).toEqual(parseFile("m.rules", text));
      }),
      { numRuns: 150, seed: 3 },
    );
  });
});

describe("reusing declarations at the edges", () => {
  it("reads an empty file and a file of comments as no declarations", () => {
    const cache = new DeclarationCache();
    expect(parseFile("e.rules", "", { reuse: cache })).toEqual({ file: { path: "e.rules", decls: [] }, diagnostics: [] });
    expect(parseFile("e.rules", "// only a comment\n", { reuse: cache })).toEqual({ file: { path: "e.rules", decls: [] }, diagnostics: [] });
    expect(parseFile("e.rules", "")).toEqual({ file: { path: "e.rules", decls: [] }, diagnostics: [] });
  });
});
