// The interpreter's documented semantics: modifier stacking, event timing, status expiry, forced dice,
// scripted choices, the step budget, determinism, and the game state as JSON.
import { describe, expect, it } from "vitest";
import { indexProgram, runExamples, runScenario, type Scenario } from "../src/pipeline.ts";
import { Dice } from "../src/runtime/dice.ts";
import { Interpreter } from "../src/runtime/interpreter.ts";
import { initialState, stateFromJson, stateToJson, type Json } from "../src/runtime/state.ts";
import { formatTrace } from "../src/runtime/trace.ts";
import { validateState } from "../src/schema.ts";
import { checked, example, examples } from "./helpers.ts";

/** Runs a parameterless function of a checked program against a state. */
function scenario(text: string, run: string, state: Record<string, Json> = {}, seed = "1") {
  const program = indexProgram(checked(text));
  const s: Scenario = { rules: "main.rules", run, state };
  return runScenario(program, s, { seed, trace: true });
}

function passed(text: string, title: string) {
  const r = example(text, title);
  expect(r.failure, `example "${title}"`).toBeUndefined();
  expect(r.passed).toBe(true);
  return r;
}

describe("modifiers", () => {
  const rules = `
    kind Unit { name: text, strength: int = 10 }
    value power(u: Unit) -> int = u.strength
    modifier capped for power : atMost 40
    modifier frenzy for power : double
    modifier sword for power : add 3
    modifier curse for power : set 4
    modifier giant for power : multiply 3
    modifier floor for power : atLeast 45
    modifier shield for power : add 1
    modifier never for power when u.strength > 100 : set 99
    example "stacking" {
      expect power(Unit(name: "a")) == 45
    }
  `;

  it("apply set, then add, then multiply/double, then atLeast/atMost, each stage in source order", () => {
    const r = passed(rules, "stacking");
    const mods = r.trace.filter((t) => t.kind === "modifier");
    expect(mods.map((t) => [t.rule, t.message])).toEqual([
      ["modifier curse", "power: 10 -> 4 (set 4)"],
      ["modifier sword", "power: 4 -> 7 (add 3)"],
      ["modifier shield", "power: 7 -> 8 (add 1)"],
      ["modifier frenzy", "power: 8 -> 16 (double)"],
      ["modifier giant", "power: 16 -> 48 (multiply 3)"],
      ["modifier capped", "power: 48 -> 40 (atMost 40)"],
      ["modifier floor", "power: 40 -> 45 (atLeast 45)"],
    ]);
  });

  it("skip a modifier whose condition does not hold, and leave it out of the trace", () => {
    const r = passed(rules, "stacking");
    expect(r.trace.some((t) => t.rule === "modifier never")).toBe(false);
  });

  it("point each trace entry at its modifier's declaration", () => {
    const r = passed(rules, "stacking");
    const curse = r.trace.find((t) => t.rule === "modifier curse")!;
    expect(curse.span.line).toBe(7);
  });

  it("compute modifier amounts and conditions from the value's parameters", () => {
    const text = `
      kind Unit { name: text, strength: int = 5, flying: bool }
      value missile(u: Unit, target: Unit) -> int = u.strength
      modifier vsFlyer for missile when target.flying : add target.strength - 2
      example "flyer" {
        let archer = Unit(name: "archer")
        expect missile(archer, Unit(name: "bat", strength: 4, flying: true)) == 7
        expect missile(archer, Unit(name: "orc", strength: 4)) == 5
      }
    `;
    passed(text, "flyer");
  });
});

