// `multiply Icon.m by n` on a tally (and a negative factor), and joining lists with `+`.
import { describe, expect, it } from "vitest";
import { compile, indexProgram, runExamples } from "../../src/pipeline.ts";
import { validateState } from "../../src/run/schema.ts";
import { checked, compileText, example, memoryHost } from "../support/helpers.ts";

const codes = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col}`);

describe("`multiply Icon.m by n` on a tally", () => {
  const rules = `
    enum Icon { melee, save }
    value saves(tripled: bool, t: tally<Icon>) -> tally<Icon> = t
    modifier triple for saves when tripled : multiply Icon.save by 3
    example "tripled saves" {
      expect saves(true, Icon(save: 2, melee: 1)) == Icon(save: 6, melee: 1)
      expect saves(false, Icon(save: 2)) == Icon(save: 2)
    }
  `;
  it("multiplies only the named member, and says so in the trace", () => {
    const r = example(rules, "tripled saves");
    expect(r.failure).toBeUndefined();
    expect(r.trace.filter((t) => t.kind === "modifier").map((t) => t.message)).toEqual(["saves: Icon(melee: 1, save: 2) -> Icon(melee: 1, save: 6) (multiply save by 3)"]);
  });
});

describe("`multiply ... by` with a negative factor", () => {
  it("stops with R0501 at the modifier, since a count cannot be negative", () => {
    const r = example(
      `enum Icon { save }
      value s(n: int, t: tally<Icon>) -> tally<Icon> = t
      modifier m for s : multiply Icon.save by n
      example "negative" { expect s(-1, Icon(save: 2)) == Icon() }`,
      "negative",
    );
    expect(r.failure?.message).toBe("a count cannot be negative, but `multiply save by -1` would make it so");
    expect(r.failure?.span?.line).toBe(3);
  });
});

describe("joining lists with `+`", () => {
  it("makes a new list of both, in order, leaving the operands as they were", () => {
    const r = example(
      `example "join" {
        let a = [1, 2]
        let b = a + [3]
        expect b == [1, 2, 3]
        expect a == [1, 2]
        let empty: list<int> = []
        expect empty + a == a
      }`,
      "join",
    );
    expect(r.failure).toBeUndefined();
  });
  it("rejects lists of different element types (E0201)", () => {
    expect(codes(`kind U { n: int }\nfn f(us: list<U>) -> list<U> = us + [1]\n`)).toEqual(["E0201 2:37"]);
  });
});
