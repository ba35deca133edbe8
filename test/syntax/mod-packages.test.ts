// Mods as packages: system.json and mod.json read with exact places for every mistake (E0601), their
// dependencies checked against each other (E0602-E0605), the load order, and what a mod's files see.
import { describe, expect, it } from "vitest";
import { compileMods, memoryFileHost, runExamples, type Diagnostic } from "../../src/api.ts";
import { parseFile } from "../../src/syntax/parse.ts";
import { fastParser } from "../../src/syntax/fast-parser/declarations.ts";

const BASE_RULES = `kind Fighter { name: text, attack: int = 2 }
value attack(f: Fighter) -> int = f.attack
example "a plain blow" { expect attack(Fighter(name: "A")) == 2 }
`;

/** A memory host holding the base `base/` (skirmish 1.2.0) and the given extra files. */
function host(extra: Record<string, string>, system = `{"name": "skirmish", "version": "1.2.0"}`) {
  return memoryFileHost({ "base/system.json": system, "base/model.rules": BASE_RULES, ...extra });
}

function mod(name: string, manifest: object, rules = `fn ${name.replace(/-/g, "")}() -> int = 1\n`): Record<string, string> {
  return { [`${name}/mod.json`]: JSON.stringify({ name, version: "0.1.0", ...manifest }, null, 2), [`${name}/main.rules`]: rules };
}

/** The diagnostic of `code` and the text of the file it points at, cut at its range. */
function at(ds: Diagnostic[], code: string, texts: Map<string, string>): { message: string; text: string; help?: string } {
  const d = ds.find((x) => x.code === code);
  expect(d, `no ${code} in ${ds.map((x) => `${x.code} ${x.message}`).join("\n")}`).toBeDefined();
  return { message: d!.message, text: texts.get(d!.span.file)!.slice(d!.span.start, d!.span.end), ...(d!.help ? { help: d!.help } : {}) };
}

