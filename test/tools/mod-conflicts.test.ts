// Semantic conflicts of mods (src/tools/mods): an example whose outcome a mod changes is reported
// unless the mod declares `overrides`; pairs are tried together, and their conflicts name both mods.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkMods, formatMatrix, memoryFileHost } from "../../src/api.ts";

/** The fixtures of test/fixtures/mods as memory files, so a test can add one without touching the disk. */
function fixtures(): Record<string, string> {
  const root = "test/fixtures/mods";
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out[p.slice(root.length + 1)] = readFileSync(p, "utf8");
    }
  };
  walk(root);
  return out;
}

describe("checkMods", () => {
  it("reports a mod whose modifier changes a base example, then accepts it once the mod declares `overrides`", () => {
    const files = fixtures();
    const before = checkMods("skirmish", ["reckless"], memoryFileHost(files));
    expect(before.alone).toHaveLength(1);
    expect(before.alone[0]!.ok).toBe(false);
    expect(before.alone[0]!.conflicts.map((d) => [d.code, d.span.file, d.span.line])).toEqual([["E0607", "skirmish/model.rules", 16]]);
    expect(before.alone[0]!.conflicts[0]!.message).toBe('the mod `reckless` changes the outcome of the example "a charge on open ground" of `skirmish`: it passes without the mod and fails (expected `wounds(Fighter(name: "Knight", attack: 3), Fighter(name: "Peasant")) == 2`; expected: 2; actual: 3) with it');

    files["reckless/overrides.rules"] = 'overrides "a charge on open ground"\n';
    const after = checkMods("skirmish", ["reckless"], memoryFileHost(files));
    expect(after.alone[0]).toEqual({ mods: ["reckless"], ok: true, conflicts: [], overridden: [{ title: "a charge on open ground", mod: "reckless" }] });
  });

  it("a pair that each pass alone but conflict together: both override one example, and each breaks the other's; every conflict names both", () => {
    const report = checkMods("skirmish", ["shieldwall", "berserkers"], memoryFileHost(fixtures()));
    expect(report.alone.map((r) => [r.mods, r.ok])).toEqual([[["berserkers"], true], [["shieldwall"], true]]);
    expect(report.pairs).toHaveLength(1);
    const pair = report.pairs[0]!;
    expect(pair.mods).toEqual(["berserkers", "shieldwall"]);
    expect(pair.conflicts.map((d) => d.message.slice(0, d.message.indexOf(":")))).toEqual([
      'the mods `berserkers` and `shieldwall` both override the example "a charge on open ground" of `skirmish`',
      'the mod `shieldwall` changes the outcome of the example "a raging charge" of the mod `berserkers`',
      'the mod `berserkers` changes the outcome of the example "a charge into the shield wall" of the mod `shieldwall`',
    ]);
    for (const d of pair.conflicts) expect(d.message).toMatch(/berserkers[\s\S]*shieldwall|shieldwall[\s\S]*berserkers/);
    expect(formatMatrix(report).split("\n")[2]).toMatch(/^berserkers +ok +3 conflicts$/);
  });

  it("a pair that does not load together (incompatible) is that pair's conflict, naming both; each alone is ok", () => {
    const files = fixtures();
    files["rangers/mod.json"] = JSON.stringify({ name: "rangers", version: "1.0.0", requires: { skirmish: "1.x" }, incompatible: { berserkers: "*" } });
    const report = checkMods("skirmish", ["rangers", "berserkers"], memoryFileHost(files));
    expect(report.alone.every((r) => r.ok)).toBe(true);
    expect(report.pairs[0]!.conflicts.map((d) => [d.code, d.message])).toEqual([["E0604", "the mod `rangers` is incompatible with the mod `berserkers` 0.1.0, and both are loaded"]]);
  });

  it("two mods that change one example together though neither does alone", () => {
    const files = fixtures();
    files["skirmish/small.rules"] = 'import "model.rules"\nexample "a small blow stays small" { expect attack(Fighter(name: "A")) < 5 }\n';
    // `b` loads before `z` (by name): alone, `b` makes 3 and `z` sees 2; together `z` sees 3 and adds 5.
    files["b/mod.json"] = JSON.stringify({ name: "b", version: "0.1.0", requires: { skirmish: "*" } });
    files["b/b.rules"] = "modifier b for attack : add 1\n";
    files["z/mod.json"] = JSON.stringify({ name: "z", version: "0.1.0", requires: { skirmish: "*" } });
    files["z/z.rules"] = "modifier z for attack when result >= 3 : add 5\n";
    const report = checkMods("skirmish", ["z", "b"], memoryFileHost(files));
    const title = "a small blow stays small";
    for (const r of report.alone) expect(r.conflicts.filter((d) => d.message.includes(title))).toEqual([]);
    const together = report.pairs[0]!.conflicts.filter((d) => d.message.includes(title));
    expect(together.map((d) => d.message.slice(0, d.message.indexOf(":")))).toEqual([`the mods \`b\` and \`z\` together change the outcome of the example "${title}" of \`skirmish\``]);
  });
});
