// How `choose` parses, and the scripted answers of examples and scenarios.
import { describe, expect, it } from "vitest";
import { compile, indexProgram, runExamples } from "../../src/pipeline.ts";
import { validateState } from "../../src/run/schema.ts";
import { checked, compileText, example, memoryHost } from "../support/helpers.ts";

const codes = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col}`);

describe("`choose` binds tightly", () => {
  it("compares the chosen option, not the option list", () => {
    const rules = `
      example "choose then compare" {
        force choices [2]
        expect choose "which?" from [1, 2] == 2
      }
    `;
    expect(example(rules, "choose then compare").failure).toBeUndefined();
  });
});

describe("a scenario's scripted choices", () => {
  const rules = `
    kind U { name: text }
    state { units: list<U> }
    fn pick() -> text {
      let u = choose "who withdraws?" from units
      let go = choose "withdraw?" from [true, false]
      return u.name + " " + str(go)
    }
  `;
  const state = { units: [{ name: "a" }, { name: "b" }] };
  it("answer decision points in order, by entity name or value, then fall back to the first option", async () => {
    const { runScenario } = await import("../../src/pipeline.ts");
    const program = indexProgram(checked(rules));
    expect(runScenario(program, { rules: "x", run: "pick", state, choices: ["b", false] }, { seed: "1", trace: true }).resultText).toBe("b false");
    expect(runScenario(program, { rules: "x", run: "pick", state, choices: ["b"] }, { seed: "1", trace: true }).resultText).toBe("b true");
    expect(runScenario(program, { rules: "x", run: "pick", state }, { seed: "1", trace: true }).resultText).toBe("a true");
  });
  it("report an answer that is not an option as R0503 at the decision point", async () => {
    const { runScenario } = await import("../../src/pipeline.ts");
    const out = runScenario(indexProgram(checked(rules)), { rules: "x", run: "pick", state, choices: ["c"] }, { seed: "1", trace: true });
    expect(out.error?.code).toBe("R0503");
    expect(out.error?.message).toBe('the scenario\'s choice "c" is not one of the options for "who withdraws?": U "a", U "b"');
    expect(out.error?.span?.line).toBe(5);
  });
});

describe("`force choices` with answers of different types", () => {
  const rules = `
    kind U { name: text }
    fn pick(us: list<U>) -> U {
      let answer = choose "take one?" from ["no", "yes"]
      if answer == "no" { return us[0] }
      return choose "which?" from us
    }
    example "a text answer, then an entity" {
      let u = U(name: "u")
      let w = U(name: "w")
      force choices ["yes", w]
      expect pick([u, w]) == w
    }
  `;
  it("answers each question in turn", () => {
    expect(example(rules, "a text answer, then an entity").failure).toBeUndefined();
  });
  it("still checks each answer's expression", () => {
    expect(codes(`example "x" {\n  force choices ["a", nope]\n}\n`)).toEqual(["E0101 2:23"]);
  });
});

describe("`force choices` names an entity as a scenario's choices do", () => {
  const rules = `kind U { name: text }
state { us: list<U> }
fn pick() -> U = choose "Which?" from us
example "by name" {
  us = [U(name: "Orc"), U(name: "Elf")]
  force choices ["Elf"]
  expect pick() == us[1]
}
example "a name that is no option" {
  us = [U(name: "Orc")]
  force choices ["Troll"]
  expect pick() == us[0]
}
`;
  it("picks the entity whose name is the scripted text", () => {
    expect(example(rules, "by name").failure).toBeUndefined();
  });
  it("reports a text that names no option in quotes, with the options", () => {
    expect(example(rules, "a name that is no option").failure?.message).toBe('the scripted choice "Troll" is not one of the options for "Which?": U "Orc"');
  });
});
