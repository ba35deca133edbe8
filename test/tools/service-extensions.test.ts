// The language service and the reference over a mod (docs/language.md, "Extending a system"): hover and
// completion read the merged enum and kind, an extension's target goes to the base's declaration, and
// `rulesmith doc` documents the enum with every member and the table with the mod's rows first.
import { describe, expect, it } from "vitest";
import { compile, runExamples } from "../../src/pipeline.ts";
import { generateReference } from "../../src/tools/docgen/index.ts";
import { completions, definition, hover } from "../../src/tools/service/index.ts";
import { memoryHost } from "../support/helpers.ts";

const FILES = {
  "base.rules": "enum Terrain { plain, hill }\nkind Unit { hp: int = 2 }\ntable cost(t: Terrain) -> int {\n  _ => 1\n}\n",
  "mod.rules": 'import "base.rules"\nextend enum Terrain { swamp }\nextend kind Unit { fear: int = 0 }\nextend table cost { Terrain.swamp => 3 }\nfn f(u: Unit) -> Terrain = Terrain.plain\n',
};

describe("the service over a mod", () => {
  it("hovers `previous` in an `extend fn` as the version it calls, and goes to it; the extension's name goes to the base's", () => {
    const files = {
      "base.rules": "/// The base's bonus.\nfn bonus(n: int) -> int = n\n",
      "a.rules": 'import "base.rules"\nextend fn bonus(n: int) -> int = previous(n) + 1\n',
      "b.rules": 'import "a.rules"\nextend fn bonus(n: int) -> int = 2 * previous(n)\n',
    };
    expect(hover(files, "a.rules", 2, 36)?.markdown).toBe("```rules\nfn bonus(n: int) -> int\n```\n\nThe base's bonus.");
    expect(definition(files, "a.rules", 2, 36)).toEqual({ path: "base.rules", range: { line: 2, col: 4, endLine: 2, endCol: 9 } });
    // The second extension's `previous` is the first extension.
    expect(definition(files, "b.rules", 2, 40)).toEqual({ path: "a.rules", range: { line: 2, col: 11, endLine: 2, endCol: 16 } });
  });

  it("hovers the merged enum, in the mod and over the extension's target", () => {
    expect(hover(FILES, "mod.rules", 5, 28)?.markdown).toContain("enum Terrain { plain, hill, swamp }");
    expect(hover(FILES, "mod.rules", 2, 14)?.markdown).toContain("enum Terrain { plain, hill, swamp }");
    expect(hover(FILES, "mod.rules", 5, 9)?.markdown).toContain("fear: int = 0");
  });

  it("completes the new member after `Terrain.`, and goes from an extension to the base", () => {
    expect(completions(FILES, "mod.rules", 5, 36).map((c) => c.label)).toEqual(expect.arrayContaining(["plain", "hill", "swamp"]));
    expect(definition(FILES, "mod.rules", 3, 14)).toMatchObject({ path: "base.rules", range: { line: 2, col: 6 } });
  });

  it("documents the merged declarations", () => {
    const c = compile(Object.keys(FILES), memoryHost(FILES));
    const program = c.programs![0]!;
    const html = [...generateReference("Mod", program, c.texts, runExamples(program)).values()].join("\n");
    expect(html).toContain("Terrain.swamp");
    expect(html).toContain("fear");
  });
});
