// What a diagnostic quotes from a rules file, as every tool shows it (issue 29, items 5 and 9): names
// shortened, so thousands of errors quoting huge names stay a small answer, and control characters
// escaped, so a file traded between strangers cannot drive the terminal that prints its errors.
import { describe, expect, it } from "vitest";
import { diag, escapeControls, formatDiagnostic } from "../../src/core/diagnostics.ts";
import { diagnostics } from "../../src/tools/service/index.ts";
import { compileText } from "../support/helpers.ts";

describe("names quoted in messages", () => {
  it("a 50,000-character unknown name is quoted by its start and its length, in the checker and the editor's service", () => {
    const name = `x${"y".repeat(49_999)}`;
    const text = Array.from({ length: 20 }, (_, i) => `fn f${i}() -> int = ${name}\n`).join("");
    const checked = compileText(text).diagnostics.filter((d) => d.code === "E0101");
    expect(checked).toHaveLength(20);
    for (const d of checked) expect(d.message).toBe(`unknown name \`${name.slice(0, 60)}...\` (50000 characters)`);
    const served = diagnostics({ "main.rules": text }, "main.rules");
    expect(served.length).toBeGreaterThanOrEqual(20);
    // The whole answer stays small: 20 quotes of the name would be 1 MB, the 11,000 of the file 550 MB.
    expect(JSON.stringify(served).length).toBeLessThan(20 * 1000);
  });
  it("a short name is quoted whole", () => {
    expect(compileText("fn f() -> int = zz\n").diagnostics.map((d) => d.message)).toEqual(["unknown name `zz`"]);
  });
  it("plain words between two short quotes are never taken for a quote and cut", () => {
    const words = "changes the outcome of the example whose title is long enough to pass eighty characters in all, of";
    const d = diag("E0607", { file: "m.rules", line: 1, col: 1, endLine: 1, endCol: 2, start: 0, end: 1 }, `the mod \`a\` ${words} \`base\``);
    expect(d.message).toBe(`the mod \`a\` ${words} \`base\``);
  });
});

describe("control characters", () => {
  it("are written as escapes, tab and ordinary text left alone", () => {
    expect(escapeControls("a\u001b[2Jb\u0007\u009b\u202e\tc é")).toBe("a\\u001b[2Jb\\u0007\\u009b\\u202e\tc é");
    expect(escapeControls("plain")).toBe("plain");
  });
  it("in a message and its code frame, with the carets under the escaped text", () => {
    const text = "fn f() -> int = q\u001b]0;owned\u0007 + 1\n";
    const d = compileText(text).diagnostics[0]!;
    const shown = formatDiagnostic(d, text);
    expect(shown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    const [, , , line, carets] = shown.split("\n");
    expect(line).toBe("1 | fn f() -> int = q\\u001b]0;owned\\u0007 + 1");
    // The caret stands under the escape of the character the error is at.
    expect(line!.slice(carets!.indexOf("^"), carets!.lastIndexOf("^") + 1)).toBe("\\u001b");
  });
});
