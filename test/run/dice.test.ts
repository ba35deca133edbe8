// Custom dice and tallies: `die NAME of ENUM = [faces]`, `roll NAME`, `tally<E>` values written
// `E(member: n)`, the tally modifier ops (`set`, `add`, `count ... as ...`, `double E.m`) and their
// stage order, tallies and dice in state JSON and its schema, and every checker error they bring.
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/core/diagnostics.ts";
import { indexProgram, runExamples, runScenario } from "../../src/pipeline.ts";
import { Interpreter } from "../../src/run/interpreter.ts";
import { loadProgram, saveProgram } from "../../src/run/saved-program.ts";
import { initialState, stateFromJson, stateToJson, type Json } from "../../src/run/state.ts";
import { showValue } from "../../src/core/values.ts";
import { stateSchema, validateState } from "../../src/run/schema.ts";
import { checked, compileText, example } from "../support/helpers.ts";

/** Six faces, each showing something different, so a face's result names its number. */
const ICONS = `enum Icon { melee, missile, magic, maneuver, save, id }
enum Land { flat, high }
die Footman of Icon = [Icon(melee: 1), Icon(melee: 2), Icon(maneuver: 1), Icon(save: 1), Icon(missile: 1), Icon(id: 1)]
die Coin of Icon = [Icon(save: 1), Icon()]
die Sure of Icon = [Icon(magic: 1)]
die Terrain of Land = [Land(flat: 1), Land(high: 1)]
kind Unit { name: text, dieType: die<Icon>, results: tally<Icon> }
state { units: list<Unit> }
`;

function passes(text: string, title: string) {
  const r = example(text, title);
  expect(r.failure, `example "${title}"`).toBeUndefined();
  return r;
}

const rolls = (r: { trace: { kind: string; message: string }[] }) => r.trace.filter((t) => t.kind === "roll").map((t) => t.message);
const modifierLines = (r: { trace: { kind: string; message: string }[] }) => r.trace.filter((t) => t.kind === "modifier").map((t) => t.message);

describe("rolling a custom die", () => {
  const rules = `${ICONS}
fn rollIt(d: die<Icon>) -> tally<Icon> = roll d
example "forced faces" {
  force dice [3, 6, 1, 2]
  expect roll Footman == Icon(maneuver: 1)
  expect roll Footman == Icon(id: 1)
  let u = Unit(name: "a", dieType: Coin)
  expect roll u.dieType == Icon(save: 1)
  expect rollIt(u.dieType) == Icon()
}
example "one die per roll" {
  let rolled = rollCount()
  let t = roll Footman
  expect rollCount() == rolled + 1
}
example "a pool of dice" {
  force dice [1, 2, 4]
  let t = Icon()
  for d in [Footman, Footman, Footman] { t = t + roll d }
  expect t == Icon(melee: 3, save: 1)
}
example "a face that cannot come up" {
  force dice [7]
  let t = roll Footman
}
example "unforced" {
  let t = roll Footman
}
`;

  it("picks the forced face, whether the die is named, a field or a parameter", () => {
    const r = passes(rules, "forced faces");
    // `roll u.dieType` and `roll d` name the die that was rolled, not the expression.
    expect(rolls(r)).toEqual([
      "roll Footman -> face 3 of 6: Icon(maneuver: 1) (forced)",
      "roll Footman -> face 6 of 6: Icon(id: 1) (forced)",
      "roll Coin -> face 1 of 2: Icon(save: 1) (forced)",
      "roll Coin -> face 2 of 2: Icon() (forced)",
    ]);
  });

  it("counts as one die, and adds up as a pool", () => {
    passes(rules, "one die per roll");
    passes(rules, "a pool of dice");
  });

  it("stops with R0503 naming the die when a forced face is beyond its last", () => {
    const r = example(rules, "a face that cannot come up");
    expect(r.failure).toMatchObject({ code: "R0503", message: "the forced die 7 cannot come up on `Footman`, which has 6 faces" });
  });

  it("traces an unforced roll without the mark", () => {
    expect(rolls(passes(rules, "unforced"))).toEqual([expect.stringMatching(/^roll Footman -> face [1-6] of 6: Icon\((melee|maneuver|save|missile|id): [12]\)$/)]);
  });

  it("shows `roll Footman` as written in an expectation that fails", () => {
    const r = example(`${ICONS}\nexample "e" {\n  force dice [1]\n  expect roll Footman == Icon(melee: 9)\n}\n`, "e");
    expect(r.failure?.message).toBe("expected `roll Footman == Icon(melee: 9)`\n    expected: Icon(melee: 9)\n    actual:   Icon(melee: 1)");
  });

  describe("over many seeds", () => {
    const program = indexProgram(checked(`${ICONS}\nfn face() -> tally<Icon> = roll Footman\nfn plain() -> int = roll d6\n`));
    const run = (fn: string, seed: string) => {
      const interp = new Interpreter(program, initialState(program), { seed, trace: false });
      return interp.call(program.fns.get(fn)!, [], program.fns.get(fn)!.span);
    };

    it("lands on every face about equally often", () => {
      const n = 6000;
      const counts = new Map<string, number>();
      for (let i = 0; i < n; i++) {
        const face = showValue(run("face", `seed ${i}`));
        counts.set(face, (counts.get(face) ?? 0) + 1);
      }
      expect([...counts.keys()].sort()).toEqual(["Icon(id: 1)", "Icon(maneuver: 1)", "Icon(melee: 1)", "Icon(melee: 2)", "Icon(missile: 1)", "Icon(save: 1)"]);
      // Each face expects 1000 (standard deviation about 29): 850..1150 is more than 5 deviations wide.
      for (const [face, c] of counts) expect(c, face).toBeGreaterThan(850);
      for (const [face, c] of counts) expect(c, face).toBeLessThan(1150);
      // Chi-squared with 5 degrees of freedom: 20.5 is the 0.1% tail, so a fair die rarely gets near.
      const chi2 = [...counts.values()].reduce((s, c) => s + (c - n / 6) ** 2 / (n / 6), 0);
      expect(chi2).toBeLessThan(20.5);
    });

    it("picks face k exactly when a d6 with the same seed would come up k", () => {
      const faces = ["Icon(melee: 1)", "Icon(melee: 2)", "Icon(maneuver: 1)", "Icon(save: 1)", "Icon(missile: 1)", "Icon(id: 1)"];
      for (let i = 0; i < 300; i++) expect(showValue(run("face", `s${i}`))).toBe(faces[(run("plain", `s${i}`) as number) - 1]);
    });
  });
});

