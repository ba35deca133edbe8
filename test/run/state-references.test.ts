// One entity held in two places in state JSON: `"$id"` names it once, `{"$ref": id}` stands for it
// elsewhere; loading makes them one entity, and the final state writes the sharing back.
import { describe, expect, it } from "vitest";
import { checked } from "../support/helpers.ts";
import { indexProgram, runScenario } from "../../src/pipeline.ts";
import { validateState } from "../../src/run/schema.ts";
import { formatStateProblems } from "../../src/tools/report.ts";

const RULES = `
kind Unit {
  name: text
  hp: int
}
kind Hero {
  name: text
}
kind Army {
  name: text
  units: list<Unit>
  general: Unit
}
state {
  army: Army
  reserve: list<Unit>
  hero: Hero
}
fn wound() {
  army.general.hp -= 1
}
fn sameOne() -> bool = army.general == army.units[0]
fn twins() -> bool = reserve[0] == reserve[1]
`;
const program = indexProgram(checked(RULES));
// Loosely typed: the tests build states that are wrong on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const run = (state: any, fn = "wound") => runScenario(program, { rules: "x", run: fn, state }, { seed: "s", trace: false });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const shared: any = {
  army: { name: "north", units: [{ $id: "bors", name: "Bors", hp: 3 }, { name: "Cai", hp: 2 }], general: { $ref: "bors" } },
  hero: { name: "Ana" },
};

describe("entities held in two places", () => {
  it("are one entity: changed through one place, seen through the other", () => {
    const out = run(shared);
    expect(out.stateProblems).toBeUndefined();
    expect(out.error).toBeUndefined();
    expect(out.state).toEqual({
      army: { name: "north", units: [{ $id: "bors", name: "Bors", hp: 2 }, { name: "Cai", hp: 2 }], general: { $ref: "bors" } },
      reserve: [],
      hero: { name: "Ana" },
    });
  });

  it("compare by identity in rules", () => {
    expect(run(shared, "sameOne").result).toBe(true);
    const alike = { ...shared, reserve: [{ name: "X", hp: 1 }, { name: "X", hp: 1 }] };
    expect(run(alike, "twins").result).toBe(false);
    const same = { ...shared, reserve: [{ $id: "x", name: "X", hp: 1 }, { $ref: "x" }] };
    expect(run(same, "twins").result).toBe(true);
  });

  it("may be referred to before the place that gives its `$id`", () => {
    const out = run({ army: { name: "n", units: [], general: { $ref: "late" } }, reserve: [{ $id: "late", name: "L", hp: 5 }], hero: { name: "A" } });
    // The walk reaches the general first, so it is written in full there and referred to after.
    expect(out.state?.["army"]).toEqual({ name: "n", units: [], general: { $id: "late", name: "L", hp: 4 } });
    expect(out.state?.["reserve"]).toEqual([{ $ref: "late" }]);
  });
});

describe("the final state writes the sharing back", () => {
  it("gives a shared entity without an `$id` a generated one, in walk order, and loads back alike", () => {
    const rules = `${RULES}\nfn promote() {\n  army.general = army.units[1]\n  add army.units[0] to reserve\n}`;
    const p = indexProgram(checked(rules));
    const first = runScenario(p, { rules: "x", run: "promote", state: { army: { name: "n", units: [{ name: "A", hp: 1 }, { name: "B", hp: 1 }], general: { name: "G", hp: 1 } }, hero: { name: "H" } } }, { seed: "s", trace: false });
    expect(first.state).toEqual({
      army: { name: "n", units: [{ $id: "Unit-1", name: "A", hp: 1 }, { $id: "Unit-2", name: "B", hp: 1 }], general: { $ref: "Unit-2" } },
      reserve: [{ $ref: "Unit-1" }],
      hero: { name: "H" },
    });
    expect(validateState(p, first.state)).toEqual([]);
    // Loaded back, wounding the general wounds the second unit: the sharing survived.
    const again = runScenario(p, { rules: "x", run: "wound", state: first.state! }, { seed: "s", trace: false });
    expect(again.state?.["army"]).toEqual({ name: "n", units: [{ $id: "Unit-1", name: "A", hp: 1 }, { $id: "Unit-2", name: "B", hp: 0 }], general: { $ref: "Unit-2" } });
  });

  it("does not reuse a declared `$id` for a generated one", () => {
    const rules = `${RULES}\nfn share() {\n  add army.general to reserve\n}`;
    const p = indexProgram(checked(rules));
    const out = runScenario(p, { rules: "x", run: "share", state: { army: { name: "n", units: [{ $id: "Unit-1", name: "A", hp: 1 }], general: { name: "G", hp: 1 } }, hero: { name: "H" } } }, { seed: "s", trace: false });
    expect(out.state?.["army"]).toEqual({ name: "n", units: [{ $id: "Unit-1", name: "A", hp: 1 }], general: { $id: "Unit-2", name: "G", hp: 1 } });
    expect(out.state?.["reserve"]).toEqual([{ $ref: "Unit-2" }]);
  });

  it("writes an entity that holds itself with a `$ref` inside, and loads it back", () => {
    const p = indexProgram(checked(`kind Node {\n  name: text\n  next: list<Node>\n}\nstate {\n  head: Node\n}\nfn loop() {\n  add head to head.next\n}`));
    const out = runScenario(p, { rules: "x", run: "loop", state: { head: { name: "a" } } }, { seed: "s", trace: false });
    expect(out.state).toEqual({ head: { $id: "Node-1", name: "a", next: [{ $ref: "Node-1" }] } });
    expect(validateState(p, out.state)).toEqual([]);
  });
});

