// Find references and rename over a base and its mod (issue 24): a member an `extend enum` adds and a
// field an `extend kind` adds are declared in the mod, so renaming them from their declaration or from a
// use rewrites both; a base member a mod uses is renamed in the mod too; a handler's name is renamed
// where it is declared, replaced and removed; a clash is refused with the reason.
import { describe, expect, it } from "vitest";
import { Workspace } from "../../src/tools/service/index.ts";

const FILES: Record<string, string> = {
  "base/system.json": '{ "name": "base", "version": "1.0.0" }',
  "base/model.rules": "enum Race { elf, dwarf }\nkind Unit { hp: int = 1 }\nfn count() -> int = 1\n",
  "one/mod.json": '{ "name": "one", "version": "0.1.0", "requires": { "base": "1.x" } }',
  "one/one.rules": "extend enum Race { fey }\nfn f() -> Race = Race.fey\nextend kind Unit { fear: int = 0 }\nfn g(u: Unit) -> int = u.fear\nfn e() -> Race = Race.elf\n",
  "one/two.rules": "fn h() -> Race = Race.fey\n",
};

const at = (edits: { path: string; range: { line: number; col: number } }[]) => edits.map((e) => `${e.path}:${e.range.line}:${e.range.col}`).sort();

describe("rename across a base and its mod", () => {
  it("an added enum member, from its declaration in `extend enum` or from a use, in every file of the mod", () => {
    const ws = new Workspace(FILES);
    for (const [line, col] of [[1, 20], [2, 24]] as const) {
      const r = ws.rename("one/one.rules", line, col, "pixie");
      expect("edits" in r && at(r.edits)).toEqual(["one/one.rules:1:20", "one/one.rules:2:23", "one/two.rules:1:23"]);
    }
  });

  it("an added field, from `extend kind` or from `u.fear`", () => {
    const ws = new Workspace(FILES);
    for (const [line, col] of [[3, 20], [4, 27]] as const) {
      const r = ws.rename("one/one.rules", line, col, "dread");
      expect("edits" in r && at(r.edits)).toEqual(["one/one.rules:3:20", "one/one.rules:4:26"]);
    }
    expect(new Workspace(FILES).hover("one/one.rules", 4, 27)?.markdown).toContain("kind Unit { fear: int = 0 }");
  });

  it("a base member a mod uses is renamed in the mod's file too, with the mod switched on or not", () => {
    const ws = new Workspace(FILES);
    for (const on of [[], ["one"]]) {
      ws.setEnabledMods(on);
      const r = ws.rename("base/model.rules", 1, 13, "sylph");
      expect("edits" in r && at(r.edits)).toEqual(["base/model.rules:1:13", "one/one.rules:5:23"]);
    }
    // Switched on, the base's file sees the mod's member: renaming the base's to it clashes.
    expect(ws.rename("base/model.rules", 1, 13, "fey")).toEqual({ error: expect.stringContaining("E0102") });
  });

  it("a handler's name, from its `as NAME`, a mod's `replace on E as NAME` or another's `remove handler NAME`", () => {
    const files: Record<string, string> = {
      "base/system.json": '{ "name": "base", "version": "1.0.0" }',
      "base/model.rules": 'event Hit(n: int)\non Hit as bleed { say "b" }\n',
      "one/mod.json": '{ "name": "one", "version": "0.1.0", "requires": { "base": "1.x" } }',
      "one/one.rules": 'replace on Hit as bleed { say "c" }\n',
      "two/mod.json": '{ "name": "two", "version": "0.1.0", "requires": { "base": "1.x" } }',
      "two/two.rules": "remove handler bleed\n",
    };
    const ws = new Workspace(files);
    expect(ws.diagnostics("one/one.rules")).toEqual([]);
    expect(ws.diagnostics("two/two.rules")).toEqual([]);
    const all = ["base/model.rules:2:11", "one/one.rules:1:19", "two/two.rules:1:16"];
    for (const [path, line, col] of [["base/model.rules", 2, 12], ["one/one.rules", 1, 20], ["two/two.rules", 1, 17]] as const) {
      const r = ws.rename(path, line, col, "bleeding");
      expect("edits" in r && at(r.edits)).toEqual(all);
    }
    expect(ws.hover("one/one.rules", 1, 20)?.markdown).toContain("on Hit as bleed");
  });

  it("an added member renamed to one the base has is refused, naming both packages", () => {
    const r = new Workspace(FILES).rename("one/one.rules", 1, 20, "elf");
    expect(r).toEqual({ error: expect.stringContaining("would give error E0102") });
    expect("error" in r && r.error).toContain("(between the mod `one` and the system `base`)");
  });
});
