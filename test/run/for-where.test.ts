// `for x in xs where c { ... }`: a loop over the items that match, as an aggregate's `where` filters.
import { describe, expect, it } from "vitest";
import { compileText, example } from "../support/helpers.ts";

const rules = `kind U { name: text, hp: int = 1 }
state { us: list<U> }
example "over a list" {
  us = [U(name: "a", hp: 0), U(name: "b", hp: 3), U(name: "c", hp: 2)]
  let total = 0
  for u in us where u.hp > 0 { total += u.hp }
  expect total == 5
}
example "over a range" {
  let evens = 0
  for i in 1..10 where i % 2 == 0 { evens += 1 }
  expect evens == 5
}
`;

describe("`for ... where`", () => {
  it("runs the body only for the items that match", () => {
    expect(example(rules, "over a list").failure).toBeUndefined();
  });
  it("filters a range too", () => {
    expect(example(rules, "over a range").failure).toBeUndefined();
  });
  it("needs a condition: a non-bool `where` is E0201 at it", () => {
    const d = compileText("fn f(xs: list<int>) { for x in xs where x { say x } }\n").diagnostics;
    expect(d.map((x) => `${x.code} ${x.span.line}:${x.span.col}`)).toEqual(["E0201 1:41"]);
  });
});
