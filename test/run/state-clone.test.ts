// A simulation's runs each copy the state converted once (src/run/state-clone.ts): a copy must be
// what converting the JSON again would make. An entity held in two places stays one entity in the copy,
// and no run sees another's changes.
import { describe, expect, it } from "vitest";
import { checked } from "../support/helpers.ts";
import { indexProgram, runScenario, scenarioRunner, type Scenario } from "../../src/pipeline.ts";
import { cloneState, keptCopiers } from "../../src/run/state-clone.ts";
import { Entity } from "../../src/core/values.ts";

const RULES = `
kind Unit {
  name: text
  hp: int
  friends: list<Unit>
}
state {
  units: list<Unit>
  general: Unit
}
fn wound() -> int {
  general.hp -= 1
  units[1].hp -= 2
  return units[0].hp * 10 + units[1].hp
}
`;
const program = indexProgram(checked(RULES));

const runTwice = (state: object) => {
  const scenario = { rules: "x", run: "wound", state } as unknown as Scenario;
  const runner = scenarioRunner(program, scenario, "compiled");
  if (!("battle" in runner)) throw new Error("the scenario does not run");
  const fresh = runScenario(program, scenario, { seed: "s", trace: false });
  return { first: runner.battle("s"), second: runner.battle("s"), fresh };
};

describe("copies of a converted state", () => {
  it("keep an entity held in two places one entity, run after run", () => {
    const { first, second, fresh } = runTwice({
      units: [{ $id: "a", name: "A", hp: 5, friends: [{ $ref: "a" }] }, { name: "B", hp: 4 }],
      general: { $ref: "a" },
    });
    expect(first.result).toBe(42);
    expect(second.result).toBe(42);
    expect(first.state).toEqual({ units: [{ $id: "a", name: "A", hp: 4, friends: [{ $ref: "a" }] }, { name: "B", hp: 2, friends: [] }], general: { $ref: "a" } });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(JSON.stringify(fresh.state)).toBe(JSON.stringify(first.state));
  });

  it("copy an unshared state as a tree, run after run", () => {
    const { first, second, fresh } = runTwice({ units: [{ name: "A", hp: 5, friends: [{ name: "C", hp: 1 }] }, { name: "B", hp: 4 }], general: { name: "G", hp: 3 } });
    expect(first.result).toBe(52);
    expect(second.result).toBe(52);
    expect(first.state).toEqual({ units: [{ name: "A", hp: 5, friends: [{ name: "C", hp: 1, friends: [] }] }, { name: "B", hp: 2, friends: [] }], general: { name: "G", hp: 2, friends: [] } });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(JSON.stringify(fresh.state)).toBe(JSON.stringify(first.state));
  });
});

describe("the copiers of entity fields", () => {
  it("stay bounded however many field lists a process copies, and every copy is still exact", () => {
    // Entities with 600 different lists of field names (states from strangers, copied in one process).
    for (let i = 0; i < 600; i++) {
      const fields = { [`f${i}`]: i, ["__proto__"]: i + 1, constructor: `c${i}` };
      // The first entity held twice: a shared state is copied by the walk, whose copiers these are.
      const first = new Entity("E", fields);
      const state = [first, [new Entity("E", { [`g${i}`]: [i, i + 1] })], first];
      const copy = cloneState(state);
      expect(copy).not.toBe(state);
      expect(copy[2]).toBe(copy[0]);
      expect((copy[0] as Entity).fields[`f${i}`]).toBe(i);
      expect((copy[0] as Entity).fields["constructor"]).toBe(`c${i}`);
      expect(Object.getOwnPropertyDescriptor((copy[0] as Entity).fields, "__proto__")?.value).toBe(i + 1);
      const listCopy = ((copy[1] as Entity[])[0]!).fields[`g${i}`];
      expect(listCopy).toEqual([i, i + 1]);
      expect(listCopy).not.toBe(((state[1] as Entity[])[0]!).fields[`g${i}`]);
    }
    expect(keptCopiers()).toBeLessThanOrEqual(256);
    expect(keptCopiers()).toBeGreaterThan(0);
  });
});

describe("the whole copy of a state that shares no entity", () => {
  it("is a fresh tree equal to the walk's, its ids and statuses' timers copied, its lists new", () => {
    const timer = { left: 2 };
    const make = () => {
      const a = new Entity("Unit", { name: "A", hp: 5, friends: [] });
      a.id = "a";
      a.statuses.set("weary", timer);
      const b = new Entity("Unit", { name: "B", hp: 4, friends: [a] });
      return [[b], null, 3, "x"];
    };
    const state = make();
    const copy = cloneState(state);
    const again = cloneState(state);
    expect(copy).toEqual(make());
    expect(again).toEqual(copy);
    const b = (copy[0] as Entity[])[0]!;
    const a = (b.fields["friends"] as Entity[])[0]!;
    expect(a).not.toBe(((state[0] as Entity[])[0]!.fields["friends"] as Entity[])[0]);
    expect(a).not.toBe((((again[0] as Entity[])[0]!).fields["friends"] as Entity[])[0]);
    expect(a.id).toBe("a");
    expect(a.statuses.get("weary")).toEqual(timer);
    expect(a.statuses.get("weary")).not.toBe(timer);
    expect(Object.keys(b.fields)).toEqual(["name", "hp", "friends"]);
    expect(copy[0]).not.toBe(again[0]);
  });
});
