// `range(low, high)`: the whole numbers from low to high, both included, as a list an aggregate can go
// over (positions, counts); empty when low > high; charged to the run's budgets like any copy. The same
// on every engine.
import { describe, expect, it } from "vitest";
import { onEveryEngine } from "../support/every-engine.ts";

describe("range(low, high)", () => {
  it("lists the numbers in order, both ends included, and serves an aggregate as a position", () => {
    const outcomes = onEveryEngine(`enum Icon { melee, save }
die Footman of Icon = [Icon(melee: 1), Icon(melee: 2), Icon(save: 1)]
fn faceWith(i: Icon) -> int = first(n in range(1, len(faces(Footman))) where faces(Footman)[n - 1][i] > 0 else 0)
example "numbers" {
  expect range(1, 4) == [1, 2, 3, 4]
  expect range(-2, 0) == [-2, -1, 0]
  expect range(3, 3) == [3]
  expect len(range(5, 4)) == 0
  expect sum(n in range(1, 10) => n) == 55
  expect faceWith(Icon.save) == 3
  expect faceWith(Icon.melee) == 1
}
example "too many numbers" {
  expect len(range(1, 900000000)) == 900000000
}
`);
    expect(outcomes[0]!.error).toBeUndefined();
    // A range beyond the run's budgets stops with the step budget (R0502) before any list is made, never an out-of-memory crash.
    expect(outcomes[1]!.error).toMatch(/^R0502 the step budget /);
  });
});
