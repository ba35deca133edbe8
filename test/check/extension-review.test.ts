// Two findings of the review of the merged extension points: a row named by an open range pattern, and a
// handler name two unrelated files both use.
import { describe, expect, it } from "vitest";
import { compile, runExamples } from "../../src/pipeline.ts";
import { memoryHost } from "../support/helpers.ts";

const TABLE = `table bonus(n: int) -> int {
  ..2 => 10
  8.. => 80
  _ => 0
}
`;

function checked(files: Record<string, string>, root = "mod.rules") {
  const c = compile([root], memoryHost(files));
  return { diagnostics: c.diagnostics.map((d) => `${d.code} ${d.span.file}:${d.span.line}:${d.span.col} ${d.message}`), c };
}

describe("rows named by open range patterns", () => {
  it("`(8)` is not the row `8..`, and `(_)` is not the row `..2`", () => {
    const { diagnostics } = checked({ "base.rules": TABLE, "mod.rules": 'import "base.rules"\nreplace row bonus(8) => 99\n' });
    expect(diagnostics).toEqual(["E0160 mod.rules:2:9 table `bonus` has no row (8) to replace"]);
  });

  it("each row is named as written, and the one named is the one changed", () => {
    const mod = 'import "base.rules"\nreplace row bonus(8..) => 99\nremove row bonus(..2)\nexample "rows" {\n  expect bonus(1) == 0\n  expect bonus(9) == 99\n  expect bonus(5) == 0\n}\n';
    const { diagnostics, c } = checked({ "base.rules": TABLE, "mod.rules": mod });
    expect(diagnostics).toEqual([]);
    expect(runExamples(c.programs![0]!).map((r) => [r.title, r.passed, r.failure?.message])).toEqual([["rows", true, undefined]]);
  });
});

describe("a handler name two unrelated files use", () => {
  it("is E0108 where a file that sees both removes it, as for any other name", () => {
    const files = {
      "base.rules": "kind Unit { hp: int = 5 }\nevent Hit(u: Unit)\n",
      "a.rules": 'import "base.rules"\non Hit as wound { u.hp -= 1 }\n',
      "b.rules": 'import "base.rules"\non Hit as wound { u.hp -= 2 }\n',
      "c.rules": 'import "a.rules"\nimport "b.rules"\nremove handler wound\n',
    };
    const { diagnostics } = checked(files, "c.rules");
    expect(diagnostics).toEqual(["E0108 c.rules:3:16 `wound` could mean the handler declared at a.rules:2:1 or the one declared at b.rules:2:1: this file sees both"]);
  });
});