describe("events", () => {
  const rules = `
    state { log: list<text> }
    event Hit(n: int) { add "default" to log }
    on Hit order 2 { add "after 2" to log }
    on Hit order -1 { add "after -1" to log }
    before Hit { add "before" to log }
    instead of Hit when n > 5 order 1 { add "instead 1" to log }
    instead of Hit when n > 5 order 0 { add "instead 0" to log }
    instead of Hit when n > 100 order -5 { add "never" to log }
    on Hit when n == 1 { add "after, n is 1" to log }
    example "no replacement" {
      emit Hit(1)
      expect log == ["before", "default", "after -1", "after, n is 1", "after 2"]
    }
    example "replaced" {
      emit Hit(10)
      expect log == ["before", "instead 0", "after -1", "after 2"]
    }
  `;

  it("run before handlers, the default body, then after handlers in `order`", () => {
    passed(rules, "no replacement");
  });

  it("let only the first matching `instead of` replace the default body", () => {
    const r = passed(rules, "replaced");
    expect(r.trace.filter((t) => t.kind === "trigger").map((t) => t.message)).toEqual([
      "before Hit fires",
      "instead of Hit fires",
      "on Hit fires",
      "on Hit fires",
    ]);
    expect(r.trace.find((t) => t.kind === "event")!.message).toBe("event Hit(10)");
  });

  it("nest the work of a handler under its event in the trace", () => {
    const r = passed(rules, "replaced");
    const event = r.trace.find((t) => t.kind === "event")!;
    const triggers = r.trace.filter((t) => t.kind === "trigger");
    expect(triggers.every((t) => t.depth === event.depth + 1)).toBe(true);
  });

  it("give handlers the event's payload and let events emit events", () => {
    const text = `
      kind Unit { name: text, hp: int in 0..9 = 3 }
      state { units: list<Unit>, dead: list<Unit> }
      event Damaged(u: Unit, amount: int) {
        u.hp = max(0, u.hp - amount)
        if u.hp == 0 { emit Killed(u) }
      }
      event Killed(u: Unit) { move u from units to dead }
      instead of Killed when u.name == "lich" { u.hp = 1 }
      example "killed" {
        let orc = Unit(name: "orc")
        let lich = Unit(name: "lich")
        add orc to units
        add lich to units
        emit Damaged(orc, 5)
        emit Damaged(lich, 5)
        expect len(units) == 1
        expect dead == [orc]
        expect lich.hp == 1
      }
    `;
    const r = passed(text, "killed");
    expect(r.trace.filter((t) => t.kind === "event").map((t) => t.message)).toEqual([
      'event Damaged(Unit "orc", 5)',
      'event Killed(Unit "orc")',
      'event Damaged(Unit "lich", 5)',
      'event Killed(Unit "lich")',
    ]);
  });
});

describe("statuses", () => {
  const rules = `
    kind Unit { name: text }
    state { units: list<Unit> }
    status stunned until Tick
    status dazed for 2 Tick
    status cursed
    event Tick()
    event Other()
    example "until" {
      let u = Unit(name: "u")
      add u to units
      apply stunned to u
      expect u has stunned
      emit Other()
      expect u has stunned
      emit Tick()
      expect not (u has stunned)
    }
    example "for N" {
      let u = Unit(name: "u")
      add u to units
      apply dazed to u
      emit Tick()
      expect u has dazed
      emit Tick()
      expect not (u has dazed)
    }
    example "local entity" {
      let u = Unit(name: "local")
      apply stunned to u
      apply dazed to u
      emit Tick()
      expect not (u has stunned)
      expect u has dazed
      emit Tick()
      expect not (u has dazed)
    }
    example "no expiry" {
      let u = Unit(name: "u")
      apply cursed to u
      emit Tick()
      emit Other()
      expect u has cursed
      clear cursed from u
      expect not (u has cursed)
    }
  `;

  it("`until E` ends when E is emitted, not on other events", () => {
    const r = passed(rules, "until");
    expect(r.trace.filter((t) => t.kind === "status").map((t) => t.message)).toEqual(['Unit "u" is now stunned', 'Unit "u" is no longer stunned (expired on Tick)']);
  });

  it("`for N E` ends after N emissions of E", () => {
    passed(rules, "for N");
  });

  it("expire on entities that are not in the state, too", () => {
    passed(rules, "local entity");
  });

  it("last until cleared when they have no expiry", () => {
    const r = passed(rules, "no expiry");
    expect(r.trace.filter((t) => t.kind === "status").map((t) => t.message)).toEqual(['Unit "u" is now cursed', 'Unit "u" is no longer cursed']);
  });

  it("count down from the state JSON, where they are stored", () => {
    const text = `${rules}\nfn tick() { emit Tick() }\n`;
    const out = scenario(text, "tick", { units: [{ name: "a", statuses: { dazed: 2, stunned: true, cursed: true } }] });
    expect(out.error).toBeUndefined();
    expect(out.state).toEqual({ units: [{ name: "a", statuses: { dazed: 1, cursed: true } }] });
  });
});

