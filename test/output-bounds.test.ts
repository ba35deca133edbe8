// Output is bounded (issue 14, item 3): at most DIAGNOSTICS_PER_FILE diagnostics are printed per file,
// then one line for the rest, and a code frame shows at most FRAME_WIDTH characters of its line. The
// language service keeps every diagnostic; only the printed text is cut.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DIAGNOSTICS_PER_FILE, formatDiagnostics } from "../src/tools/report.ts";
import { diag, FRAME_WIDTH, formatDiagnostic, frameWindow } from "../src/core/diagnostics.ts";
import { spanAt } from "../src/syntax/parse.ts";
import { runCli } from "./run-cli.ts";


describe("code frames", () => {
  it("a short line is shown whole", () => {
    expect(frameWindow("fn f() -> int = x", 16, 1)).toEqual({ text: "fn f() -> int = x", caretAt: 16, caretWidth: 1 });
  });

  it("a long line is cut to a window around the range, with `...` at each cut, and the caret stays under the range", () => {
    const line = `${"a,".repeat(5000)}BAD${",b".repeat(5000)}`;
    const from = line.indexOf("BAD");
    const shown = frameWindow(line, from, 3);
    expect(shown.text.length).toBeLessThanOrEqual(FRAME_WIDTH);
    expect(shown.text.startsWith("...") && shown.text.endsWith("...")).toBe(true);
    expect(shown.text.slice(shown.caretAt, shown.caretAt + shown.caretWidth)).toBe("BAD");
  });

  it("a range wider than the window is underlined up to the window's edge", () => {
    const line = `let x = ${"y".repeat(1000)}`;
    const shown = frameWindow(line, 8, 1000);
    expect(shown).toEqual({ text: `${line.slice(0, 114)}...`, caretAt: 8, caretWidth: 106 });
  });

  it("a diagnostic on a 300 KB line prints a frame of at most 120 characters and a message of at most 400", () => {
    const text = `fn f() -> int = ${"q".repeat(300_000)}\n`;
    const d = diag("E0101", spanAt("a.rules", text, 16, text.length - 1), `there is no function \`${"q".repeat(300_000)}\``);
    const lines = formatDiagnostic(d, text).split("\n");
    expect(lines.map((l) => l.length).every((n) => n <= 400 + 20)).toBe(true);
    // The range starts at column 17: ten characters of context before it, then the cut.
    expect(lines[3]).toBe(`1 | ...${text.slice(6, 120)}...`);
    expect(lines[4]).toBe(`  | ${" ".repeat(13)}${"^".repeat(104)}`);
  });
});

describe("diagnostics per file", () => {
  it(`prints the first ${DIAGNOSTICS_PER_FILE} of a file, then one line for the rest, and counts them all`, () => {
    const text = "x\n".repeat(120);
    const many = Array.from({ length: 120 }, (_, i) => diag("E0101", spanAt("a.rules", text, i * 2, i * 2 + 1), "there is no `x`"));
    const other = diag("E0101", spanAt("b.rules", "x\n", 0, 1), "there is no `x`");
    const out = formatDiagnostics([...many, other], new Map([["a.rules", text], ["b.rules", "x\n"]]));
    expect(out.split("error[E0101]").length - 1).toBe(DIAGNOSTICS_PER_FILE + 1);
    expect(out).toContain("--> a.rules:50:1");
    expect(out).not.toContain("--> a.rules:51:1");
    expect(out).toContain(`... and ${120 - DIAGNOSTICS_PER_FILE} more in a.rules\n`);
    expect(out).toContain("--> b.rules:1:1");
    expect(out.endsWith("121 error(s), 0 warning(s)")).toBe(true);
  });
});

describe("the command line on a 300 KB line with 100,000 errors", () => {
  const dir = mkdtempSync(join(tmpdir(), "rulesmith-output-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("prints a bounded report: 50 framed errors, a count of the rest, and the total", async () => {
    // 100,000 unknown names on one line: each is E0101.
    writeFileSync(join(dir, "wide.rules"), `fn h() -> list<int> = [${Array(100_000).fill("qq").join(",")}]\n`);
    const r = await runCli(["check", "wide.rules"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.all.split("error[E0101]").length - 1).toBe(DIAGNOSTICS_PER_FILE);
    expect(r.all).toContain(`... and ${100_000 - DIAGNOSTICS_PER_FILE} more in wide.rules`);
    expect(r.all).toContain("100000 error(s), 0 warning(s)");
    // Each of the 50 diagnostics takes at most a few hundred characters.
    expect(r.all.length).toBeLessThan(DIAGNOSTICS_PER_FILE * 500);
  });
});
