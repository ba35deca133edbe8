// The workspace's reference index (src/tools/service/reference-index.ts) against the full analysis it
// replaced: on every bundled system, find references from the index must give exactly what checking
// every file that spells the name and resolving each of its names gives; and after an edit the index
// answers for the files as they stand, keeping the entries of files the edit cannot change.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Workspace } from "../../src/api.ts";
import { definitionAt, resolve } from "../../src/tools/service/navigation.ts";
import type { Location } from "../../src/tools/service/service-types.ts";
import { rangeOf } from "../../src/tools/service/text-position.ts";

function filesBelow(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, filesBelow(p));
    else if (e.name.endsWith(".rules") || e.name === "system.json" || e.name === "mod.json") out[p.split("\\").join("/")] = readFileSync(p, "utf8");
  }
  return out;
}

/** The references as they were found before the index: every file that spells the name checked, each name resolved. */
function fullAnalysis(ws: Workspace, path: string, line: number, col: number): Location[] {
  const declared = definitionAt(ws, path, line, col);
  if (!declared) return [];
  const text = ws.text(declared.path)!;
  const lines = text.split("\n");
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(lines[declared.range.line - 1]!.slice(declared.range.col - 1))![0];
  const out: Location[] = [];
  const seen = new Set<string>();
  for (const p of ws.paths().filter((x) => x.endsWith(".rules") && ws.text(x)!.includes(name)).sort()) {
    const a = ws.analysis(p);
    for (const site of a.sites) {
      if (site.name.text !== name) continue;
      const t = resolve(a, site)?.declared;
      if (!t || t.span.file !== declared.path || t.span.line !== declared.range.line || t.span.col !== declared.range.col) continue;
      const key = `${site.name.span.file}:${site.name.span.start}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ path: site.name.span.file, range: rangeOf(site.name.span) });
    }
  }
  return out;
}

const show = (ls: Location[]) => ls.map((l) => `${l.path}:${l.range.line}:${l.range.col}`);

/** Every name a rules file declares (declarations, fields, members, parameters, handlers, locals), as [line, col]. */
function declaredNames(ws: Workspace, path: string): [number, number][] {
  return ws
    .analysis(path)
    .sites.filter((s) => s.kind !== "global" && s.kind !== "name" && s.kind !== "member" && s.kind !== "argument" && s.kind !== "holder")
    .map((s) => [s.name.span.line, s.name.span.col]);
}

const systems = readdirSync("rules", { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

describe("the reference index against the full analysis", () => {
  it.each(systems)("gives the same references for every name declared in rules/%s", (system) => {
    const files = filesBelow(join("rules", system));
    const indexed = new Workspace(files);
    const full = new Workspace(files);
    let asked = 0;
    for (const path of Object.keys(files).filter((p) => p.endsWith(".rules")).sort()) {
      for (const [line, col] of declaredNames(full, path)) {
        expect(show(indexed.references(path, line, col)), `${path}:${line}:${col}`).toEqual(show(fullAnalysis(full, path, line, col)));
        asked++;
      }
    }
    expect(asked).toBeGreaterThan(50);
  });
});

const FILES = {
  "game/units.rules": `kind Unit {
  hp: int
}
fn hurt(u: Unit) {
  u.hp = u.hp - 1
}
`,
  "game/battle.rules": `import "./units.rules"
fn fresh() -> Unit = Unit(hp: 3)
fn twice(u: Unit) {
  hurt(u)
  hurt(u)
}
`,
  "game/other.rules": `kind Other { hp: int }
fn f(o: Other) -> int = o.hp
`,
};

describe("the index after an edit", () => {
  it("keeps the entries of importers when an edit stays inside a body, and answers for the new text", () => {
    const ws = new Workspace(FILES);
    expect(show(ws.references("game/units.rules", 2, 3))).toEqual(["game/battle.rules:2:27", "game/units.rules:2:3", "game/units.rules:5:5", "game/units.rules:5:12"]);
    expect(ws.index.isCurrent("game/battle.rules")).toBe(true);
    // Two lines above the field and a new use inside hurt's body: the field's key stays, battle's entry holds.
    ws.set("game/units.rules", `// a note\n\n${FILES["game/units.rules"].replace("u.hp - 1", "u.hp - 1 + u.hp")}`);
    expect(ws.index.isCurrent("game/units.rules")).toBe(false);
    expect(ws.index.isCurrent("game/battle.rules")).toBe(true);
    expect(show(ws.references("game/units.rules", 4, 3))).toEqual(["game/battle.rules:2:27", "game/units.rules:4:3", "game/units.rules:7:5", "game/units.rules:7:12", "game/units.rules:7:23"]);
    expect(show(ws.references("game/units.rules", 4, 3))).toEqual(show(fullAnalysis(new Workspace(ws.texts()), "game/units.rules", 4, 3)));
  });

  it("makes an importer's entry again when what it sees changes, and finds a use an edit adds there", () => {
    const ws = new Workspace(FILES);
    ws.references("game/units.rules", 2, 3);
    // A field added before hp changes what battle.rules sees.
    ws.set("game/units.rules", FILES["game/units.rules"].replace("kind Unit {\n", "kind Unit {\n  name: text\n"));
    expect(ws.index.isCurrent("game/battle.rules")).toBe(false);
    ws.set("game/battle.rules", FILES["game/battle.rules"].replace("Unit(hp: 3)", 'Unit(hp: 3, name: "a")').replace("hurt(u)\n}", "hurt(u)\n  u.hp = 0\n}"));
    const after = show(ws.references("game/units.rules", 3, 3));
    expect(after).toEqual(["game/battle.rules:2:27", "game/battle.rules:6:5", "game/units.rules:3:3", "game/units.rules:6:5", "game/units.rules:6:12"]);
    expect(after).toEqual(show(fullAnalysis(new Workspace(ws.texts()), "game/units.rules", 3, 3)));
    // `Other`'s hp is another field: neither list holds the other's uses.
    expect(show(ws.references("game/other.rules", 1, 14))).toEqual(["game/other.rules:1:14", "game/other.rules:2:27"]);
  });

  it("drops a file's uses when the file goes, and finds them in a file that appears", () => {
    const ws = new Workspace(FILES);
    expect(show(ws.references("game/units.rules", 4, 4))).toEqual(["game/battle.rules:4:3", "game/battle.rules:5:3", "game/units.rules:4:4"]);
    ws.remove("game/battle.rules");
    expect(show(ws.references("game/units.rules", 4, 4))).toEqual(["game/units.rules:4:4"]);
    ws.set("game/more.rules", 'import "./units.rules"\nfn g(u: Unit) { hurt(u) }\n');
    expect(show(ws.references("game/units.rules", 4, 4))).toEqual(["game/more.rules:2:17", "game/units.rules:4:4"]);
  });
});