describe("forced dice", () => {
  const rules = `
    fn attack() -> int = roll d20
    fn damage() -> int = roll 2d6
    example "in order" {
      force dice [3, 17, 2, 5]
      expect attack() == 3
      expect attack() == 17
      expect damage() == 7
    }
    example "does not fit" {
      force dice [7]
      expect roll d6 == 7
    }
    example "unused" {
      force dice [4, 5, 6]
      expect attack() == 4
    }
    example "chance" {
      force dice [30, 31]
      expect chance(30)
      expect not chance(30)
    }
  `;

  it("are used in order, and the trace marks them", () => {
    const r = passed(rules, "in order");
    expect(r.trace.filter((t) => t.kind === "roll").map((t) => t.message)).toEqual([
      "roll d20 -> 3 (forced)",
      "roll d20 -> 17 (forced)",
      "roll 2d6 -> 2 (forced) + 5 (forced) = 7",
    ]);
  });

  it("that cannot come up on the die are an R0503 error at the roll", () => {
    const r = example(rules, "does not fit");
    expect(r.passed).toBe(false);
    expect(r.failure).toMatchObject({ code: "R0503", message: "the forced die 7 cannot come up on a d6" });
    expect(r.failure!.span!.line).toBe(12);
  });

  it("left unused fail the example", () => {
    const r = example(rules, "unused");
    expect(r.passed).toBe(false);
    expect(r.failure!.message).toBe("2 forced dice were never rolled: 5, 6");
  });

  it("also decide percentage chances", () => {
    const r = passed(rules, "chance");
    expect(r.trace.filter((t) => t.kind === "roll").map((t) => t.message)).toEqual(["chance 30%: d100 -> 30 (forced), success", "chance 30%: d100 -> 31 (forced), failure"]);
  });
});

describe("choices", () => {
  const rules = `
    kind Unit { name: text }
    fn pick() -> text = choose "withdraw?" from ["stay", "withdraw"]
    example "scripted" {
      force choices ["withdraw", "stay"]
      expect pick() == "withdraw"
      expect pick() == "stay"
    }
    example "default" {
      expect pick() == "stay"
    }
    example "not an option" {
      force choices ["flee"]
      expect pick() == "flee"
    }
    example "unused" {
      force choices ["stay", "withdraw"]
      expect pick() == "stay"
    }
    example "entities" {
      let a = Unit(name: "a")
      let b = Unit(name: "b")
      force choices [b]
      expect (choose "target?" from [a, b]) == b
    }
  `;

  it("take scripted answers in order and trace them", () => {
    const r = passed(rules, "scripted");
    expect(r.trace.filter((t) => t.kind === "choice").map((t) => t.message)).toEqual(['"withdraw?" -> withdraw (scripted)', '"withdraw?" -> stay (scripted)']);
  });

  it("fall back to the first option without a script", () => {
    const r = passed(rules, "default");
    expect(r.trace.find((t) => t.kind === "choice")!.message).toBe('"withdraw?" -> stay (default: the first option)');
  });

  it("reject a scripted answer that is not an option with R0503", () => {
    const r = example(rules, "not an option");
    expect(r.failure).toMatchObject({ code: "R0503" });
    expect(r.failure!.message).toContain("flee");
    expect(r.failure!.message).toContain("stay, withdraw");
  });

  it("fail the example when scripted answers are left over", () => {
    expect(example(rules, "unused").failure!.message).toBe("1 scripted choices were never asked for: withdraw");
  });

  it("can pick entities", () => {
    passed(rules, "entities");
  });

  it("ask a pluggable chooser in a scenario, and reject an impossible pick", () => {
    const program = indexProgram(checked(rules));
    const base: Scenario = { rules: "main.rules", run: "pick", state: {} };
    const asked: string[] = [];
    const second = runScenario(program, base, {
      seed: "1",
      trace: true,
      chooser: { choose: (q, options) => (asked.push(`${q}: ${options.join("/")}`), 1) },
    });
    expect(second.resultText).toBe("withdraw");
    expect(asked).toEqual(["withdraw?: stay/withdraw"]);
    expect(second.trace.find((t) => t.kind === "choice")!.message).toBe('"withdraw?" -> withdraw (chosen)');
    const bad = runScenario(program, base, { seed: "1", trace: true, chooser: { choose: () => 5 } });
    expect(bad.error).toMatchObject({ code: "R0503", message: 'the chooser picked option 5 of 2 for "withdraw?"' });
  });
});

