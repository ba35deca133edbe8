// The language service's references, rename, outline and semantic names: resolved with the checker,
// so a field is found through the type of what holds it, and a local name never leaks into others.
import { describe, expect, it } from "vitest";
import { documentSymbols, references, rename, semanticNames } from "../../src/tools/service/index.ts";
import { Workspace } from "../../src/api.ts";

const FILES = {
  "game/units.rules": `kind Unit {
  hp: int
}
event Hit(u: Unit)
fn heal(u: Unit) {
  let hp = 2
  u.hp = u.hp + hp
}
`,
  "game/battle.rules": `import "./units.rules"
on Hit { u.hp = u.hp - 1 }
fn twice(u: Unit) {
  emit Hit(u)
  emit Hit(u: u)
}
`,
};

const show = (ls: { path: string; range: { line: number; col: number } }[]) => ls.map((l) => `${l.path}:${l.range.line}:${l.range.col}`);

describe("references and rename", () => {
  it("finds a field through the types of what holds it, and not a local of the same name", () => {
    expect(show(references(FILES, "game/units.rules", 2, 3))).toEqual(["game/battle.rules:2:12", "game/battle.rules:2:19", "game/units.rules:2:3", "game/units.rules:7:5", "game/units.rules:7:12"]);
    expect(show(references(FILES, "game/units.rules", 6, 7))).toEqual(["game/units.rules:6:7", "game/units.rules:7:17"]);
    expect(show(references(FILES, "game/units.rules", 2, 3, false))).not.toContain("game/units.rules:2:3");
  });

  it("finds an event where it is handled and emitted, and a parameter named in a call", () => {
    expect(show(references(FILES, "game/battle.rules", 4, 8))).toEqual(["game/battle.rules:2:4", "game/battle.rules:4:8", "game/battle.rules:5:8", "game/units.rules:4:7"]);
    // The handler's `u` is the event's parameter too.
    expect(show(references(FILES, "game/units.rules", 4, 11))).toEqual(["game/battle.rules:2:10", "game/battle.rules:2:17", "game/battle.rules:5:12", "game/units.rules:4:11"]);
  });

  it("renames to a name, and refuses a reserved word, a non-name and a built-in", () => {
    expect(rename(FILES, "game/units.rules", 1, 7, "Soldier")).toMatchObject({ newName: "Soldier", edits: [{ path: "game/battle.rules" }, { path: "game/units.rules" }, { path: "game/units.rules" }, { path: "game/units.rules" }] });
    expect(rename(FILES, "game/units.rules", 1, 7, "if")).toEqual({ error: "`if` is a reserved word and cannot name anything" });
    expect(rename(FILES, "game/units.rules", 1, 7, "2x")).toEqual({ error: "`2x` is not a name: a name is a letter or `_`, then letters, digits or `_`" });
    expect(rename(FILES, "game/units.rules", 2, 7, "count")).toEqual({ error: "there is nothing here that the rules declare: built-ins and keywords cannot be renamed" });
  });
});

describe("an enum's member named in a tally", () => {
  it("is a reference to the member, so rename reaches it", () => {
    const files = { "a.rules": "enum Icon { melee, save }\nfn f() -> tally<Icon> = Icon(melee: 2)\n" };
    expect(show(references(files, "a.rules", 1, 13))).toEqual(["a.rules:1:13", "a.rules:2:30"]);
    expect(rename(files, "a.rules", 1, 13, "hit")).toEqual({ newName: "hit", edits: [{ path: "a.rules", range: { line: 1, col: 13, endLine: 1, endCol: 18 } }, { path: "a.rules", range: { line: 2, col: 30, endLine: 2, endCol: 35 } }] });
  });
});

describe("go to definition on an import's path (issue 28)", () => {
  it("goes to the start of the file it names, and nowhere for a missing file or a standard module", () => {
    const ws = new Workspace({ ...FILES, "game/more.rules": 'import "./gone.rules"\nimport "std/hex"\n' });
    // Line 1 of battle.rules is `import "./units.rules"`: column 10 is inside the path.
    expect(ws.definition("game/battle.rules", 1, 10)).toEqual({ path: "game/units.rules", range: { line: 1, col: 1, endLine: 1, endCol: 1 } });
    expect(ws.definition("game/more.rules", 1, 10)).toBeNull();
    expect(ws.definition("game/more.rules", 2, 10)).toBeNull();
  });
});

describe("outline and semantic names", () => {
  it("outlines declarations with their fields", () => {
    expect(documentSymbols(FILES, "game/units.rules").map((s) => [s.name, s.kind, s.children.map((c) => c.name)])).toEqual([
      ["Unit", "kind", ["hp"]],
      ["Hit", "event", []],
      ["heal", "function", []],
    ]);
    expect(documentSymbols(FILES, "game/battle.rules").map((s) => s.name)).toEqual(["./units.rules", "on Hit", "twice"]);
  });

  it("gives each name its meaning", () => {
    const names = semanticNames(FILES, "game/battle.rules").map((n) => `${n.range.line}:${n.range.col} ${n.meaning}${n.declaration ? " decl" : ""}`);
    expect(names).toEqual(["2:4 event", "2:10 variable", "2:12 property", "2:17 variable", "2:19 property", "3:4 function decl", "3:10 parameter decl", "3:13 class", "4:8 event", "4:12 variable", "5:8 event", "5:12 parameter", "5:15 variable"]);
  });
});