describe("E0403: references that do not fit", () => {
  const problems = (state: unknown) => validateState(program, state).map((p) => `${p.code ?? "E0401"} ${p.path} ${p.message}`);

  it("an unknown `$ref`, with a did-you-mean among the declared ids", () => {
    expect(problems({ ...shared, army: { ...shared.army, general: { $ref: "bros" } } })).toEqual([
      'E0403 /army/general/$ref names "bros", but no entity in the state has that `$id`: did you mean `bors`?',
    ]);
  });

  it("an `$id` given twice, at the second", () => {
    expect(problems({ ...shared, reserve: [{ $id: "bors", name: "B2", hp: 1 }] })).toEqual([
      'E0403 /reserve/0/$id gives the id "bors" a second time: it already names the `Unit` at `/army/units/0`',
    ]);
  });

  it("a `$ref` to an entity of another kind", () => {
    expect(problems({ army: { ...shared.army, general: { $ref: "ana" } }, hero: { $id: "ana", name: "Ana" } })).toEqual([
      'E0403 /army/general/$ref names "ana", a `Hero` (at `/hero`), but a `Unit` is expected here',
    ]);
  });

  it("prints with its own code", () => {
    expect(formatStateProblems(validateState(program, { ...shared, army: { ...shared.army, general: { $ref: "zzz" } } }))).toBe(
      'error[E0403]: the state at `/army/general/$ref` names "zzz", but no entity in the state has that `$id`',
    );
  });

  it("stops a scenario before it runs", () => {
    const out = run({ ...shared, army: { ...shared.army, general: { $ref: "nobody" } } });
    expect(out.stateProblems?.map((p) => p.code)).toEqual(["E0403"]);
    expect(out.state).toBeUndefined();
  });
});

describe("the derived schema", () => {
  const problems = (state: unknown) => validateState(program, state).map((p) => `${p.code ?? "E0401"} ${p.path} ${p.message}`);

  it("accepts `$id` on a kind object and `{\"$ref\": id}` where a kind is expected", () => {
    expect(problems(shared)).toEqual([]);
  });

  it("rejects a `$ref` that is not text, fields beside a `$ref`, and a non-text `$id`", () => {
    expect(problems({ ...shared, army: { ...shared.army, general: { $ref: 3 } } })).toEqual(["E0401 /army/general/$ref must be text: the `$id` of an entity given elsewhere in the state"]);
    expect(problems({ ...shared, army: { ...shared.army, general: { $ref: "bors", hp: 2 } } })).toEqual([
      'E0401 /army/general/hp is beside a `$ref`: a reference `{"$ref": id}` holds nothing else; give the fields where the entity has its `$id`',
    ]);
    expect(problems({ ...shared, hero: { $id: 7, name: "A" } })).toEqual(["E0401 /hero/$id must be a string"]);
  });

  it("still reports a bad field of a kind object in the kind's terms", () => {
    expect(problems({ ...shared, hero: { nmae: "A" } })).toEqual(["E0401 /hero/name is missing, and the field has no default", "E0401 /hero/nmae is not a field of `Hero`: did you mean `name`?"]);
  });
});
