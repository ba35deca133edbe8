// `x has S` written out in generated code (src/run/compiled/generate-expressions.ts, genHas): the same
// answers and trace as the tree-walker. (Its R0501 for a non-entity mirrors the closure's; the
// checker refuses a `none` there, E0240, so no checked program reaches it.)
import { describe, expect, it } from "vitest";
import { CompiledRun } from "../../../src/run/compiled/run.ts";
import { indexProgram } from "../../../src/pipeline.ts";
import { Interpreter } from "../../../src/run/interpreter.ts";
import { initialState } from "../../../src/run/state.ts";
import { RuleError } from "../../../src/core/values.ts";
import { checked } from "../../support/helpers.ts";

const RULES = `kind Unit { name: text }
status stunned
fn stunnedOf(u: Unit) -> bool = u has stunned
example "a stunned unit has it, another not" {
  let a = Unit(name: "A")
  let b = Unit(name: "B")
  apply stunned to a
  expect stunnedOf(a)
  expect not stunnedOf(b)
}
example "a cleared status is gone" {
  let a = Unit(name: "A")
  apply stunned to a
  clear stunned from a
  expect stunnedOf(a)
}
`;

function outcomes(engine: "tree" | "compiled") {
  const program = indexProgram(checked(RULES));
  return program.examples.map((ex) => {
    const run = engine === "tree" ? new Interpreter(program, initialState(program), { seed: ex.title }) : new CompiledRun(program, initialState(program), { seed: ex.title });
    try {
      run.runExample(ex);
      return { title: ex.title, passed: true, trace: run.trace };
    } catch (err) {
      return { title: ex.title, code: err instanceof RuleError ? err.code : undefined, message: (err as Error).message, span: (err as RuleError).span, trace: run.trace };
    }
  });
}

describe("`x has S` compiled", () => {
  it("answers as the tree-walker", () => {
    const tree = outcomes("tree");
    const compiled = outcomes("compiled");
    expect(compiled).toEqual(tree);
    expect(compiled[0]).toMatchObject({ passed: true });
    expect(compiled[1]).toMatchObject({ message: "expected `stunnedOf(a)` to be true, but it is false" });
  });
});
