// A modifier's `when` narrows its amount, `as` and `by` as an `if` narrows its body: they are worked out
// only when the condition held. Where nothing narrows, E0240's help points at the `when`, since no `if`
// or `let` can be written in a modifier.
import { describe, expect, it } from "vitest";
import { compileText } from "../support/helpers.ts";
import { onEveryEngine } from "../support/every-engine.ts";

const diags = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}${d.help ? ` | ${d.help}` : ""}`);

const head = `enum Icon { melee, save }
kind Weapon { bonus: int, icon: Icon }
kind Unit { name: text, weapon: Weapon? }
value attack(u: Unit, w: Weapon?, base: int) -> int = base
value results(w: Weapon?, face: tally<Icon>) -> tally<Icon> = face
`;

describe("a modifier's `when` narrows what it computes", () => {
  it("checks an amount, `as` and `by` that read a parameter the `when` shows present, and runs them alike on every engine", () => {
    const outcomes = onEveryEngine(`${head}
modifier armed for attack when w != none : add w.bonus
modifier sharp for attack when base > 0 and w != none and w.bonus > 1 in add order 1 : compute result * w.bonus
modifier counted for results when w != none : count Icon.melee as w.icon
modifier scaled for results when not (w == none) : multiply Icon.save by w.bonus
example "narrowed" {
  let sword = Weapon(bonus: 2, icon: Icon.save)
  let u = Unit(name: "u", weapon: sword)
  expect attack(u, sword, 3) == 10
  expect attack(u, none, 3) == 3
  expect results(sword, Icon(melee: 1, save: 1)) == Icon(save: 4)
  expect results(none, Icon(melee: 1)) == Icon(melee: 1)
}
`);
    expect(outcomes).toEqual([
      {
        title: "narrowed",
        trace: expect.stringContaining("attack: 5 -> 10 (compute result * w.bonus)"),
      },
    ]);
    expect(outcomes[0]!.trace).toContain("results: Icon(melee: 1, save: 1) -> Icon(save: 2) (count melee as save)");
    expect(outcomes[0]!.trace).toContain("results: Icon(save: 2) -> Icon(save: 4) (multiply save by 2)");
  });

  it("does not narrow by a `when` that can hold with the name `none`", () => {
    expect(diags(`${head}modifier m for attack when w != none or base > 0 : add w.bonus\n`)).toEqual([
      "E0240 6:56 `.bonus` needs a value, but `w` may be `none` | check it in the modifier's `when`: `when w != none and (w != none or base > 0)`",
    ]);
  });

  it("points E0240 at the modifier's `when`, never at an `if` or a `let` that cannot be written there", () => {
    expect(diags(`${head}modifier m for attack : add w.bonus\nmodifier n for attack when base > 1 : add u.weapon.bonus\n`)).toEqual([
      "E0240 6:29 `.bonus` needs a value, but `w` may be `none` | check it in the modifier's `when`: `when w != none`",
      "E0240 7:43 `.bonus` needs a value, but `u.weapon` may be `none` | a `when` narrows only a plain name: read `u.weapon` in a `fn` the modifier calls, copy it there with `let weapon = u.weapon` and check `if weapon != none`",
    ]);
  });

  it("keeps the help of an `if` outside modifiers", () => {
    expect(diags(`${head}fn f(w: Weapon?) -> int = w.bonus\n`)).toEqual(["E0240 6:27 `.bonus` needs a value, but `w` may be `none` | check it with `if w != none`"]);
  });
});
