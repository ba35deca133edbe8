// The command line with mods: `test BASE MOD...`, `check --mod`, `run --mod`, a mod named without its
// base, and `mods check`'s matrix, all through the in-process `main(argv, io)`.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";

const F = "test/fixtures/mods";

describe("rulesmith test BASE MOD", () => {
  it("runs the base's and the mod's examples, and skips the example the mod overrides", async () => {
    const r = await runCli(["test", `${F}/skirmish`, `${F}/berserkers`]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain(`skip  a charge on open ground  (${F}/skirmish/model.rules:16)  overridden by the mod \`berserkers\``);
    expect(r.stdout).toContain(`ok    a raging charge  (${F}/berserkers/rage.rules:6)`);
    expect(r.stdout.trim().split("\n").at(-1)).toBe("2 passed, 0 failed");
    expect(r.code).toBe(0);
  });

  it("a mod whose modifier changes a base example without `overrides`: the example fails with E0607 naming the mod", async () => {
    const r = await runCli(["test", `${F}/skirmish`, `${F}/reckless`]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`FAIL  a charge on open ground  (${F}/skirmish/model.rules:16)`);
    expect(r.stdout).toContain('error[E0607]: it passes without the mod `reckless`: the mod changes its outcome; if that is meant, declare `overrides "a charge on open ground"` in the mod');
    expect(r.stdout).toContain("1 passed, 1 failed");
  });

  it("loads mods in dependency order whatever order they are named in, and --mod is the same as naming the folder", async () => {
    const a = await runCli(["test", `${F}/axemen`, `${F}/skirmish`, `${F}/berserkers`]);
    const b = await runCli(["test", `${F}/skirmish`, "--mod", `${F}/berserkers`, "--mod", `${F}/axemen`]);
    expect(a.code).toBe(0);
    expect(a.stdout).toContain("ok    an axeman's raging charge");
    expect(b.stdout).toBe(a.stdout);
  });

  it("a mod named without its base is E0602, which names the system to name first", async () => {
    const r = await runCli(["test", `${F}/berserkers`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error[E0602]: \`${F}/berserkers\` is a mod (it has \`mod.json\`), not a base system`);
    expect(r.stderr).toContain("`skirmish` >=1.0.0 <2");
  });

  it("a file of a mod, or a folder of mods, named without the base: the errors, then a note naming each mod to load on its base", async () => {
    const file = await runCli(["test", `${F}/berserkers/rage.rules`]);
    expect(file.code).toBe(1);
    expect(file.stderr).toContain("error[E0101]");
    expect(file.stderr).toContain(`note: \`${F}/berserkers\` is a mod (it has mod.json): it loads on its base system, named first: \`rulesmith test BASE ${F}/berserkers\``);
    const folder = await runCli(["check", F]);
    expect(folder.stderr.match(/^note: .* is a mod/gm)).toHaveLength(5);
    const base = await runCli(["check", `${F}/skirmish`]);
    expect(base.stderr).not.toContain("note:");
  });

  it("a required mod missing is E0602 at its key in mod.json, with a code frame", async () => {
    const r = await runCli(["check", `${F}/skirmish`, `${F}/axemen`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("error[E0602]: the mod `axemen` requires `berserkers` 0.1.x, which is not loaded");
    expect(r.stderr).toContain(`--> ${F}/axemen/mod.json:5:40`);
  });

  it("two bases is a usage error", async () => {
    const r = await runCli(["test", `${F}/skirmish`, "rules/warlords3", `${F}/berserkers`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("name one base system's folder with its mods, not 2");
  });
});

describe("roots", () => {
  it("the base and each mod are roots of their own: a mod sees the base without importing it, but cannot import outside the folders named", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rulesmith-mods-"));
    try {
      const put = (path: string, text: string) => {
        mkdirSync(join(dir, path, ".."), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      put("base/system.json", '{"name": "base", "version": "1.0.0"}');
      put("base/model.rules", "fn power() -> int = 2\n");
      put("mod/mod.json", '{"name": "mod", "version": "0.1.0", "requires": {"base": "1"}}');
      put("mod/a.rules", 'import "../outside/x.rules"\nexample "the base seen" { expect power() == 2 }\n');
      put("outside/x.rules", "fn secret() -> int = 1\n");
      mkdirSync(join(dir, "cwd"));
      const r = await runCli(["check", join(dir, "base"), join(dir, "mod")], { cwd: join(dir, "cwd") });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("error[E0004]:");
      expect(r.stderr).toContain("x.rules` is outside the folder the rules may read");
      expect(r.stderr).not.toContain("E0105");
      expect(r.stderr).not.toContain("secret");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("rulesmith run --mod", () => {
  it("runs the scenario with the mod's modifier applied", async () => {
    const plain = await runCli(["run", `${F}/skirmish/scenarios/duel.json`]);
    const modded = await runCli(["run", `${F}/skirmish/scenarios/duel.json`, "--mod", `${F}/berserkers`, "--trace"]);
    expect(plain.stdout.trim()).toBe("result: 2");
    expect(modded.stdout).toContain("attack: 3 -> 4 (add 1)  [modifier rage @ test/fixtures/mods/berserkers/rage.rules:2:1]");
    expect(modded.stdout.trim().split("\n").at(-1)).toBe("result: 3");
  });
});

describe("rulesmith mods check", () => {
  it("prints the matrix: each mod alone and each pair, and the conflicting pair's conflicts name both mods", async () => {
    const r = await runCli(["mods", "check", `${F}/skirmish`, `${F}/shieldwall`, `${F}/berserkers`]);
    expect(r.code).toBe(1);
    const lines = r.stdout.split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "skirmish 1.2.0 with 2 mods: each alone (the diagonal) and each pair",
      "             berserkers   shieldwall",
      "berserkers   ok           3 conflicts",
      "shieldwall                ok",
    ]);
    expect(r.stdout).toContain('error[E0607]: the mods `berserkers` and `shieldwall` both override the example "a charge on open ground" of `skirmish`');
    expect(r.stdout).toContain('error[E0607]: the mod `shieldwall` changes the outcome of the example "a raging charge" of the mod `berserkers`');
    expect(r.stdout.trim().split("\n").at(-1)).toBe("3 conflicts");
  });

  it("reports a mod alone that changes a base example, and --json gives the same", async () => {
    const r = await runCli(["mods", "check", `${F}/skirmish`, `${F}/reckless`, `${F}/rangers`, "--json"]);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as { ok: boolean; alone: { mods: string[]; ok: boolean; conflicts: { code: string; message: string; file: string; line: number }[] }[]; pairs: { mods: string[]; ok: boolean }[] };
    expect(json.ok).toBe(false);
    expect(json.alone.map((a) => [a.mods, a.ok])).toEqual([[["rangers"], true], [["reckless"], false]]);
    expect(json.alone[1]!.conflicts).toMatchObject([{ code: "E0607", file: `${F}/skirmish/model.rules`, line: 16, message: expect.stringContaining('the mod `reckless` changes the outcome of the example "a charge on open ground"') }]);
    expect(json.pairs.map((p) => [p.mods, p.ok])).toEqual([[["rangers", "reckless"], true]]);
  });

  it("is all ok for mods that change nothing unannounced; a mod is tried with the named mods it requires", async () => {
    const r = await runCli(["mods", "check", `${F}/skirmish`, `${F}/berserkers`, `${F}/rangers`, `${F}/axemen`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^axemen +ok +ok +ok$/m);
    expect(r.stdout).toMatch(/^berserkers +ok +ok$/m);
    expect(r.stdout.trim().split("\n").at(-1)).toBe("no conflicts");
  });

  it("--help says what it does", async () => {
    const r = await runCli(["mods", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("rulesmith mods check BASE MOD... [--json]");
  });
});
