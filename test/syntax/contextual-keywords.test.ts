// Contextual keywords: game words such as `order`, `value`, `from`, `to`, `by` are names wherever the
// grammar cannot mistake them for the keyword; the reserved words (grammar/tokens.ts) stay keywords
// where a name would make the grammar read two ways, and the error says where they can be names.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { keywords, reservedWords } from "../../grammar/tokens.ts";
import { completions, definition } from "../../src/tools/service/index.ts";
import { compileText, examples } from "../support/helpers.ts";

/** Every example of a program that must check, as title -> passed (with the failure when not). */
function outcomes(text: string): Record<string, string> {
  return Object.fromEntries([...examples(text)].map(([title, r]) => [title, r.passed ? "passed" : `failed: ${r.failure?.message}`]));
}

function errors(text: string): [string, number, number, string][] {
  return compileText(text).diagnostics.map((d) => [d.code, d.span.line, d.span.col, d.message]);
}

const languageMd = readFileSync("docs/language.md", "utf8");
const lines = (from: string, to: string) => languageMd.slice(languageMd.indexOf(from), languageMd.indexOf(to, languageMd.indexOf(from))).split("\n");

/** The words language.md section 2 lists as reserved: the first code span of each of its bullets. */
function documentedReserved(): string[] {
  return lines("A few words stay **reserved**", "Where only a name can stand").flatMap((l) => (l.startsWith("- `") ? l.slice(3, l.indexOf("`", 3)).split(" ") : []));
}

/** The words language.md section 2 lists as keywords: the indented block after "**Keywords**". */
function documentedKeywords(): string[] {
  return lines("**Keywords** are", "Most keywords are").flatMap((l) => (l.startsWith("    ") ? l.trim().split(/\s+/) : []));
}

const reservedNote = (word: string) =>
  `(\`${word}\` is a reserved word: it can name a field, a parameter, an enum member or a named argument, but not a declaration, a variable or a value in an expression)`;

describe("soft keywords as names", () => {
  it("fields of a kind, member access, named arguments and a parameter", () => {
    const src = `kind Route { order: int, value: int, from: int, to: int }
fn span(r: Route, by: int) -> int = (r.to - r.from) * by + r.order + r.value
example "a route" {
  let r = Route(order: 1, value: 2, from: 3, to: 7)
  expect span(r, 2) == 11
  expect r.from == 3
}
`;
    expect(outcomes(src)).toEqual({ "a route": "passed" });
  });

  it("a state field named with a keyword is read and assigned as a plain name", () => {
    const src = `state { order: int = 4 }
example "state" {
  order += 1
  expect order == 5
}
`;
    expect(outcomes(src)).toEqual({ "state": "passed" });
  });

  it("declaration names: fn, kind (used as a type), event with its trigger, status, table, value, die", () => {
    const src = `enum Icon { hit, miss }
kind value { n: int }
fn order(v: value) -> int = v.n * 10
event from(v: value)
status by
on from { if v.n == 3 { say "from three" } }
table die(n: int in 1..2) -> int { 1 => 5, 2 => 6 }
value of(x: int) -> int = x + die(1)
die state of Icon = [Icon(hit: 1), Icon(miss: 1)]
kind Holder { tag: text }
example "names" {
  let h = Holder(tag: "h")
  apply by to h
  expect h has by
  clear by from h
  expect not (h has by)
  expect order(value(n: 2)) == 20
  expect of(1) == 6
  emit from(value(n: 3))
}
`;
    const r = examples(src).get("names")!;
    expect(r.passed).toBe(true);
    expect(r.trace.filter((t) => t.kind === "say").map((t) => t.message)).toEqual(["from three"]);
  });

  it("let and for binders, a comprehension binder", () => {
    const src = `example "binders" {
  let from = 2
  let total = 0
  for to in from..4 { total += to }
  expect total == 9
  expect sum(on in [1, 2, 3] where on > from => on) == 3
}
`;
    expect(outcomes(src)).toEqual({ binders: "passed" });
  });

  it("any keyword, reserved ones included, as an enum member, a field, a parameter and a named argument", () => {
    const src = `enum Step { if, then, else }
kind Odd { let: int, return: bool }
fn pick(if: int) -> int = 1
example "reserved in name-only places" {
  let o = Odd(let: 3, return: true)
  expect o.let == 3
  expect o.return
  expect Step.then != Step.else
  expect pick(if: 4) == 1
}
`;
    expect(outcomes(src)).toEqual({ "reserved in name-only places": "passed" });
  });

  it("a modifier without an amount is followed by a declaration, not read as an amount", () => {
    const src = `enum Icon { hit, save }
value results(t: tally<Icon>) -> tally<Icon> = t
modifier doubled for results : double Icon.hit
modifier asSaves for results : count Icon.save as Icon.hit
value order() -> int = 1
example "stages" {
  expect results(Icon(hit: 1, save: 1)).hit == 4
  expect order() == 1
}
`;
    expect(outcomes(src)).toEqual({ stages: "passed" });
  });
});

