// A bad `statuses` value in a state is blamed on the declaration it breaks: the status for a bad value
// of one status, the entity's kind for a `"statuses"` that is not an object. It used to be blamed on
// the field that holds the entity (`state.army`), which says nothing about statuses.
import { describe, expect, it } from "vitest";
import { loadScenario } from "../../src/pipeline.ts";
import { memoryHost } from "../support/helpers.ts";

const RULES = `kind Unit {
  name: text
  hp: int
}
status stunned
state {
  army: list<Unit>
  hero: Unit
}
fn go() -> int = 1
`;

function problems(statuses: string): string[] {
  const state = `{"army": [{"name": "a", "hp": 1, "statuses": ${statuses}}], "hero": {"name": "b", "hp": 2}}`;
  const loaded = loadScenario("s.json", memoryHost({ "main.rules": RULES, "s.json": `{"rules": "main.rules", "run": "go", "state": ${state}}` }));
  return loaded.diagnostics.map((d) => `${d.code} ${d.message} | ${d.help}`);
}

describe("a bad statuses value", () => {
  it("that is not an object breaks the entity's kind, not the field holding the entity", () => {
    expect(problems("5")).toEqual(["E0401 the state at `/army/0/statuses` must be an object | the value breaks the declaration of `Unit` at main.rules:1:1"]);
    expect(problems("[]")).toEqual(["E0401 the state at `/army/0/statuses` must be an object | the value breaks the declaration of `Unit` at main.rules:1:1"]);
  });

  it("of one status breaks that status's declaration", () => {
    expect(problems('{"stunned": "long"}')).toEqual([
      'E0401 the state at `/army/0/statuses/stunned` must be `true`, how many more events it lasts (1 or more), or an object like `{"left": 1, "until": "RoundEnds"}` | the value breaks the declaration of `stunned` at main.rules:5:1',
    ]);
  });
});
