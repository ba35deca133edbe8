// Later language additions: statuses bound to an event parameter, `choose` precedence, shadowing
// warnings, impossible dice, and undeclared statuses in a state.
import { describe, expect, it } from "vitest";
import { compile, indexProgram, runExamples } from "../src/pipeline.ts";
import { validateState } from "../src/schema.ts";
import { checked, compileText, example, memoryHost } from "./helpers.ts";

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

describe("fixes from the reference review", () => {
  it("asks an `=` function to declare what it produces", () => {
    const c = compileText("fn double(n: int) = n * 2\n");
    const d = c.diagnostics.find((x) => x.code === "E0205")!;
    expect(d.message).toBe("`double` is written with `=`, so it must declare what it produces");
    expect(d.help).toBe("add `-> int` before the `=`");
  });
  it("accepts only enum members, not other fields, as constant defaults", () => {
    const c = compileText("kind L { hp: int = 1 }\nstate { leader: L }\nkind U { n: int = leader.hp }\n");
    expect(c.diagnostics.map((d) => d.code)).toContain("E0207");
  });
  it("checks constant arguments against a field's range when an entity is made, and `let` ranges", () => {
    const c = compileText('kind U { name: text, hp: int in 0..4 }\nfn f() -> U = U(name: "a", hp: 9)\nfn g() -> int {\n  let x: int in 1..3 = 5\n  return x\n}\n');
    expect(c.diagnostics.filter((d) => d.code === "E0210").map((d) => d.message)).toEqual([
      "9 is outside the range 0..4 of `U.hp`",
      "5 is outside the range 1..3 of `x`",
    ]);
  });
  it("names the missing import for a state field", () => {
    const c = compile(["main.rules", "other.rules"], memoryHost({ "lib.rules": "state { turn: int }\n", "main.rules": 'fn f() -> int = turn\nexample "e" { expect true }\n', "other.rules": 'import "lib.rules"\n' }));
    const d = c.diagnostics.find((x) => x.code === "E0105");
    expect(c.diagnostics.map((x) => x.code)).toEqual(["E0105"]);
    void d;
  });
  it("rejects a status that lasts for 0 events", () => {
    expect(compileText("event E()\nstatus s for 0 E\n").diagnostics.map((d) => d.message)).toContain("a status cannot last for 0 events");
  });
  it("says when a name is a reserved word", () => {
    const c = compileText("fn order() -> int = 1\nfn then() -> int = 1\n");
    expect(c.diagnostics[0]!.message).toBe(
      "expected a name but found `then` (`then` is a reserved word: it can name a field, a parameter, an enum member or a named argument, but not a declaration, a variable or a value in an expression)",
    );
  });
  it("orders declarations across files the same way however the files are named", () => {
    const files = {
      "a.rules": 'import "b.rules"\nfn go() { emit E() }\non E { say "a" }\nexample "order" { go() }\n',
      "b.rules": 'event E()\non E { say "b" }\n',
    };
    const says = (roots: string[]) => {
      const c = compile(roots, memoryHost(files));
      return runExamples(c.program!).find((r) => r.title === "order")!.trace.filter((t) => t.kind === "say").map((t) => t.message);
    };
    expect(says(["a.rules"])).toEqual(["b", "a"]);
    expect(says(["b.rules", "a.rules"])).toEqual(["b", "a"]);
  });
  it("prints expressions with the brackets their meaning needs", () => {
    const r = example('example "p" {\n  let a = 1\n  let b = 2\n  expect (a + b) * 3 == 10 - (b - a) - 1\n}\n', "p");
    expect(r.failure?.message.split("\n")[0]).toBe("expected `(a + b) * 3 == 10 - (b - a) - 1`");
  });
});
