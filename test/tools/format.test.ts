// `rulesmith fmt`: the canonical layout. On every bundled file and on mutants of them that parse,
// formatting twice equals formatting once, the formatted file has the same AST (spans aside) and its
// examples give the same results; every comment is kept where it was written.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFile } from "../../src/syntax/parse.ts";
import { formatRules } from "../../src/tools/format/index.ts";
import { compile, runExamples } from "../../src/pipeline.ts";
import { formatting } from "../../src/tools/service/index.ts";
import { mutate, mutation, SAMPLE } from "../support/generators.ts";
import { memoryHost } from "../support/helpers.ts";

function rulesFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? rulesFiles(join(dir, e.name)) : e.name.endsWith(".rules") ? [join(dir, e.name)] : []));
}
const BUNDLED = rulesFiles("rules");

function fmt(text: string, path = "main.rules"): string {
  const r = formatRules(path, text);
  if ("diagnostics" in r) throw new Error(`not formatted: ${r.diagnostics.map((d) => `${d.span.line}:${d.span.col} ${d.message}`).join("; ")}`);
  return r.text;
}

/** The AST without its spans (positions move when layout does); doc comments lose only trailing blanks. */
function shape(path: string, text: string): unknown {
  const file = parseFile(path, text).file;
  return JSON.parse(
    JSON.stringify(file, (key, value) => {
      if (value && typeof value === "object" && "line" in value && "col" in value && "file" in value) return undefined;
      if (key === "doc" && typeof value === "string") return value.replace(/[ \t]+$/gm, "");
      return value;
    }),
  );
}

/** What each example of a set of files did, by title. */
function exampleResults(files: Record<string, string>, roots: string[]) {
  const compiled = compile(roots, memoryHost(files));
  if (!compiled.program) return compiled.diagnostics.map((d) => d.code);
  return runExamples(compiled.program).map((r) => [r.title, r.passed, r.failure?.code, r.failure?.message]);
}

/** The formatter's promises about one text that parses. */
function expectFormatsSoundly(text: string, path = "main.rules") {
  const once = fmt(text, path);
  expect(fmt(once, path)).toBe(once);
  expect(shape(path, once)).toEqual(shape(path, text));
  const comments = (t: string) => t.match(/\/\/[^\n\r]*/g)?.map((c) => c.trimEnd()) ?? [];
  expect(comments(once)).toEqual(comments(text));
  expect(once).not.toMatch(/[ \t]$/m);
  expect(once).not.toMatch(/\n\n\n/);
  expect(once.endsWith("\n") && !once.endsWith("\n\n")).toBe(true);
}

describe("fmt on the bundled rules", () => {
  it.each(BUNDLED)("formats %s idempotently, keeping its AST and comments", (file) => {
    expectFormatsSoundly(readFileSync(file, "utf8"), file);
  });

  it.each(["rules/warlords3", "rules/dragon-dice"])("keeps every example result of %s", (dir) => {
    const files = Object.fromEntries(BUNDLED.filter((f) => f.startsWith(`${dir}/`)).map((f) => [f, readFileSync(f, "utf8")]));
    const formatted = Object.fromEntries(Object.entries(files).map(([f, t]) => [f, fmt(t, f)]));
    const before = exampleResults(files, [dir]);
    expect(before.length).toBeGreaterThan(10);
    expect(exampleResults(formatted, [dir])).toEqual(before);
  });
});

