// `extend fn f` (src/check/extensions.ts, docs/language.md section 25): a hook in a base function whose
// body calls the version it extends with `previous(...)`. Its diagnostics, each code at its exact range;
// two files that extend one function chaining in load order; and the same outcome and trace on the three
// engines, which see only two plain functions and a call between them.
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline.ts";
import { memoryHost } from "../support/helpers.ts";
import { onEveryEngine } from "../support/every-engine.ts";

const BASE = `kind Unit { name: text, hp: int = 2, fear: int = 0, blessed: bool }
fn bonus(u: Unit, n: int) -> int = n
fn morale(u: Unit) -> int = u.hp + bonus(u, 1)
final fn fixed() -> int = 0
fn shout(u: Unit) { say u.name + "!" }
value power() -> int = 1
`;

/** The diagnostics of `main.rules` (which imports `base.rules`) and any other files it names. */
function diagnostics(main: string, others: Record<string, string> = {}): string[] {
  const c = compile(["main.rules"], memoryHost({ "base.rules": BASE, ...others, "main.rules": main.startsWith("import") ? main : `import "base.rules"\n${main}` }));
  return c.diagnostics.map((d) => `${d.code} ${d.span.file}:${d.span.line}:${d.span.col}-${d.span.endCol} ${d.message}${d.help ? ` | ${d.help}` : ""}`);
}

describe("extend fn: the diagnostics", () => {
  it("E0166: other parameters, names or result type, showing the line to write", () => {
    const message = "the extension of `bonus` must take the parameters and give the type the function it extends does: `fn bonus(u: Unit, n: int) -> int`";
    const help = "write it `extend fn bonus(u: Unit, n: int) -> int ...`, or declare a function of another name";
    expect(diagnostics("extend fn bonus(u: Unit, n: int) -> bool = previous(u, n) > 0\n")).toEqual([`E0166 main.rules:2:11-16 ${message} | ${help}`]);
    expect(diagnostics("extend fn bonus(u: Unit, m: int) -> int = m\n")).toEqual([`E0166 main.rules:2:11-16 ${message} | ${help}`]);
    expect(diagnostics("extend fn bonus(u: Unit) -> int = 1\n")).toEqual([`E0166 main.rules:2:11-16 ${message} | ${help}`]);
  });

  it("E0162 for a final function, E0160 with the closest function, E0161 for another sort; no second error from `previous` in it", () => {
    expect(diagnostics("extend fn fixed() -> int = previous() + 1\n")).toEqual(["E0162 main.rules:2:11-16 `fixed` is declared `final`: no file may extend it | change it in its own file, or ask its author to drop `final`"]);
    expect(diagnostics("extend fn bonu(u: Unit, n: int) -> int = previous(u, n)\n")).toEqual(["E0160 main.rules:2:11-15 there is no function `bonu` to extend | did you mean `bonus`?"]);
    expect(diagnostics("extend fn power() -> int = previous()\n")[0]).toMatch(/^E0161 main.rules:2:11-16 `power` is a value, not a function: `extend` here takes a function/);
  });

  it("E0167: `previous` outside an `extend fn`, in a function, a handler or an example", () => {
    const message = "`previous(...)` calls the version of a function that an `extend fn` extends, so it means nothing outside one | write it in `extend fn NAME(...)`, or call the function by its name";
    expect(diagnostics("fn more(u: Unit) -> int = previous(u) + 1\n")).toEqual([`E0167 main.rules:2:27-35 ${message}`]);
    expect(diagnostics('example "e" {\n  expect previous(1) == 1\n}\n')).toEqual([`E0167 main.rules:3:10-18 ${message}`]);
    // A replacement is no extension: it has no earlier version to call.
    expect(diagnostics("replace fn bonus(u: Unit, n: int) -> int = previous(u, n)\n")).toEqual([`E0167 main.rules:2:44-52 ${message}`]);
  });

  it("checks `previous`'s arguments against the function's parameters (E0202, E0201)", () => {
    expect(diagnostics("extend fn bonus(u: Unit, n: int) -> int = previous(u)\n").map((d) => d.slice(0, 5))).toEqual(["E0202"]);
    expect(diagnostics("extend fn bonus(u: Unit, n: int) -> int = previous(u, true)\n").map((d) => d.slice(0, 5))).toEqual(["E0201"]);
  });

  it("a function of its own named `previous` is still called by its name outside an extension", () => {
    expect(diagnostics("fn previous(n: int) -> int = n\nfn twice(n: int) -> int = previous(n) * 2\n")).toEqual([]);
  });
});

