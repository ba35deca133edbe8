// The did-you-mean budget (issue 14, large files): finding the closest name compares with every name in
// scope, so only the first SUGGESTIONS_PER_FILE unknown names in a file get one; after that the help says
// what to do in words. An ordinary file keeps every suggestion.
import { describe, expect, it } from "vitest";
import { spentHelp, SuggestionBudget, SUGGESTIONS_PER_FILE } from "../../src/core/suggestion-budget.ts";
import { compileText, render } from "../support/helpers.ts";

const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join("\n") + "\n";
const shown = (ds: readonly { code: string; span: { line: number; col: number }; message: string; help?: string }[]) =>
  ds.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message} | ${d.help ?? ""}`);

describe("an ordinary misspelling", () => {
  it("still gets its did-you-mean, at the exact place", () => {
    const c = compileText("fn bonus() -> int = 2\nfn total() -> int = 1 + bnous()\n");
    expect(render(c.diagnostics, c.texts)).toBe(
      [
        "error[E0101]: unknown function `bnous`",
        "  --> main.rules:2:25",
        "  |",
        "2 | fn total() -> int = 1 + bnous()",
        "  |                         ^^^^^",
        "  help: did you mean `bonus`?",
      ].join("\n"),
    );
  });
});

describe("a file of many unknown names", () => {
  const extra = 5;
  const n = SUGGESTIONS_PER_FILE + extra;
  // Each function's body names itself with two letters swapped: one slip, so each has a suggestion.
  const text = lines(n, (i) => `fn alpha${i}() -> int = alpah${i} + 1`);
  const col = (i: number) => `fn alpha${i}() -> int = `.length + 1;

  it(`suggests for the first ${SUGGESTIONS_PER_FILE}, then says what to do in words`, () => {
    const got = shown(compileText(text).diagnostics);
    expect(got.length).toBe(n);
    expect(got[0]).toBe(`E0101 1:${col(0)} unknown name \`alpah0\` | did you mean \`alpha0\`?`);
    expect(got[SUGGESTIONS_PER_FILE - 1]).toBe(`E0101 200:${col(199)} unknown name \`alpah199\` | did you mean \`alpha199\`?`);
    expect(got[SUGGESTIONS_PER_FILE]).toBe(
      `E0101 201:${col(200)} unknown name \`alpah200\` | check the spelling of \`alpah200\` and that it is declared (no suggestions after the first 200 unknown names in a file)`,
    );
    expect(got.slice(0, SUGGESTIONS_PER_FILE)).toEqual(Array.from({ length: SUGGESTIONS_PER_FILE }, (_, i) => `E0101 ${i + 1}:${col(i)} unknown name \`alpah${i}\` | did you mean \`alpha${i}\`?`));
    expect(got.slice(SUGGESTIONS_PER_FILE)).toEqual(
      Array.from({ length: extra }, (_, k) => {
        const i = SUGGESTIONS_PER_FILE + k;
        return `E0101 ${i + 1}:${col(i)} unknown name \`alpah${i}\` | ${spentHelp(`alpah${i}`)}`;
      }),
    );
  });

  it("gives each file its own share", () => {
    const c = compileText(`import "other.rules"\nfn beta() -> int = betta\n`, { "other.rules": text });
    const main = shown(c.diagnostics.filter((d) => d.span.file === "main.rules"));
    expect(main).toEqual([`E0101 2:20 unknown name \`betta\` | did you mean \`beta\`?`]);
    expect(c.diagnostics.filter((d) => d.span.file === "other.rules" && d.help?.startsWith("did you mean")).length).toBe(SUGGESTIONS_PER_FILE);
  });
});

describe("the budget itself", () => {
  it("past its share, does not even gather the names in scope", () => {
    const budget = new SuggestionBudget(2);
    const at = { file: "a.rules", start: 0, end: 1, line: 1, col: 1, endLine: 1, endCol: 2 };
    let gathered = 0;
    const names = () => {
      gathered++;
      return ["clamp", "count"];
    };
    expect(budget.help("clmap", at, names)).toBe("did you mean `clamp`?");
    expect(budget.help("cuont", at, names)).toBe("did you mean `count`?");
    expect(budget.help("clmap", at, names)).toBe(
      "check the spelling of `clmap` and that it is declared (no suggestions after the first 2 unknown names in a file)",
    );
    expect(gathered).toBe(2);
    // Another file has its own share.
    expect(budget.help("clmap", { ...at, file: "b.rules" }, names)).toBe("did you mean `clamp`?");
  });
});