describe("where a soft keyword starts a line", () => {
  it("after an unfinished expression, a declaration keyword starts the next declaration, so later errors are still reported", () => {
    expect(errors("fn g() -> int = 3 *\nenum Side { a, b }\nfn h() { let = 2 }\n")).toEqual([
      ["E0002", 2, 1, "expected an expression but found `enum`"],
      ["E0002", 3, 14, "expected a name but found `=`"],
    ]);
    expect(errors("fn f() {\n  say \"a\"\nfn g() {}\n")[0]).toEqual(["E0002", 3, 1, "expected `}` but found `fn`"]);
  });

  it("a variable named like a declaration keyword may still start a statement", () => {
    const src = `example "value" {
  let value = 2
  value += 1
  let total = 1 +
    value
  total += 1
  expect total == 5
  let kind = value
  kind = kind * 2
  expect kind == 6
}
`;
    expect(outcomes(src)).toEqual({ value: "passed" });
    // The extension points' words: \`remove row from rows\` is the statement, not \`remove row t(...)\`.
    const extending = `example "rows" {
  let rows = [1, 2]
  let row = 1
  remove row from rows
  let final = len(rows)
  let extend = final + 1
  expect extend == 2
}
`;
    expect(outcomes(extending)).toEqual({ rows: "passed" });
  });
});

describe("reserved words", () => {
  it("are listed once, each with the reason it stays reserved, and language.md section 2 lists the same", () => {
    expect([...reservedWords.keys()].sort()).toEqual(documentedReserved().sort());
    expect(documentedReserved()).toContain("while");
    for (const reason of reservedWords.values()) expect(reason).not.toBe("");
  });

  it("language.md lists every keyword, and only keywords", () => {
    expect(documentedKeywords().sort()).toEqual(Object.keys(keywords).sort());
  });

  it("cannot name a declaration, and the message says where they can be names", () => {
    expect(errors("fn return() -> int = 1\n")).toEqual([["E0002", 1, 4, `expected a name but found \`return\` ${reservedNote("return")}`]]);
    expect(errors("kind Unit { hp: int }\nevent while(u: Unit)\n")).toEqual([["E0002", 2, 7, `expected a name but found \`while\` ${reservedNote("while")}`]]);
  });

  it("cannot be a variable or a type", () => {
    expect(errors('example "e" {\n  let then = 1\n}\n')[0]).toEqual(["E0002", 2, 7, `expected a name but found \`then\` ${reservedNote("then")}`]);
    expect(errors("kind K { x: where }\n")[0]).toEqual(["E0002", 1, 13, `expected a name but found \`where\` ${reservedNote("where")}`]);
  });

  it("a soft keyword where a keyword is expected gets no note about names", () => {
    expect(errors("kind K { x: int }\nfn f() -> int { return K(x: 1) to }\n")[0]?.[3]).not.toContain("reserved");
  });
});

describe("editor", () => {
  const lib = "kind Route { order: int, from: int }\nfn value(r: Route) -> int = r.order\n";
  const complete = (text: string) => {
    const i = text.indexOf("<|>");
    const source = text.slice(0, i) + text.slice(i + 3);
    const lines = text.slice(0, i).split("\n");
    return completions({ "main.rules": source }, "main.rules", lines.length, lines[lines.length - 1]!.length + 1).map((c) => c.label);
  };

  it("offers fields named with keywords after `.`", () => {
    expect(complete(`${lib}fn f(r: Route) -> int = r.<|>`)).toEqual(["order", "from"]);
  });

  it("goes to the declaration of a function named with a keyword", () => {
    const text = `${lib}fn f(r: Route) -> int = value(r)\n`;
    expect(definition({ "main.rules": text }, "main.rules", 3, 26)).toEqual({ path: "main.rules", range: { line: 2, col: 4, endLine: 2, endCol: 9 } });
  });

  it("offers a function named with a keyword where an expression goes", () => {
    expect(complete(`${lib}fn f(r: Route) -> int = <|>`)).toEqual(expect.arrayContaining(["value", "r"]));
  });
});
