// The language service over packaged mods (docs/language.md, "Packaging a mod"): a file of a folder with
// a mod.json is checked with its base and the mods it requires, found by name among the workspace's
// manifests, as `rulesmith test BASE MOD` checks it; a mod.json's mistakes show on mod.json.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Workspace } from "../../src/tools/service/index.ts";
import { project } from "../support/run-cli.ts";

/** Every file below these folders of the project, by its project-relative path. */
function filesOf(...folders: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const folder of folders) {
    for (const entry of readdirSync(join(project, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(rules|json)$/.test(entry.name)) continue;
      const path = join(entry.parentPath, entry.name).slice(project.length).replace(/^\/+/, "");
      out[path] = readFileSync(join(project, path), "utf8");
    }
  }
  return out;
}

const F = "test/fixtures/mods";
const RAGE = `${F}/berserkers/rage.rules`;
const AXES = `${F}/axemen/axes.rules`;

describe("the service over a mod's files", () => {
  const files = filesOf(`${F}`);

  it("a mod's file checks with its base: no error for the base's names", () => {
    const ws = new Workspace(files);
    expect(ws.diagnostics(RAGE).filter((d) => d.severity === "error")).toEqual([]);
  });

  it("without the base's system.json in the workspace, the mod.json says what it requires is missing, not every name unknown", () => {
    const { [`${F}/skirmish/system.json`]: _, ...without } = files;
    const ws = new Workspace(without);
    const ds = ws.diagnostics(RAGE);
    expect(ds.map((d) => d.code)).toEqual(["E0602"]);
    expect(ds[0]!.path).toBe(`${F}/berserkers/mod.json`);
    expect(ds[0]!.message).toContain("requires `skirmish`");
  });

  it("a mod of a mod checks with the mod it requires and the base", () => {
    const ws = new Workspace(files);
    expect(ws.diagnostics(AXES).filter((d) => d.severity === "error")).toEqual([]);
  });

  it("a real mistake in the mod's file gets its own code", () => {
    const ws = new Workspace(files);
    ws.set(RAGE, files[RAGE]!.replace("modifier rage for attack : add 1", "modifier rage for atack : add 1"));
    const errors = ws.diagnostics(RAGE).filter((d) => d.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((d) => d.path === RAGE && d.code !== "E0105")).toBe(true);
  });

  it("hover and go-to-definition reach into the base; completion offers the base's names", () => {
    const ws = new Workspace(files);
    const line = files[RAGE]!.split("\n").findIndex((l) => l.startsWith("modifier rage")) + 1;
    const col = files[RAGE]!.split("\n")[line - 1]!.indexOf("attack") + 2;
    expect(ws.hover(RAGE, line, col)?.markdown).toContain("attack");
    expect(ws.definition(RAGE, line, col)).toMatchObject({ path: `${F}/skirmish/model.rules` });
    const exampleLine = files[RAGE]!.split("\n").findIndex((l) => l.includes("expect wounds")) + 1;
    expect(ws.completions(RAGE, exampleLine, 10).map((c) => c.label)).toEqual(expect.arrayContaining(["wounds", "Fighter"]));
  });

  it("a mod.json out of range shows E0603 on mod.json, asked of mod.json itself", () => {
    const ws = new Workspace(files);
    const manifest = `${F}/berserkers/mod.json`;
    ws.set(manifest, files[manifest]!.replace(/"skirmish": "[^"]*"/, '"skirmish": ">=3.0.0"'));
    const ds = ws.diagnostics(manifest);
    expect(ds.map((d) => d.code)).toEqual(["E0603"]);
    expect(ds[0]!.path).toBe(manifest);
    // And the check of the mod's file reports it there too, not the base's names as unknown.
    expect(ws.diagnostics(RAGE).map((d) => d.code)).toEqual(["E0603"]);
  });

  it("a bad mod.json is E0601 on its key", () => {
    const ws = new Workspace(files);
    const manifest = `${F}/berserkers/mod.json`;
    ws.set(manifest, files[manifest]!.replace('"version"', '"verison"'));
    expect(ws.diagnostics(manifest).map((d) => d.code)).toContain("E0601");
  });
});

describe("the service with mods switched on (the playground's list)", () => {
  // Two mods of one base that both add the member `fey` to its enum: neither sees the other, so nothing orders them.
  const files: Record<string, string> = {
    "base/system.json": '{ "name": "base", "version": "1.0.0" }',
    "base/model.rules": "enum Race { elf, dwarf }\nfn count() -> int = 1\n",
    "one/mod.json": '{ "name": "one", "version": "0.1.0", "requires": { "base": "1.x" } }',
    "one/one.rules": "extend enum Race { fey }\n",
    "two/mod.json": '{ "name": "two", "version": "0.1.0", "requires": { "base": "1.x" } }',
    "two/two.rules": "extend enum Race { fey }\n",
  };

  it("two switched-on mods that extend an enum with one member conflict: E0164 in the check of each mod's file, naming both", () => {
    const ws = new Workspace(files);
    expect(ws.diagnostics("one/one.rules")).toEqual([]);
    ws.setEnabledMods(["one", "two"]);
    for (const file of ["one/one.rules", "two/two.rules"]) {
      const conflicts = ws.diagnostics(file).filter((d) => d.code === "E0164");
      expect(conflicts).toHaveLength(1);
      const places = [conflicts[0]!.path, ...(conflicts[0]!.related ?? []).map((r) => r.path)].sort();
      expect(places).toEqual(["one/one.rules", "two/two.rules"]);
      expect(conflicts[0]!.message).toContain("the mod `one`");
      expect(conflicts[0]!.message).toContain("the mod `two`");
    }
    // A file of the base checks with them too; switched off, the conflict goes.
    expect(ws.diagnostics("base/model.rules").some((d) => d.code === "E0164")).toBe(true);
    ws.setEnabledMods([]);
    expect(ws.diagnostics("one/one.rules")).toEqual([]);
    expect(ws.diagnostics("base/model.rules")).toEqual([]);
  });
});
