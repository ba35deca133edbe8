// The built-ins are one table (src/core/builtins.ts): an entry added there, and nowhere else, is
// checked, run by both engines (the compiled backend's generated code too), saved and loaded, and shown
// by hover and completion. The entries are added for the test and taken out after it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aggregates, builtins, type Aggregate, type BuiltinFunction } from "../../src/core/builtins.ts";
import { INT } from "../../src/core/types.ts";
import { runExamples } from "../../src/pipeline.ts";
import { loadProgram, saveProgram } from "../../src/run/saved-program.ts";
import { completions, hover } from "../../src/tools/service/index.ts";
import { checked, compileText } from "../support/helpers.ts";

const added: Record<string, BuiltinFunction> = {
  twice: { params: [{ name: "n", type: INT }], returns: () => INT, doc: "The number doubled.", pure: (n: number) => n * 2 },
  rollTwice: {
    params: [{ name: "sides", type: INT }],
    returns: () => INT,
    doc: "Two dice of `sides` sides, added.",
    check: (_types, args, constant) => {
      const a = args[0];
      const n = a && a.kind !== "comprehension" ? constant(a.value) : undefined;
      return a && n !== undefined && n < 1 ? [{ span: a.span, message: `a die needs at least 1 side, not ${n}` }] : [];
    },
    run: (vm, [sides], span) => {
      const a = vm.dice.roll(sides as number, span).value;
      const b = vm.dice.roll(sides as number, span).value;
      if (vm.tracing) vm.note("roll", () => `rollTwice d${sides} -> ${a} + ${b}`, span);
      return a + b;
    },
  },
};
const addedAggregate: Aggregate = {
  doc: "The product of `=> value` over the items that match.",
  yields: { what: "multiply", into: "int" },
  result: () => INT,
  run: (_items, m) => (m.values() as number[]).reduce((a, b) => a * b, 1),
};

beforeAll(() => {
  Object.assign(builtins, added);
  aggregates["product"] = addedAggregate;
});
afterAll(() => {
  for (const name of Object.keys(added)) delete builtins[name];
  delete aggregates["product"];
});

const RULES = `fn pool(xs: list<int>) -> int = product(x in xs where x > 0 => twice(x))
example "added built-ins" {
  force dice [3, 5]
  expect twice(n: 4) == 8 and pool([1, 0, 3]) == 12
  expect rollTwice(6) == 8
}
`;

describe("a built-in added to the table alone", () => {
  it("is checked: its parameters' types, its own check, an aggregate's `=> value`", () => {
    const codes = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.message}`);
    expect(codes(RULES)).toEqual([]);
    expect(codes(`fn f() -> int = twice("x")`)).toEqual([expect.stringMatching(/^E0201 /)]);
    expect(codes(`fn f() -> int = rollTwice(0)`)).toEqual(["E0201 a die needs at least 1 side, not 0"]);
    expect(codes(`fn f() -> int = product(x in [1, 2])`)).toEqual(["E0209 `product` needs `=> value` to say what to multiply"]);
  });

  it("runs on both engines with the same results and trace, and after saving and loading", () => {
    const files = checked(RULES);
    const loaded = loadProgram(saveProgram(files));
    if (!("files" in loaded)) throw new Error(loaded.error);
    const runs = [
      runExamples(files, undefined, undefined, "tree"),
      runExamples(files, undefined, undefined, "compiled"),
      runExamples(loaded.files, undefined, undefined, "compiled"),
    ].map((rs) => rs.map((r) => ({ title: r.title, failure: r.failure?.message, trace: r.trace.map((t) => t.message) })));
    expect(runs[0]![0]!.failure).toBeUndefined();
    expect(runs[0]![0]!.trace).toContain("rollTwice d6 -> 3 + 5");
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  });

  it("is shown by hover and offered by completion with its doc", () => {
    const text = "fn f() -> int = twice(2)\n";
    expect(hover({ "main.rules": text }, "main.rules", 1, 19)?.markdown).toBe("```rules\nfn twice(n: int) -> int\n```\n\nThe number doubled.");
    const offered = completions({ "main.rules": "fn f() -> int = \n" }, "main.rules", 1, 17).filter((c) => c.label === "product" || c.label === "rollTwice");
    expect(offered.map((c) => [c.label, c.documentation])).toEqual([
      ["rollTwice", "Two dice of `sides` sides, added."],
      ["product", "The product of `=> value` over the items that match."],
    ]);
  });
});
