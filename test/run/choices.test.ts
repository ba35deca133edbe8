// Choices: `by` (who answers), `or none` (a choice that may pick nothing) and `choose up to N` (one
// question per pick with `none` to stop), as the trace, scripted answers, scenarios and a custom
// Chooser see them.
import { describe, expect, it } from "vitest";
import { indexProgram, runScenario } from "../../src/pipeline.ts";
import type { Json } from "../../src/run/state.ts";
import { showValue, type Value } from "../../src/core/values.ts";
import { checked, compileText, example } from "../support/helpers.ts";

const head = `kind Player { name: text }
kind Unit { name: text }
kind Army { owner: Player, units: list<Unit> }
state { army: Army }
`;
const state: Record<string, Json> = { army: { owner: { name: "red" }, units: [{ name: "Orc" }, { name: "Elf" }, { name: "Troll" }] } };
const choices = (r: { trace: { kind: string; message: string }[] }) => r.trace.filter((t) => t.kind === "choice").map((t) => t.message);
const diags = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}${d.help ? ` | ${d.help}` : ""}`);

function run(rules: string, fn: string, script: Json[] = [], chooser?: Parameters<typeof runScenario>[2]["chooser"]) {
  const program = indexProgram(checked(`${head}${rules}`));
  return runScenario(program, { rules: "main.rules", run: fn, state, choices: script }, { seed: "1", trace: true, ...(chooser ? { chooser } : {}) });
}

describe("`by`: who answers", () => {
  const rules = `fn withdraw() -> Unit = choose "Which unit withdraws?" from army.units by army.owner\n`;

  it("names who answers in the trace", () => {
    const out = run(`${rules}fn main() -> text = withdraw().name\n`, "main", ["Elf"]);
    expect(out.resultText).toBe("Elf");
    expect(choices(out)).toEqual(['"Which unit withdraws?" (asked of Player "red") -> Unit "Elf" (chosen)']);
  });

  it("passes who answers to a custom Chooser as text", () => {
    const asked: string[] = [];
    const out = run(`${rules}fn main() -> text = withdraw().name\n`, "main", [], {
      choose: (q: string, options: Value[], _span, who?: string) => (asked.push(`${who} | ${q} | ${options.map(showValue).join(", ")}`), 2),
    });
    expect(asked).toEqual(['Player "red" | Which unit withdraws? | Unit "Orc", Unit "Elf", Unit "Troll"']);
    expect(out.resultText).toBe("Troll");
    expect(choices(out)).toEqual(['"Which unit withdraws?" (asked of Player "red") -> Unit "Troll" (chosen)']);
  });

  it("takes any value, shown as text", () => {
    const r = example(`example "who" {\n  force choices [2]\n  expect (choose "How many?" from [1, 2] by "the defender") == 2\n}\n`, "who");
    expect(r.failure).toBeUndefined();
    expect(choices(r)).toEqual(['"How many?" (asked of the defender) -> 2 (scripted)']);
  });
});

describe("`or none`", () => {
  const rules = `fn target() -> text {
  let u = choose "Which unit is the target?" from army.units or none
  if u == none { return "nobody" }
  return u.name
}
fn fromEmpty() -> bool {
  let empty: list<Unit> = []
  return (choose "Which unit?" from empty or none) == none
}
`;

  it("offers `none` last: the default policy takes the first option, a script or a chooser may take `none`", () => {
    expect(run(rules, "target").resultText).toBe("Orc");
    const scripted = run(rules, "target", [null]);
    expect(scripted.resultText).toBe("nobody");
    // A scenario's "choices" answer through the scripted chooser: "chosen", as any chooser's answer.
    expect(choices(scripted)).toEqual(['"Which unit is the target?" -> none (chosen)']);
    const offered: string[] = [];
    const chosen = run(rules, "target", [], { choose: (_q, options) => (offered.push(options.map(showValue).join(", ")), options.length - 1) });
    expect(offered).toEqual(['Unit "Orc", Unit "Elf", Unit "Troll", none']);
    expect(chosen.resultText).toBe("nobody");
  });

  it("takes `none` from an empty list instead of failing", () => {
    const out = run(rules, "fromEmpty");
    expect(out.resultText).toBe("true");
    expect(choices(out)).toEqual(['"Which unit?" -> none (default: the first option)']);
  });

  it("is `T?`: using the pick as a `T` needs a check", () => {
    expect(diags(`${head}fn f() -> text = (choose "q" from army.units or none).name\n`)).toEqual([
      "E0240 5:19 `.name` needs a value, but `choose \"q\" from army.units or none` may be `none` | a check narrows only a plain name: copy it with `let v = choose \"q\" from army.units or none`, then check `if v != none`",
    ]);
  });

  it("still reads `choose ... from xs or other` as an `or` of two expressions", () => {
    expect(diags(`example "x" {\n  let b = choose "q" from [true] or false\n  expect b\n}\n`)).toEqual([]);
  });
});

