// The language service on the constructs of the general mechanisms: completion after `round`, after
// `emit` used as a value, the modifier operations, and the type of `result` in a modifier.
import { describe, expect, it } from "vitest";
import { completions, hover } from "../../src/tools/service/index.ts";

const LIB = `kind Unit { name: text, hp: int = 2 }
/// A round ends.
event RoundEnds()
event Rolled(u: Unit) -> int { result = roll d6 }
status stunned
value power(u: Unit) -> int = u.hp
`;

function at(source: string) {
  const i = source.indexOf("<|>");
  const lines = source.slice(0, i).split("\n");
  return { files: { "main.rules": LIB + source.slice(0, i) + source.slice(i + 3) }, line: lines.length + LIB.split("\n").length - 1, col: lines[lines.length - 1]!.length + 1 };
}
const labels = (source: string) => {
  const { files, line, col } = at(source);
  return completions(files, "main.rules", line, col).map((c) => c.label);
};

describe("completion on the general mechanisms' constructs", () => {
  it("offers the rounding modes after `round`", () => {
    expect(labels("modifier halved for power : divide 2 round <|>")).toEqual(["down", "up", "nearest"]);
  });
  it("offers the events after `emit` used as a value", () => {
    expect(labels("fn f(u: Unit) -> int = emit <|>")).toEqual(["RoundEnds", "Rolled"]);
  });
  it("offers the modifier operations, subtract, divide and compute among them", () => {
    expect(labels("modifier m for power : <|>")).toEqual(expect.arrayContaining(["subtract", "divide", "compute"]));
  });
});

describe("hover on `result`", () => {
  it("gives its type in a modifier of an `int` value", () => {
    const { files, line, col } = at("modifier rage for power : compute res<|>ult * 2");
    expect(hover(files, "main.rules", line, col)?.markdown).toBe("```rules\nresult: int\n```");
  });
});
