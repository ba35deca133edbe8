// The checker's errors for statuses as instances: each coded, at the exact text, with a fix.
import { describe, expect, it } from "vitest";
import { compileText } from "../support/helpers.ts";

function errors(text: string): string[] {
  return compileText(text).diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.span.line}:${d.span.col}-${d.span.endCol} ${d.message}${d.help ? ` | ${d.help}` : ""}`);
}

const HEAD = `kind Unit { name: text }
event RoundEnds()
`;

describe("misused statuses as instances", () => {
  it("names an unknown stacking policy, with a did-you-mean", () => {
    expect(errors(`${HEAD}status shaken(level: int) stacks highst\n`)).toEqual(["E0235 3:34-40 unknown stacking policy `highst` | did you mean `highest`?"]);
  });

  it("refuses `sum` on a status with no number to add", () => {
    expect(errors(`${HEAD}status calm stacks sum\n`)).toEqual([
      "E0235 3:20-23 `stacks sum` combines the instances' numbers, but `calm` has none: it declares no parameters | declare the number first: `status calm(level: int) stacks sum`, or use `stacks separate`",
    ]);
  });

  it("refuses values on a status without parameters, a wrong type, values in `clear`, a parameter named `from`", () => {
    const text = `${HEAD}status dazed
status frightened(level: int)
status odd(from: int)
fn f(u: Unit) {
  apply dazed(2) to u
  apply frightened("x") to u
  clear frightened(3) from u
  apply frightened to u
}
`;
    expect(errors(text)).toEqual([
      "E0234 5:12-16 a status's parameter cannot be named `from`: `apply odd(from: x)` gives the source | rename the parameter",
      "E0234 7:15-16 `dazed` carries no values: it is declared without parameters | declare them, like `status dazed(level: int)`, or apply it without values",
      "E0201 8:20-23 `level` should be int, but this is text",
      "E0234 9:20-21 `clear` ends instances of `frightened` by their source only, not by values | write `clear frightened(from: x) from ...`, or `clear frightened from ...` to end them all",
      "E0202 10:9-19 status `frightened` is missing `level`",
    ]);
  });

  it("refuses an event named twice in one expiry, declared or given at `apply`", () => {
    const text = `${HEAD}status dazed until RoundEnds or RoundEnds
fn f(u: Unit) { apply dazed to u until RoundEnds or RoundEnds }
`;
    expect(errors(text).map((e) => e.split(" ").slice(0, 2).join(" "))).toEqual(["E0236 3:33-42", "E0236 4:53-62"]);
  });

  it("asks `statusValue` for a status that carries a number", () => {
    const text = `${HEAD}status dazed
fn f(u: Unit) -> int = statusValue(u, dazed)
`;
    expect(errors(text)).toEqual(["E0201 4:39-44 `dazed` carries no number: declare its first parameter an `int`, like `status dazed(level: int)`"]);
  });
});

describe("a status read through `statusValue`", () => {
  const warnings = (text: string) => compileText(text).diagnostics.filter((d) => d.code === "W0310").map((d) => d.message);
  const rules = (reader: string) => `kind Unit { name: text, hp: int = 5 }
state { hero: Unit }
event Hit(u: Unit)
status frightened(level: int) stacks highest
on Hit { apply frightened(1) to u }
${reader}
`;

  it("counts as a read, so no W0310", () => {
    expect(warnings(rules("on Hit { u.hp -= statusValue(u, frightened) }"))).toEqual([]);
  });

  it("and without any read the status is W0310", () => {
    expect(warnings(rules(""))).toHaveLength(1);
  });
});
