// Friendlier syntax errors for the two slips new authors make most (issue 12, problem 8), the same in
// the CLI and the playground because both come from the parser's message provider: a misspelt keyword
// (`rol d6`) gets "did you mean `roll`?", and `=` where a comparison is meant gets "use `==`".
import { describe, expect, test } from "vitest";
import { compile } from "../../src/pipeline.ts";
import { memoryFileHost } from "../../src/tools/service/index.ts";

function errors(text: string) {
  return compile(["slip.rules"], memoryFileHost({ "slip.rules": text })).diagnostics.map((d) => [d.code, d.span.line, d.span.col, d.message, d.help]);
}

describe("common slips", () => {
  test("a misspelt keyword before what it would take: did you mean `roll`?", () => {
    expect(errors("fn f() -> int {\n  let x = rol d6\n  return x\n}\n")).toEqual([
      ["E0002", 2, 15, "expected `}` but found `d6` (`d6` reads as dice: it cannot be used as a name)", "did you mean `roll`? `rol` is not a keyword, so it reads as a name"],
    ]);
  });

  test("`=` in `expect`: use `==` to compare", () => {
    expect(errors('fn f() -> int = 6\nexample "six" {\n  let x = f()\n  expect x = 6\n}\n')).toEqual([
      ["E0002", 4, 12, "expected `}` but found `=`: use `==` to compare (`=` only gives a value, after `let` or to a field)", undefined],
    ]);
  });

  test("a name close to no keyword gets no guess, and `=` where a name is expected is not taken for a comparison", () => {
    expect(errors("fn f() -> int {\n  let x = zebra d6\n  return x\n}\n")[0]?.[4]).toBeUndefined();
    expect(errors("fn f() -> int {\n  let = 3\n  return 1\n}\n")[0]?.[3]).toBe("expected a name but found `=`");
  });
});
