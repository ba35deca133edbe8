// The mods in mods/ (issue 24), each loaded on its bundled base as a user runs them: their own
// examples and every example of the base pass, the base unchanged (the Warlords house rule changes no
// bundled example's outcome, so it declares no `overrides`), and the mods' files are in fmt's layout.
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";

const MODS = [
  // base, mod, examples of base and mod together, of which the mod's own
  ["rules/warlords3", "mods/warlords3-disease-floor", 76, 9],
  ["rules/dragon-dice", "mods/dragon-dice-treefolk", 304, 30],
  ["rules/acks-daw", "mods/acks-dragon", 111, 16],
  // Two base examples are overridden (skipped), so 282 of the base's and the mod's own run.
  ["rules/dragon-dice", "mods/dragon-dice-colour-magic", 282, 10],
  // Eight abilities of other games, written as mods by a new author from the docs alone (their READMEs
  // say which game and what could not be said directly).
  ["rules/warlords3", "mods/warlords3-ward", 71, 4],
  ["rules/warlords3", "mods/warlords3-fear", 73, 6],
  ["rules/acks-daw", "mods/acks-daw-nerve", 100, 5],
  ["rules/acks-daw", "mods/acks-daw-dodge", 99, 4],
  ["rules/dragon-dice", "mods/dragon-dice-first-strike", 277, 3],
  // One base example is overridden: where the base multiplies saves twice, the mod applies one multiplier.
  ["rules/dragon-dice", "mods/dragon-dice-frenzy", 277, 4],
  ["rules/skirmish-plane", "mods/skirmish-plane-inspiring", 57, 4],
  ["rules/when-armies-clash", "mods/when-armies-clash-heat", 89, 6],
  // A second new species by a new author from the docs alone: Magic Negation (11 examples), Winter's
  // Fortitude (6), Fly and Counter (13); the base's 274 besides.
  ["rules/dragon-dice", "mods/dragon-dice-frostwings", 304, 30],
] as const;

describe("the bundled mods on their bases", () => {
  for (const [base, mod, all, own] of MODS) {
    it(`${mod} on ${base}: ${all} examples pass, ${own} of them the mod's`, async () => {
      const r = await runCli(["test", base, mod]);
      expect(r.stdout).toContain(`${all} passed, 0 failed`);
      expect(r.code).toBe(0);
      expect(r.stdout.split("\n").filter((l) => l.startsWith("ok    ") && l.includes(`(${mod}/`))).toHaveLength(own);
    });
  }

  it("are in the canonical layout, and `mods check` finds no conflict between a mod and its base", async () => {
    expect((await runCli(["fmt", "mods", "--check"])).code).toBe(0);
    // The two species mods, alone and as a pair: both replace a unit's rolled face in `unitResults`'s
    // `set` stage, and the Frostwings' `order -1` orders the two.
    const r = await runCli(["mods", "check", "rules/dragon-dice", "mods/dragon-dice-treefolk", "mods/dragon-dice-frostwings"]);
    expect(r.stdout).toContain("no conflicts");
    expect(r.code).toBe(0);
  });
});
