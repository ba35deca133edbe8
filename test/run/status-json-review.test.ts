// A status instance in state JSON with more ending events (`"or"`) but no `"until"` is refused: it loaded
// and ran by the declared expiry, and writing the state back dropped the `or` (found by review).
import { describe, expect, it } from "vitest";
import { indexProgram, loadScenario, runScenario } from "../../src/pipeline.ts";
import { checked } from "../support/helpers.ts";
import type { Json } from "../../src/run/state.ts";
import { memoryFileHost } from "../../src/tools/service/memory-host.ts";

const RULES = "kind Unit { name: text }\nevent Slain(u: Unit)\nstatus frightened(level: int) stacks highest\nstate { units: list<Unit> }\nfn noop() -> int = len(units)\n";
const scenario = (frightened: object) => JSON.stringify({ rules: "p.rules", run: "noop", state: { units: [{ name: "A", statuses: { frightened } }] } });
const load = (frightened: object) => loadScenario("s.json", memoryFileHost({ "p.rules": RULES, "s.json": scenario(frightened) })).diagnostics.map((d) => `${d.code} ${d.message}`);

describe("a status instance's more ending events", () => {
  it("need the first one, `until`", () => {
    expect(load({ values: { level: 2 }, or: [{ until: "Slain" }] })).toEqual(["E0401 the state at `/units/0/statuses/frightened/until` is missing: name the event that counts the status down"]);
    expect(load({ values: { level: 2 }, until: "Slain", or: [{ until: "Slain" }] })).toEqual([]);
    expect(load({ values: { level: 2 } })).toEqual([]);
  });
});

describe("a status instance's bad values are reported where they are, not as a missing `until`", () => {
  it("a missing value, a value of the wrong type, values not an object, a source kind that is none", () => {
    expect(load({ values: {} })).toEqual(["E0401 the state at `/units/0/statuses/frightened/values/level` is missing"]);
    expect(load({ values: { level: "x" } })).toEqual(["E0401 the state at `/units/0/statuses/frightened/values/level` must be an integer"]);
    expect(load({ values: [2] })).toEqual(["E0401 the state at `/units/0/statuses/frightened/values` must be an object"]);
    expect(load({ values: { level: 1 }, from: 1, fromKind: "__proto__" })).toEqual(['E0401 the state at `/units/0/statuses/frightened/fromKind` must be one of "Unit"']);
  });

  it("a source given with its kind is state JSON of that kind", () => {
    expect(load({ values: { level: 1 }, from: 5, fromKind: "Unit" })).toEqual(["E0401 the state at `/units/0/statuses/frightened/from` must be an object"]);
    expect(load({ values: { level: 1 }, from: { name: 7 }, fromKind: "Unit" })).toEqual(["E0401 the state at `/units/0/statuses/frightened/from/name` must be a string"]);
    expect(load({ values: { level: 1 }, from: { name: "B" }, fromKind: "Unit" })).toEqual([]);
  });
});

describe("a status's source without `fromKind`", () => {
  const RULES2 = "kind Unit { name: text }\nkind Dragon { name: text }\nevent Slain(u: Unit)\nstatus frightened(level: int) stacks separate until Slain(u)\nstate { units: list<Unit>, dragons: list<Dragon> }\nfn slay() { emit Slain(units[0]) }\nfn fromRed() -> bool = units[0] has frightened from dragons[0]\n";
  const state = (from: Json): Record<string, Json> => ({ units: [{ name: "A", statuses: { frightened: { values: { level: 2 }, from } } }], dragons: [{ $id: "red", name: "Red" }] });
  const program = indexProgram(checked(RULES2));
  const run = (from: Json, fn = "slay") => runScenario(program, { rules: "x", run: fn, state: state(from) }, { seed: "s", trace: true });

  it("a `{\"$ref\": ...}` is the entity of that `$id`, whatever its kind; one naming no `$id` is reported at its path", () => {
    expect(run({ $ref: "red" }, "fromRed").result).toBe(true);
    expect(run({ $ref: "blue" }).stateProblems?.map((p) => `${p.code} ${p.path} ${p.message}`)).toEqual(['E0403 /units/0/statuses/frightened/from/$ref names "blue", but no entity in the state has that `$id`']);
    expect(run({ $ref: "blue" }, "fromRed").stateProblems?.length).toBe(1);
  });

  it("a `{\"$ref\": ...}` given with `fromKind` is checked too, for its kind", () => {
    const out = runScenario(program, { rules: "x", run: "slay", state: { units: [{ $id: "a", name: "A", statuses: { frightened: { values: { level: 2 }, from: { $ref: "a" }, fromKind: "Dragon" } } }], dragons: [] } }, { seed: "s", trace: false });
    expect(out.stateProblems?.map((p) => `${p.code} ${p.path} ${p.message}`)).toEqual(['E0403 /units/0/statuses/frightened/from/$ref names "a", a `Unit` (at `/units/0`), but a `Dragon` is expected here']);
  });

  it("other JSON is the source as written, and the trace shows it as written", () => {
    const out = run({ banner: "red", n: 2 });
    expect(out.error).toBeUndefined();
    expect(out.trace.map((l) => l.message).join("\n")).toContain('frightened(2) from {"banner":"red","n":2}');
    expect(out.trace.map((l) => l.message).join("\n")).not.toContain("[object Object]");
  });
});

describe("a status instance's more ending events (`or`) are checked as the first one is", () => {
  const RULES3 = "kind Unit { name: text }\nkind Dragon { name: text }\nevent Slain(u: Unit)\nevent Fled(d: Dragon, turns: int)\nstatus frightened(level: int) stacks highest\nstate { units: list<Unit> }\nfn noop() -> int = len(units)\n";
  const load3 = (frightened: object) => loadScenario("s.json", memoryFileHost({ "p.rules": RULES3, "s.json": JSON.stringify({ rules: "p.rules", run: "noop", state: { units: [{ name: "A", statuses: { frightened } }] } }) })).diagnostics.map((d) => `${d.code} ${d.message}`);
  const at = "/units/0/statuses/frightened";
  it("a matched value of its event's parameter type, a parameter the event has, one at most, a holder that is an entity", () => {
    expect(load3({ values: { level: 1 }, until: "Slain", or: [{ until: "Fled", turns: 2 }] })).toEqual([]);
    expect(load3({ values: { level: 1 }, until: "Slain", or: [{ until: "Fled", holder: "d" }] })).toEqual([]);
    expect(load3({ values: { level: 1 }, until: "Slain", or: [{ until: "Fled", turns: "x" }] })).toEqual([`E0401 the state at \`${at}/or/0/turns\` must be an integer`]);
    expect(load3({ values: { level: 1 }, until: "Slain", or: [{ until: "Fled", turnz: 2 }] })).toEqual([`E0401 the state at \`${at}/or/0/turnz\` is not a parameter of \`Fled\`: did you mean \`turns\`?`]);
    expect(load3({ values: { level: 1 }, until: "Slain", or: [{ until: "Fled", turns: 2, d: { name: "R" } }] })).toEqual([`E0401 the state at \`${at}/or/0\` may name at most one parameter to match, besides \`until\``]);
    expect(load3({ values: { level: 1 }, until: "Slain", or: [{ until: "Fled", holder: "turns" }] })).toEqual([`E0401 the state at \`${at}/or/0/holder\` must be one of "d"`]);
  });
});
