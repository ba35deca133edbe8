// Large files a stranger might send (issue 14, "large files"): many declarations, one huge declaration,
// a large file with a lexical error. Each is read with bounded memory: no piece of more than
// MAX_PIECE_TOKENS tokens is parsed at once, and nothing passes an array as spread arguments.
import { describe, expect, it } from "vitest";
import { pushAll } from "../../src/core/push-all.ts";
import { MAX_PIECE_TOKENS, parseFile } from "../../src/syntax/parse.ts";

const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join("\n") + "\n";

describe("appending many items", () => {
  it("pushAll appends a million items, which `push(...items)` cannot", () => {
    const to = [0];
    pushAll(to, Array.from({ length: 1_000_000 }, (_, i) => i + 1));
    expect(to.length).toBe(1_000_001);
    expect(to[1_000_000]).toBe(1_000_000);
  });
});

describe("a file of many declarations", () => {
  it("reads 200,000 declarations (once refused at 1:1 as nesting too deeply)", () => {
    const parsed = parseFile("many.rules", lines(200_000, (i) => `status s${i}`));
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.file!.decls.length).toBe(200_000);
    expect(parsed.file!.decls[199_999]!.kind).toBe("status");
  });

  it("with a lexical error, is still read declaration by declaration: one diagnostic, every other declaration kept", () => {
    const n = MAX_PIECE_TOKENS / 2 + 1000; // two tokens each: more than the most read in one piece
    const text = lines(n, (i) => (i === n - 2 ? `status s${i} \u00a7` : `status s${i}`));
    const parsed = parseFile("many.rules", text);
    expect(parsed.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}`)).toEqual([`E0001 ${n - 1}:${`status s${n - 2} `.length + 1} unexpected character \`\u00a7\``]);
    expect(parsed.recovered!.decls.length).toBe(n);
  });
});

describe("one declaration longer than a piece may be", () => {
  const statements = Math.ceil(MAX_PIECE_TOKENS / 5) + 10; // `a = a + 1`: 5 tokens
  const text = `fn before() -> int = 1\nfn big() -> int {\n  let a = 0\n${lines(statements, () => "  a = a + 1")}  return a\n}\nfn after() -> int = 2\n`;

  it("is refused with E0002 at its first token, naming the limit, and the declarations around it are read", () => {
    const parsed = parseFile("big.rules", text);
    expect(parsed.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col}-${d.span.endCol} ${d.message} | ${d.help}`)).toEqual([
      `E0002 2:1-3 this declaration is ${statements * 5 + 14} tokens long, more than the ${MAX_PIECE_TOKENS} a declaration may have, so it is not read | split it into smaller declarations (a long function into functions it calls, a long table into tables)`,
    ]);
    expect(parsed.recovered!.decls.map((d) => (d.kind === "fn" ? d.name.text : d.kind))).toEqual(["before", "after"]);
  });
});
