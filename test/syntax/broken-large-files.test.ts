// Large broken files (issue 14, large files; the shapes are bench/broken-files.ts, whose CPU time and
// memory `npm run bench:broken` prints). The outcomes: the bracket never closed is named where it is,
// the declarations after it are read, the syntax errors of a file are bounded, and the parser's error
// recovery reads a bounded number of tokens, whatever the file's size: counted, never timed.
import { afterEach, describe, expect, it, vi } from "vitest";
import { SHAPES } from "../../bench/broken-files.ts";
import { parser } from "../../grammar/parser.ts";
import { parseFile } from "../../src/syntax/parse.ts";
import { SYNTAX_ERRORS_PER_FILE } from "../../src/syntax/syntax-error-budget.ts";
import { RECOVERY_TOKENS } from "../../src/syntax/unclosed.ts";
import { diagnostics } from "../../src/tools/service/index.ts";

const shown = (text: string) => diagnostics({ "big.rules": text }, "big.rules").map((d) => `${d.code} ${d.range.line}:${d.range.col} ${d.message} | ${d.help ?? ""}`);

/** The tokens the parser reads with recovery on (`parser.file`) while `work` runs. */
function recoveredTokens(work: () => void): number {
  let n = 0;
  const file = parser.file.bind(parser);
  vi.spyOn(parser, "file").mockImplementation(() => {
    // `fileWithoutRecovery` reads through `file` too, with recovery off.
    if ((parser as unknown as { recoveryEnabled: boolean }).recoveryEnabled) n += parser.input.length;
    return file();
  });
  work();
  return n;
}
afterEach(() => vi.restoreAllMocks());

describe("a 300 KB file with a `{` never closed early on", () => {
  it("names the bracket, where the next declaration seems to start, and reads every declaration after it", () => {
    const text = SHAPES["unclosed-brace"](300);
    expect(shown(text)).toEqual(["E0007 2:11 this `{` is never closed: the next declaration seems to start at line 5 (`fn` at column 1), so what is between is not read | close it with `}` before line 5"]);
    const parsed = parseFile("big.rules", text);
    const names = parsed.recovered!.decls.map((d) => ("name" in d && d.name && typeof d.name === "object" ? d.name.text : d.kind));
    expect(names[0]).toBe("Side");
    expect(names[1]).toBe("f0");
    expect(names.at(-1)).toMatch(/^[fsvg]\d+$/);
    // The kind left out is still known by name, so its uses are not reported as unknown.
    expect(parsed.recovered!.broken!.map((n) => n.text)).toEqual(["Unit"]);
  });

  it("reads nothing with error recovery", () => {
    expect(recoveredTokens(() => parseFile("big.rules", SHAPES["unclosed-brace"](300)))).toBe(0);
  });
});

describe("a 300 KB file whose first function opens 400 blocks and closes none", () => {
  it("names the outermost `{` and reads the declarations after it", () => {
    const text = SHAPES["deep-nesting"](300);
    expect(shown(text)).toEqual(["E0007 1:24 this `{` is never closed: the next declaration seems to start at line 402 (`fn` at column 1), so what is between is not read | close it with `}` before line 402"]);
    expect(parseFile("big.rules", text).recovered!.decls.length).toBeGreaterThan(5000);
  });
});

describe("a 300 KB line of 61,000 bad arguments", () => {
  it("reports the first error of the declaration and says why no more", () => {
    expect(shown(SHAPES["bad-arguments"](300))).toEqual([
      `E0008 1:1 only the first syntax error of this declaration is reported: this declaration is 184331 tokens long, more than the ${RECOVERY_TOKENS} read with error recovery | fix that error and check again, or split the declaration into smaller ones`,
      "E0002 1:22 expected an expression but found `,` | ",
    ]);
  });
});

describe("300 KB of random tokens", () => {
  const text = SHAPES["random-tokens"](300);

  it("reports a bounded number of syntax errors, the first where the file first goes wrong", () => {
    const ds = diagnostics({ "big.rules": text }, "big.rules");
    expect(ds.filter((d) => d.code === "E0002").length).toBeLessThanOrEqual(SYNTAX_ERRORS_PER_FILE);
    expect(ds.length).toBeLessThan(400);
    expect(`${ds[0]!.code} ${ds[0]!.range.line}:${ds[0]!.range.col}`).toBe("E0002 1:1");
    expect(ds.some((d) => d.code === "E0008")).toBe(true);
    expect(ds.filter((d) => d.code === "E0007").every((d) => /^this `[{([]` is never closed/.test(d.message))).toBe(true);
  });

  it("reads at most RECOVERY_TOKENS tokens with error recovery, and so does a file five times as large", () => {
    expect(recoveredTokens(() => parseFile("big.rules", text))).toBeLessThanOrEqual(RECOVERY_TOKENS);
    expect(recoveredTokens(() => parseFile("big.rules", SHAPES["random-tokens"](1500)))).toBeLessThanOrEqual(RECOVERY_TOKENS);
  });
});

describe("a file of many small syntax errors", () => {
  it("reports the first 200, then says more follow, at the 201st", () => {
    const text = Array.from({ length: 300 }, (_, i) => `fn f${i}() -> int = 1 +\n`).join("");
    const ds = parseFile("many.rules", text).diagnostics;
    const syntax = ds.filter((d) => d.code === "E0002");
    expect(syntax.length).toBe(SYNTAX_ERRORS_PER_FILE);
    const more = ds.filter((d) => d.code === "E0008");
    expect(more.map((d) => `${d.span.line}:${d.span.col} ${d.message}`)).toContain(`${SYNTAX_ERRORS_PER_FILE + 2}:1 more syntax errors follow from here: only the first ${SYNTAX_ERRORS_PER_FILE} in a file are reported`);
  });
});
