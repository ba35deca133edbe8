// Control characters in a file's name and in a scenario's seed (issue 29, item 5; found by the fuzzer's
// controls class): both are the author's text, printed in a diagnostic's `-->` line and in simulate's
// first line, and fmt's lists of files; all were printed raw, so a file named with ESC could clear the screen.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "rulesmith-controls-"));
/** What a terminal obeys, besides the line break and the tab. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("control characters outside the rules text", () => {
  it("a file's name in a diagnostic's location is escaped", async () => {
    const name = "m\u001b[2J\u202e.rules";
    writeFileSync(join(dir, name), "fn f() -> int = true\n");
    const r = await runCli(["check", name], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.all).toContain("--> m\\u001b[2J\\u202e.rules:1:17");
    expect(r.all).not.toMatch(RAW_CONTROL);
  });

  it("a file's name in fmt's lists is escaped", async () => {
    const name = "f\u000c\u0007.rules";
    writeFileSync(join(dir, name), "fn   f() -> int = 1\n");
    const check = await runCli(["fmt", "--check", name], { cwd: dir });
    expect([check.code, check.stdout.split("\n")[0]]).toEqual([1, "would reformat f\\u000c\\u0007.rules"]);
    const written = await runCli(["fmt", name], { cwd: dir });
    expect(written.stdout.split("\n")[0]).toBe("formatted f\\u000c\\u0007.rules");
    expect(check.all + written.all).not.toMatch(RAW_CONTROL);
  });

  it("a scenario's seed in simulate's first line is escaped", async () => {
    writeFileSync(join(dir, "g.rules"), 'fn go() -> text = "x"\n');
    writeFileSync(join(dir, "s.json"), JSON.stringify({ rules: "g.rules", run: "go", state: {}, seed: "\u001b]0;owned\u0007" }));
    const r = await runCli(["simulate", "s.json", "-n", "2", "--workers", "1"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("2 runs, seeds \\u001b]0;owned\\u0007:0 .. \\u001b]0;owned\\u0007:1");
    expect(r.all).not.toMatch(RAW_CONTROL);
  });
});
