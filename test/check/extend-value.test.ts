// `extend value v stages [...]` (src/check/extensions.ts, docs/language.md section 25): a file that sees a
// value adds stages to it at a declared place and makes its stages exclusive, merged once at check time.
// Its diagnostics, each code at its exact range; conflicts between files that do not see each other; and
// the same outcome and trace on the three engines, which see one value with its merged stages.
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline.ts";
import { memoryHost } from "../support/helpers.ts";
import { onEveryEngine } from "../support/every-engine.ts";

const BASE = `value damage(hit: int, blessed: bool, raging: bool) -> int = hit
modifier blessing for damage when blessed : multiply 2
modifier rage for damage when raging : multiply 3
modifier sword for damage : add 1
value armour(x: int) -> int stages [add, bounds] = x
final value fixed(x: int) -> int = x
fn damage2() -> int = 0
value label(x: int) -> text = "a"
`;

/** The diagnostics of `main.rules` (which imports `base.rules`) and any other files it names. */
function diagnostics(main: string, others: Record<string, string> = {}): string[] {
  const c = compile(["main.rules"], memoryHost({ "base.rules": BASE, ...others, "main.rules": main.startsWith("import") ? main : `import "base.rules"\n${main}` }));
  return c.diagnostics.map((d) => `${d.code} ${d.span.file}:${d.span.line}:${d.span.col}-${d.span.endCol} ${d.message}${d.help ? ` | ${d.help}` : ""}`);
}

