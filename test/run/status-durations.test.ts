// Durations given at `apply` (any expression, any event), expiry on an event about another entity
// (the caster's next turn), the check that an expiry can match its holder, and the state JSON shapes.
import { describe, expect, it } from "vitest";
import { indexProgram, runScenario } from "../../src/pipeline.ts";
import { stateFromJson, stateToJson, type Json } from "../../src/run/state.ts";
import { validateState } from "../../src/run/schema.ts";
import { checked, compileText, example } from "../support/helpers.ts";

function passed(text: string, title: string) {
  const r = example(text, title);
  expect(r.failure, `example "${title}"`).toBeUndefined();
  return r;
}

function errors(text: string): string[] {
  return compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}`);
}

const statusLines = (r: { trace: { kind: string; message: string }[] }) => r.trace.filter((t) => t.kind === "status").map((t) => t.message);

describe("a duration given at `apply`", () => {
  const rules = `kind Unit { name: text }
state { hero: Unit }
event RoundEnds()
event Activated(unit: Unit)
status stunned for 2 RoundEnds
status charmed

example "roll d4 + 4 rounds" {
  hero = Unit(name: "Hero")
  force dice [2]
  apply stunned to hero for roll d4 + 4
  for i in 1..5 { emit RoundEnds() }
  expect hero has stunned
  emit RoundEnds()
  expect not (hero has stunned)
}

example "a status without an expiry event names one" {
  hero = Unit(name: "Hero")
  apply charmed to hero for 2 Activated(unit)
  emit Activated(Unit(name: "Other"))
  emit Activated(hero)
  expect hero has charmed
  emit Activated(hero)
  expect not (hero has charmed)
}
`;

  it("counts the declared expiry event that many times", () => {
    const r = passed(rules, "roll d4 + 4 rounds");
    expect(statusLines(r)).toEqual(['Unit "Hero" is now stunned (for 6 RoundEnds)', 'Unit "Hero" is no longer stunned (expired on RoundEnds)']);
    const ends = r.trace.filter((t) => t.kind === "event").length;
    expect(ends).toBe(6);
  });

  it("counts a written event, bound to the holder", () => {
    const r = passed(rules, "a status without an expiry event names one");
    expect(statusLines(r)).toEqual(['Unit "Hero" is now charmed (for 2 Activated(unit))', 'Unit "Hero" is no longer charmed (expired on Activated)']);
  });

  it("needs an event where the status declares none, and a count of at least 1", () => {
    expect(errors(`kind Unit { name: text }
event RoundEnds()
status charmed
fn f(u: Unit) { apply charmed to u for 3 }
`)).toEqual(["E0233 4:36 `charmed` is declared without an expiry event, so `for` has nothing to count"]);
    const r = example(`kind Unit { name: text }
event RoundEnds()
status stunned until RoundEnds
example "none" {
  let n = 0
  apply stunned to Unit(name: "x") for n
}
`, "none");
    expect(r.failure).toMatchObject({ code: "R0501", message: "a status cannot last for 0 events", span: { line: 6, col: 40 } });
  });

  it("leaves a `for` loop on the next line a loop", () => {
    passed(`kind Unit { name: text }
event RoundEnds()
status stunned until RoundEnds
example "loop" {
  let u = Unit(name: "x")
  apply stunned to u
  for i in 1..2 { emit RoundEnds() }
  expect not (u has stunned)
}
`, "loop");
  });
});

describe("expiry on an event about another entity", () => {
  const rules = `kind Player { name: text }
kind Unit { name: text, owner: Player }
state { red: Player, blue: Player, units: list<Unit> }
event TurnStarts(player: Player)
/// Until the start of the caster's next turn.
status charmed

fn cast(caster: Player, target: Unit) { apply charmed to target until TurnStarts(player: caster) }

example "ends at the start of the caster's next turn, not the holder's" {
  red = Player(name: "Red")
  blue = Player(name: "Blue")
  let orc = Unit(name: "Orc", owner: blue)
  add orc to units
  cast(red, orc)
  emit TurnStarts(blue)
  expect orc has charmed
  emit TurnStarts(red)
  expect not (orc has charmed)
}
`;

  it("counts only emissions whose argument is the caster as applied", () => {
    const r = passed(rules, "ends at the start of the caster's next turn, not the holder's");
    expect(statusLines(r)).toEqual([
      'Unit "Orc" is now charmed (until TurnStarts(player: Player "Red"))',
      'Unit "Orc" is no longer charmed (expired on TurnStarts)',
    ]);
  });

  it("is not ended by the caster's turn start in progress when it is applied", () => {
    const r = passed(rules + `