describe("tally expressions", () => {
  const rules = `${ICONS}
example "arithmetic and equality" {
  let a = Icon(melee: 2, save: 1)
  let b = Icon(save: 2, id: 1)
  expect a + b == Icon(melee: 2, save: 3, id: 1)
  expect (a + b).save == 3 and a.magic == 0 and a[Icon.melee] == 2
  expect Icon(melee: 1, save: 0) == Icon(melee: 1)
  expect Icon() == Icon(melee: 0) and Icon() != Icon(melee: 1)
  expect Icon(melee: 1) != Icon(melee: 2)
  expect str(Icon(id: 1, melee: 1)) == "Icon(melee: 1, id: 1)"
  expect str(a + b) == "Icon(melee: 2, save: 3, id: 1)"
  expect contains([a, b], Icon(id: 1, save: 2))
}
example "a count computed at run time" {
  let n = 3
  expect Icon(maneuver: n - 1).maneuver == 2
}
example "a negative count at run time" {
  let n = -1
  let t = Icon(melee: n)
}
`;

  it("adds member by member, ignores zero counts when comparing, and prints in the enum's order", () => {
    passes(rules, "arithmetic and equality");
    passes(rules, "a count computed at run time");
  });

  it("stops with R0501 on a negative count that only the run can see", () => {
    expect(example(rules, "a negative count at run time").failure).toMatchObject({ code: "R0501", message: "a count cannot be negative, but `melee` is -1" });
  });
});

