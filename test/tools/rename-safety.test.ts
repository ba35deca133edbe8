// A rename that would clash or change what a name means is refused with the reason (issue 28, "Rename
// changes meaning in silence"): each case below was accepted before, and either broke `check` or kept it
// clean while examples failed.
import { describe, expect, it } from "vitest";
import { rename } from "../../src/tools/service/index.ts";

const FILES = {
  "game/units.rules": `kind Unit {
  hp: int
}
kind Bonus { size: int }
fn best(a: int, b: int) -> int {
  let d = a + 1
  let e = b
  return max(d, e)
}
fn shadowed(a: int) -> int {
  let x = a
  if true {
    let y = 2
    return x + y
  }
  return x
}
fn total(xs: list<int>) -> int = len(xs) + best(1, 2)
`,
  "game/battle.rules": `import "./units.rules"
event Engage(u: Unit)
event Battle(u: Unit)
fn fight(u: Unit) { emit Engage(u) }
`,
};

const error = (r: ReturnType<typeof rename>) => ("error" in r ? r.error : undefined);

describe("rename refuses what would change the rules' meaning", () => {
  it("a local renamed to another local of the same block: two `let d`", () => {
    // `e` at 7:7 renamed to `d`: the block already has `let d`, and `max(d, e)` would read the second one twice.
    expect(error(rename(FILES, "game/units.rules", 7, 7, "d"))).toBe("renaming `e` to `d` would make the `d` at game/units.rules:8:14 mean the renamed `e` instead of what it means now");
  });

  it("a declaration renamed to the name of another declaration in scope", () => {
    expect(error(rename(FILES, "game/units.rules", 1, 6, "Bonus"))).toMatch(/^renaming `Unit` to `Bonus` would give error E0102 /);
    expect(error(rename(FILES, "game/battle.rules", 2, 7, "Battle"))).toMatch(/^renaming `Engage` to `Battle` would give error E0102 /);
  });

  it("a name renamed to a built-in's: the built-in would be hidden", () => {
    expect(error(rename(FILES, "game/units.rules", 5, 4, "len"))).toBe("`len` is a built-in function: a name spelt so would hide it, or be hidden by it");
    // A field is read as `u.len`, where no built-in is called.
    expect(rename(FILES, "game/units.rules", 2, 3, "len")).toMatchObject({ newName: "len" });
  });

  it("an inner local renamed to an outer one's name: the outer name's uses would mean the inner one", () => {
    // `y` at 13:9 renamed to `x`: in the block, `x + y` would become `x + x`, both the inner one.
    expect(error(rename(FILES, "game/units.rules", 13, 9, "x"))).toBe("renaming `y` to `x` would make the `x` at game/units.rules:14:12 mean the renamed `y` instead of what it means now");
  });

  it("an outer local renamed to an inner one's name: the inner name would hide it where it was used", () => {
    expect(error(rename(FILES, "game/units.rules", 11, 7, "y"))).toBe("renaming `x` to `y` would make the `y` at game/units.rules:14:12 mean the `y` declared at game/units.rules:13:9 instead");
  });

  it("a rename that clashes with nothing is still made, everywhere", () => {
    const r = rename(FILES, "game/units.rules", 7, 7, "f");
    expect(r).toMatchObject({ newName: "f" });
    expect("edits" in r && r.edits.map((e) => `${e.range.line}:${e.range.col}`)).toEqual(["7:7", "8:17"]);
    expect(rename(FILES, "game/battle.rules", 2, 7, "Clash")).toMatchObject({ newName: "Clash" });
    expect(rename(FILES, "game/units.rules", 5, 4, "bestOf")).toMatchObject({ newName: "bestOf" });
  });
});

/** The files with `edits` made, as an editor applies a rename. */
function applied(files: Record<string, string>, edits: { path: string; range: { line: number; col: number; endCol: number } }[], newName: string): Record<string, string> {
  const out = { ...files };
  // Last first on each line, so earlier columns stay right.
  for (const e of [...edits].sort((a, b) => b.range.line - a.range.line || b.range.col - a.range.col)) {
    const lines = out[e.path]!.split("\n");
    const line = lines[e.range.line - 1]!;
    lines[e.range.line - 1] = line.slice(0, e.range.col - 1) + newName + line.slice(e.range.endCol - 1);
    out[e.path] = lines.join("\n");
  }
  return out;
}

describe("rename of a field renames it in the scenarios whose rules hold it", () => {
  const GAME = {
    "game/units.rules": `kind Unit { name: text, hp: int }
kind Banner { hp: int }
state { units: list<Unit>, banner: Banner, round: int = 1 }
fn total() -> int = sum(u in units => u.hp) + banner.hp + round
`,
    "game/duel.json": JSON.stringify({ rules: "units.rules", run: "total", state: { units: [{ name: "A", hp: 2 }, { name: "B", hp: 3 }], banner: { hp: 10 }, round: 4 } }, null, 2),
    "other/units.rules": "kind Unit { name: text, hp: int }\nstate { units: list<Unit> }\nfn total() -> int = sum(u in units => u.hp)\n",
    "other/s.json": JSON.stringify({ rules: "units.rules", run: "total", state: { units: [{ name: "C", hp: 1 }] } }, null, 2),
  };

  it("a kind's field: the keys of that kind's objects, not of another kind's field of the same name nor another game's", () => {
    const r = rename(GAME, "game/units.rules", 1, 26, "hits");
    if (!("edits" in r)) throw new Error(r.error);
    expect(r.edits.filter((e) => e.path.endsWith(".json")).map((e) => `${e.path}:${e.range.line}:${e.range.col}`)).toEqual(["game/duel.json:8:10", "game/duel.json:12:10"]);
    const after = applied(GAME, r.edits, "hits");
    const state = (JSON.parse(after["game/duel.json"]!) as { state: { units: object[]; banner: object } }).state;
    expect(state.units).toEqual([{ name: "A", hits: 2 }, { name: "B", hits: 3 }]);
    expect(state.banner).toEqual({ hp: 10 });
    expect(after["other/s.json"]).toBe(GAME["other/s.json"]);
  });

  it("a state field: the key in `state`; the renamed scenario still runs to the same result", async () => {
    const r = rename(GAME, "game/units.rules", 3, 44, "turn");
    if (!("edits" in r)) throw new Error(r.error);
    const after = applied(GAME, r.edits, "turn");
    expect(Object.keys((JSON.parse(after["game/duel.json"]!) as { state: object }).state)).toEqual(["units", "banner", "turn"]);
    const { loadScenario, runScenario } = await import("../../src/api.ts");
    const { memoryFileHost } = await import("../../src/tools/service/memory-host.ts");
    const run = (files: Record<string, string>) => {
      const loaded = loadScenario("game/duel.json", memoryFileHost(files));
      return loaded.ready ? runScenario(loaded.ready.program, loaded.ready.scenario, { seed: "1", trace: false }).resultText : loaded.diagnostics.map((d) => d.message);
    };
    expect([run(GAME), run(after)]).toEqual(["19", "19"]);
  });
});