on TurnStarts when player == red and len(units) > 0 { cast(red, units[0]) }
example "charmed at the start of the caster's turn lasts until the next one" {
  red = Player(name: "Red")
  blue = Player(name: "Blue")
  add Unit(name: "Orc", owner: blue) to units
  emit TurnStarts(red)
  expect units[0] has charmed
  emit TurnStarts(blue)
  expect units[0] has charmed
  clear charmed from units[0]
}
`, "charmed at the start of the caster's turn lasts until the next one");
    expect(statusLines(r)).toEqual(['Unit "Orc" is now charmed (until TurnStarts(player: Player "Red"))', 'Unit "Orc" is no longer charmed']);
  });

  it("keeps the caster's identity through state JSON: the match is written as a reference", () => {
    const program = indexProgram(checked(rules + `
fn castOnFirst() { cast(red, units[0]) }
fn redTurn() { emit TurnStarts(red) }
`));
    const state: Record<string, Json> = { red: { $id: "red", name: "Red" }, blue: { $id: "blue", name: "Blue" }, units: [{ name: "Orc", owner: { $ref: "blue" } }] };
    const cast = runScenario(program, { rules: "", run: "castOnFirst", state }, { seed: "1", trace: false });
    expect(cast.error).toBeUndefined();
    expect(cast.state!["units"]).toEqual([{ name: "Orc", owner: { $ref: "blue" }, statuses: { charmed: { left: 1, until: "TurnStarts", player: { $ref: "red" } } } }]);
    const next = runScenario(program, { rules: "", run: "redTurn", state: cast.state! }, { seed: "1", trace: true });
    expect(next.error).toBeUndefined();
    expect(next.trace.map((t) => t.message)).toContain('Unit "Orc" is no longer charmed (expired on TurnStarts)');
  });

  it("is an error when the expiry can never match the holder or the value", () => {
    expect(errors(`kind Army { name: text }
kind Unit { name: text }
event Activated(unit: Army)
event TurnStarts(army: Army)
status braced until Activated(unit)
fn f(u: Unit) {
  apply braced to u
  apply braced to u until TurnStarts(army: u.name)
}
`)).toEqual([
      "E0201 7:19 `braced` expires on `Activated(unit)`, whose `unit` is Army, so it can never expire on Unit (`braced` is declared at main.rules:5:1)",
      "E0201 8:44 `army` of `TurnStarts` is Army and can never equal text, so the status would never expire",
    ]);
  });
});

describe("statuses in state JSON", () => {
  const rules = `enum Side { red, blue }
kind Unit { name: text }
state { units: list<Unit> }
event RoundEnds()
event TurnStarts(side: Side)
event Activated(unit: Unit)
status shaken until RoundEnds
status stunned for 2 RoundEnds
status charmed
status braced until Activated(unit)
fn tick() { emit TurnStarts(Side.blue) }
`;
  const program = indexProgram(checked(rules));

  it("round-trips each shape", () => {
    const state: Record<string, Json> = {
      units: [
        {
          name: "a",
          statuses: {
            shaken: true,
            stunned: 2,
            charmed: { left: 1, until: "TurnStarts", side: "red" },
            braced: { left: 3, until: "Activated", holder: "unit" },
          },
        },
        { name: "b", statuses: { charmed: true, stunned: 1 } },
      ],
    };
    expect(validateState(program, state)).toEqual([]);
    expect(stateToJson(program, stateFromJson(program, state))).toEqual(state);
  });

  it("counts an object-form status loaded from JSON", () => {
    const r = runScenario(program, { rules: "main.rules", run: "tick", state: { units: [{ name: "a", statuses: { charmed: { left: 2, until: "TurnStarts", side: "blue" } } }] } }, { seed: "1", trace: true });
    expect(r.state).toEqual({ units: [{ name: "a", statuses: { charmed: { left: 1, until: "TurnStarts", side: "blue" } } }] });
  });

  it("rejects other shapes with a path", () => {
    const bad = (statuses: Json) => validateState(program, { units: [{ name: "a", statuses }] }).map((p) => `${p.path} ${p.message}`);
    expect(bad({ charmed: { left: 1, until: "TurnStarts", sid: "red" } })).toEqual(["/units/0/statuses/charmed/sid is not a parameter of `TurnStarts`: did you mean `side`?"]);
    expect(bad({ charmed: { left: 1, until: "TurnStarts", side: "green" } })).toEqual(['/units/0/statuses/charmed/side must be one of "red", "blue"']);
    expect(bad({ charmed: { left: 0, until: "RoundEnds" } })).toEqual(["/units/0/statuses/charmed/left must be >= 1"]);
    expect(bad({ charmed: { left: 1, until: "RoundEnd" } })).toEqual(["/units/0/statuses/charmed/until is not a declared event: did you mean `RoundEnds`?"]);
    expect(bad({ charmed: "yes" })).toEqual(['/units/0/statuses/charmed must be `true`, how many more events it lasts (1 or more), or an object like `{"left": 1, "until": "RoundEnds"}`']);
  });
});