describe("the step budget", () => {
  it("stops `while true { }` with R0502 instead of hanging", () => {
    const r = example("example \"forever\" { while true { } }", "forever");
    expect(r.passed).toBe(false);
    expect(r.failure!.code).toBe("R0502");
    expect(r.failure!.message).toMatch(/^the step budget of 2000000 steps ran out in example "forever"/);
    expect(r.failure!.span!.line).toBe(1);
  });

  it("takes a smaller budget when asked", () => {
    const program = indexProgram(checked('fn spin() { let n = 0\n while n >= 0 { n += 1 } }\nexample "x" { spin() }'));
    const interp = new Interpreter(program, initialState(program), { seed: "s", stepBudget: 500 });
    expect(() => interp.runExample(program.examples[0]!)).toThrowError(/step budget of 500 steps ran out in fn spin/);
  });

  it("stops runaway recursion of block, expression and value bodies with R0502", () => {
    const results = examples(`
      fn a(n: int) -> int { return a(n + 1) }
      fn b(n: int) -> int = b(n + 1)
      value c(n: int) -> int = c(n + 1)
      table d(n: int) -> int { _ => d(n + 1) }
      fn e(n: int) -> int { return f(n) }
      fn f(n: int) -> int = e(n + 1)
      event Ping() 
      on Ping { emit Ping() }
      example "block" { expect a(0) == 0 }
      example "expression" { expect b(0) == 0 }
      example "value" { expect c(0) == 0 }
      example "table" { expect d(0) == 0 }
      example "mixed" { expect e(0) == 0 }
      example "event" { emit Ping() }
    `);
    for (const [title, r] of results) {
      expect(r.failure?.code, title).toBe("R0502");
      expect(r.failure!.message, title).toMatch(/nested more than 400 deep/);
    }
    expect(results.size).toBe(6);
  });

  it("stops a runaway scenario without throwing", () => {
    const out = scenario("fn main() { while true { } }", "main");
    expect(out.error).toMatchObject({ code: "R0502" });
  });
});

describe("determinism", () => {
  const rules = `
    kind Unit { name: text, hp: int in 0..20 = 20 }
    state { units: list<Unit> }
    fn battle() -> int {
      let total = 0
      for i in 1..12 {
        let r = roll d20
        total += r
        if r > 15 { say "a hit" }
      }
      for u in units { u.hp -= roll d6 }
      return total
    }
  `;
  const state = { units: [{ name: "a" }, { name: "b" }] };

  it("gives the same trace, byte for byte, for the same seed", () => {
    const a = scenario(rules, "battle", state, "seed-1");
    const b = scenario(rules, "battle", state, "seed-1");
    expect(a.error).toBeUndefined();
    expect(JSON.stringify(b.trace)).toBe(JSON.stringify(a.trace));
    expect(formatTrace(b.trace)).toBe(formatTrace(a.trace));
    expect(b.state).toEqual(a.state);
    expect(b.rng).toEqual(a.rng);
  });

  it("gives different rolls for a different seed", () => {
    const rolls = (seed: string) => scenario(rules, "battle", state, seed).trace.filter((t) => t.kind === "roll").map((t) => t.message);
    expect(rolls("seed-1")).toHaveLength(14);
    expect(rolls("seed-2")).not.toEqual(rolls("seed-1"));
  });

  it("runs examples the same way every time", () => {
    const text = `${rules}\nexample "seeded" { expect battle() > 0 }`;
    const first = example(text, "seeded");
    const second = example(text, "seeded");
    expect(JSON.stringify(second.trace)).toBe(JSON.stringify(first.trace));
  });

  it("continues the same dice from a saved generator state", () => {
    const straight = new Dice("saved");
    const span = { file: "x", line: 1, col: 1, endLine: 1, endCol: 2, start: 0, end: 1 };
    for (let i = 0; i < 5; i++) straight.roll(20, span);
    const restored = new Dice("ignored", straight.state());
    const expected = Array.from({ length: 10 }, () => straight.roll(20, span).value);
    expect(Array.from({ length: 10 }, () => restored.roll(20, span).value)).toEqual(expected);
    expect(expected.every((v) => v >= 1 && v <= 20)).toBe(true);
  });
});

