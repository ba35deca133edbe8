// Statuses bound to an event parameter (`until E(p)`), and statuses as state JSON holds them.
import { describe, expect, it } from "vitest";
import { compile, indexProgram, runExamples } from "../../src/pipeline.ts";
import { validateState } from "../../src/run/schema.ts";
import { checked, compileText, example, memoryHost } from "../support/helpers.ts";

const codes = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col}`);

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
  it("shows the matching form when an `apply ... until E(x)` names a value, not a parameter", () => {
    const c = compileText(`kind A { name: text }\nevent MarchEnded(army: A)\nstatus shaken\nfn f(a: A, b: A) {\n  apply shaken to b until MarchEnded(a)\n}\n`);
    const d = c.diagnostics.find((x) => x.code === "E0103")!;
    expect(d.message).toBe("event `MarchEnded` has no parameter `a`");
    expect(d.help).toBe("`MarchEnded(p)` names the parameter `p` that holds the status; to expire when `army` is `a`, write `MarchEnded(army: a)`");
    expect([d.span.line, d.span.col, d.span.endCol]).toEqual([5, 38, 39]);
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
