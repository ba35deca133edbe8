// The extension points' diagnostics (src/check/extensions.ts): each code at its exact range, in plain
// words, with its did-you-mean and the second place it involves; and the syntactic conflicts of two files
// that do not import one another, named by both files.
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline.ts";
import { memoryHost } from "../support/helpers.ts";

const BASE = `enum Terrain { plain, hill }
kind Unit { name: text, hp: int = 2 }
table cost(t: Terrain) -> int {
  Terrain.hill => 2
  _ => 1
}
value defense(u: Unit) -> int = 1
modifier sturdy for defense : add 1
event Hit(u: Unit)
on Hit as wound { u.hp -= 1 }
final enum Side { a, b }
final kind Token { n: int = 0 }
final table fixed(n: int) -> int {
  _ => 0
}
final modifier steady for defense : add 1
final on Hit as shout { say "hit" }
`;

/** The diagnostics of `main.rules` (which imports `base.rules`) and any other files, as `CODE file:line:col-endCol message`. */
function diagnostics(main: string, others: Record<string, string> = {}, roots = ["main.rules"]): string[] {
  const c = compile(roots, memoryHost({ "base.rules": BASE, "main.rules": `import "base.rules"\n${main}`, ...others }));
  return c.diagnostics.map((d) => `${d.code} ${d.span.file}:${d.span.line}:${d.span.col}-${d.span.endCol} ${d.message}${d.help ? ` | ${d.help}` : ""}`);
}

