// `rulesmith fmt` on real files: rewrites what is not in the layout, lists it under --check, and
// leaves a file with a syntax error untouched.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../bin/rulesmith.js", import.meta.url));

function rulesmith(cwd: string, ...args: string[]): { code: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, [bin, ...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
    return { code: 0, stdout, stderr: "" };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("rulesmith fmt", () => {
  it("--check lists the files out of layout and changes nothing; without it, rewrites them", () => {
    const dir = mkdtempSync(join(tmpdir(), "fmt-"));
    writeFileSync(join(dir, "a.rules"), "fn f()->int=1\n");
    writeFileSync(join(dir, "b.rules"), "fn g() -> int = 2\n");
    const check = rulesmith(dir, "fmt", "--check", ".");
    expect(check).toEqual({ code: 1, stdout: "would reformat a.rules\n1 of 2 file(s) are not in the canonical layout; run `rulesmith fmt`\n", stderr: expect.any(String) });
    expect(readFileSync(join(dir, "a.rules"), "utf8")).toBe("fn f()->int=1\n");
    expect(rulesmith(dir, "fmt", ".")).toMatchObject({ code: 0, stdout: "formatted a.rules\n1 of 2 file(s) changed\n" });
    expect(readFileSync(join(dir, "a.rules"), "utf8")).toBe("fn f() -> int = 1\n");
    expect(rulesmith(dir, "fmt", "--check", ".")).toMatchObject({ code: 0, stdout: "2 file(s) in the canonical layout\n" });
  });

  it("leaves a file with a syntax error as it was and prints its error as check does", () => {
    const dir = mkdtempSync(join(tmpdir(), "fmt-"));
    writeFileSync(join(dir, "bad.rules"), "fn f( -> int=1\n");
    const run = rulesmith(dir, "fmt", "bad.rules");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("error[E0002]: expected `)` but found `->`\n  --> bad.rules:1:7");
    expect(readFileSync(join(dir, "bad.rules"), "utf8")).toBe("fn f( -> int=1\n");
  });

  it("prints its help", () => {
    expect(rulesmith(process.cwd(), "fmt", "--help").stdout).toContain("rulesmith fmt PATH... [--check]");
  });
});
