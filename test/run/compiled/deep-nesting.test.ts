// The compiled backend writes a rule's body as one JavaScript function: the deepest nesting the parser
// accepts (blocks, expressions, aggregates inside aggregates) and the longest `else if` chain must run
// there as in the tree-walker, not overflow V8's parser or stack when the function is first called.
import { describe, expect, it } from "vitest";
import { runExamples } from "../../../src/pipeline.ts";
import { checked, compileText } from "../../support/helpers.ts";

/** The deepest `n` (from 500 down, by tens) whose program checks. */
function deepest(make: (n: number) => string): number {
  let n = 500;
  while (n > 1 && !compileText(make(n)).program) n -= 10;
  return n;
}

const SHAPES: Record<string, (n: number) => string> = {
  "nested blocks": (n) => `fn f(x: int) -> int {\n${"if x > 0 {\n".repeat(n)}return 1\n${"}\n".repeat(n)}return 0\n}\nexample "d" {\n  expect f(1) == 1\n}\n`,
  "nested expressions": (n) => `fn f(x: int) -> int {\n  return ${"(x + ".repeat(n)}1${")".repeat(n)}\n}\nexample "d" {\n  expect f(1) == ${n + 1}\n}\n`,
  "nested aggregates": (n) => `fn f(x: int) -> int {\n  return ${"max(y in [x] => y + ".repeat(n)}1${" else 0)".repeat(n)}\n}\nexample "d" {\n  expect f(1) == ${n + 1}\n}\n`,
};

describe("the deepest programs the parser accepts run compiled as in the tree-walker", () => {
  for (const [shape, make] of Object.entries(SHAPES)) {
    it(shape, () => {
      const n = deepest(make);
      expect(n).toBeGreaterThan(20);
      const files = checked(make(n));
      const compiled = runExamples(files, undefined, undefined, "compiled");
      expect(compiled.map((r) => [r.passed, r.failure?.message])).toEqual([[true, undefined]]);
      expect(compiled).toEqual(runExamples(files, undefined, undefined, "tree"));
    });
  }
});