describe("extending, replacing and removing what is not there", () => {
  it("E0160: an unknown enum, kind, table, modifier or handler, with the closest name of its sort", () => {
    expect(diagnostics("extend enum Terain { swamp }\n")).toEqual(["E0160 main.rules:2:13-19 there is no enum `Terain` to extend | did you mean `Terrain`?"]);
    expect(diagnostics("extend kind Unt { x: int = 0 }\n")).toEqual(["E0160 main.rules:2:13-16 there is no kind `Unt` to extend | did you mean `Unit`?"]);
    expect(diagnostics("extend table cots { _ => 3 }\n")).toEqual(["E0160 main.rules:2:14-18 there is no table `cots` to extend | did you mean `cost`?"]);
    expect(diagnostics("remove modifier sturdyy\n")).toEqual(["E0160 main.rules:2:17-24 there is no modifier `sturdyy` to remove | did you mean `sturdy`?"]);
    expect(diagnostics("remove handler wond\n")).toEqual(["E0160 main.rules:2:16-20 there is no handler named `wond` to remove | did you mean `wound`?"]);
    expect(diagnostics("replace on Hit as wond { u.hp -= 2 }\n")).toEqual(["E0160 main.rules:2:19-23 there is no handler named `wond` to replace | did you mean `wound`?"]);
  });

  it("one diagnostic, not two: a target left out for a syntax error, or declared in a file not imported (E0105)", () => {
    const c = compile(["main.rules"], memoryHost({ "main.rules": "enum Terrain { plain, @ }\nextend enum Terrain { swamp }\n" }));
    expect(c.diagnostics.map((d) => d.code)).toEqual(["E0001"]);
    const d = compile(["main.rules", "other.rules"], memoryHost({ "main.rules": "extend enum Terrain { swamp }\n", "other.rules": "enum Terrain { plain }\n" }));
    expect(d.diagnostics.map((x) => `${x.code} ${x.span.file}:${x.span.line}:${x.span.col}`)).toEqual(["E0105 main.rules:1:13"]);
  });

  it("E0160: a row no pattern of the table reads as written, naming its rows", () => {
    expect(diagnostics("remove row cost(Terrain.plain)\n")).toEqual(["E0160 main.rules:2:1-31 table `cost` has no row (Terrain.plain) to remove | its rows are (Terrain.hill), (_): name one with its patterns as written"]);
    expect(diagnostics("replace row cost(Terrain.plain) => 3\n")).toEqual(["E0160 main.rules:2:9-37 table `cost` has no row (Terrain.plain) to replace | its rows are (Terrain.hill), (_): name one with its patterns as written"]);
  });

  it("E0161: a declaration of another sort, pointing at it", () => {
    const c = compile(["main.rules"], memoryHost({ "base.rules": BASE, "main.rules": 'import "base.rules"\nextend enum Unit { x }\n' }));
    expect(c.diagnostics.map((d) => [d.code, d.span.line, d.span.col, d.message, d.related?.map((r) => `${r.span.line}:${r.span.col}`)])).toEqual([
      ["E0161", 2, 13, "`Unit` is a kind, not an enum: `extend` here takes an enum", ["2:6"]],
    ]);
    expect(diagnostics("remove modifier defense\n")).toEqual(["E0161 main.rules:2:17-24 `defense` is a value, not a modifier: `remove` here takes a modifier"]);
  });

  it("E0162: anything declared `final`, pointing at its declaration", () => {
    expect(diagnostics("extend enum Side { c }\n")).toEqual(["E0162 main.rules:2:13-17 `Side` is declared `final`: no file may extend it | change it in its own file, or ask its author to drop `final`"]);
    expect(diagnostics("extend kind Token { m: int = 0 }\n")[0]).toMatch(/^E0162 main.rules:2:13-18 `Token` is declared `final`/);
    expect(diagnostics("extend table fixed { 1 => 1 }\n")[0]).toMatch(/^E0162 main.rules:2:14-19 `fixed` is declared `final`/);
    expect(diagnostics("replace modifier steady for defense : add 3\n")[0]).toMatch(/^E0162 main.rules:2:18-24 `steady` is declared `final`: no file may replace it/);
    expect(diagnostics("remove handler shout\n")[0]).toMatch(/^E0162 main.rules:2:16-21 the handler `shout` is declared `final`: no file may remove it/);
    const c = compile(["main.rules"], memoryHost({ "base.rules": BASE, "main.rules": 'import "base.rules"\nremove modifier steady\n' }));
    expect(c.diagnostics[0]!.related?.map((r) => `${r.span.file}:${r.span.line}:${r.span.col}`)).toEqual(["base.rules:16:1"]);
  });

  it("E0162: a standard module's declaration", () => {
    const c = compile(["main.rules"], memoryHost({ "main.rules": 'import "std/hex"\nextend enum HexDir { up }\n' }));
    expect(c.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}`)).toEqual(["E0162 2:13 `HexDir` is declared in the standard module `<std>/hex.rules`: no file may extend it"]);
  });

  it("E0163: a new field that cannot be left out, with the default to give", () => {
    expect(diagnostics("extend kind Unit { fear: int in 0..5, x: bool, l: list<int>, t: text? }\n")).toEqual([
      "E0163 main.rules:2:20-38 the new field `fear` of `Unit` must have a default: states and constructions written for `Unit` do not give it | give it one, like `fear: int in 0..5 = ...`, or make it optional (`int?`)",
    ]);
  });

  it("E0165: `replace` or `final` on a handler without a name", () => {
    // The base's one named `on Hit` that is not final.
    expect(diagnostics("replace on Hit { u.hp -= 2 }\n")).toEqual(["E0165 main.rules:2:1-29 `replace` needs a handler with a name: nothing else says which handler it means | name the handler it replaces: `replace on Hit as wound` (base.rules:10)"]);
    expect(diagnostics("final before Hit { u.hp -= 2 }\n")).toEqual(["E0165 main.rules:2:1-31 `final` needs a handler with a name: nothing else says which handler it means | name it after its event: `before Hit as NAME`"]);
  });
});

describe("extending a record", () => {
  it("adds plain fields, and an entity field is E0250 as in the record itself", () => {
    const base = "kind Unit { hp: int = 1 }\nrecord Hex { q: int = 0, r: int = 0 }\n";
    const run = (main: string) => compile(["main.rules"], memoryHost({ "base.rules": base, "main.rules": `import "base.rules"\n${main}` })).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col}`);
    expect(run('extend record Hex { layer: int = 0 }\nexample "e" { expect Hex(q: 1).layer == 0 }\n')).toEqual([]);
    expect(run("extend record Hex { who: Unit? }\n")).toEqual(["E0250 2:26"]);
  });
});

