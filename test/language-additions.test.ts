// Later language additions: statuses bound to an event parameter, `choose` precedence, shadowing
// warnings, impossible dice, and undeclared statuses in a state.
import { describe, expect, it } from "vitest";
import { indexProgram } from "../src/pipeline.ts";
import { validateState } from "../src/schema.ts";
import { checked, compileText, example } from "./helpers.ts";

describe("a status bound to an event parameter (`until E(p)`)", () => {
  const rules = `
    kind U { name: text }
    event Activated(unit: U)
    status exhausted until Activated(unit)
    status spent for 2 Activated(unit)
    example "only the named unit's activation ends it" {
      let a = U(name: "a")
      let b = U(name: "b")
      apply exhausted to a
      apply exhausted to b
      emit Activated(b)
      expect a has exhausted
      expect not (b has exhausted)
      emit Activated(a)
      expect not (a has exhausted)
    }
    example "counts only the holder's activations" {
      let a = U(name: "a")
      let b = U(name: "b")
      apply spent to a
      emit Activated(b)
      emit Activated(b)
      expect a has spent
      emit Activated(a)
      expect a has spent
      emit Activated(a)
      expect not (a has spent)
    }
  `;
  it("expires only on emissions naming the holder", () => {
    const r = example(rules, "only the named unit's activation ends it");
    expect(r.failure).toBeUndefined();
    expect(r.trace.filter((t) => t.kind === "status" && t.message.includes("no longer")).map((t) => t.message)).toEqual([
      'U "b" is no longer exhausted (expired on Activated)',
      'U "a" is no longer exhausted (expired on Activated)',
    ]);
  });
  it("counts down `for N` per holder", () => {
    expect(example(rules, "counts only the holder's activations").failure).toBeUndefined();
  });
  it("reports a misspelt parameter with a suggestion", () => {
    const c = compileText(`kind U { name: text }\nevent Activated(unit: U)\nstatus s until Activated(unti)\n`);
    expect(c.program).toBeUndefined();
    const d = c.diagnostics.find((x) => x.code === "E0103")!;
    expect(d.message).toBe("event `Activated` has no parameter `unti`");
    expect(d.help).toBe("did you mean `unit`?");
    expect([d.span.line, d.span.col]).toEqual([3, 26]);
  });
});

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

describe("checker additions", () => {
  it("warns when a variable hides a state field", () => {
    const c = compileText(`state { units: int }\nfn f() -> int {\n  let units = 3\n  return units\n}\n`);
    expect(c.program).toBeDefined();
    const w = c.diagnostics.find((d) => d.code === "W0305")!;
    expect(w.severity).toBe("warning");
    expect([w.span.line, w.span.col]).toEqual([3, 7]);
  });
  it("rejects a die with no sides", () => {
    const c = compileText(`fn f() -> int = roll d0\nfn g() -> int = roll(0, 6)\n`);
    expect(c.diagnostics.filter((d) => d.code === "E0201").map((d) => d.message)).toEqual([
      "a roll needs at least 1 side, not 0",
      "a roll needs at least 1 die, not 0",
    ]);
  });
  it("reports a function that can end without returning", () => {
    const c = compileText(`fn f(x: int) -> int {\n  if x > 1 { return 2 } else if x > 0 { return 1 }\n}\nfn g(x: int) -> int {\n  if x > 1 { return 2 } else { return 1 }\n}\n`);
    expect(c.diagnostics.map((d) => [d.code, d.span.line, d.message])).toEqual([["E0205", 1, "`f` can reach its end without returning a value of type int"]]);
  });
});

describe("statuses in a state", () => {
  it("reject an undeclared status with its path and a suggestion", () => {
    const program = indexProgram(checked(`kind U { name: text }\nstate { units: list<U> }\nstatus diseased\n`));
    const problems = validateState(program, { units: [{ name: "a", statuses: { diseaesd: true } }] });
    expect(problems).toEqual([{ path: "/units/0/statuses/diseaesd", message: "is not a declared status: did you mean `diseased`?" }]);
  });
  it("accept no statuses at all when none are declared", () => {
    const program = indexProgram(checked(`kind U { name: text }\nstate { units: list<U> }\n`));
    expect(validateState(program, { units: [{ name: "a", statuses: {} }] })).toEqual([]);
    expect(validateState(program, { units: [{ name: "a", statuses: { x: true } }] })[0]!.message).toBe("is not a declared status");
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
    const { runScenario } = await import("../src/pipeline.ts");
    const program = indexProgram(checked(rules));
    expect(runScenario(program, { rules: "x", run: "pick", state, choices: ["b", false] }, { seed: "1", trace: true }).resultText).toBe("b false");
    expect(runScenario(program, { rules: "x", run: "pick", state, choices: ["b"] }, { seed: "1", trace: true }).resultText).toBe("b true");
    expect(runScenario(program, { rules: "x", run: "pick", state }, { seed: "1", trace: true }).resultText).toBe("a true");
  });
  it("report an answer that is not an option as R0503 at the decision point", async () => {
    const { runScenario } = await import("../src/pipeline.ts");
    const out = runScenario(indexProgram(checked(rules)), { rules: "x", run: "pick", state, choices: ["c"] }, { seed: "1", trace: true });
    expect(out.error?.code).toBe("R0503");
    expect(out.error?.message).toBe('the scenario\'s choice "c" is not one of the options for "who withdraws?": U "a", U "b"');
    expect(out.error?.span?.line).toBe(5);
  });
});
