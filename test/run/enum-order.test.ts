// Every enum is ordered by its declaration: `<`, `<=`, `>`, `>=` compare two members of one enum by
// their places, on every engine and in `expect`; members of two enums, or a member and a number, are E0201.
import { describe, expect, it } from "vitest";
import { compileText } from "../support/helpers.ts";
import { onEveryEngine } from "../support/every-engine.ts";

const diags = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}`);

// Declared out of alphabetical order, so comparing the names as text would give other answers.
const head = `enum Size { tiny, small, medium, large, huge }
enum Colour { red, blue }
kind Creature { name: text, size: Size }
`;

describe("the order of an enum's members", () => {
  it("compares members by their declared places, in rules and in `expect`, alike on every engine", () => {
    const outcomes = onEveryEngine(`${head}
fn bigger(a: Creature, b: Creature) -> bool = a.size > b.size
fn atMost(s: Size, cap: Size) -> bool = s <= cap
example "order" {
  let sizes = [Size.huge, Size.tiny, Size.medium]
  expect Size.tiny < Size.small and Size.large > Size.medium and Size.huge >= Size.huge
  expect sizes[0] > sizes[2] and sizes[1] < sizes[2]
  expect bigger(Creature(name: "a", size: Size.large), Creature(name: "b", size: Size.small))
  expect not bigger(Creature(name: "a", size: Size.medium), Creature(name: "b", size: Size.huge))
  expect atMost(Size.small, Size.medium) and not atMost(Size.huge, Size.large)
  expect filter(s in Size where s > Size.small and s < Size.huge) == [Size.medium, Size.large]
  expect count(s in Size where s >= Size.medium) == 3
}
example "a wrong order fails" {
  expect Size.large < Size.medium
}
`);
    expect(outcomes.map((o) => o.error)).toEqual([undefined, "Error: expected `Size.large < Size.medium`\n    expected: < medium\n    actual:   large"]);
  });

  it("matches a table's range of members, open or closed, by declared order on every engine; coverage knows it", () => {
    const tables = `${head}
table reach(s: Size) -> int {
  ..Size.small => 1,
  Size.medium..Size.large => 2,
  Size.huge.. => 3,
}
`;
    expect(diags(tables)).toEqual([]);
    const outcomes = onEveryEngine(`${tables}
example "reach" {
  expect map(s in Size => reach(s)) == [1, 1, 2, 2, 3]
}
`);
    expect(outcomes.map((o) => o.error)).toEqual([undefined]);
    expect(outcomes[0]!.trace).toContain("reach(large) -> 2");
    expect(diags(`${head}table gap(s: Size) -> int { Size.small..Size.medium => 1 }\ntable back(s: Size) -> int { Size.large..Size.small => 1, _ => 0 }\n`)).toEqual([
      "W0301 4:7 table `gap` says nothing for s = Size.tiny; s = Size.large; s = Size.huge",
      "W0302 5:30 this row of `back` never applies: no possible input matches it",
    ]);
  });

  it("orders only members of one enum (E0201)", () => {
    expect(diags(`${head}fn f(s: Size, c: Colour) -> bool = s < c\nfn g(s: Size) -> bool = s >= 2\n`)).toEqual([
      "E0201 4:36 cannot order Size against Colour: only members of one enum have an order",
      "E0201 5:25 the left of `>=` should be int, but this is Size",
    ]);
  });
});