describe("the game state", () => {
  const rules = `
    enum Side { attacker, defender }
    status routed
    kind Unit {
      name: text
      hp: int in 0..4 = 2
      side: Side = Side.attacker
      tags: list<text>
    }
    kind Army { name: text, units: list<Unit>, flying: bool }
    state {
      armies: list<Army>
      turn: int in 1..99 = 1
      units: list<Unit>
    }
    fn wound() { units[0].hp -= 1 }
    fn overheal() { units[0].hp = 9 }
    fn overturn() { turn += 99 }
    fn make() -> int { let u = Unit(name: "x", hp: 4 + 1)
      return 1 }
  `;
  const program = indexProgram(checked(rules));
  const full: Record<string, Json> = {
    armies: [{ name: "red", flying: true, units: [{ name: "orc", hp: 1, side: "defender", tags: ["x"], statuses: { routed: true } }] }],
    turn: 3,
    units: [{ name: "elf", hp: 4, side: "attacker", tags: [] }],
  };

  it("round-trips through JSON", () => {
    expect(validateState(program, full)).toEqual([]);
    expect(stateToJson(program, stateFromJson(program, full))).toEqual(full);
  });

  it("fills in defaults for fields the JSON leaves out", () => {
    const json = stateToJson(program, stateFromJson(program, { units: [{ name: "elf" }] }));
    expect(json).toEqual({ armies: [], turn: 1, units: [{ name: "elf", hp: 2, side: "attacker", tags: [] }] });
  });

  it("carries a run's changes into the state it returns", () => {
    const out = runScenario(program, { rules: "main.rules", run: "wound", state: full }, { seed: "1", trace: true });
    expect(out.error).toBeUndefined();
    expect((out.state!["units"] as { hp: number }[])[0]!.hp).toBe(3);
    expect(out.state!["armies"]).toEqual(full["armies"]);
  });

  it("rejects a wrong type with its JSON path and the declaration it breaks", () => {
    const problems = validateState(program, { units: [{ name: "elf", hp: "lots" }] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: "/units/0/hp", declaration: { name: "Unit.hp" } });
    expect(problems[0]!.message).toMatch(/integer/);
    expect(problems[0]!.declaration!.span.line).toBe(6);
  });

  it("rejects an out-of-range value", () => {
    const problems = validateState(program, { armies: [{ name: "red", units: [{ name: "orc", hp: 7 }] }] });
    expect(problems).toEqual([expect.objectContaining({ path: "/armies/0/units/0/hp", message: "must be <= 4", declaration: expect.objectContaining({ name: "Unit.hp" }) })]);
  });

  it("rejects an unknown enum member, an unknown field and a missing field", () => {
    const problems = validateState(program, { units: [{ name: "elf", side: "neutral", hpp: 2 }, { hp: 1 }] });
    const byPath = Object.fromEntries(problems.map((p) => [p.path, p]));
    expect(Object.keys(byPath).sort()).toEqual(["/units/0/hpp", "/units/0/side", "/units/1/name"]);
    expect(byPath["/units/0/side"]!.message).toBe('must be one of "attacker", "defender"');
    expect(byPath["/units/0/hpp"]!.message).toContain("did you mean `hp`?");
    expect(byPath["/units/1/name"]!.declaration!.name).toBe("Unit.name");
  });

  it("rejects a status that is not declared", () => {
    const problems = validateState(program, { units: [{ name: "elf", statuses: { routted: true } }] });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.path.startsWith("/units/0/statuses"))).toBe(true);
  });

  it("validates states of a program that declares no statuses", () => {
    const plain = indexProgram(checked("kind Unit { name: text }\nstate { units: list<Unit> }\n"));
    expect(validateState(plain, { units: [{ name: "a" }] })).toEqual([]);
    expect(validateState(plain, { units: [{ name: "a", statuses: { x: true } }] }).length).toBeGreaterThan(0);
  });

  it("reports state problems from a scenario instead of running it", () => {
    const out = runScenario(program, { rules: "main.rules", run: "wound", state: { turn: 0 } }, { seed: "1", trace: true });
    expect(out.stateProblems).toEqual([expect.objectContaining({ path: "/turn", declaration: expect.objectContaining({ name: "state.turn" }) })]);
    expect(out.trace).toEqual([]);
  });

  it("checks ranges when a field is assigned", () => {
    const over = runScenario(program, { rules: "main.rules", run: "overheal", state: full }, { seed: "1", trace: true });
    expect(over.error).toMatchObject({ code: "R0501", message: "`hp` would become 9, outside its declared range 0..4" });
    expect(over.error!.span!.line).toBe(17);
    const wounded = runScenario(program, { rules: "main.rules", run: "wound", state: { units: [{ name: "a", hp: 0 }] } }, { seed: "1", trace: true });
    expect(wounded.error!.message).toBe("`hp` would become -1, outside its declared range 0..4");
    const turn = runScenario(program, { rules: "main.rules", run: "overturn", state: {} }, { seed: "1", trace: true });
    expect(turn.error!.message).toBe("`turn` would become 100, outside its declared range 1..99");
  });

  it("checks ranges when an entity is made", () => {
    const out = runScenario(program, { rules: "main.rules", run: "make", state: {} }, { seed: "1", trace: true });
    expect(out.error).toMatchObject({ code: "R0501", message: "`hp` would become 5, outside its declared range 0..4" });
    // the error points at the construction, not at the field's declaration
    expect(out.error!.span?.line).toBe(19);
  });

  it("refuses to run a function that takes parameters", () => {
    const out = runScenario(indexProgram(checked("fn f(n: int) -> int = n\nfn g() -> int = 1\n")), { rules: "x", run: "f", state: {} }, { seed: "1", trace: false });
    expect(out.error).toMatchObject({ code: "E0402" });
    expect(out.error!.message).toBe('"run" must name a function without parameters: `f` takes parameters');
    const misspelt = runScenario(indexProgram(checked("fn g() -> int = 1\n")), { rules: "x", run: "h", state: {} }, { seed: "1", trace: false });
    expect(misspelt.error!.message).toBe('"run" must name a function without parameters: there is no function `h`; did you mean `g`?');
  });
});

