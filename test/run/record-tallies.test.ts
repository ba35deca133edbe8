// Tallies of a record (`tally<Magic>`): a count per value of a record whose fields are enums or bools,
// so qualified results ("fire magic, cantrip only") stay inside the tally and its value's stages. The
// same on the three engines; in state JSON by each value's text; the checker's words for what cannot be
// counted so.
import { describe, expect, it } from "vitest";
import { indexProgram, runExamples } from "../../src/pipeline.ts";
import { loadProgram, saveProgram } from "../../src/run/saved-program.ts";
import { stateSchema, validateState } from "../../src/run/schema.ts";
import { stateFromJson, stateToJson } from "../../src/run/state.ts";
import { onEveryEngine } from "../support/every-engine.ts";
import { checked, compileText } from "../support/helpers.ts";

const RULES = `enum Element { air, fire }
enum Icon { melee, magic }
record Magic { element: Element, cantrip: bool }

fn magicOf(e: Element, face: tally<Icon>) -> tally<Magic> = Magic(k in Magic => if k.element == e and not k.cantrip then face.magic else 0)
fn ofElement(t: tally<Magic>, e: Element) -> int = sum(k in Magic where k.element == e => t[k])

value spells(t: tally<Magic>) -> tally<Magic> = t
modifier surge for spells : double Magic(element: Element.fire, cantrip: false)
modifier trickle for spells : count Magic(element: Element.air, cantrip: false) as Magic(element: Element.air, cantrip: true)
`;

describe("a tally of a record", () => {
  it("counts each value, is read and walked by value, and takes the arithmetic and modifiers of tallies, alike on three engines", () => {
    const [only] = onEveryEngine(`${RULES}
example "e" {
  let t = magicOf(Element.fire, Icon(magic: 2)) + magicOf(Element.air, Icon(magic: 1, melee: 3))
  expect t[Magic(element: Element.fire, cantrip: false)] == 2
  expect ofElement(t, Element.air) == 1 and ofElement(t * 3, Element.fire) == 6
  expect t - magicOf(Element.fire, Icon(magic: 5)) == magicOf(Element.air, Icon(magic: 1))
  let s = spells(t)
  expect s[Magic(element: Element.fire, cantrip: false)] == 4
  expect s[Magic(element: Element.air, cantrip: true)] == 1 and s[Magic(element: Element.air, cantrip: false)] == 0
  expect str(s) == "tally(Magic(element: air, cantrip: true): 1, Magic(element: fire, cantrip: false): 4)"
  expect len(map(k in Magic => k)) == 4
}
`);
    expect(only!.error).toBeUndefined();
    expect(only!.trace).toContain("spells: tally(Magic(element: air, cantrip: false): 1, Magic(element: fire, cantrip: false): 2) -> tally(Magic(element: air, cantrip: true): 1, Magic(element: fire, cantrip: false): 2) (count Magic(element: air, cantrip: false) as Magic(element: air, cantrip: true))");
    expect(only!.trace).toContain("spells: tally(Magic(element: air, cantrip: true): 1, Magic(element: fire, cantrip: false): 2) -> tally(Magic(element: air, cantrip: true): 1, Magic(element: fire, cantrip: false): 4) (double Magic(element: fire, cantrip: false))");
  });

  it("saves and loads with its program, and runs as it did", () => {
    const files = checked(`${RULES}example "e" { expect ofElement(spells(magicOf(Element.fire, Icon(magic: 2))), Element.fire) == 4 }\n`);
    const loaded = loadProgram(saveProgram(files));
    if ("error" in loaded) throw new Error(loaded.error);
    expect(runExamples(loaded.files).map((r) => r.passed)).toEqual([true]);
  });

  it("is kept in state JSON by each value's text, which the schema lists", () => {
    const p = indexProgram(checked(`${RULES}state { pool: tally<Magic> }\n`));
    const pool = (stateSchema(p) as { properties: { pool: { properties: Record<string, unknown> } } }).properties.pool;
    expect(Object.keys(pool.properties)).toEqual(["Magic(element: air, cantrip: false)", "Magic(element: air, cantrip: true)", "Magic(element: fire, cantrip: false)", "Magic(element: fire, cantrip: true)"]);
    const json = { pool: { "Magic(element: fire, cantrip: true)": 2 } };
    expect(validateState(p, json)).toEqual([]);
    expect(stateToJson(p, stateFromJson(p, json))).toEqual(json);
    expect(validateState(p, { pool: { "Magic(element: fire)": 1 } }).map((x) => x.path)).toEqual(["/pool/Magic(element: fire)"]);
  });

  it("E0104 for an entity kind or a field that is no enum or bool; E0103 for a member read; E0201 for an index of another type", () => {
    const d = (text: string) => compileText(text).diagnostics.map((x) => `${x.code} ${x.span.line}:${x.span.col} ${x.message}`);
    expect(d("kind Unit { hp: int = 1 }\nfn f(t: tally<Unit>) -> int = 0\n")).toEqual(["E0104 2:15 a tally counts the members of an enum or the values of a record, but `Unit` is a kind of entity"]);
    expect(d("record Hex { q: int, r: int }\nfn f(t: tally<Hex>) -> int = 0\n")).toEqual(["E0104 2:15 a tally of `Hex` counts each of its values, so each field must be an enum or `bool`, but `q` is `int`"]);
    expect(d("record R { on: bool }\nfn f(t: tally<R>) -> int = t.on\n")).toEqual(["E0103 2:30 a tally of `R` counts its values, not members: read one with `t[R(...)]`"]);
    expect(d("record R { on: bool }\nfn f(t: tally<R>) -> int = t[true]\n")[0]).toMatch(/^E0201 2:30 /);
  });

  it("E0201 for one value of the record where a tally of it is wanted, with the tally's form as help", () => {
    const [x] = compileText("record R { on: bool }\nfn f(t: tally<R>) -> tally<R> = t + R(on: true)\n").diagnostics;
    expect([x?.code, x?.message, x?.help]).toEqual(["E0201", "the right of `+` should be tally<R>, but this is R", "`R(...)` makes one value of the record; a tally of them is `R(k in R => 0)` (empty) or `R(k in R => N)`"]);
  });
});
