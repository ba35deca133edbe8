// A game's own declarations shadow a standard module's names: importing `std/square` or `std/hex`
// must not take short names such as `line` or `column` away from a game.
import { describe, expect, it } from "vitest";
import { runExamples } from "../../src/pipeline.ts";
import { compileText, examples } from "../support/helpers.ts";

describe("standard module names give way to a game's own", () => {
  it("a game's fn `line` is used in its own file, while the module's cone still works", () => {
    const r = examples(`import "std/square"
fn line() -> int = 7
example "own line, module cone" {
  expect line() == 7
  expect len(cone(Space(corner: Square(x: 0, y: 0)), SquareSide.north, 2, Hand.right, 0)) == 3
}`);
    expect([...r.values()].map((x) => [x.title, x.passed])).toEqual([["own line, module cone", true]]);
  });

  it("a file that imports the game's file and the module sees the game's name", () => {
    const c = compileText(`import "std/hex"\nimport "geo.rules"\nexample "d" { expect column(1, 4) == 3 }`, {
      "geo.rules": "fn column(a: int, b: int) -> int = abs(a - b)",
    });
    expect(c.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(runExamples(c.program!).map((r) => [r.title, r.passed])).toEqual([["d", true]]);
  });

  it("two declarations of one name in a game still clash (E0102)", () => {
    const c = compileText(`import "std/square"\nfn line() -> int = 1\nfn line() -> int = 2`);
    expect(c.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col}`)).toEqual(["E0102 3:4"]);
  });
});