describe("modifiers on a tally value", () => {
  const rules = `${ICONS}
value results(face: tally<Icon>, mode: int, action: Icon) -> tally<Icon> = face
modifier replaced for results when mode == 1 : set Icon(magic: 3)
modifier extra for results when mode == 2 : add Icon(save: 1, melee: 1)
modifier asSaves for results when mode == 3 : count Icon.maneuver as Icon.save
modifier walls for results when mode == 4 : double Icon.save
modifier idAsAction for results when mode == 5 : count Icon.id as action
modifier toItself for results when mode == 6 : count Icon.melee as Icon.melee
example "each op" {
  let f = Icon(melee: 1, maneuver: 2, save: 1, id: 1)
  expect results(f, 1, Icon.melee) == Icon(magic: 3)
  expect results(f, 2, Icon.melee) == Icon(melee: 2, maneuver: 2, save: 2, id: 1)
  expect results(f, 3, Icon.melee) == Icon(melee: 1, save: 3, id: 1)
  expect results(f, 4, Icon.melee) == Icon(melee: 1, maneuver: 2, save: 2, id: 1)
  expect results(f, 5, Icon.missile) == Icon(melee: 1, missile: 1, maneuver: 2, save: 1)
  expect results(f, 6, Icon.melee) == f
  expect results(Icon(melee: 1), 3, Icon.melee) == Icon(melee: 1)
  expect results(Icon(melee: 1), 4, Icon.melee) == Icon(melee: 1)
}
`;

  it("applies set, add, count and double, each to the members it names", () => {
    const r = passes(rules, "each op");
    expect(modifierLines(r)).toEqual([
      "results: Icon(melee: 1, maneuver: 2, save: 1, id: 1) -> Icon(magic: 3) (set Icon(magic: 3))",
      "results: Icon(melee: 1, maneuver: 2, save: 1, id: 1) -> Icon(melee: 2, maneuver: 2, save: 2, id: 1) (add Icon(melee: 1, save: 1))",
      // `count` moves: the maneuvers are gone, not counted twice.
      "results: Icon(melee: 1, maneuver: 2, save: 1, id: 1) -> Icon(melee: 1, save: 3, id: 1) (count maneuver as save)",
      "results: Icon(melee: 1, maneuver: 2, save: 1, id: 1) -> Icon(melee: 1, maneuver: 2, save: 2, id: 1) (double save)",
      "results: Icon(melee: 1, maneuver: 2, save: 1, id: 1) -> Icon(melee: 1, missile: 1, maneuver: 2, save: 1) (count id as missile)",
      // A modifier that applies is traced even when it changes nothing.
      "results: Icon(melee: 1, maneuver: 2, save: 1, id: 1) unchanged (count melee as melee)",
      "results: Icon(melee: 1) unchanged (count maneuver as save)",
      "results: Icon(melee: 1) unchanged (double save)",
    ]);
  });

  // Declared in the reverse of the order they apply. Starting from 1 maneuver and 1 save:
  //   add Icon(maneuver: 1)           -> maneuver 2, save 1
  //   count maneuver as save          -> save 3
  //   double save                     -> save 6
  // Every other order of the three ends elsewhere (checked below): source order gives
  // double (save 2), count (save 3), add (maneuver 1, save 3).
  const ordered = `${ICONS}
value results(face: tally<Icon>) -> tally<Icon> = face
modifier walls for results : double Icon.save
modifier asSaves for results : count Icon.maneuver as Icon.save
modifier reinforce for results : add Icon(maneuver: 1)
example "stage order" {
  expect results(Icon(maneuver: 1, save: 1)) == Icon(save: 6)
}
`;

  it("applies add, then count, then double, whatever the declaration order", () => {
    const r = passes(ordered, "stage order");
    expect(modifierLines(r)).toEqual([
      "results: Icon(maneuver: 1, save: 1) -> Icon(maneuver: 2, save: 1) (add Icon(maneuver: 1))",
      "results: Icon(maneuver: 2, save: 1) -> Icon(save: 3) (count maneuver as save)",
      "results: Icon(save: 3) -> Icon(save: 6) (double save)",
    ]);
  });

  it("gives a result that only the documented order produces", () => {
    type Counts = { maneuver: number; save: number };
    const ops: Record<string, (c: Counts) => Counts> = {
      add: (c) => ({ ...c, maneuver: c.maneuver + 1 }),
      count: (c) => ({ maneuver: 0, save: c.save + c.maneuver }),
      double: (c) => ({ ...c, save: c.save * 2 }),
    };
    const orders = [["add", "count", "double"], ["add", "double", "count"], ["count", "add", "double"], ["count", "double", "add"], ["double", "add", "count"], ["double", "count", "add"]];
    const giving6 = orders.filter((o) => {
      const c = o.reduce((acc, op) => ops[op]!(acc), { maneuver: 1, save: 1 });
      return c.maneuver === 0 && c.save === 6;
    });
    expect(giving6).toEqual([["add", "count", "double"]]);
  });

  it("puts `set` before `add` on a tally too", () => {
    const text = `${ICONS}
value results(face: tally<Icon>) -> tally<Icon> = face
modifier bonus for results : add Icon(save: 1)
modifier replaced for results : set Icon(melee: 2)
example "set then add" {
  expect results(Icon(id: 4)) == Icon(melee: 2, save: 1)
}
`;
    passes(text, "set then add");
  });

  it("runs `count` before `multiply`, and the bounds last, on an int value", () => {
    // The stage table is shared: an int value still goes set, add, multiply/double, atLeast/atMost.
    const text = `value v(n: int) -> int = n
modifier cap for v : atMost 20
modifier triple for v : multiply 3
modifier plus for v : add 4
example "int stages" {
  expect v(3) == 20
  expect v(1) == 15
}
`;
    passes(text, "int stages");
  });
});

