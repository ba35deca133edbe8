// The parser reads a file declaration by declaration (src/syntax/by-declaration.ts) and reads it
// again as a whole only when there is an error. These tests hold the two ways to the same answer: on
// every bundled file, on mutated programs, and on a generated file of more than 1 MB, whose AST is
// the ASTs of its parts.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bundledProgramText, renamedCopy } from "../../bench/large-rules.ts";
import { declarationStarts } from "../../src/syntax/by-declaration.ts";
import { parseFile } from "../../src/syntax/parse.ts";
import { lexer } from "../../grammar/tokens.ts";
import { nodeHost } from "../../src/api/node-host.ts";
import { editTokens, mutate, mutation, SAMPLE, tokenEdit } from "../support/generators.ts";

function bundledFiles(): string[] {
  return ["rules/warlords3", "rules/dragon-dice"].flatMap((root) => nodeHost.listRules(root) ?? []);
}

describe("reading declaration by declaration", () => {
  it("cuts a file where each top-level declaration starts, not inside brackets or mid-line", () => {
    const text = 'enum Side { a, b }\nfn f(x: int) -> int = x +\n  g(1)\nvalue v() -> int = 1 fn h() = 2\nstate { fn: int }\n';
    const tokens = lexer.tokenize(text).tokens;
    expect(declarationStarts(tokens).map((i) => `${tokens[i]!.image}@${tokens[i]!.startLine}`)).toEqual(["enum@1", "fn@2", "value@4", "state@5"]);
  });

  it("gives every bundled file the AST of the whole-file parse", () => {
    for (const path of bundledFiles()) {
      const text = readFileSync(path, "utf8");
      expect(parseFile(path, text), path).toEqual(parseFile(path, text, { whole: true }));
    }
  });

  it("gives mutated programs the result of the whole-file parse, diagnostics included", () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (ms) => {
        const text = mutate(SAMPLE, ms);
        expect(parseFile("m.rules", text)).toEqual(parseFile("m.rules", text, { whole: true }));
      }),
      { numRuns: 120, seed: 9 },
    );
    fc.assert(
      fc.property(tokenEdit, (edits) => {
        const text = editTokens(SAMPLE, edits);
        expect(parseFile("m.rules", text)).toEqual(parseFile("m.rules", text, { whole: true }));
      }),
      { numRuns: 120, seed: 14 },
    );
  });

  it("gives mutated bundled files, read around each error, the result of the whole-file parse", () => {
    const text = readFileSync("rules/warlords3/missile.rules", "utf8");
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (ms) => {
        const mutated = mutate(text, ms);
        expect(parseFile("m.rules", mutated)).toEqual(parseFile("m.rules", mutated, { whole: true }));
      }),
      { numRuns: 120, seed: 21 },
    );
  });

  it("parses a generated file of more than 1 MB to the ASTs of its parts", () => {
    const base = bundledProgramText();
    const parts = [base, ...[2, 3, 4, 5].map((n) => renamedCopy(base, n))];
    const text = parts.join("\n");
    expect(text.length).toBeGreaterThan(1_000_000);
    const whole = parseFile("big.rules", text);
    expect(whole.diagnostics).toEqual([]);
    const expected: unknown[] = [];
    let offset = 0;
    let lines = 0;
    for (const part of parts) {
      const file = parseFile("big.rules", part).file!;
      expected.push(...file.decls.map((d) => shifted(d, offset, lines)));
      offset += part.length + 1;
      lines += part.split("\n").length;
    }
    expect(whole.file!.decls.length).toBe(expected.length);
    expect(whole.file!.decls).toEqual(expected);
  });
});

/** `value` with every span moved `offset` characters and `lines` lines on: where a part stands in the whole. */
function shifted(value: unknown, offset: number, lines: number): unknown {
  if (Array.isArray(value)) return value.map((v) => shifted(v, offset, lines));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = shifted(v, offset, lines);
  if ("file" in value && "start" in value && "line" in value) {
    const s = value as unknown as { start: number; end: number; line: number; endLine: number };
    Object.assign(out, { start: s.start + offset, end: s.end + offset, line: s.line + lines, endLine: s.endLine + lines });
  }
  return out;
}
