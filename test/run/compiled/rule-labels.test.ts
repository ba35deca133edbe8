// The rule a trace line and an error name, after a rule has ended every way it can: a function left by
// a `return` inside a loop, a handler that fired and one that did not, a table row, a value's modifier,
// an expression-bodied function, an event's body. The compiled backend keeps the running rule in one
// field its generated code saves and restores in locals (no stack, no `finally`): each engine must
// name the same rule as the tree-walker, line by line.
import { describe, expect, it } from "vitest";
import { onEveryEngine } from "../../support/every-engine.ts";

const rules = `
event Hit(n: int)
on Hit when n > 5 { say "big hit" }
on Hit when n > 0 { say "hit" }
event Ends() { say "ending" }
table pick(n: int) -> int {
  1 => 10,
  _ => 20,
}
value bonus(n: int) -> int = n
modifier plusOne for bonus when n > 1 : add 1
fn twice(n: int) -> int = n * 2
fn early(n: int) -> int {
  for i in 1..5 {
    if i == n { return i }
  }
  return 0
}
fn outer() {
  let x = early(2)
  say "after early"
  emit Hit(1)
  say "after emit"
  let y = pick(1) + bonus(2) + twice(3)
  say "after table, value and fn"
  emit Ends()
  say "after event body"
}
`;

describe("the rule a line names, after each way a rule ends", () => {
  it("is the caller's again, on every engine", () => {
    const [only] = onEveryEngine(`${rules}example "labels" {\n  outer()\n  say "in example"\n}\n`);
    expect(only!.error).toBeUndefined();
    const lines = only!.trace.split("\n");
    const rule = (text: string) => lines.find((l) => l.trimStart().startsWith(text))?.replace(/^.*\[(.*) @ .*$/, "$1");
    expect([rule("after early"), rule("after emit"), rule("after table"), rule("after event body"), rule("in example")]).toEqual(["fn outer", "fn outer", "fn outer", "fn outer", 'example "labels"']);
    expect([rule("hit"), rule("ending"), rule("pick(1)"), rule("bonus:")]).toEqual(["on Hit", "event Ends", "table pick", "modifier plusOne"]);
  });

  it("is the caller's in an error after those calls: the step budget names the rule that ran out", () => {
    const [only] = onEveryEngine(`${rules}fn spin() {\n  outer()\n  while true { let z = 1 }\n}\nexample "spins" {\n  spin()\n}\n`);
    expect(only!.error).toMatch(/^R0502 the step budget of \d+ steps ran out in fn spin:/);
  });
});