describe("`choose up to N`", () => {
  const rules = `fn attack(n: int) -> list<Unit> = choose up to n "Which units attack?" from army.units by army.owner
fn main() -> text = str(attack(3))
fn two() -> text = str(attack(2))
fn none0() -> text = str(attack(0))
fn below() -> text = str(attack(-1))
`;

  it("by default picks the first option each time: min(N, len) items", () => {
    const out = run(rules, "two");
    expect(out.resultText).toBe('[Unit "Orc", Unit "Elf"]');
    expect(choices(out)).toEqual([
      '"Which units attack?" (asked of Player "red", pick 1 of up to 2) -> Unit "Orc" (default: the first option)',
      '"Which units attack?" (asked of Player "red", pick 2 of up to 2) -> Unit "Elf" (default: the first option)',
    ]);
    const all = run(rules.replace("up to n", "up to n + 2"), "two");
    expect(all.resultText).toBe('[Unit "Orc", Unit "Elf", Unit "Troll"]');
    // With nothing left to pick, nobody is asked to stop.
    expect(choices(all)).toHaveLength(3);
  });

  it("asks once per pick, offering what is left and `none`, until N picks or a `none` (up to 3, or stop)", () => {
    const out = run(rules, "main", ["Troll", "Orc", null]);
    expect(out.resultText).toBe('[Unit "Troll", Unit "Orc"]');
    expect(choices(out)).toEqual([
      '"Which units attack?" (asked of Player "red", pick 1 of up to 3) -> Unit "Troll" (chosen)',
      '"Which units attack?" (asked of Player "red", pick 2 of up to 3) -> Unit "Orc" (chosen)',
      '"Which units attack?" (asked of Player "red", pick 3 of up to 3) -> none (chosen)',
    ]);
    const offered: string[] = [];
    run(rules, "main", [], { choose: (_q, options) => (offered.push(options.map(showValue).join(", ")), 0) });
    expect(offered).toEqual(['Unit "Orc", Unit "Elf", Unit "Troll", none', 'Unit "Elf", Unit "Troll", none', 'Unit "Troll", none']);
  });

  it("takes scripted answers one per ask in an example, `none` included", () => {
    const r = example(
      `${head}example "pick two" {
  let orc = Unit(name: "Orc")
  let elf = Unit(name: "Elf")
  force choices [elf, none]
  expect (choose up to 3 "Which units attack?" from [orc, elf]) == [elf]
  force choices [none]
  expect (choose up to 3 "Which units attack?" from [orc, elf]) == []
}`,
      "pick two",
    );
    expect(r.failure).toBeUndefined();
    expect(choices(r)).toEqual([
      '"Which units attack?" (pick 1 of up to 3) -> Unit "Elf" (scripted)',
      '"Which units attack?" (pick 2 of up to 3) -> none (scripted)',
      '"Which units attack?" (pick 1 of up to 3) -> none (scripted)',
    ]);
  });

  it("asks nothing for up to 0, and stops with R0501 below 0", () => {
    const zero = run(rules, "none0");
    expect(zero.resultText).toBe("[]");
    expect(choices(zero)).toEqual([]);
    const below = run(rules, "below");
    expect(below.error).toMatchObject({ code: "R0501", message: "cannot choose up to -1: the number of picks cannot be below 0", span: expect.objectContaining({ line: 5, col: 48 }) });
  });

  it("is a list, needs an int, and rejects a constant below 0 and a redundant `or none` (E0242)", () => {
    expect(
      diags(`${head}fn a() -> Unit = choose up to 2 "q" from army.units
fn b() -> list<Unit> = choose up to "two" "q" from army.units
fn c() -> list<Unit> = choose up to -1 "q" from army.units
fn d() -> list<Unit> = choose up to 2 "q" from army.units or none
`),
    ).toEqual([
      "E0201 5:18 the function's result should be Unit, but this is list<Unit>",
      "E0201 6:37 the number of picks should be int, but this is text",
      "E0242 7:37 `choose up to -1` can never pick anything: the number of picks cannot be below 0 | use 0 or more",
      "E0242 8:24 `choose up to` already offers `none` to stop, so `or none` says nothing more | remove `or none`",
    ]);
  });

  it("leaves `up` free as a name", () => {
    expect(diags(`example "x" {\n  let up = 2\n  let picked = choose up to up "q" from [1, 2, 3]\n  expect picked == [1, 2]\n}\n`)).toEqual([]);
  });
});
