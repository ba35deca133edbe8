// A mod's `mod.json` that is a link to a file outside the root is refused as such (E0004), unread, like
// any other file that leads out: it was read as "no mod.json", and the folder checked as plain rules.
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project, runCli } from "../support/run-cli.ts";

describe("a mod.json that leads outside the root", () => {
  it("is E0004 at the manifest, and not read", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mod-link-"));
    const outside = mkdtempSync(join(tmpdir(), "mod-link-outside-"));
    writeFileSync(join(outside, "mod.json"), JSON.stringify({ name: "evil", version: "1.0.0", requires: { skirmish: ">=1.0.0" } }));
    cpSync(join(project, "test/fixtures/mods/skirmish"), join(dir, "skirmish"), { recursive: true });
    mkdirSync(join(dir, "linked"));
    cpSync(join(project, "test/fixtures/mods/berserkers/rage.rules"), join(dir, "linked", "rage.rules"));
    symlinkSync(join(outside, "mod.json"), join(dir, "linked", "mod.json"), "file");
    const r = await runCli(["check", "skirmish", "--mod", "linked"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.all).toMatch(/error\[E0004\]: `linked\/mod\.json` leads to `[^`]*mod-link-outside-[^`]*mod\.json`, which is outside the folder the rules may read/);
    expect(r.all).not.toContain("E0602");
  });
});