describe("manifests", () => {
  it("load a base and a mod, each with its name and version", () => {
    const c = compileMods("base", ["rage"], host(mod("rage", { requires: { skirmish: ">=1.0.0 <2" } })));
    expect(c.diagnostics).toEqual([]);
    expect(c.packages.map((p) => [p.kind, p.name, p.version, p.folder])).toEqual([
      ["system", "skirmish", "1.2.0", "base"],
      ["mod", "rage", "0.1.0", "rage"],
    ]);
  });

  it("E0601 at the exact key or value: bad JSON, an unknown key with a guess, a missing key, a bad name, version or range", () => {
    const bad = (manifest: string) => {
      const c = compileMods("base", ["m"], host({ "m/mod.json": manifest, "m/a.rules": "fn f() -> int = 1\n" }));
      return at(c.diagnostics, "E0601", c.texts);
    };
    expect(bad(`{"name": "m",}`)).toMatchObject({ message: expect.stringContaining("`mod.json` is not valid JSON") });
    expect(bad(`{"name": "m", "version": "0.1.0", "requires": {"skirmish": "*"}, "requries": {}}`)).toEqual({ message: 'unknown key "requries" in `mod.json`', text: '"requries"', help: "did you mean `requires`?" });
    expect(bad(`{"name": "m", "version": "0.1.0"}`)).toMatchObject({ message: '`mod.json` has no "requires"', text: "{" });
    expect(bad(`{"name": "My Mod", "version": "0.1.0", "requires": {"skirmish": "*"}}`)).toMatchObject({ message: expect.stringContaining('"name" must be lower-case'), text: '"My Mod"' });
    expect(bad(`{"name": "m", "version": "1.0", "requires": {"skirmish": "*"}}`)).toMatchObject({ message: "`1.0` is not a version", text: '"1.0"' });
    expect(bad(`{"name": "m", "version": "0.1.0", "requires": {"skirmish": ">=banana"}}`)).toMatchObject({ message: "`>=banana` is not a range of versions", text: '">=banana"' });
    expect(bad(`{"name": "m", "version": "0.1.0", "requires": {"skirmish": 2}}`)).toMatchObject({ message: '"requires.skirmish" must be a string', text: "2" });
    expect(bad(`{"name": "m", "version": "0.1.0", "requires": {"skirmish": "*", "m": "*"}}`)).toMatchObject({ message: 'the mod `m` names itself in "requires"', text: '"m"' });
  });

  it("E0601 in a system.json too, and a base without one is E0602", () => {
    const c = compileMods("base", [], host({}, `{"name": "skirmish", "version": "1.2.0", "requires": {}}`));
    expect(at(c.diagnostics, "E0601", c.texts)).toMatchObject({ message: 'unknown key "requires" in `system.json`', text: '"requires"' });
    const none = compileMods("rules", [], memoryFileHost({ "rules/a.rules": "fn f() -> int = 1\n" }));
    expect(none.diagnostics.map((d) => [d.code, d.message])).toEqual([["E0602", "`rules` has no `system.json`: the base of mods names itself and its version there"]]);
  });

  it("E0602: a requirement not loaded, and a mod named as the base names the system to name first", () => {
    const c = compileMods("base", ["axes"], host(mod("axes", { requires: { skirmish: "*", rage: "0.1.x" } })));
    expect(at(c.diagnostics, "E0602", c.texts)).toMatchObject({ message: "the mod `axes` requires `rage` 0.1.x, which is not loaded", text: '"rage"' });
    const alone = compileMods("axes", [], host(mod("axes", { requires: { skirmish: ">=1 <2" } })));
    expect(alone.diagnostics[0]).toMatchObject({ code: "E0602", message: "`axes` is a mod (it has `mod.json`), not a base system" });
    expect(alone.diagnostics[0]!.help).toContain("`skirmish` >=1 <2");
  });

  it("E0603: a version outside the range, at the range, with where the loaded one comes from", () => {
    const c = compileMods("base", ["new"], host(mod("new", { requires: { skirmish: ">=2.0.0" } })));
    expect(at(c.diagnostics, "E0603", c.texts)).toMatchObject({ message: "the mod `new` requires `skirmish` >=2.0.0, but the system loaded is version 1.2.0", text: '">=2.0.0"' });
    expect(c.diagnostics[0]!.related?.[0]?.span.file).toBe("base/system.json");
  });

  it("E0604: an incompatible mod loaded, naming both", () => {
    const files = host({ ...mod("calm", { requires: { skirmish: "*" }, incompatible: { rage: "*" } }), ...mod("rage", { requires: { skirmish: "*" } }) });
    const c = compileMods("base", ["calm", "rage"], files);
    expect(at(c.diagnostics, "E0604", c.texts)).toMatchObject({ message: "the mod `calm` is incompatible with the mod `rage` 0.1.0, and both are loaded", text: '"rage"' });
    expect(compileMods("base", ["calm"], files).diagnostics).toEqual([]);
  });

  it("E0605: a cycle of dependencies, in order", () => {
    const files = host({ ...mod("a", { requires: { skirmish: "*", b: "*" } }), ...mod("b", { requires: { skirmish: "*", a: "*" } }) });
    const c = compileMods("base", ["b", "a"], files);
    expect(at(c.diagnostics, "E0605", c.texts)).toMatchObject({ message: "the mods depend on each other in a cycle: `a` -> `b` -> `a`", text: '"b"' });
  });

  it("optional: loaded before the mod when present, nothing said when absent, E0603 when out of range", () => {
    const files = host({ ...mod("zeal", { requires: { skirmish: "*" } }), ...mod("aid", { requires: { skirmish: "*" }, optional: { zeal: ">=0.1.0" } }, "fn aid() -> int = zeal()\n") });
    expect(compileMods("base", ["aid", "zeal"], files).packages.map((p) => p.name)).toEqual(["skirmish", "zeal", "aid"]);
    const alone = compileMods("base", ["aid"], files);
    expect(alone.diagnostics.map((d) => d.code)).toEqual(["E0101"]); // `zeal()` is unknown without the mod: not a manifest error
    const old = host({ ...mod("zeal", { requires: { skirmish: "*" } }), ...mod("aid", { requires: { skirmish: "*" }, optional: { zeal: ">=1" } }) });
    expect(compileMods("base", ["aid", "zeal"], old).diagnostics.map((d) => d.code)).toEqual(["E0603"]);
  });
});