describe("tallies and dice in state JSON", () => {
  const rules = `${ICONS}
fn collect() -> tally<Icon> {
  let u = units[0]
  u.results = u.results + roll u.dieType
  return u.results
}
`;
  const program = indexProgram(checked(rules));

  it("reads a tally and a die name, and writes them back in the same shape", () => {
    const state = { units: [{ name: "a", dieType: "Sure", results: { save: 1, melee: 2 } }] };
    expect(validateState(program, state)).toEqual([]);
    const out = runScenario(program, { rules: "main.rules", run: "collect", state }, { seed: "1", trace: true });
    expect(out.error).toBeUndefined();
    expect(out.resultText).toBe("Icon(melee: 2, magic: 1, save: 1)");
    expect(out.trace.map((t) => t.message)).toEqual(["collect()", "roll Sure -> face 1 of 1: Icon(magic: 1)"]);
    // Members in the enum's order; the die stays its name.
    expect(JSON.stringify(out.state)).toBe('{"units":[{"name":"a","dieType":"Sure","results":{"melee":2,"magic":1,"save":1}}]}');
    expect(validateState(program, out.state)).toEqual([]);
  });

  it("round-trips through stateFromJson and stateToJson, dropping zero counts and filling a missing tally", () => {
    const json = { units: [{ name: "a", dieType: "Footman", results: { melee: 0, id: 3 } }, { name: "b", dieType: "Coin" }] } as Record<string, Json>;
    expect(validateState(program, json)).toEqual([]);
    const back = stateToJson(program, stateFromJson(program, json));
    expect(back).toEqual({ units: [{ name: "a", dieType: "Footman", results: { id: 3 } }, { name: "b", dieType: "Coin", results: {} }] });
    expect(stateToJson(program, stateFromJson(program, back))).toEqual(back);
  });

  it("derives a schema: a tally is an object of non-negative counts, a die one of the dice of its enum", () => {
    const unit = (stateSchema(program)["definitions"] as Record<string, { properties: Record<string, unknown>; required: string[] }>)["Unit"]!;
    expect(unit.properties["results"]).toMatchObject({ type: "object", additionalProperties: false, properties: { melee: { type: "integer", minimum: 0 }, id: { type: "integer", minimum: 0 } } });
    expect(unit.properties["dieType"]).toMatchObject({ enum: ["Footman", "Coin", "Sure"] });
    // A tally starts empty, so it may be left out; a die has no natural default.
    expect(unit.required).toEqual(["name", "dieType"]);
  });

  it("rejects a misspelt member, a negative or fractional count and an unknown die, each with its path", () => {
    const problems = validateState(program, { units: [{ name: "a", dieType: "Footmen", results: { melle: 1, save: -1, id: 1.5 } }, { name: "b", dieType: "Terrain" }, { name: "c" }] });
    expect(problems.map((p) => [p.path, p.message, p.declaration?.name])).toEqual([
      ["/units/0/dieType", 'must be one of "Footman", "Coin", "Sure"', "Unit.dieType"],
      ["/units/0/results/melle", "is not a member of `Icon`: did you mean `melee`?", "Unit.results"],
      ["/units/0/results/save", "must be >= 0", "Unit.results"],
      ["/units/0/results/id", "must be an integer", "Unit.results"],
      // `Terrain` is a die, but of `Land` faces.
      ["/units/1/dieType", 'must be one of "Footman", "Coin", "Sure"', "Unit.dieType"],
      ["/units/2/dieType", "is missing, and the field has no default", "Unit.dieType"],
    ]);
  });

  it("rejects any value for a die type that no die has, instead of failing to build the schema", () => {
    const p = indexProgram(checked("enum Other { a, b }\nstate { d: die<Other> }\nfn f() -> int = 1\n"));
    expect(validateState(p, { d: "Footman" })).toEqual([
      { path: "/d", message: "must name a die with `Other` faces, but the rules declare none", declaration: { name: "state.d", span: expect.objectContaining({ line: 2, col: 9 }) } },
    ]);
  });
});

