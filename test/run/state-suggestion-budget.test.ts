// Did-you-mean in state validation is bounded as the checker's is (src/core/suggestion-budget.ts): a state of
// many misspelt keys or unknown `$ref` ids gets a suggestion for the first SUGGESTIONS_PER_FILE only, so
// its validation is not quadratic (issue 14, large files); the problems themselves are all reported.
import { describe, expect, it } from "vitest";
import { indexProgram } from "../../src/pipeline.ts";
import { validateState } from "../../src/run/schema.ts";
import { SUGGESTIONS_PER_FILE } from "../../src/core/suggestion-budget.ts";
import { checked } from "../support/helpers.ts";

const rules = "kind Unit {\n  hp: int = 1\n  leader: Unit?\n}\nstate { units: list<Unit> }\n";

describe("did-you-mean in state problems", () => {
  it("suggests a field for the first misspelt keys only, and reports every one", () => {
    const program = indexProgram(checked(rules));
    const units = Array.from({ length: SUGGESTIONS_PER_FILE + 50 }, () => ({ hpp: 1 }));
    const problems = validateState(program, { units }).filter((x) => x.message.startsWith("is not a field of `Unit`"));
    expect(problems.length).toBe(SUGGESTIONS_PER_FILE + 50);
    expect(problems[0]).toMatchObject({ path: "/units/0/hpp", message: "is not a field of `Unit`: did you mean `hp`?" });
    expect(problems.filter((x) => x.message.includes("did you mean")).length).toBe(SUGGESTIONS_PER_FILE);
    expect(problems.at(-1)).toMatchObject({ path: `/units/${SUGGESTIONS_PER_FILE + 49}/hpp`, message: "is not a field of `Unit`" });
  });

  it("suggests an `$id` for the first unknown references only", () => {
    const program = indexProgram(checked(rules));
    const n = SUGGESTIONS_PER_FILE + 10;
    const units = [{ $id: "alpha" }, ...Array.from({ length: n }, () => ({ leader: { $ref: "alpah" } }))];
    const problems = validateState(program, { units });
    expect(problems.length).toBe(n);
    expect(problems[0]!.message).toBe('names "alpah", but no entity in the state has that `$id`: did you mean `alpha`?');
    expect(problems.at(-1)!.message).toBe('names "alpah", but no entity in the state has that `$id`');
  });
});
