// Architecture rules from the brief, checked on the source tree itself.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith(".ts") ? [full] : [];
  });
}

const engine = [...sources("src"), ...sources("grammar")];

describe("architecture", () => {
  it("src/ and grammar/ know no particular game", () => {
    // Names from the seeds' games: none may appear in the engine.
    const gameWords = /warlords|moonguard|minotaur|dragon ?dice|dwarf|dwarves|amazon|goblin|undead|trample|slayer|missile|flyer|\bmedals?\b|\backs\b|domains at war|harpy|hellhound|salamander|\bd&d\b|when armies clash/i;
    const offenders = engine.filter((f) => gameWords.test(readFileSync(f, "utf8"))).map((f) => `${f}: ${readFileSync(f, "utf8").match(gameWords)![0]}`);
    expect(offenders).toEqual([]);
  });

  it("the runtime never imports the parser or the checker", () => {
    const runtime = sources("src/runtime");
    expect(runtime.length).toBeGreaterThan(3);
    const offenders = runtime.filter((f) => /from\s+"(\.\.\/)+(grammar|checker|build-ast|program)|from\s+"\.\.\/checker\//.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("the bench's hand-written implementation is never used by src/", () => {
    const offenders = engine.filter((f) => /from\s+"[^"]*bench\//.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});
