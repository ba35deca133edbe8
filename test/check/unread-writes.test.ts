// W0310 and W0311 (issue 26, item 3): a status applied that no rule reads, a field written that no rule
// reads. The fixture is When Armies Clash's Hide and Join as they were before they were fixed: both
// warnings must fire there, at the declaration, with every write as a related place; and the bundled
// systems stay free of them but for the few listed (and explained) in their READMEs.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/core/diagnostics.ts";
import { nodeHost } from "../../src/api/node-host.ts";
import { compile } from "../../src/pipeline.ts";
import { diagnostics as serviceDiagnostics } from "../../src/tools/service/index.ts";
import { compileText, memoryHost } from "../support/helpers.ts";

const FIXTURE = "test/fixtures/unread/hide-join-as-they-were.rules";
const range = (s: { line: number; col: number; endLine: number; endCol: number }) => `${s.line}:${s.col}-${s.endLine}:${s.endCol}`;
/** Each W031x as `CODE range message`, then its related places as `range message`. */
const shown = (ds: readonly Diagnostic[]) => ds.filter((d) => d.code === "W0310" || d.code === "W0311").map((d) => [`${d.code} ${range(d.span)} ${d.message}`, ...(d.related ?? []).map((r) => `${range(r.span)} ${r.message}`)]);

describe("Hide and Join as they were", () => {
  const expected = [
    ["W0310 12:8-12:14 the status `hidden` is applied but no rule reads it: no `has hidden` outside the examples and the functions only examples call", "24:13-24:19 `hidden` is applied here"],
    ["W0310 14:8-14:12 the status `idle` is applied but no rule reads it: no `has idle` outside the examples and the functions only examples call", "22:13-22:17 `idle` is applied here"],
    ["W0310 16:8-16:18 the status `moveCeased` is applied but no rule reads it: no `has moveCeased` outside the examples and the functions only examples call", "41:9-41:19 `moveCeased` is applied here"],
  ];

  it("warn in `check`: `idle` is read only by a query no rule asks, `moveCeased` only by an example", () => {
    const c = compile([FIXTURE], nodeHost);
    expect(c.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(shown(c.diagnostics)).toEqual(expected);
  });

  it("warn in the editor, through the language service", () => {
    const text = readFileSync(FIXTURE, "utf8");
    const ds = serviceDiagnostics({ "hide-join.rules": text }, "hide-join.rules").filter((d) => d.code.startsWith("W031"));
    expect(ds.map((d) => [`${d.code} ${range(d.range)} ${d.message}`, ...(d.related ?? []).map((r) => `${range(r.range)} ${r.message}`)])).toEqual(expected);
  });

  it("are not shown in the editor for a file another file imports: its check does not see the importer's rules", () => {
    const text = readFileSync(FIXTURE, "utf8");
    // The importer reads every status the fixture applies without reading it.
    const reader = `import "./hide-join.rules"\nfn reads(p: Piece) -> bool = p has hidden or p has idle or p has moveCeased\n`;
    const files = { "hide-join.rules": text, "reader.rules": reader };
    expect(serviceDiagnostics(files, "hide-join.rules").filter((d) => d.code === "W0310")).toEqual([]);
    // Alone, the same file warns (the test above): the filter is the importer's doing.
    expect(serviceDiagnostics({ "hide-join.rules": text }, "hide-join.rules").filter((d) => d.code === "W0310")).toHaveLength(3);
  });

  it("go quiet once a rule consults them, as the fixes made them do", () => {
    const fixed = readFileSync(FIXTURE, "utf8")
      .replace("fn meleeAttack(a: Piece, t: Piece) {\n", "fn meleeAttack(a: Piece, t: Piece) {\n  if not mayAct(a) { return }\n")
      .replace("fn advance(p: Piece, squares: int) {\n", "fn advance(p: Piece, squares: int) {\n  if p has moveCeased { return }\n");
    expect(shown(compileText(fixed).diagnostics).map((d) => d[0]!.slice(0, 22))).toEqual(["W0310 12:8-12:14 the s"]);
  });
});

describe("a flag written that no rule reads", () => {
  const text = [
    "kind Piece { name: text, x: int = 0, moveCeased: bool = false }",
    "state { round: int = 0, ended: bool = false }",
    "fn join(solo: Piece, x: int) {",
    "  solo.x = x",
    "  solo.moveCeased = true",
    "}",
    "fn advance(p: Piece) { p.x += 1 }",
    "on Turn { round += 1  ended = ended or round > 3 }",
    "event Turn()",
    "fn over() -> bool = ended",
    'example "flagged" {',
    '  let k = Piece(name: "Knight")',
    "  join(k, 4)",
    "  advance(k)",
    "  emit Turn()",
    "  expect k.moveCeased and k.x == 5 and round == 1 and not over()",
    "}",
    "",
  ].join("\n");

  it("warns at a bool field, of the state or an entity, with each write; a read in an example, in a query only examples call, or by its own update is no read; numbers are outcomes", () => {
    expect(shown(compileText(text).diagnostics)).toEqual([
      ["W0311 1:38-1:48 the field `moveCeased` is written but no rule reads it: nothing outside the examples and the functions only examples call uses its value", "5:8-5:18 `moveCeased` is written here"],
      ["W0311 2:25-2:30 the field `ended` is written but no rule reads it: nothing outside the examples and the functions only examples call uses its value", "8:23-8:28 `ended` is written here"],
    ]);
  });

  it("is quiet when a rule reads it", () => {
    const read = text.replace("fn advance(p: Piece) { p.x += 1 }", "fn advance(p: Piece) { if not p.moveCeased { p.x += 1 } }").replace("on Turn { round", "on Turn when not ended { round");
    expect(shown(compileText(read).diagnostics)).toEqual([]);
  });
});

describe("the bundled systems", () => {
  it("have no W0310 or W0311 but the two When Armies Clash lists as genuine", () => {
    const c = compile(["rules"], nodeHost);
    expect(shown(c.diagnostics).map((d) => d[0]!.split(" the ")[0] + " " + c.diagnostics.find((x) => `${x.code} ${range(x.span)}` === d[0]!.split(" the ")[0])!.span.file)).toEqual([
      "W0310 8:8-8:14 rules/when-armies-clash/hide.rules",
      "W0310 33:8-33:18 rules/when-armies-clash/spells.rules",
    ]);
  });
});
