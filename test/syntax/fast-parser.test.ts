// The fast parser (src/syntax/fast/) against the Chevrotain path it stands in for: on every bundled
// file, standard module and docs' example as they are now (and, in test/syntax/parser-golden.test.ts,
// every input of the golden corpus: the same files as recorded and about a thousand mutated variants,
// whose fast read that test makes anyway), parsing with the fast parser on and off gives the same
// result, byte for byte as JSON: the AST with every span and key order, the recovered declarations and
// the diagnostics. The fast lexer is held to Chevrotain's on all of them. And the fast parser reads every declaration of the bundled
// rules itself, so the speed it exists for is not silently lost to its fall-back.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { parseFile } from "../../src/syntax/parse.ts";
import { declarationStarts } from "../../src/syntax/by-declaration.ts";
import { FastParser, fastParser } from "../../src/syntax/fast-parser/declarations.ts";
import { lexer } from "../../grammar/tokens.ts";
import { FAST_LEXER_TYPES, fastLex } from "../../src/syntax/fast-parser/lexer.ts";
import { Lexer } from "chevrotain";
import { allTokens } from "../../grammar/tokens.ts";
import type { IToken } from "chevrotain";
import { baseInputs, mutatedInputs, type Input } from "../support/parser-corpus.ts";

const golden = JSON.parse(gunzipSync(readFileSync("test/parser-golden/corpus.json.gz")).toString("utf8")) as { bases: Input[] };

/** The result of both paths for one text, as JSON (key order included). */
function bothPaths(text: string): { fast: string; chevrotain: string } {
  fastParser.enabled = true;
  const fast = JSON.stringify(parseFile("m.rules", text));
  fastParser.enabled = false;
  const chevrotain = JSON.stringify(parseFile("m.rules", text));
  fastParser.enabled = true;
  return { fast, chevrotain };
}

afterEach(() => {
  fastParser.enabled = true;
});