describe("field defaults", () => {
  it("may be a die or a constant tally", () => {
    const text = `${ICONS.replace("kind Unit { name: text, dieType: die<Icon>, results: tally<Icon> }", "kind Unit { name: text, dieType: die<Icon> = Coin, results: tally<Icon> = Icon(save: 2), seen: list<tally<Icon>> = [Icon(id: 1)] }")}
state { d: die<Icon> = Footman, t: tally<Icon> = Icon(melee: 1) }
example "defaults" {
  let u = Unit(name: "a")
  expect u.dieType == Coin and u.results == Icon(save: 2) and u.seen == [Icon(id: 1)]
  expect d == Footman and t == Icon(melee: 1)
}
`.replace("state { units: list<Unit> }\n", "");
    passes(text, "defaults");
    const program = indexProgram(checked(text));
    expect(stateToJson(program, initialState(program))).toEqual({ d: "Footman", t: { melee: 1 } });
    expect(stateToJson(program, stateFromJson(program, { d: "Coin" }))).toEqual({ d: "Coin", t: { melee: 1 } });
  });

  it("may not be a computed tally (E0207)", () => {
    const c = compileText("enum Icon { melee }\nkind K { t: tally<Icon> = Icon(melee: 1 + 1) }\n");
    expect(c.diagnostics.map((d) => [d.code, d.span.line, d.span.col])).toEqual([["E0207", 2, 27]]);
  });
});

describe("a saved program (`rulesmith compile`)", () => {
  it("keeps die declarations, and runs the same as the checked one", () => {
    const text = `${ICONS}
value results(face: tally<Icon>) -> tally<Icon> = face
modifier asSaves for results : count Icon.maneuver as Icon.save
fn turn() -> tally<Icon> = results(roll units[0].dieType + roll Footman)
example "saved" {
  force dice [3, 4]
  expect results(roll Footman + roll Footman) == Icon(save: 2)
}
`;
    const files = checked(text);
    const loaded = loadProgram(saveProgram(files));
    if ("error" in loaded) throw new Error(loaded.error);
    expect(loaded.files[0]!.decls.filter((d) => d.kind === "die").map((d) => d.kind === "die" && [d.name.text, d.faces.length])).toEqual([
      ["Footman", 6],
      ["Coin", 2],
      ["Sure", 1],
      ["Terrain", 2],
    ]);
    const [fromSource] = runExamples(files);
    const [fromSaved] = runExamples(loaded.files);
    expect(fromSaved!.passed).toBe(true);
    expect(JSON.stringify(fromSaved)).toBe(JSON.stringify(fromSource));
    const state = { units: [{ name: "a", dieType: "Footman" }] };
    const a = runScenario(indexProgram(files), { rules: "x", run: "turn", state }, { seed: "7", trace: true });
    const b = runScenario(indexProgram(loaded.files), { rules: "x", run: "turn", state }, { seed: "7", trace: true });
    expect(a.error).toBeUndefined();
    expect(b.resultText).toBe(a.resultText);
    expect(b.trace.map((t) => t.message)).toEqual(a.trace.map((t) => t.message));
  });
});

// ---- checker errors ------------------------------------------------------------------------------

function diagnostics(text: string): Diagnostic[] {
  return compileText(text).diagnostics;
}

/** The one diagnostic `text` gives: its code, where it starts, its message and help. */
function only(text: string) {
  const ds = diagnostics(text);
  expect(ds.map((d) => `${d.code} ${d.message}`)).toHaveLength(1);
  const d = ds[0]!;
  return { code: d.code, at: [d.span.line, d.span.col], message: d.message, help: d.help };
}

