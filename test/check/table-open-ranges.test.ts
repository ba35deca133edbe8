// Open-ended range patterns in tables: `..2` (up to 2) and `12..` (12 and up). Both parsers read them
// alike, coverage knows them (an unbounded `int` input is tried in the classes its rows' bounds cut out,
// so `..2`, `3..11`, `12..` covers every number), the formatter spaces them, and all three engines match.
import { afterEach, describe, expect, it } from "vitest";
import { parseFile } from "../../src/syntax/parse.ts";
import { fastParser } from "../../src/syntax/fast-parser/declarations.ts";
import { formatRules } from "../../src/tools/format/index.ts";
import { compileText } from "../support/helpers.ts";
import { onEveryEngine } from "../support/every-engine.ts";

const diags = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}`);

const patterns = (text: string) => {
  const file = parseFile("main.rules", text).file!;
  const t = file.decls[0] as { rows: { patterns: { low?: { value?: number }; high?: { value?: number }; open?: boolean; span: { col: number; endCol: number } }[] }[] };
  return t.rows.map((r) => r.patterns.map((p) => ({ low: p.low?.value, high: p.high?.value, open: p.open, cols: `${p.span.col}-${p.span.endCol}` })));
};

afterEach(() => {
  fastParser.enabled = true;
});

describe("open-ended range patterns", () => {
  const band = `table band(score: int) -> text {\n  ..2 => "low",\n  3..11 => "middle",\n  12.. => "high",\n}\n`;

  it("parse alike on the fast parser and on Chevrotain's", () => {
    const fast = patterns(band);
    fastParser.enabled = false;
    expect(patterns(band)).toEqual(fast);
    expect(fast).toEqual([[{ low: undefined, high: 2, open: undefined, cols: "3-6" }], [{ low: 3, high: 11, open: undefined, cols: "3-8" }], [{ low: 12, high: undefined, open: true, cols: "3-7" }]]);
  });

  it("match on every engine, bounds included", () => {
    const outcomes = onEveryEngine(`${band}
table odd(a: int, b: int) -> int { ..0, 5.. => 1, _, ..-3 => 2, _, _ => 3 }
example "bands" {
  expect band(-50) == "low" and band(2) == "low"
  expect band(3) == "middle" and band(11) == "middle"
  expect band(12) == "high" and band(9000) == "high"
  expect odd(0, 5) == 1 and odd(1, 5) == 3 and odd(1, -3) == 2 and odd(0, 4) == 3
}
`);
    expect(outcomes.map((o) => o.error)).toEqual([undefined]);
    expect(outcomes[0]!.trace).toContain("band(-50) -> low");
  });

  it("cover an unbounded `int` with no `_` row, and name the numbers left out as ranges", () => {
    expect(diags(band)).toEqual([]);
    expect(diags(`table t(n: int) -> int { ..2 => 1, 5..7 => 2, 12.. => 3 }\n`)).toEqual(["W0301 1:7 table `t` says nothing for n in 3..4; n in 8..11"]);
    expect(diags(`table t(n: int) -> int { ..2 => 1, 12.. => 3, 4 => 5 }\n`)).toEqual(["W0301 1:7 table `t` says nothing for n = 3; n in 5..11"]);
    expect(diags(`table t(n: int) -> int { 1 => 1 }\n`)).toEqual(["W0301 1:7 table `t` says nothing for n in ..0; n in 2.."]);
    expect(diags(`table t(n: int) -> int { ..5 => 1, 3 => 2, _ => 0 }\n`)).toEqual(["W0302 1:36 this row of `t` never applies: earlier rows take every input it matches"]);
  });

  it("know a ranged input's own bounds, and an open range that matches none of it", () => {
    expect(diags(`table t(n: int in 1..6) -> int { ..3 => 1, 4.. => 2 }\n`)).toEqual([]);
    expect(diags(`table t(n: int in 1..6) -> int { ..3 => 1, 7.. => 2, _ => 0 }\n`)).toEqual([
      "W0302 1:44 this row of `t` never applies: no possible input matches it",
    ]);
  });

  it("need a number or an enum input (E0207)", () => {
    expect(diags(`table t(s: text) -> int { "a".. => 1, _ => 0 }\n`)).toEqual(["E0207 1:27 a range pattern needs a number or an enum input"]);
  });

  it("are spaced by the formatter from the row around them", () => {
    const r = formatRules("main.rules", `table t(a: int, b: int) -> int {\n  ..0,5..=>1\n  _,_=>2\n}\n`);
    expect(r).toEqual({ text: `table t(a: int, b: int) -> int {\n  ..0, 5.. => 1\n  _, _ => 2\n}\n`, changed: true });
  });
});