describe("extend fn: what runs", () => {
  it("wraps the base's function: the base's own calls reach it, and `previous` calls the base's", () => {
    const main = `import "base.rules"
extend fn bonus(u: Unit, n: int) -> int = previous(u, n) + u.fear
extend fn shout(u: Unit) {
  say "before"
  previous(u)
}
example "the base's morale adds the fear" {
  expect morale(Unit(name: "a", fear: 3)) == 6
}
example "a hook before the base's body" {
  shout(Unit(name: "Bo"))
}
`;
    const out = onEveryEngine(main, { "base.rules": BASE });
    expect(out.map((o) => o.error)).toEqual([undefined, undefined]);
    // The extension's line, then the base's as a call of `shout` inside it.
    expect(out[1]!.trace.split("\n").map((l) => l.trim().replace(/ +\[.*$/, ""))).toEqual(['shout(Unit "Bo")', "before", 'shout(Unit "Bo")', "Bo!"]);
  });

  it("two files that do not import each other both extend one function: they chain in load order, no conflict", () => {
    const others = {
      "base.rules": BASE,
      "a.rules": 'import "base.rules"\nextend fn bonus(u: Unit, n: int) -> int = previous(u, n) + 10\n',
      "b.rules": 'import "base.rules"\nextend fn bonus(u: Unit, n: int) -> int = if u.blessed then 2 * previous(u, n) else previous(u, n)\n',
    };
    const main = `import "a.rules"
import "b.rules"
example "b's previous is a's extension, whose previous is the base's" {
  expect bonus(Unit(name: "a", blessed: true), 1) == 22
  expect morale(Unit(name: "b")) == 13
}
`;
    expect(diagnostics(main, others)).toEqual([]);
    expect(onEveryEngine(main, others).map((o) => o.error)).toEqual([undefined]);
  });

  it("an extension of a replacement builds on it; a replacement in a file that sees an extension drops it", () => {
    const others = { "base.rules": BASE, "r.rules": 'import "base.rules"\nreplace fn bonus(u: Unit, n: int) -> int = 5\n' };
    const onTop = 'import "r.rules"\nextend fn bonus(u: Unit, n: int) -> int = previous(u, n) + 1\nexample "on top" {\n  expect bonus(Unit(name: "a"), 1) == 6\n}\n';
    expect(onEveryEngine(onTop, others).map((o) => o.error)).toEqual([undefined]);
    const x = { "base.rules": BASE, "x.rules": 'import "base.rules"\nextend fn bonus(u: Unit, n: int) -> int = previous(u, n) + 1\n' };
    const over = 'import "x.rules"\nreplace fn bonus(u: Unit, n: int) -> int = 5\nexample "replaced" {\n  expect bonus(Unit(name: "a"), 1) == 5\n}\n';
    expect(onEveryEngine(over, x).map((o) => o.error)).toEqual([undefined]);
  });

  it("E0164: a replacement and an extension of one function in files that do not see each other, in either order", () => {
    const ext = 'import "base.rules"\nextend fn bonus(u: Unit, n: int) -> int = previous(u, n) + 1\n';
    const rep = 'import "base.rules"\nreplace fn bonus(u: Unit, n: int) -> int = 5\n';
    expect(diagnostics('import "a.rules"\nimport "b.rules"\n', { "a.rules": ext, "b.rules": rep })).toEqual([
      "E0164 b.rules:2:1-45 `b.rules` and `a.rules` extend and replace `bonus`: the replacement would drop the extension, and neither imports the other, so nothing orders the two | keep one of the changes, or import one file from the other to apply them in that order",
    ]);
    expect(diagnostics('import "a.rules"\nimport "b.rules"\n', { "a.rules": rep, "b.rules": ext })).toEqual([
      "E0164 b.rules:2:1-61 `b.rules` and `a.rules` replace and extend `bonus`: the extension would build on a replacement its file cannot see, and neither imports the other, so nothing orders the two | keep one of the changes, or import one file from the other to apply them in that order",
    ]);
  });
});