describe("duplicates: E0102 naming both places", () => {
  it("a member the enum has, or another extension in a file that sees it has", () => {
    const c = compile(["main.rules"], memoryHost({ "base.rules": BASE, "main.rules": 'import "base.rules"\nextend enum Terrain { hill, swamp, swamp }\n' }));
    expect(c.diagnostics.map((d) => [d.code, `${d.span.line}:${d.span.col}-${d.span.endCol}`, d.message, d.related?.map((r) => `${r.span.file}:${r.span.line}:${r.span.col}`)])).toEqual([
      ["E0102", "2:23-27", "enum `Terrain` already has the member `hill` (base.rules:1:23)", ["base.rules:1:23"]],
      ["E0102", "2:36-41", "enum `Terrain` already has the member `swamp` (main.rules:2:29)", ["main.rules:2:29"]],
    ]);
  });

  it("a field the kind has, and a handler name given twice", () => {
    expect(diagnostics("extend kind Unit { hp: int = 3 }\n")).toEqual(["E0102 main.rules:2:20-22 `Unit` already has the field `hp` (base.rules:2:25) | rename the new field"]);
    expect(diagnostics("on Hit as wound { say \"again\" }\n")).toEqual(["E0102 main.rules:2:11-16 a handler is already named `wound` at base.rules:10:11 | rename one of them"]);
  });
});

describe("replacing a function", () => {
  const base = "kind Unit { name: text }\nfn bonus(u: Unit, n: int) -> int = n\nfinal fn fixed() -> int = 0\nfn shout(u: Unit) { say u.name }\n";
  const run = (main: string) => compile(["main.rules"], memoryHost({ "base.rules": base, "main.rules": `import "base.rules"\n${main}` })).diagnostics.map((d) => `${d.code} ${d.span.file}:${d.span.line}:${d.span.col}-${d.span.endCol} ${d.message}${d.help ? ` | ${d.help}` : ""}`);
  it("E0166: other parameters, names or result type, showing the one to write", () => {
    const help = "write it `replace fn bonus(u: Unit, n: int) -> int ...`, or declare a function of another name";
    const message = "the replacement of `bonus` must take the parameters and give the type the function it replaces does: `fn bonus(u: Unit, n: int) -> int`";
    expect(run("replace fn bonus(u: Unit, n: int) -> bool = true\n")).toEqual([`E0166 main.rules:2:12-17 ${message} | ${help}`]);
    expect(run("replace fn bonus(u: Unit, m: int) -> int = m\n")).toEqual([`E0166 main.rules:2:12-17 ${message} | ${help}`]);
    expect(run("replace fn bonus(u: Unit) -> int = 1\n")).toEqual([`E0166 main.rules:2:12-17 ${message} | ${help}`]);
    expect(run("replace fn shout(u: Unit) { say \"!\" }\n")).toEqual([]);
  });

  it("E0160 with the closest function, E0161 for another sort, E0162 for a final one", () => {
    expect(run("replace fn bonu(u: Unit, n: int) -> int = 1\n")).toEqual(["E0160 main.rules:2:12-16 there is no function `bonu` to replace | did you mean `bonus`?"]);
    expect(run("replace fn Unit() -> int = 1\n")[0]).toMatch(/^E0161 main.rules:2:12-16 `Unit` is a kind, not a function: `replace` here takes a function/);
    expect(run("replace fn fixed() -> int = 1\n")).toEqual(["E0162 main.rules:2:12-17 `fixed` is declared `final`: no file may replace it | change it in its own file, or ask its author to drop `final`"]);
  });
});

