// Statuses as instances at run time: values, sources, the four stacking policies, `until A or B`, and the
// trace lines they write.
import { describe, expect, it } from "vitest";
import { checked, example } from "../support/helpers.ts";
import { indexProgram, runScenario } from "../../src/pipeline.ts";
import { stateFromJson, stateToJson, type Json } from "../../src/run/state.ts";
import { validateState } from "../../src/run/schema.ts";
import { loadProgram, saveProgram } from "../../src/run/saved-program.ts";
import { INSTANCE_RULES } from "../support/status-instances.ts";

const statusLines = (r: { trace: { kind: string; message: string }[] }) => r.trace.filter((t) => t.kind === "status").map((t) => t.message);

function passed(title: string) {
  const r = example(INSTANCE_RULES, title);
  expect(r.failure, `example "${title}"`).toBeUndefined();
  return r;
}

describe("statuses as instances", () => {
  it("reads `highest` as the strongest instance and `sum` as their total, each ending on its own timer", () => {
    expect(statusLines(passed("highest and sum"))).toEqual([
      'Unit "Hero" is now frightened(2) from Dragon "Red"',
      'Unit "Hero" is now frightened(1) from Dragon "Blue"',
      'Unit "Hero" is now weakened(2)',
      'Unit "Hero" is now weakened(1)',
      'Unit "Hero" is no longer frightened(2) from Dragon "Red" (expired on RoundEnds)',
      'Unit "Hero" is no longer frightened(1) from Dragon "Blue" (expired on RoundEnds)',
      'Unit "Hero" is no longer weakened(2) (expired on RoundEnds)',
      'Unit "Hero" is no longer weakened(1) (expired on RoundEnds)',
    ]);
  });

  it("keeps one instance per source under `separate`: removing one source leaves the other", () => {
    expect(statusLines(passed("separate sources"))).toEqual([
      'Unit "Hero" is now shaken from Dragon "Red" (until Slain(dragon: Dragon "Red") or OutOfSight(dragon: Dragon "Red"))',
      'Unit "Hero" is now shaken from Dragon "Blue" (until Slain(dragon: Dragon "Blue") or OutOfSight(dragon: Dragon "Blue"))',
      'Unit "Hero" is no longer shaken from Dragon "Red" (expired on OutOfSight)',
      'Unit "Hero" is no longer shaken from Dragon "Blue"',
    ]);
  });

  it("replaces the one instance under `refresh`, its value and source with it", () => {
    passed("refresh");
  });

  it("ends a declared `until A(p) or B` on whichever comes first", () => {
    expect(statusLines(passed("a declared expiry on either of two events"))).toEqual([
      'Dragon "Red" is now dazed',
      'Dragon "Red" is no longer dazed (expired on Slain)',
      'Dragon "Red" is now dazed',
      'Dragon "Red" is no longer dazed (expired on RoundEnds)',
    ]);
  });

  it("fails an example whose expectation the stacking contradicts", () => {
    const wrong = INSTANCE_RULES.replace("expect statusValue(hero, weakened) == 3\n  expect penalty", "expect statusValue(hero, weakened) == 2\n  expect penalty");
    expect(example(wrong, "highest and sum").failure).toBeDefined();
  });
});

describe("statuses as instances in state JSON", () => {
  const program = indexProgram(checked(INSTANCE_RULES));
  const dragons = { red: { $id: "red", name: "Red" }, blue: { $id: "blue", name: "Blue" } };

  it("reads and writes several instances with values and sources, and the old forms as they were", () => {
    const state: Record<string, Json> = {
      ...dragons,
      hero: {
        name: "Hero",
        statuses: {
          frightened: [
            { values: { level: 2 }, from: { $ref: "red" }, fromKind: "Dragon" },
            { values: { level: 1 }, from: { $ref: "blue" }, fromKind: "Dragon" },
          ],
          weakened: { left: 2, values: { level: 3 } },
          afraid: true,
        },
      },
    };
    expect(validateState(program, state)).toEqual([]);
    expect(stateToJson(program, stateFromJson(program, state))).toEqual(state);
  });

  it("carries instances through a run: clearing one source of a loaded state leaves the other", () => {
    const r = runScenario(
      program,
      { rules: "main.rules", run: "hunt", state: { ...dragons, hero: { name: "Hero", statuses: { shaken: [{ from: { $ref: "red" }, fromKind: "Dragon" }, { from: { $ref: "blue" }, fromKind: "Dragon" }] } } } },
      { seed: "1", trace: true },
    );
    expect(r.error).toBeUndefined();
    expect((r.state as Record<string, Json>)["hero"]).toEqual({ name: "Hero", statuses: { shaken: { from: { $ref: "blue" }, fromKind: "Dragon" } } });
  });

  it("rejects a misspelt key of an instance", () => {
    const bad = validateState(program, { ...dragons, hero: { name: "Hero", statuses: { frightened: { vaules: { level: 1 }, from: 3 } } } });
    expect(bad.map((x) => `${x.path} ${x.message}`)).toEqual(["/hero/statuses/frightened/vaules is not a key of a status instance (`values`, `from`, `fromKind`, `or`, `left`, `until`, `holder`): did you mean `values`?"]);
    expect(validateState(program, { ...dragons, hero: { name: "Hero", statuses: { frightened: { values: { level: 1 }, from: 3 } } } })).toEqual([]);
  });

  it("rejects values a status does not declare", () => {
    const bad = validateState(program, { ...dragons, hero: { name: "Hero", statuses: { shaken: { values: { level: 1 } } } } });
    expect(bad.length).toBeGreaterThan(0);
  });
});

describe("statuses as instances in a saved program", () => {
  it("loads the new shapes (values, sources, policies, `or` events) and runs every example as before", () => {
    const saved = loadProgram(saveProgram(checked(INSTANCE_RULES)));
    if ("error" in saved) throw new Error(saved.error);
    const program = indexProgram(saved.files);
    expect(program.examples.map((ex) => ex.title)).toHaveLength(4);
    const r = runScenario(program, { rules: "main.rules", run: "hunt", state: { red: { $id: "red", name: "Red" }, blue: { $id: "blue", name: "Blue" }, hero: { name: "Hero", statuses: { shaken: [{ from: { $ref: "red" }, fromKind: "Dragon" }] } } } }, { seed: "1", trace: true });
    expect(r.error).toBeUndefined();
    expect((r.state as Record<string, Json>)["hero"]).toEqual({ name: "Hero" });
  });

  it("refuses a saved `from:` whose place is past the status's parameters", () => {
    const json = JSON.parse(saveProgram(checked(INSTANCE_RULES))) as unknown;
    let changed = 0;
    const visit = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(visit);
      if (typeof v !== "object" || v === null) return;
      const o = v as Record<string, unknown>;
      if (o["kind"] === "named" && (o["name"] as { text?: string })?.text === "from" && typeof o["index"] === "number") {
        o["index"] = 99;
        changed++;
      }
      Object.values(o).forEach(visit);
    };
    visit(json);
    expect(changed).toBeGreaterThan(0);
    const text = JSON.stringify(json);
    const loaded = loadProgram(text);
    expect("error" in loaded && loaded.error).toMatch(/99/);
  });
});