describe("load order", () => {
  const files = host({
    ...mod("axes", { requires: { skirmish: "*", rage: "*" } }, "modifier axe for attack : add 10\n"),
    ...mod("rage", { requires: { skirmish: "*" } }, "modifier rage for attack : add 1\n"),
    ...mod("bows", { requires: { skirmish: "*" } }, "fn bows() -> int = 1\n"),
  });

  it("puts the base first and each mod after what it requires, ties by name, whatever order they are named in", () => {
    for (const named of [["axes", "rage", "bows"], ["bows", "axes", "rage"], ["rage", "bows", "axes"]]) {
      const c = compileMods("base", named, files);
      expect(c.packages.map((p) => p.name)).toEqual(["skirmish", "bows", "rage", "axes"]);
      expect(c.program!.map((f) => f.path)).toEqual(["base/model.rules", "bows/main.rules", "rage/main.rules", "axes/main.rules"]);
    }
  });

  it("is the declaration order modifiers of one stage apply in: `axes` (named first, loaded after `rage`) adds after it", () => {
    const c = compileMods("base", ["axes", "rage"], files);
    const trace = runExamples(c.program!, undefined, (t) => t === "a plain blow")[0]!.trace.filter((t) => t.kind === "modifier").map((t) => t.message);
    expect(trace).toEqual(["attack: 2 -> 3 (add 1)", "attack: 3 -> 13 (add 10)"]);
  });

  it("is the order two mods that `extend fn` one function chain in, with no conflict, whatever order they are named in", () => {
    const both = host({
      "base/model.rules": `${BASE_RULES}fn blow(f: Fighter) -> int = f.attack\n`,
      ...mod("twice", { requires: { skirmish: "*" } }, 'extend fn blow(f: Fighter) -> int = 2 * previous(f)\nexample "blow" { expect blow(Fighter(name: "A")) == 6 }\n'),
      ...mod("plus", { requires: { skirmish: "*" } }, "extend fn blow(f: Fighter) -> int = previous(f) + 1\n"),
    });
    for (const named of [["twice", "plus"], ["plus", "twice"]]) {
      const c = compileMods("base", named, both);
      expect(c.diagnostics).toEqual([]);
      // `plus` loads first (by name), so `twice`'s previous is `plus`'s, whose previous is the base's: 2 * (2 + 1), not 2 * 2 + 1.
      expect(runExamples(c.program!).map((r) => [r.title, r.passed])).toEqual([["a plain blow", true], ["blow", true]]);
    }
  });
});

describe("what a mod's files see", () => {
  it("every file of what it requires, without importing it; the base sees nothing of the mod", () => {
    const c = compileMods("base", ["bows"], host(mod("bows", { requires: { skirmish: "*" } }, `kind Archer { fighter: Fighter }\nfn shot(a: Archer) -> int = attack(a.fighter) + 1\nexample "a shot" { expect shot(Archer(fighter: Fighter(name: "B"))) == 3 }\n`)));
    expect(c.diagnostics).toEqual([]);
    expect(runExamples(c.program!).map((r) => [r.title, r.passed])).toEqual([["a plain blow", true], ["a shot", true]]);
    const back = compileMods("base", ["bows"], memoryFileHost({ "base/system.json": `{"name": "skirmish", "version": "1.0.0"}`, "base/a.rules": "fn f() -> int = shot2()\n", ...mod("bows", { requires: { skirmish: "*" } }, "fn shot2() -> int = 1\n") }));
    expect(back.diagnostics.map((d) => d.code)).toEqual(["E0105"]);
  });

  it("a name two mods both declare in one namespace is a diagnostic naming both mods", () => {
    const files = host({ ...mod("a", { requires: { skirmish: "*" } }, "state { morale: int = 1 }\n"), ...mod("b", { requires: { skirmish: "*" } }, "state { morale: int = 2 }\n") });
    const c = compileMods("base", ["a", "b"], files);
    expect(c.diagnostics.map((d) => [d.code, d.message])).toEqual([["E0102", "the state field `morale` is already declared at a/main.rules:1 (between the mod `b` and the mod `a`)"]]);
  });

  it("`overrides` parses as a declaration; a title no example of the base has is E0606 with a guess", () => {
    const text = '/// why\noverrides "a plain blow"\nfn overrides() -> int = 1\n';
    const fast = JSON.stringify(parseFile("m.rules", text));
    fastParser.enabled = false;
    try {
      expect(JSON.stringify(parseFile("m.rules", text))).toBe(fast);
    } finally {
      fastParser.enabled = true;
    }
    expect(parseFile("m.rules", text).file!.decls).toMatchObject([{ kind: "overrides", title: "a plain blow", titleSpan: { line: 2, col: 11 }, doc: "why" }, { kind: "fn", name: { text: "overrides" } }]);
    const c = compileMods("base", ["m"], host(mod("m", { requires: { skirmish: "*" } }, 'overrides "a plain blwo"\n')));
    expect(at(c.diagnostics, "E0606", c.texts)).toEqual({ message: 'the mod `m` overrides "a plain blwo", but no example of `skirmish` has that title', text: '"a plain blwo"', help: "did you mean `a plain blow`?" });
  });
});
