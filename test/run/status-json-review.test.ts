// A status instance in state JSON with more ending events (`"or"`) but no `"until"` is refused: it loaded
// and ran by the declared expiry, and writing the state back dropped the `or` (found by review).
import { describe, expect, it } from "vitest";
import { loadScenario } from "../../src/pipeline.ts";
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
