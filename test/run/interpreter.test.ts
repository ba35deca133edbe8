// The interpreter's documented semantics: modifier stacking, event timing, status expiry, tables, and
// errors in the rules. How a run is driven (dice, choices, budget, determinism, state) is in
// run/driving-runs.test.ts.
import { describe, expect, it } from "vitest";
import { runExamples } from "../../src/pipeline.ts";
import { checked, example } from "../support/helpers.ts";
import { passed, scenario } from "../support/runtime-helpers.ts";

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