describe("tables", () => {
  it("pick the first matching row, and its result may use the inputs", () => {
    const text = `
      enum Terrain { city, tower }
      table bonus(t: Terrain, n: int in 1..6) -> int {
        Terrain.city, 1..2 => 10,
        Terrain.city, _ => n * 2,
        _, 6 => 100,
        _, _ => 0 - n
      }
      example "rows" {
        expect bonus(Terrain.city, 2) == 10
        expect bonus(Terrain.city, 5) == 10
        expect bonus(Terrain.tower, 6) == 100
        expect bonus(Terrain.tower, 3) == -3
      }
    `;
    const r = passed(text, "rows");
    expect(r.trace.filter((t) => t.kind === "table").map((t) => [t.message, t.span.line])).toEqual([
      ["bonus(city, 2) -> 10", 4],
      ["bonus(city, 5) -> 10", 5],
      ["bonus(tower, 6) -> 100", 6],
      ["bonus(tower, 3) -> -3", 7],
    ]);
  });
});

describe("runtime errors in the rules", () => {
  it("are reported with a code and a span, not thrown", () => {
    const results = runExamples(
      checked(`
        table t(n: int in 1..3) -> int { 1 => 10 }
        example "no row" { expect t(2) == 0 }
        example "divide" { let z = 0
          expect 1 / z == 0 }
        example "index" { expect [1, 2][5] == 0 }
        example "empty max" { let xs: list<int> = []
          expect max(x in xs => x) == 0 }
      `),
    );
    expect(results.map((r) => [r.title, r.passed, r.failure?.code, r.failure?.message])).toEqual([
      ["no row", false, "R0501", "table `t` has no row for (2)"],
      ["divide", false, "R0501", "division by zero in `1 / z`"],
      ["index", false, "R0501", "index 5 is outside `[1, 2]`, which holds 2"],
      ["empty max", false, "R0501", "`max` found no item in `xs`; add `else value` for that case"],
    ]);
    expect(results.every((r) => r.failure!.span !== undefined)).toBe(true);
  });

  it("report a failed expectation with expected and actual", () => {
    const r = example('fn f() -> int = 2 + 2\nexample "maths" { expect f() == 5 }', "maths");
    expect(r.failure!.message).toBe("expected `f() == 5`\n    expected: 5\n    actual:   4");
    expect(r.failure!.code).toBeUndefined();
  });
});
