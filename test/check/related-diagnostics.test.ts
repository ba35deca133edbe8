// Diagnostics that involve two places point at both: the duplicate and the first declaration, both
// `set` modifiers, the doubling and the `count` before it. The CLI prints each related place as a
// `note:` with its own `-->` and code frame; the language service passes them to the editor.
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline.ts";
import { diagnostics as serviceDiagnostics } from "../../src/tools/service/index.ts";
import { compileText, memoryHost, render } from "../support/helpers.ts";

/** Each diagnostic as `CODE line:col`, then its related places as `line:col message`. */
function places(text: string): string[][] {
  return compileText(text).diagnostics.map((d) => [`${d.code} ${d.span.line}:${d.span.col}`, ...(d.related ?? []).map((r) => `${r.span.line}:${r.span.col} ${r.message}`)]);
}

describe("E0102 points at the first declaration", () => {
  it("for declarations, state fields and example titles", () => {
    expect(places('kind Unit { hp: int }\nenum Unit { a }\nstate { turn: int }\nstate { turn: int }\nexample "e" { expect true }\nexample "e" { expect true }\n')).toEqual([
      ["E0102 2:6", "1:6 `Unit` is first declared here"],
      ["E0102 4:9", "3:9 the state field `turn` is first declared here"],
      ["E0102 6:1", '5:1 the first example titled "e"'],
    ]);
  });

  it("for enum members, fields and parameters", () => {
    expect(places("enum Side { a, b, a }\nkind K { x: int, y: int, x: int }\nfn f(p: int, p: int) -> int = 1\n")).toEqual([
      ["E0102 1:19", "1:13 the first `a`"],
      ["E0102 2:26", "2:10 the first `x`"],
      ["E0102 3:14", "3:6 the first `p`"],
    ]);
  });

  it("shows a first declaration in another file with that file's code frame", () => {
    const files = { "lib.rules": "fn bonus() -> int = 1\n", "main.rules": 'import "lib.rules"\nfn bonus() -> int = 2\n' };
    const c = compile(["main.rules"], memoryHost(files));
    expect(render(c.diagnostics, c.texts)).toBe(
      [
        "error[E0102]: `bonus` is already declared at lib.rules:1:1",
        "  --> main.rules:2:4",
        "  |",
        "2 | fn bonus() -> int = 2",
        "  |    ^^^^^",
        "  note: `bonus` is first declared here",
        "  --> lib.rules:1:4",
        "  |",
        "1 | fn bonus() -> int = 1",
        "  |    ^^^^^",
        "  help: rename one of them",
      ].join("\n"),
    );
  });
});

describe("modifier warnings point at both modifiers", () => {
  it("W0304 at the later `set` and the earlier one", () => {
    expect(places("value v() -> int = 1\nmodifier a for v : set 1\nmodifier b for v : set 2\n")).toEqual([["W0304 3:20", "2:20 `a` also sets `v`"]]);
  });

  it("W0306 at the doubling and the `count` that runs first", () => {
    const src = "enum Icon { hit, save }\nvalue r(t: tally<Icon>) -> tally<Icon> = t\nmodifier c for r : count Icon.hit as Icon.save\nmodifier d for r : double Icon.hit\n";
    expect(places(src)).toEqual([["W0306 4:27", "3:26 `c` counts `Icon.hit` as `Icon.save` first"]]);
  });
});

describe("the language service", () => {
  it("passes related places on with their file and range", () => {
    const ds = serviceDiagnostics({ "main.rules": "fn f() -> int = 1\nfn f() -> int = 2\n" }, "main.rules");
    expect(ds.map((d) => [d.code, d.related])).toEqual([["E0102", [{ path: "main.rules", range: { line: 1, col: 4, endLine: 1, endCol: 5 }, message: "`f` is first declared here" }]]]);
  });
});