describe("checker errors for dice and tallies", () => {
  const head = "enum Icon { melee, maneuver, save }\nenum Land { flat, high }\ndie Footman of Icon = [Icon(melee: 1), Icon(save: 1)]\n";
  const value = `${head}value results(face: tally<Icon>) -> tally<Icon> = face\nvalue n(x: int) -> int = x\n`;

  it("E0103: a misspelt member in `E(...)`, with a suggestion", () => {
    expect(only(`${head}fn f() -> tally<Icon> = Icon(mele: 1)\n`)).toEqual({ code: "E0103", at: [4, 30], message: "enum `Icon` has no member `mele`", help: "did you mean `melee`?" });
  });

  it("E0103: reading a misspelt member of a tally, with a suggestion", () => {
    expect(only(`${head}fn f(t: tally<Icon>) -> int = t.sav\n`)).toEqual({ code: "E0103", at: [4, 33], message: "enum `Icon` has no member `sav` to count", help: "did you mean `save`?" });
  });

  it("E0210: a negative count", () => {
    expect(only(`${head}fn f() -> tally<Icon> = Icon(save: -1)\n`)).toMatchObject({ code: "E0210", at: [4, 36], message: "a count cannot be negative, but this is -1" });
  });

  it("E0202: a count given without a member, or twice", () => {
    expect(only(`${head}fn f() -> tally<Icon> = Icon(1)\n`)).toMatchObject({ code: "E0202", at: [4, 30], message: "counts of `Icon` are given by member, like `Icon(melee: 1)`" });
    expect(only(`${head}fn f() -> tally<Icon> = Icon(save: 1, save: 2)\n`)).toMatchObject({ code: "E0202", at: [4, 39], message: "`save` is given twice" });
  });

  it("E0207: a die face that is not a constant tally", () => {
    expect(only(`${head}die D of Icon = [Icon(melee: 1 + 1)]\n`)).toMatchObject({ code: "E0207", at: [4, 18], message: "a die face must be a constant tally, like `Icon(melee: 2)`" });
    // A function that builds a tally is not a face either: faces are read once and kept.
    expect(only(`${head}fn mk() -> tally<Icon> = Icon(melee: roll d6)\ndie D of Icon = [mk()]\n`)).toMatchObject({ code: "E0207", at: [5, 18] });
  });

  it("E0201: a face of another enum, a die with no faces", () => {
    expect(only(`${head}die D of Icon = [Icon(melee: 1), Land(flat: 1)]\n`)).toMatchObject({ code: "E0201", at: [4, 34], message: "a face should be tally<Icon>, but this is tally<Land>" });
    expect(only(`${head}die D of Icon = []\n`)).toMatchObject({ code: "E0201", at: [4, 17], message: "the die `D` needs at least one face" });
  });

  it("E0104: a die or tally of something that is not an enum, or of nothing", () => {
    expect(only(`${head}kind Unit { name: text }\ndie D of Unit = [Icon(melee: 1)]\n`)).toMatchObject({ code: "E0104", at: [5, 10], message: "tallies and dice count the members of an enum, but `Unit` is not one" });
    expect(only(`${head}fn f(t: tally) -> int = 1\n`)).toMatchObject({ code: "E0104", at: [4, 9], message: "`tally` needs the enum it counts", help: "write `tally<Icon>`" });
    expect(only(`${head}fn f(d: die<int>) -> int = 1\n`)).toMatchObject({ code: "E0104", at: [4, 13], message: "tallies and dice count the members of an enum, but `int` is not one" });
  });

  it("E0202: rolling a custom die with a count", () => {
    expect(only(`${head}fn f() -> tally<Icon> = roll(2, Footman)\n`)).toMatchObject({ code: "E0202", at: [4, 30], message: "a custom die is rolled one at a time: `roll Footman`" });
  });

  it("E0201: mixing tallies with numbers or with tallies of another enum", () => {
    expect(only(`${head}fn f() -> tally<Icon> = Icon(melee: 1) + 2\n`)).toMatchObject({ code: "E0201", at: [4, 42], message: "the right of `+` should be tally<Icon>, but this is int" });
    expect(only(`${head}fn f() -> bool = Icon(melee: 1) == Land(flat: 1)\n`)).toMatchObject({ code: "E0201", at: [4, 18], message: "cannot compare tally<Icon> with tally<Land>" });
    expect(diagnostics(`${head}fn f() -> bool = Icon(melee: 1) < Icon(save: 1)\n`).map((d) => [d.code, d.message])).toEqual([
      ["E0201", "the left of `<` should be int, but this is tally<Icon>"],
      ["E0201", "the right of `<` should be int, but this is tally<Icon>"],
    ]);
    expect(only(`${head}fn f() -> tally<Icon> = roll Icon\n`)).toMatchObject({ code: "E0201", at: [4, 30], message: "`Icon` is an enum; name one of its members, like `Icon.melee`" });
  });

  it("E0204: changing a count in place", () => {
    expect(only(`${head}fn f(u: int) {\n  let t = Icon()\n  t.melee = 2\n}\n`)).toEqual({ code: "E0204", at: [6, 3], message: "a tally cannot be changed in place", help: "build a new one, like `t = t + Icon(melee: 1)`" });
  });

  it("E0208: `count` without `as`", () => {
    expect(only(`${value}modifier m for results : count Icon.maneuver\n`)).toEqual({ code: "E0208", at: [6, 26], message: "`count` needs `as`: what the counted results become", help: "write `count Icon.maneuver as Icon.melee`" });
    // The help is written in the value's own enum.
    expect(only("enum Land { flat, high }\nvalue v(t: tally<Land>) -> tally<Land> = t\nmodifier m for v : count\n").help).toBe("write `count Land.flat as Land.high`");
    // Without the member to count, that is the one error.
    expect(only(`${value}modifier m for results : count as Icon.save\n`)).toMatchObject({ code: "E0208", at: [6, 26], message: "`count` on a tally needs the member to count" });
  });

  it("E0208: `as` without `count`", () => {
    expect(only(`${value}modifier m for results : double Icon.save as Icon.melee\n`)).toMatchObject({ code: "E0208", at: [6, 46], message: "only `count` takes `as`" });
  });

  it("E0208: `count` on an int value", () => {
    expect(only(`${value}modifier m for n : count Icon.maneuver as Icon.save\n`)).toMatchObject({ code: "E0208", at: [6, 20], message: "`count` moves results between members of a tally, but `n` is int" });
  });

  it("E0208: `double` on a tally without a member", () => {
    expect(only(`${value}modifier m for results : double\n`)).toEqual({ code: "E0208", at: [6, 26], message: "`double` on a tally needs the member whose count doubles", help: "write `double Icon.melee`" });
  });

  it("E0208: `atLeast` and `atMost` on a tally", () => {
    for (const op of ["atLeast 1", "atMost 3"]) {
      const name = op.split(" ")[0]!;
      expect(only(`${value}modifier m for results : ${op}\n`), op).toEqual({
        code: "E0208",
        at: [6, 26],
        message: `\`${name}\` works on numbers, but \`results\` is tally<Icon>`,
        help: "a tally takes `set`, `add`, `subtract`, `count`, `double`, `multiply`, `divide` or `compute`",
      });
    }
  });

  it("E0208: `multiply` on a tally without `by`, and `by` anywhere else", () => {
    expect(only(`${value}modifier m for results : multiply Icon.save\n`)).toEqual({ code: "E0208", at: [6, 26], message: "`multiply` on a tally needs `by` and a factor", help: "write `multiply Icon.save by 3`" });
    expect(only(`${value}modifier m for n : multiply 3 by 2\n`)).toEqual({ code: "E0208", at: [6, 34], message: "only `multiply` of one member of a tally takes `by`", help: "a number is multiplied without `by`: `multiply 3`" });
    expect(only(`${value}modifier m for results : double Icon.save by 2\n`)).toMatchObject({ code: "E0208", at: [6, 46], message: "only `multiply` of one member of a tally takes `by`" });
  });

  it("E0201: a member of another enum, or an amount of the wrong type, in a tally modifier", () => {
    expect(only(`${value}modifier m for results : double Land.high\n`)).toMatchObject({ code: "E0201", at: [6, 33], message: "the member `double` changes should be Icon, but this is Land" });
    expect(only(`${value}modifier m for results : add 1\n`)).toMatchObject({ code: "E0201", at: [6, 30], message: "the modifier's amount should be tally<Icon>, but this is int" });
  });

  it("E0102: a die named like another declaration", () => {
    expect(only(`${head}fn Footman() -> int = 1\n`)).toMatchObject({ code: "E0102", at: [4, 4] });
  });

  it("`die` and `as` are soft keywords: a variable and a field may take them as names", () => {
    expect(diagnostics("fn f() -> int {\n  let as = 2\n  return as\n}\n")).toEqual([]);
    expect(diagnostics("kind K { die: int }\n")).toEqual([]);
  });
});
