// Completion after brackets nested thousands deep and closed again before the cursor (found by
// `npm run fuzz`, seed 379155 input 688: 2,569 `f(` closed down to 89 open ran content assist out of
// 4 GB and killed the process). The depth that counts is the deepest the text before the cursor
// reaches, not how many brackets are still open there.
import { describe, expect, it } from "vitest";
import { completions } from "../../src/tools/service/index.ts";

const PREFIX = "fn f(n: int) -> int = n\nfn g() -> int = ";

describe("completion after deep brackets closed again", () => {
  it("answers with the functions in scope and no keywords", () => {
    const text = `${PREFIX}${"f(".repeat(2600)}1${")".repeat(2550)}`;
    const col = text.split("\n")[1]!.length + 1;
    const items = completions({ "main.rules": text }, "main.rules", 2, col);
    expect(items.find((c) => c.label === "f")).toEqual(expect.objectContaining({ label: "f", kind: "function" }));
    expect(items.filter((c) => c.kind === "keyword")).toEqual([]);
  });
});