describe("the fast parser", () => {
  it("gives the bundled files, the standard modules and the docs' examples the Chevrotain path's ASTs and diagnostics", () => {
    const inputs = baseInputs();
    expect(inputs.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const input of inputs) {
      const { fast, chevrotain } = bothPaths(input.text);
      if (fast !== chevrotain) {
        if (wrong.length === 0) expect(JSON.parse(fast), input.name).toEqual(JSON.parse(chevrotain));
        wrong.push(input.name);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("reads every declaration of the bundled rules itself, declining none", () => {
    const declined: string[] = [];
    let pieces = 0;
    for (const input of baseInputs().filter((i) => i.name.startsWith("rules/"))) {
      const tokens = lexer.tokenize(input.text).tokens;
      const starts = declarationStarts(tokens);
      const fast = new FastParser(input.name, new Map());
      starts.forEach((s, i) => {
        pieces++;
        if (!fast.declarations(tokens, s, starts[i + 1] ?? tokens.length)) declined.push(`${input.name}:${tokens[s]!.startLine}`);
      });
    }
    expect(pieces).toBeGreaterThan(500);
    expect(declined).toEqual([]);
  });

  it("declines a piece at its first syntax error, so the error is the Chevrotain parser's", () => {
    const text = "fn f(x: int) -> int {\n  return x +\n}\n";
    const { fast, chevrotain } = bothPaths(text);
    expect(fast).toBe(chevrotain);
    const tokens = lexer.tokenize(text).tokens;
    expect(new FastParser("m.rules", new Map()).declarations(tokens, 0, tokens.length)).toBeUndefined();
    const d = parseFile("m.rules", text).diagnostics;
    expect(d.map((x) => `${x.code} ${x.span.line}:${x.span.col}`)).toEqual(["E0002 3:1"]);
  });

  it("builds the same spans as the Chevrotain path for parenthesised operands and `else if` chains", () => {
    const text = "fn f(a: int) -> int {\n  if (a) == 1 { return (a) + 2 * a / 3 round down } else if a > 2 { return -a } else { return 0 }\n}\n";
    const { fast, chevrotain } = bothPaths(text);
    expect(fast).toBe(chevrotain);
    const f = parseFile("m.rules", text).file!.decls[0]!;
    expect(f.kind === "fn" && f.body.kind === "block" && f.body.statements[0]!.span).toEqual({ file: "m.rules", line: 2, col: 3, endLine: 2, endCol: 98, start: 24, end: 119 });
  });
});

describe("the fast lexer", () => {
  /**
   * The fields of Chevrotain's tokens. The fast lexer's tokens compute their end (a getter), so each
   * token is read field by field; the first test below checks that this is every field Chevrotain's lexer sets.
   */
  const FIELDS = ["image", "startOffset", "endOffset", "startLine", "endLine", "startColumn", "endColumn", "tokenTypeIdx"] as const;
  const fields = (t: IToken) => ({ ...Object.fromEntries(FIELDS.map((f) => [f, t[f]])), tokenType: t.tokenType.name });
  /** Tokens as JSON, with their type by name (the type object itself is cyclic). */
  type Lexed = { tokens: IToken[]; groups: Record<string, IToken[]>; errors: unknown[] };
  const json = (r: Lexed) => JSON.stringify({ tokens: r.tokens.map(fields), docs: (r.groups["docs"] ?? []).map(fields), errors: r.errors });
  const sameToken = (a: IToken, b: IToken) => a.tokenType.name === b.tokenType.name && FIELDS.every((f) => a[f] === b[f]);
  const sameList = (a: IToken[], b: IToken[]) => a.length === b.length && a.every((t, i) => sameToken(t, b[i]!));
  /** The same as comparing `json` of both, field by field: the corpus holds over a million tokens, and
   * building their JSON cost about 10 s of CPU. */
  const sameLexing = (a: Lexed, b: Lexed) =>
    sameList(a.tokens, b.tokens) && sameList(a.groups["docs"] ?? [], b.groups["docs"] ?? []) && JSON.stringify(a.errors) === JSON.stringify(b.errors);

  it("reads every field of Chevrotain's tokens", () => {
    const r = lexer.tokenize("/// doc\nfn f() -> int = 1");
    for (const t of [...r.tokens, ...r.groups["docs"]!]) expect(Object.keys(t).sort()).toEqual([...FIELDS, "tokenType"].sort());
  });

  it("gives every corpus input it lexes the tokens of Chevrotain's lexer, and declines the rest", () => {
    const inputs = [...baseInputs(), ...golden.bases, ...mutatedInputs(golden.bases)];
    const wrong: string[] = [];
    let lexed = 0;
    for (const input of inputs) {
      const fast = fastLex(input.text);
      const chevrotain = lexer.tokenize(input.text);
      if (!fast) {
        // Declined: only where the text holds a character outside printable ASCII (outside comments and
        // strings, where the grammar's whitespace also takes other spaces), or the lexer of record finds an error.
        if (chevrotain.errors.length === 0 && !/[^\t\n\r\x20-\x7e]/.test(input.text)) wrong.push(`${input.name} (declined)`);
        continue;
      }
      lexed++;
      if (!sameLexing(fast, chevrotain)) wrong.push(input.name);
    }
    expect(lexed).toBeGreaterThan(500);
    expect(wrong).toEqual([]);
  });

  it("knows every token of the grammar, so a new operator cannot be lexed as two old ones", () => {
    const withPattern = allTokens.filter((t) => t.PATTERN !== Lexer.NA);
    expect(withPattern.filter((t) => !FAST_LEXER_TYPES.has(t)).map((t) => t.name)).toEqual([]);
    expect(FAST_LEXER_TYPES.size).toBe(withPattern.length);
  });

  it("lexes dice, words, numbers, operators, comments and line breaks as the grammar's lexer does", () => {
    const text = "/// doc\r\nfn f_2(x: int) -> int = 2d6 + d20x + 12abc - _ // c\r  \"a\\\"b\" != x..y => z";
    const fast = fastLex(text)!;
    expect(json(fast)).toBe(json(lexer.tokenize(text)));
    expect(fast.tokens.map((t) => t.tokenType.name).join(" ")).toBe("Kw_fn Identifier LParen Identifier Colon Identifier RParen Arrow Identifier Eq DiceLiteral Plus Identifier Plus Integer Identifier Minus Underscore StringLiteral NotEq Identifier DotDot Identifier FatArrow Identifier");
    expect(json(fastLex("x // a × b\n\"c × d\" y")!)).toBe(json(lexer.tokenize("x // a × b\n\"c × d\" y")));
    expect(fastLex("x × y")).toBeUndefined();
    expect(fastLex("x\u00a0y")).toBeUndefined();
    expect(fastLex("x @ y")).toBeUndefined();
    expect(fastLex('"open\n"')).toBeUndefined();
  });
});