describe("the canonical layout", () => {
  it("a `-` after a soft keyword used as a name subtracts; one written tight to a number after it negates", () => {
    expect(fmt("fn f(from: int, to: int) -> int = to - from\n")).toBe("fn f(from: int, to: int) -> int = to - from\n");
    expect(fmt("fn k(xs: list<int>) { add -1 to xs }\n")).toBe("fn k(xs: list<int>) { add -1 to xs }\n");
  });

  it("tells a type's angle brackets from comparisons by where they stand, not by their spacing (issue 28)", () => {
    expect(fmt("fn f(x: int) -> bool = x<3 or x > 4\n")).toBe("fn f(x: int) -> bool = x < 3 or x > 4\n");
    expect(fmt("fn g(xs: list < list < int > >, t: tally <Icon>) -> list < int > = xs[0]\nenum Icon { a }\n")).toBe("fn g(xs: list<list<int>>, t: tally<Icon>) -> list<int> = xs[0]\nenum Icon { a }\n");
    // A type's `>` ending a line does not continue it, as a comparison's would.
    expect(fmt("kind K {\n  xs: list < int >\n  n: int\n}\n")).toBe("kind K {\n  xs: list<int>\n  n: int\n}\n");
    // A local named `list` compared is a comparison.
    expect(fmt("fn h(list: int) -> bool = list<3\n")).toBe("fn h(list: int) -> bool = list < 3\n");
  });

  it("indents by bracket depth, spaces tokens by pair and keeps comments where they stand", () => {
    const messy = [
      "   // a note about units",
      "",
      "",
      "",
      "/// A unit.   ",
      "kind Unit{hp:int in 0..9=1 // hit points",
      "     items : list< int >",
      "}",
      "fn f(u:Unit,n:int)->int=",
      "u.hp+n*-2",
      "    + max( n , 1 )",
      'example "x"{',
      "let u=Unit(hp:3)",
      "   if u.hp>=2{u.hp-=1}else{say \"no\"}",
      "force dice [ 1,2 ]",
      "       expect f(u,1)==0",
      "}   ",
      "",
      "",
    ].join("\n");
    expect(fmt(messy)).toBe(
      [
        "// a note about units",
        "",
        "/// A unit.",
        "kind Unit { hp: int in 0..9 = 1 // hit points",
        "  items: list<int>",
        "}",
        "fn f(u: Unit, n: int) -> int =",
        "  u.hp + n * -2",
        "  + max(n, 1)",
        'example "x" {',
        "  let u = Unit(hp: 3)",
        "  if u.hp >= 2 { u.hp -= 1 } else { say \"no\" }",
        "  force dice [1, 2]",
        "  expect f(u, 1) == 0",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("keeps a type's angle brackets tight when written tight, and a modifier's `:` spaced", () => {
    expect(fmt("kind K {\n  xs: list<list<int>>\n  ys: int\n}\n")).toBe("kind K {\n  xs: list<list<int>>\n  ys: int\n}\n");
    const mod = "value v(n: int) -> int = n\nmodifier m for v when n > 1: add 1\n";
    expect(fmt(mod)).toBe("value v(n: int) -> int = n\nmodifier m for v when n > 1 : add 1\n");
  });

  it("lays out the extension points as the declarations they extend, keeping their AST", () => {
    const text = `extend   enum Terrain {swamp,  bog}\nextend kind Unit { fear: int in 0..5 = 0,charged: bool }\nextend table cost {\nTerrain.swamp, _ => 3\n}\nreplace row cost( _ , true ) => 0\nremove row cost(_,true)\nremove   modifier sturdy\nremove handler loseHp\nfinal   modifier x for defense : add 1\nreplace on Damaged   as loseHp when target.hp > 0 { target.hp -= 2 }\n`;
    expect(fmt(text)).toBe(
      "extend enum Terrain { swamp, bog }\nextend kind Unit { fear: int in 0..5 = 0, charged: bool }\nextend table cost {\n  Terrain.swamp, _ => 3\n}\nreplace row cost(_, true) => 0\nremove row cost(_, true)\nremove modifier sturdy\nremove handler loseHp\nfinal modifier x for defense : add 1\nreplace on Damaged as loseHp when target.hp > 0 { target.hp -= 2 }\n",
    );
    expectFormatsSoundly(text);
  });

  it("indents a comment between a line ending in an operator and the line that goes on as that line", () => {
    expect(fmt("fn f(a: int) -> bool =\n// a note on the body\n    a > 1\n")).toBe("fn f(a: int) -> bool =\n  // a note on the body\n  a > 1\n");
  });

  it("refuses a file with a syntax error and says where", () => {
    const r = formatRules("bad.rules", "fn f() {\n  let = 1\n}\n");
    expect("diagnostics" in r && r.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col}`)).toEqual(["E0002 2:7"]);
  });

  it("formats an empty file to an empty file", () => {
    expect(formatRules("e.rules", "")).toEqual({ text: "", changed: false });
    expect(formatRules("e.rules", "\n\n  \n")).toEqual({ text: "", changed: true });
  });
});

/** Whitespace and comments put between tokens at random: the file still says the same thing. */
const respacing = fc.array(fc.constantFrom("", " ", "   ", "\n", "\n\n\n\n", "\t", " // note\n", "\n  /// doc\n"), { minLength: 1, maxLength: 60 });
function respace(text: string, gaps: string[]): string {
  let i = 0;
  return text.replace(/[ \t]+|\n/g, (ws) => (ws === "\n" ? ws : gaps[i++ % gaps.length] || " "));
}

describe("fmt on mutants that parse", () => {
  const sources = [SAMPLE, ...["rules/warlords3/units.rules", "rules/warlords3/roster.rules"].map((f) => readFileSync(f, "utf8"))];
  const parses = (t: string) => parseFile("main.rules", t).file !== undefined;

  it("is idempotent and keeps the AST and comments of edited programs", () => {
    let parsed = 0;
    fc.assert(
      fc.property(fc.nat({ max: sources.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), (n, ms) => {
        const text = mutate(sources[n]!, ms);
        if (!parses(text)) return;
        parsed++;
        expectFormatsSoundly(text);
      }),
      { numRuns: 150, seed: 301 },
    );
    expect(parsed).toBeGreaterThan(10);
  });

  it("gives the same layout, AST and example results whatever the spacing within lines", () => {
    fc.assert(
      fc.property(respacing, (gaps) => {
        const text = respace(SAMPLE, gaps);
        if (!parses(text)) return;
        expectFormatsSoundly(text);
        expect(exampleResults({ "main.rules": fmt(text) }, ["main.rules"])).toEqual(exampleResults({ "main.rules": text }, ["main.rules"]));
      }),
      { numRuns: 100, seed: 302 },
    );
  });
});

describe("the language service's formatting (the playground's Format document)", () => {
  it("answers one edit replacing the whole text with fmt's layout", () => {
    const text = "fn f()->int=1\n\n\n\nfn g() -> int = f( )  \r\n";
    expect(formatting({ "a.rules": text }, "a.rules")).toEqual([{ range: { line: 1, col: 1, endLine: 6, endCol: 1 }, text: "fn f() -> int = 1\n\nfn g() -> int = f()\n" }]);
  });

  it("answers no edit for a file already laid out, one that does not parse, or one that is not there", () => {
    expect(formatting({ "a.rules": "fn f() -> int = 1\n" }, "a.rules")).toEqual([]);
    expect(formatting({ "a.rules": "fn f( -> int = 1\n" }, "a.rules")).toEqual([]);
    expect(formatting({}, "a.rules")).toEqual([]);
  });
});

describe("fmt on any text", () => {
  it("answers a layout or the syntax errors, never an exception, and a layout is idempotent", () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (ms) => {
        const text = mutate(SAMPLE, ms);
        const r = formatRules("main.rules", text);
        if ("diagnostics" in r) expect(r.diagnostics.length).toBeGreaterThan(0);
        else expect(fmt(r.text)).toBe(r.text);
      }),
      { numRuns: 200, seed: 303 },
    );
  });
});
