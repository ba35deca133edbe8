// `rulesmith fmt` on real files: rewrites what is not in the layout, lists it under --check, and
// leaves a file with a syntax error untouched.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";

async function rulesmith(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runCli(args, { cwd });
  return { code, stdout, stderr };
}

describe("rulesmith fmt", () => {
  it("--check lists the files out of layout and changes nothing; without it, rewrites them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fmt-"));
    writeFileSync(join(dir, "a.rules"), "fn f()->int=1\n");
    writeFileSync(join(dir, "b.rules"), "fn g() -> int = 2\n");
    const check = await rulesmith(dir, "fmt", "--check", ".");
    expect(check).toEqual({ code: 1, stdout: "would reformat a.rules\n1 of 2 file(s) are not in the canonical layout; run `rulesmith fmt`\n", stderr: expect.any(String) });
    expect(readFileSync(join(dir, "a.rules"), "utf8")).toBe("fn f()->int=1\n");
    expect(await rulesmith(dir, "fmt", ".")).toMatchObject({ code: 0, stdout: "formatted a.rules\n1 of 2 file(s) changed\n" });
    expect(readFileSync(join(dir, "a.rules"), "utf8")).toBe("fn f() -> int = 1\n");
    expect(await rulesmith(dir, "fmt", "--check", ".")).toMatchObject({ code: 0, stdout: "2 file(s) in the canonical layout\n" });
  });

  it("leaves a file with a syntax error as it was and prints its error as check does", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fmt-"));
    writeFileSync(join(dir, "bad.rules"), "fn f( -> int=1\n");
    const run = await rulesmith(dir, "fmt", "bad.rules");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("error[E0002]: expected `)` but found `->`\n  --> bad.rules:1:7");
    expect(readFileSync(join(dir, "bad.rules"), "utf8")).toBe("fn f( -> int=1\n");
  });

  it("prints its help", async () => {
    expect((await rulesmith(tmpdir(), "fmt", "--help")).stdout).toContain("rulesmith fmt PATH... [--check]");
  });
});