describe("conflicts: two files that do not import one another (E0164)", () => {
  const mods = (a: string, b: string) => diagnostics("", { "a.rules": `import "base.rules"\n${a}`, "b.rules": `import "base.rules"\n${b}`, "main.rules": 'import "a.rules"\nimport "b.rules"\n' }, ["main.rules"]);
  it("both replace or remove the same modifier or handler", () => {
    expect(mods("remove modifier sturdy\n", "replace modifier sturdy for defense : add 2\n")).toEqual([
      "E0164 b.rules:2:1-44 `b.rules` and `a.rules` both replace or remove `sturdy`, and neither imports the other, so nothing orders the two | keep one of the changes, or import one file from the other to apply them in that order",
    ]);
    expect(mods("remove handler wound\n", "remove handler wound\n")).toEqual([
      "E0164 b.rules:2:1-21 `b.rules` and `a.rules` both replace or remove the handler `wound`, and neither imports the other, so nothing orders the two | keep one of the changes, or import one file from the other to apply them in that order",
    ]);
  });

  it("both change the same row, or add the same member or field", () => {
    expect(mods("replace row cost(_) => 3\n", "remove row cost(_)\n")[0]).toMatch(/^E0164 b.rules:2:1-19 `b.rules` and `a.rules` both change the row \(_\) of table `cost`/);
    expect(mods("extend enum Terrain { swamp }\n", "extend enum Terrain { swamp }\n")[0]).toMatch(/^E0164 b.rules:2:23-28 `b.rules` and `a.rules` both add the member `swamp` to enum `Terrain`/);
    expect(mods("extend kind Unit { fear: int = 0 }\n", "extend kind Unit { fear: int = 1 }\n")[0]).toMatch(/^E0164 b.rules:2:20-24 `b.rules` and `a.rules` both add the field `fear` to `Unit`/);
  });

  it("both add a row of the same patterns (two files that see each other specialise in turn)", () => {
    expect(mods("extend table cost { Terrain.hill => 3 }\n", "extend table cost { _ => 4\n  Terrain.hill => 5 }\n").filter((d) => d.startsWith("E"))).toEqual([
      "E0164 b.rules:3:3-20 `b.rules` and `a.rules` both add a row (Terrain.hill) to table `cost`, and neither imports the other, so nothing orders the two | keep one of the changes, or import one file from the other to apply them in that order",
    ]);
    expect(diagnostics('import "a.rules"\nextend table cost { Terrain.hill => 5 }\n', { "a.rules": 'import "base.rules"\nextend table cost { Terrain.hill => 3 }\n' }).filter((d) => d.startsWith("E"))).toEqual([]);
  });

  it("`replace row` means a row of what the file extends, not the row it adds itself", () => {
    const c = compile(["main.rules"], memoryHost({ "base.rules": BASE, "main.rules": 'import "base.rules"\nextend table cost { Terrain.hill => 5 }\nreplace row cost(Terrain.hill) => 7\nexample "x" { expect cost(Terrain.hill) == 5 and cost(Terrain.plain) == 1 }\n' }));
    // The base's row was replaced (it used to be the file's own row): the file's own row, tried first,
    // shadows the replacement, which W0302 says at the replacement, not at the base's row.
    expect(c.diagnostics.map((d) => `${d.code} ${d.span.file}:${d.span.line}`)).toEqual(["W0302 main.rules:3"]);
    expect(diagnostics("extend table cost { Terrain.plain => 5 }\nreplace row cost(Terrain.plain) => 7\n").filter((d) => d.startsWith("E"))).toEqual([
      "E0160 main.rules:3:9-37 table `cost` has no row (Terrain.plain) to replace but the one this file adds | change the row where this file adds it (line 2)",
    ]);
  });

  it("both replace one function", () => {
    const c = compile(["main.rules"], memoryHost({ "base.rules": "fn bonus(n: int) -> int = n\n", "a.rules": 'import "base.rules"\nreplace fn bonus(n: int) -> int = 1\n', "b.rules": 'import "base.rules"\nreplace fn bonus(n: int) -> int = 2\n', "main.rules": 'import "a.rules"\nimport "b.rules"\n' }));
    expect(c.diagnostics.map((d) => `${d.code} ${d.span.file}:${d.span.line}:${d.span.col} ${d.message}`)).toEqual([
      "E0164 b.rules:2:1 `b.rules` and `a.rules` both replace or remove `bonus`, and neither imports the other, so nothing orders the two",
    ]);
  });

  it("names the other file's change as the second place", () => {
    const c = compile(["main.rules"], memoryHost({ "base.rules": BASE, "a.rules": 'import "base.rules"\nremove modifier sturdy\n', "b.rules": 'import "base.rules"\nremove modifier sturdy\n', "main.rules": 'import "a.rules"\nimport "b.rules"\n' }));
    expect(c.diagnostics.map((d) => d.related?.map((r) => `${r.span.file}:${r.span.line}:${r.span.col} ${r.message}`))).toEqual([["a.rules:2:1 the change in `a.rules`"]]);
  });

  it("both put a `set` modifier on one value in the same stage and order", () => {
    expect(mods("modifier fixedA for defense : set 4\n", "modifier fixedB for defense : set 5\n")).toEqual([
      "E0164 b.rules:2:31-34 `b.rules` and `a.rules` both put a `set` modifier on `defense` (`fixedB` and `fixedA`) in the same stage and order, and neither imports the other, so nothing orders the two | give one of them an `order`, or import one file from the other",
    ]);
    expect(mods("modifier fixedA for defense : set 4\n", "modifier fixedB for defense order 1 : set 5\n")).toEqual([]);
  });

  it("applies in canonical order when one file imports the other", () => {
    expect(diagnostics("remove modifier sturdy\n", { "a.rules": 'import "base.rules"\nreplace modifier sturdy for defense : add 2\n' }).filter((d) => d.startsWith("E"))).toEqual([]);
    expect(diagnostics('import "a.rules"\nremove modifier sturdy\n', { "a.rules": 'import "base.rules"\nreplace modifier sturdy for defense : add 2\n' })).toEqual([]);
  });
});

