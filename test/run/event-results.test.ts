// Events as a general mechanism: `before` handlers change the arguments, `instead of` can `proceed` to
// the default body, and an event can carry a `result` that its handlers change (a roll in progress).
import { describe, expect, it } from "vitest";
import { formatTrace } from "../../src/run/trace.ts";
import { compileText, example } from "../support/helpers.ts";

function passed(text: string, title: string) {
  const r = example(text, title);
  expect(r.failure, `example "${title}"`).toBeUndefined();
  return r;
}

function errors(text: string): string[] {
  return compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}${d.help ? ` | ${d.help}` : ""}`);
}

describe("events with a result", () => {
  const rules = `kind Army { name: text, cursed: bool }
state { red: Army }
event MagicRolled(army: Army) -> int { result = roll d6 }
on MagicRolled when army.cursed { result = max(0, result - 2) }

example "a reaction reduces a roll in progress" {
  red = Army(name: "Red", cursed: true)
  force dice [5]
  let total = emit MagicRolled(red)
  expect total == 3
}
`;

  it("gives the final result to `emit` and traces each change", () => {
    const r = passed(rules, "a reaction reduces a roll in progress");
    expect(formatTrace(r.trace)).toBe(
      [
        'event MagicRolled(Army "Red")  [example "a reaction reduces a roll in progress" @ main.rules:9:15]',
        '    roll d6 -> 5 (forced)  [event MagicRolled @ main.rules:3:49]',
        "    MagicRolled: result 0 -> 5  [event MagicRolled @ main.rules:3:40]",
        "  on MagicRolled fires  [on MagicRolled @ main.rules:4:1]",
        "    MagicRolled: result 5 -> 3  [on MagicRolled @ main.rules:4:35]",
      ].join("\n"),
    );
  });

  it("re-rolls and adds with `+=`, starting from the type's starting value without a body", () => {
    passed(
      `event Rolled() -> int
on Rolled order 1 { result += roll d6 }
on Rolled when result < 3 order 2 { result += roll d6 }
example "re-roll and add" {
  force dice [2, 4, 5]
  expect emit Rolled() == 6
  expect emit Rolled() == 5
}
`,
      "re-roll and add",
    );
  });

  it("rejects a value from an event without a result, and a parameter named `result`", () => {
    expect(errors(`event Ping()
event Pong(result: int) -> int
example "e" { let x = emit Ping() }
`)).toEqual([
      "E0232 2:12 an event with a result type cannot have a parameter named `result`: the handlers use that name for the event's result | rename the parameter",
      "E0201 3:23 event `Ping` has no result, so this `emit` gives no value | declare one, like `event Ping(...) -> int`, or emit it as a statement",
    ]);
  });
});

describe("`before` handlers change the arguments", () => {
  const rules = `kind Unit { name: text, hp: int = 5 }
state { log: list<text> }
event Damaged(target: Unit, amount: int) { target.hp = max(0, target.hp - amount) }
before Damaged when target.name == "Dwarf" { amount -= 2 }
before Damaged order 1 { add "before: " + str(amount) to log }
on Damaged { add "on: " + str(amount) to log }

example "armour" {
  let d = Unit(name: "Dwarf")
  emit Damaged(d, 3)
  expect d.hp == 4
  expect log == ["before: 1", "on: 1"]
}
`;

  it("later handlers, the default body and `on` handlers see the change", () => {
    const r = passed(rules, "armour");
    expect(formatTrace(r.trace).split("\n")[2]).toBe("    Damaged: amount 3 -> 1  [before Damaged @ main.rules:4:46]");
  });

  it("keeps the parameters read-only elsewhere, saying where they can change", () => {
    expect(errors(`kind Unit { name: text }
event Hit(u: Unit, n: int) { n = 1 }
on Hit { n += 1 }
instead of Hit { n = 2 }
`)).toEqual([
      "E0204 2:30 `n` is a parameter of the event and cannot be changed here | only a `before` handler can change an event's arguments; copy it with `let` first",
      "E0204 3:10 `n` is a parameter of the event and cannot be changed here | only a `before` handler can change an event's arguments; copy it with `let` first",
      "E0204 4:18 `n` is a parameter of the event and cannot be changed here | only a `before` handler can change an event's arguments; copy it with `let` first",
    ]);
  });
});

describe("`proceed`", () => {
  it("runs the default body with the current arguments, then the handler goes on", () => {
    passed(
      `kind Unit { name: text, hp: int = 5 }
state { log: list<text> }
event Healed(u: Unit, amount: int) { u.hp += amount; add "healed" to log }
before Healed { amount = amount * 2 }
instead of Healed when u.name == "Troll" {
  add "regenerates" to log
  proceed
  add "and more" to log
}
example "adds to the default effect" {
  let t = Unit(name: "Troll")
  emit Healed(t, 1)
  expect t.hp == 7
  expect log == ["regenerates", "healed", "and more"]
}
`,
      "adds to the default effect",
    );
  });

  it("belongs in an `instead of` handler of an event with a default body", () => {
    expect(errors(`event Ping()
event Pong() { }
on Pong { proceed }
instead of Ping { proceed }
fn f() { proceed }
fn g() { let proceed = 1; proceed = 2 }
`)).toEqual([
      "E0230 3:11 `proceed` runs an event's default body, so it belongs in an `instead of` handler | this is an `on` handler of `Pong`",
      "E0231 4:19 event `Ping` has no default body for `proceed` to run | give `Ping` a body, or remove `proceed`",
      "E0230 5:10 `proceed` runs an event's default body, so it belongs in an `instead of` handler | use it inside `instead of EventName { ... }`",
    ]);
  });
});
