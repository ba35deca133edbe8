// Completion inside brackets nested thousands deep (found by `npm run fuzz`): Chevrotain's content assist
// takes time in the square of the open brackets, so 2,300 `[` took 22 s. Past 100 open brackets the
// service answers with the names of an expression and no keywords, at once.
import { describe, expect, it } from "vitest";
import { completions } from "../../src/tools/service/index.ts";

const PREFIX = "fn f(n: int) -> int = n\nfn g() -> int = ";

// No test here measures time (the machine is shared): each asserts the answer the fast path gives,
// names without keywords, which the slow path would not.
function labelsAfter(opens: string, col: number) {
  const files = { "main.rules": `${PREFIX}${opens}1` };
  return { items: completions(files, "main.rules", 2, col) };
}

describe("completion after deeply nested brackets", () => {
  it.each(["[", "(", "f("])("answers after 3,000 `%s` with the functions in scope and no keywords", (open) => {
    const opens = open.repeat(3000);
    const { items } = labelsAfter(opens, PREFIX.split("\n")[1]!.length + opens.length + 1);
    expect(items.find((c) => c.label === "f")).toEqual(expect.objectContaining({ label: "f", kind: "function" }));
    expect(items.filter((c) => c.kind === "keyword")).toEqual([]);
  });

  it("still offers keywords inside brackets nested as deeply as rule text goes", () => {
    const opens = "(".repeat(5);
    const { items } = labelsAfter(opens, PREFIX.split("\n")[1]!.length + opens.length + 1);
    expect(items.map((c) => c.label)).toEqual(expect.arrayContaining(["f", "roll", "not"]));
  });
});

// Also found by the fuzzer: after a token the grammar cannot take (`x =` for `x ==`), content assist
// tried every way through an `else if` chain, doubling with each branch (16 took 25 s, 360 never ended).
describe("completion after a mistake in a long else-if chain", () => {
  it("answers with the names in scope", () => {
    const branches = Array.from({ length: 400 }, (_, i) => `if x == ${i} { return ${i} }`).join(" else ");
    const line = `  ${branches} else if x =`;
    const files = { "main.rules": `fn f(x: int) -> int {\n${line} 1 { return 0 } else { return 1 }\n}\n` };
    const items = completions(files, "main.rules", 2, line.length + 1);
    expect(items.find((c) => c.label === "f")).toEqual(expect.objectContaining({ kind: "function" }));
    expect(items.find((c) => c.label === "x")).toEqual(expect.objectContaining({ kind: "variable" }));
  });
});