describe("coverage and types over the merged declarations", () => {
  it("re-checks a table's coverage with the new member, and a new row covers it", () => {
    const base = "enum T { a, b }\ntable t(x: T) -> int {\n  T.a => 1\n  T.b => 2\n}\n";
    const run = (main: string) => compile(["main.rules"], memoryHost({ "base.rules": base, "main.rules": `import "base.rules"\n${main}` })).diagnostics.map((d) => `${d.code} ${d.span.file}:${d.span.line} ${d.message}`);
    expect(run("extend enum T { c }\n")).toEqual(["W0301 base.rules:2 table `t` says nothing for x = T.c"]);
    expect(run("extend enum T { c }\nextend table t { T.c => 3 }\n")).toEqual([]);
  });

  it("reads a new member only in a file that sees its extension; a new row names what its own file sees", () => {
    expect(diagnostics("extend enum Terrain { swamp }\nextend table cost { Terrain.swamp => 5 }\nfn f() -> Terrain = Terrain.swamp\n")).toEqual([]);
    expect(diagnostics("extend table cost { Terrain.swamp => 5 }\n").filter((d) => d.startsWith("E"))).toEqual(["E0103 main.rules:2:29-34 enum `Terrain` has no member `swamp`"]);
    expect(diagnostics("extend table cost { _ => true }\n").filter((d) => d.startsWith("E"))[0]).toMatch(/^E0201 main.rules:2:26-30 /);
  });
});
