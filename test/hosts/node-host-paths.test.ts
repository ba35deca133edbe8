// The Node file host's paths (issue 29, items 4 and 12): the root is checked on the file actually
// opened, a scenario may name its own folder as ".", and a folder named like a saved program is E0005.
import { mkdirSync, mkdtempSync, openSync, closeSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeFileHost } from "../../src/api/node-host.ts";
import { loadScenario, runScenario } from "../../src/pipeline.ts";

/** Runs `f` with the working directory at `dir`, and puts it back. */
function inFolder<T>(dir: string, f: () => T): T {
  const before = process.cwd();
  process.chdir(dir);
  try {
    return f();
  } finally {
    process.chdir(before);
  }
}

describe("the root, checked on the file opened", () => {
  it("a link to an open file that was deleted outside the root is not read", () => {
    const base = mkdtempSync(join(tmpdir(), "rulesmith-root-"));
    const root = join(base, "root");
    mkdirSync(root);
    const outside = join(base, "secret.rules");
    writeFileSync(outside, "fn leaked() -> int = 42\n");
    const fd = openSync(outside, "r");
    try {
      unlinkSync(outside);
      // The link is inside the root; what it leads to has no real path any more ("... (deleted)").
      symlinkSync(`/proc/self/fd/${fd}`, join(root, "game.rules"));
      const host = nodeFileHost([root]);
      expect(host.read(join(root, "game.rules"))).toBeUndefined();
      expect(host.refuse?.(join(root, "game.rules"), "rules")?.code).toBe("E0004");
      // Without a root (tools, tests) the same link reads: the refusal above is the root's doing.
      expect(nodeFileHost().read(join(root, "game.rules"))).toBe("fn leaked() -> int = 42\n");
    } finally {
      closeSync(fd);
    }
  });
});

describe("scenario paths", () => {
  it('"rules": "." names the scenario\'s own folder, from inside that folder', () => {
    const dir = mkdtempSync(join(tmpdir(), "rulesmith-dot-"));
    writeFileSync(join(dir, "main.rules"), "fn f() -> int = 3\n");
    writeFileSync(join(dir, "s.json"), '{ "rules": ".", "run": "f", "state": {} }');
    const out = inFolder(dir, () => {
      const loaded = loadScenario("s.json", nodeFileHost(["."]));
      expect(loaded.diagnostics).toEqual([]);
      return runScenario(loaded.ready!.program, loaded.ready!.scenario, { seed: "1", trace: false });
    });
    expect(out.resultText).toBe("3");
  });

  it("a folder named like a saved program is E0005, a folder, as the reference says", () => {
    const dir = mkdtempSync(join(tmpdir(), "rulesmith-folder-"));
    mkdirSync(join(dir, "d.json"));
    writeFileSync(join(dir, "s.json"), '{ "rules": "d.json", "run": "f", "state": {} }');
    const loaded = loadScenario(join(dir, "s.json"), nodeFileHost([dir]));
    expect(loaded.diagnostics.map((d) => [d.code, d.message])).toEqual([["E0005", `\`${join(dir, "d.json")}\` is a folder, not a \`.json\` file`]]);
  });
});

describe("the roots named in E0004", () => {
  it("names a root once when two show alike (the working directory, named twice)", () => {
    const base = mkdtempSync(join(tmpdir(), "rulesmith-roots-"));
    const root = join(base, "mod");
    mkdirSync(root);
    const refusal = inFolder(root, () => nodeFileHost([root, "."], root).refuse?.(join(base, "base.rules"), "rules"));
    expect(refusal?.code).toBe("E0004");
    expect(refusal?.message).toMatch(/is outside the folder the rules may read \(`\.`\)$/);
  });
});
