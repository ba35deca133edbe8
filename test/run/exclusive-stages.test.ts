// Exclusive stages (`multiply exclusive largest`): one modifier per result applies, chosen by the stage's
// rule, with a trace line for the one applied and each one skipped; the same on the three engines.
import { describe, expect, it } from "vitest";
import { onEveryEngine } from "../support/every-engine.ts";
import { checked, compileText } from "../support/helpers.ts";
import { runExamples } from "../../src/pipeline.ts";
import { loadProgram, saveProgram } from "../../src/run/saved-program.ts";

const lines = (text: string) => {
  const [only] = onEveryEngine(text);
  expect(only!.error).toBeUndefined();
  return only!.trace.split("\n").filter((l) => /^\s*\w+: /.test(l) && !l.includes("expect")).map((l) => l.trim().replace(/\s+\[.*$/, ""));
};

describe("an exclusive stage", () => {
  it("applies the largest, the smallest or the first, and says which were skipped", () => {
    const rules = (rule: string, expected: number) => `value v(n: int) -> int stages [add, multiply exclusive ${rule}] = n
modifier two for v : multiply 2
modifier three for v : multiply 3
modifier one for v : add 1
example "e" { expect v(2) == ${expected} }
`;
    expect(lines(rules("largest", 9))).toEqual(["v: 2 -> 3 (add 1)", "v: skipped (multiply 2): exclusive stage multiply applies one, the largest: three", "v: 3 -> 9 (multiply 3), the largest of exclusive stage multiply; skipped: two"]);
    expect(lines(rules("smallest", 6))).toEqual(["v: 2 -> 3 (add 1)", "v: 3 -> 6 (multiply 2), the smallest of exclusive stage multiply; skipped: three", "v: skipped (multiply 3): exclusive stage multiply applies one, the smallest: two"]);
    expect(lines(rules("first", 6))[1]).toBe("v: 3 -> 6 (multiply 2), the first of exclusive stage multiply; skipped: three");
  });

  it("settles the stage after its last modifier even when that one's condition does not hold; a lone candidate writes its plain line", () => {
    const text = `stages [set, add, count, multiply exclusive largest, compute, bounds]
value v(n: int) -> int = n
modifier two for v when n > 0 : multiply 2
modifier three for v when n > 5 : multiply 3
modifier cap for v : atMost 5
example "e" { expect v(2) == 4 }
`;
    expect(lines(text)).toEqual(["v: 2 -> 4 (multiply 2)", "v: 4 unchanged (atMost 5)"]);
  });

  it("gives every candidate the result as the stage found it", () => {
    const text = `value v(n: int) -> int stages [multiply exclusive largest] = n
modifier two for v : multiply 2
modifier big for v when result > 5 : multiply 10
example "e" { expect v(3) == 6 }
`;
    expect(lines(text)).toEqual(["v: 3 -> 6 (multiply 2)"]);
  });

  it("E0223: a rule it does not know, with a did-you-mean, at the rule", () => {
    const d = compileText("value v(n: int) -> int stages [multiply exclusive largets] = n\n").diagnostics.map((x) => `${x.code} ${x.span.line}:${x.span.col}-${x.span.endCol} ${x.message} | ${x.help}`);
    expect(d).toEqual(["E0223 1:51-58 `largets` is no rule for picking the one modifier of the exclusive stage `multiply` | did you mean `largest`?"]);
    expect(compileText("stages [multiply exclusive best]\n").diagnostics.map((x) => x.help)).toEqual(["the rules are `largest`, `smallest`, `first`"]);
  });

  it("E0223: largest or smallest on a value with no size (an enum member), where every candidate would tie; first is fine", () => {
    const text = (rule: string) => `enum Size { small, big }
value v(n: int) -> Size stages [set exclusive ${rule}] = Size.small
`;
    const d = compileText(text("largest")).diagnostics.map((x) => `${x.code} ${x.span.line}:${x.span.col}-${x.span.endCol} ${x.message} | ${x.help}`);
    expect(d).toEqual(["E0223 2:47-54 `largest` picks the modifier whose result is largest, but `v` is Size, which has no size | use `first` (the first modifier in the stage's order applies)"]);
    expect(compileText(text("first")).diagnostics).toEqual([]);
  });
});

describe("W0304 in an exclusive stage", () => {
  it("is not given where the stage picks by size, and still is where it picks the first", () => {
    const text = (rule: string) => `value v(n: int) -> int stages [set exclusive ${rule}] = n\nmodifier a for v : set 2\nmodifier b for v : set 3\n`;
    expect(compileText(text("largest")).diagnostics.map((d) => d.code)).toEqual([]);
    expect(compileText(text("first")).diagnostics.map((d) => d.code)).toEqual(["W0304"]);
  });
});

describe("a saved program", () => {
  it("keeps a value's exclusive stages and the program's, and runs as it did", () => {
    const files = checked(`stages [set, add, multiply exclusive smallest]
value v(n: int) -> int = n
modifier two for v : multiply 2
modifier three for v : multiply 3
value w(n: int) -> int stages [multiply exclusive largest] = n
modifier twoW for w : multiply 2
modifier threeW for w : multiply 3
example "e" { expect v(1) == 2 and w(1) == 3 }
`);
    const loaded = loadProgram(saveProgram(files));
    if ("error" in loaded) throw new Error(loaded.error);
    expect(runExamples(loaded.files).map((r) => r.passed)).toEqual([true]);
  });
});

describe("the syntax", () => {
  it("says which word is missing after `exclusive`", () => {
    const d = compileText("value v(n: int) -> int stages [multiply exclusive] = n\n").diagnostics.map((x) => `${x.code} ${x.span.line}:${x.span.col} ${x.message}`);
    expect(d).toEqual(["E0002 1:50 expected the rule of the exclusive stage, `largest`, `smallest` or `first`, but found `]`"]);
  });
});
