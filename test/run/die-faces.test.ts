// `faces(d)`: a custom die's faces as a list of tallies, face 1 first, read without rolling, the same on
// every engine; the faces a roll then shows are the same tallies; anything but a die is E0201, and a die that may be none E0240.
import { describe, expect, it } from "vitest";
import { compileText } from "../support/helpers.ts";
import { onEveryEngine } from "../support/every-engine.ts";

const head = `enum Icon { melee, missile, save }
enum Spell { fire, water }
die Footman of Icon = [Icon(melee: 1), Icon(melee: 2), Icon(save: 1)]
die Archer of Icon = [Icon(missile: 1), Icon(save: 1), Icon(missile: 1, save: 2)]
die Wand of Spell = [Spell(fire: 1), Spell(water: 3)]
kind Unit { name: text, dieType: die<Icon> }
`;

describe("reading a die's faces", () => {
  it("gives every face in order, rolls no die, and is what a roll shows", () => {
    const outcomes = onEveryEngine(`${head}
fn shows(d: die<Icon>, i: Icon) -> bool = any(f in faces(d) where f[i] > 0)
example "faces" {
  let army = [Unit(name: "a", dieType: Footman), Unit(name: "b", dieType: Archer)]
  expect map(u in army where shows(u.dieType, Icon.missile) => u.name) == ["b"]
  expect faces(Archer) == [Icon(missile: 1), Icon(save: 1), Icon(missile: 1, save: 2)]
  expect faces(Wand)[1].water == 3
  expect rollCount() == 0
  force dice [3]
  expect roll Archer == faces(Archer)[2]
  let fs = faces(Footman)
  fs[0] = Icon(save: 9)
  expect faces(Footman)[0] == Icon(melee: 1)
}
example "a wrong claim fails" {
  expect len(faces(Footman)) == 4
}
`);
    expect(outcomes.map((o) => o.error)).toEqual([undefined, "Error: expected `len(faces(Footman)) == 4`\n    expected: 4\n    actual:   3"]);
    expect(outcomes[0]!.trace).toContain("roll Archer -> face 3 of 3: Icon(missile: 1, save: 2) (forced)");
  });

  it("types the result by the die's enum", () => {
    const d = compileText(`${head}fn f() -> list<tally<Spell>> = faces(Footman)\n`).diagnostics;
    expect(d.map((x) => `${x.code} ${x.span.line}:${x.span.col} ${x.message}`)).toEqual([
      "E0201 7:32 the function's result should be list<tally<Spell>>, but this is list<tally<Icon>>",
    ]);
  });

  it("reads only a die (E0201, at the argument)", () => {
    const d = compileText(`${head}fn f(u: Unit) -> int = len(faces(u))\n`).diagnostics;
    expect(d.map((x) => `${x.code} ${x.span.line}:${x.span.col} ${x.message}`)).toEqual([
      "E0201 7:34 `faces` reads a custom die, like `faces(Footman)`, but this is Unit",
    ]);
  });

  it("of a die that may be none is E0240 with how to narrow it, and its faces are still typed", () => {
    const text = `${head}kind Hero { name: text, spare: die<Icon>? }
fn f(h: Hero, i: Icon) -> bool = any(x in faces(h.spare) where x[i] > 0)
fn g(h: Hero, i: Icon) -> bool {
  let d = h.spare
  if d != none { return any(x in faces(d) where x[i] > 0) }
  return false
}
`;
    const d = compileText(text).diagnostics;
    expect(d.map((x) => `${x.code} ${x.span.line}:${x.span.col} ${x.message} | ${x.help}`)).toEqual([
      "E0240 8:49 `faces` reads a die, but `h.spare` may be `none` | a check narrows only a plain name: copy it with `let spare = h.spare`, then check `if spare != none`",
    ]);
  });
});
