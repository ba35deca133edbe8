// How the interpreter's runs are driven: forced dice, scripted choices, the step budget, determinism,
// and the game state as JSON. The semantics of the rules themselves are in run/interpreter.test.ts.
import { describe, expect, it } from "vitest";
import { indexProgram, runScenario, type Scenario } from "../../src/pipeline.ts";
import { Dice } from "../../src/run/dice.ts";
import { Interpreter } from "../../src/run/interpreter.ts";
import { initialState, stateFromJson, stateToJson, type Json } from "../../src/run/state.ts";
import { formatTrace } from "../../src/run/trace.ts";
import { validateState } from "../../src/run/schema.ts";
import { checked, example, examples } from "../support/helpers.ts";
import { passed, scenario } from "../support/runtime-helpers.ts";

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

  it("says a bad member of an optional enum once, not also 'must be a null' and 'must match a schema in anyOf'", () => {
    const optional = indexProgram(checked("enum Bane { dragon, undead }\nkind Unit { name: text, bane: Bane? }\nstate { units: list<Unit> }\n"));
    expect(validateState(optional, { units: [{ name: "a", bane: "dragonn" }] })).toEqual([expect.objectContaining({ path: "/units/0/bane", message: 'must be one of "dragon", "undead"' })]);
    expect(validateState(optional, { units: [{ name: "a", bane: null }, { name: "b", bane: "undead" }] })).toEqual([]);
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