/** Each trace line without its source place. */
const lines = (trace: string) => trace.split("\n").map((l) => l.trim().replace(/ +\[.*$/, "")).filter((l) => l !== "");

describe("extend value: the diagnostics", () => {
  it("an empty stage list changes nothing, so it is a syntax error (E0002) at its `]`", () => {
    expect(diagnostics("extend value damage stages []\n").map((d) => d.slice(0, 30))).toEqual(["E0002 main.rules:2:29-30 unexp"]);
  });
  it("E0160 with the closest value, E0161 for another sort, E0162 for a final value", () => {
    expect(diagnostics("extend value damag stages [late]\n")).toEqual(["E0160 main.rules:2:14-19 there is no value `damag` to extend | did you mean `damage`?"]);
    expect(diagnostics("extend value damage2 stages [late]\n")[0]).toMatch(/^E0161 main.rules:2:14-21 `damage2` is a function, not a value: `extend` here takes a value/);
    expect(diagnostics("extend value fixed stages [late]\n")).toEqual(["E0162 main.rules:2:14-19 `fixed` is declared `final`: no file may extend it | change it in its own file, or ask its author to drop `final`"]);
  });

  it("E0220 for a place next to a stage the value does not have, listing its stages, with a did-you-mean", () => {
    expect(diagnostics("extend value armour stages [late after multiply]\n")).toEqual([
      "E0220 main.rules:2:40-48 `armour` has no stage `multiply` to put `late` after; its stages are `add`, `bounds`",
    ]);
    expect(diagnostics("extend value damage stages [late before bonds]\n")).toEqual([
      "E0220 main.rules:2:41-46 `damage` has no stage `bonds` to put `late` before; its stages are `set`, `add`, `count`, `multiply`, `compute`, `bounds` | did you mean `bounds`?",
    ]);
  });

  it("E0223 for an unknown rule, and for `largest` on a value with no size", () => {
    expect(diagnostics("extend value damage stages [multiply exclusive larges]\n")).toEqual(["E0223 main.rules:2:48-54 `larges` is no rule for picking the one modifier of the exclusive stage `multiply` | did you mean `largest`?"]);
    expect(diagnostics("extend value label stages [set exclusive largest]\n")[0]).toMatch(/^E0223 main.rules:2:42-49 `largest` picks the modifier whose result is largest, but `label` is text, which has no size/);
    expect(diagnostics("extend value label stages [set exclusive first]\n")).toEqual([]);
  });

  it("E0102: a stage it already has, without a rule or with a place (a stage is not moved), or one named twice", () => {
    expect(diagnostics("extend value damage stages [add]\n")).toEqual([
      "E0102 main.rules:2:29-32 `damage` already has the stage `add` (one of the default stages) | to make it exclusive write `add exclusive largest` (or `smallest`, `first`); a new stage needs a name of its own",
    ]);
    expect(diagnostics("extend value armour stages [bounds before add]\n")).toEqual([
      "E0102 main.rules:2:29-35 `armour` already has the stage `bounds` (base.rules:5:42) | a stage keeps its place: a mod adds stages and makes them exclusive, but does not move them; a new stage needs a name of its own",
    ]);
    expect(diagnostics("extend value armour stages [late, late]\n")).toEqual(["E0102 main.rules:2:35-39 the stage `late` is named twice in this `extend value` | name each stage once"]);
  });

  it("a modifier in a stage only the extension adds is E0220 where the extension is not loaded, and fine where it is", () => {
    const mod = 'import "base.rules"\nextend value armour stages [late]\n';
    expect(diagnostics('import "base.rules"\nmodifier tail for armour in late : add 1\n').map((d) => d.slice(0, 5))).toEqual(["E0220"]);
    expect(diagnostics('import "mod.rules"\nmodifier tail for armour in late : add 1\n', { "mod.rules": mod })).toEqual([]);
  });

  it("E0164: two files that do not see each other make one stage exclusive, add one stage, or put stages in one place", () => {
    const both = (a: string, b: string) => diagnostics('import "a.rules"\nimport "b.rules"\n', { "a.rules": `import "base.rules"\n${a}\n`, "b.rules": `import "base.rules"\n${b}\n` });
    const conflict = (what: string) => [
      `E0164 b.rules:2:29-${29 + what.split(" ")[0]!.length} \`b.rules\` and \`a.rules\` ${what.slice(what.indexOf(" ") + 1)}, and neither imports the other, so nothing orders the two | keep one of the changes, or import one file from the other to apply them in that order`,
    ];
    expect(both("extend value damage stages [multiply exclusive largest]", "extend value damage stages [multiply exclusive first]")).toEqual(conflict("multiply both make the stage `multiply` of `damage` exclusive"));
    expect(both("extend value damage stages [late]", "extend value damage stages [tail]")).toEqual(conflict("tail both put a new stage of `damage` after its last"));
    expect(both("extend value damage stages [x after add]", "extend value damage stages [y after add]")).toEqual(conflict("y both put a new stage of `damage` just after `add`"));
    expect(both("extend value damage stages [late]", "extend value damage stages [late before add]")).toEqual(conflict("late both add the stage `late` to `damage`"));
    // Different places do not conflict.
    expect(both("extend value damage stages [x after add]", "extend value damage stages [y before add, multiply exclusive largest]")).toEqual([]);
  });

  it("a file that sees the other applies after it: its rule wins, its stage goes just after the anchor", () => {
    const others = { "a.rules": 'import "base.rules"\nextend value damage stages [multiply exclusive smallest, x after add]\n' };
    expect(diagnostics('import "a.rules"\nextend value damage stages [multiply exclusive largest, y after add]\n', others)).toEqual([]);
  });
});

describe("`replace value`: E0002 says what to write instead", () => {
  it("names modifiers in its stages and `extend value`, with the value's name", () => {
    const e = diagnostics("replace value damage(hit: int) -> int = 2\n").find((d) => d.startsWith("E0002"));
    expect(e).toBe(
      "E0002 main.rules:2:9-14 unexpected `value` in a replace declaration: expected one of `modifier`, `fn`, `on`, `before`, `instead`, `row` | a value is not replaced whole: add modifiers to it (`modifier m for damage ...`, in its stages; a modifier of the base can be replaced or removed by name), change its stages with `extend value damage stages [...]`, or ask its author to write it as a `fn`, which `replace fn` can replace",
    );
    expect(diagnostics("remove value damage\n").find((d) => d.startsWith("E0002"))).toMatch(/\| a value is not removed whole: .*`extend value damage stages \[\.\.\.\]`/);
  });
});

describe("extend value: what runs", () => {
  it("makes the base's multiply stage exclusive and adds stages, the same on every engine", () => {
    const main = `import "base.rules"
extend value damage stages [multiply exclusive largest, cap after multiply, late]
modifier limit for damage in cap : atMost 10
modifier tail for damage in late : add 100
example "one multiplier, the largest; then the cap; then the last stage" {
  expect damage(3, true, true) == 110
  expect damage(1, true, false) == 104
  expect damage(5, false, false) == 106
}
`;
    const out = onEveryEngine(main, { "base.rules": BASE });
    expect(out.map((o) => o.error)).toEqual([undefined]);
    expect(lines(out[0]!.trace).filter((l) => l.startsWith("damage:"))).toEqual([
      "damage: 3 -> 4 (add 1)",
      "damage: skipped (multiply 2): exclusive stage multiply applies one, the largest: rage",
      "damage: 4 -> 12 (multiply 3), the largest of exclusive stage multiply; skipped: blessing",
      "damage: 12 -> 10 (atMost 10)",
      "damage: 10 -> 110 (add 100)",
      "damage: 1 -> 2 (add 1)",
      "damage: 2 -> 4 (multiply 2)",
      "damage: 4 unchanged (atMost 10)",
      "damage: 4 -> 104 (add 100)",
      "damage: 5 -> 6 (add 1)",
      "damage: 6 unchanged (atMost 10)",
      "damage: 6 -> 106 (add 100)",
    ]);
  });

  it("the base alone keeps both multipliers: the extension changes only the program it is loaded in", () => {
    const out = onEveryEngine('import "base.rules"\nexample "both multiply" {\n  expect damage(3, true, true) == 24\n}\n', { "base.rules": BASE });
    expect(out.map((o) => o.error)).toEqual([undefined]);
  });

  it("a new stage before a declared one, exclusive by `first`", () => {
    const main = `import "base.rules"
extend value armour stages [boost exclusive first before bounds]
modifier a for armour in boost : add 1
modifier b for armour in boost : add 5
modifier c for armour : atMost 3
example "one of the boosts, then the bound" {
  expect armour(1) == 2
}
`;
    const out = onEveryEngine(main, { "base.rules": BASE });
    expect(out.map((o) => o.error)).toEqual([undefined]);
    expect(lines(out[0]!.trace).filter((l) => l.startsWith("armour:"))).toEqual([
      "armour: 1 -> 2 (add 1), the first of exclusive stage boost; skipped: b",
      "armour: skipped (add 5): exclusive stage boost applies one, the first: a",
      "armour: 2 unchanged (atMost 3)",
    ]);
  });
});
