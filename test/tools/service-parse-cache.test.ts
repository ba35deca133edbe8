// A workspace of the language service (src/tools/service/workspace.ts) keeps each file's parse and
// check, shared by diagnostics, completion and hover: an edit re-parses only the edited file and
// re-checks only the program that holds it. The parser is wrapped to count what it reads; each test's
// files are given to one workspace, as an editor gives its edits.
import { beforeEach, describe, expect, it, vi } from "vitest";

const parsed: string[] = [];
vi.mock("../../src/syntax/parse.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/syntax/parse.ts")>();
  return {
    ...real,
    parseFile: (path: string, text: string, options?: { whole?: boolean }) => {
      parsed.push(path);
      return real.parseFile(path, text, options);
    },
  };
});

const { Workspace } = await import("../../src/tools/service/index.ts");
const held = new Workspace();
const diagnostics = (files: Record<string, string>, path: string) => (held.setAll(files), held.diagnostics(path));
const hover = (files: Record<string, string>, path: string, line: number, col: number) => (held.setAll(files), held.hover(path, line, col));
const completions = (files: Record<string, string>, path: string, line: number, col: number) => (held.setAll(files), held.completions(path, line, col));

/** Two programs: `game/` (main imports base) and `other.rules` on its own. */
function workspace(): Record<string, string> {
  return {
    "game/base.rules": "kind Unit { hp: int in 0..9 = 3 }\nfn strength(u: Unit) -> int = u.hp * 2\n",
    "game/main.rules": 'import "./base.rules"\nstate { units: list<Unit> }\nfn total() -> int = sum(u in units => strength(u))\n',
    "other.rules": "fn seven() -> int = 7\n",
  };
}

describe("the service's caches", () => {
  beforeEach(() => {
    parsed.length = 0;
  });

  it("re-parses only the edited file, and reports the edit", () => {
    const files = workspace();
    expect(diagnostics(files, "game/main.rules")).toEqual([]);
    parsed.length = 0;
    files["game/main.rules"] += "fn broken() -> int = nope\n";
    const ds = diagnostics(files, "game/main.rules");
    expect(parsed).toEqual(["game/main.rules"]);
    expect(ds.map((d) => `${d.code} ${d.path}:${d.range.line}:${d.range.col} ${d.message}`)).toEqual(["E0101 game/main.rules:4:22 unknown name `nope`"]);
  });

  it("answers again without parsing or checking when nothing the program read has changed", () => {
    const files = workspace();
    const first = diagnostics(files, "game/main.rules");
    parsed.length = 0;
    // `other.rules` is another program: editing it leaves `game/main.rules` as it was.
    files["other.rules"] = "fn eight() -> int = 8\n";
    expect(diagnostics(files, "game/main.rules")).toEqual(first);
    expect(parsed).toEqual([]);
    // Its own check reads only it.
    expect(diagnostics(files, "other.rules")).toEqual([]);
    expect(parsed).toEqual(["other.rules"]);
  });

  it("checks again when an imported file changes, parsing only that file", () => {
    const files = workspace();
    expect(diagnostics(files, "game/main.rules")).toEqual([]);
    parsed.length = 0;
    files["game/base.rules"] = "kind Unit { hp: int in 0..9 = 3 }\n";
    const ds = diagnostics(files, "game/main.rules");
    expect(parsed).toEqual(["game/base.rules"]);
    expect(ds.map((d) => `${d.code} ${d.path}:${d.range.line}:${d.range.col}`)).toEqual(["E0101 game/main.rules:3:39"]);
  });

  it("checks again when a missing import appears", () => {
    const files: Record<string, string> = { "a.rules": 'import "./b.rules"\nfn f() -> int = g()\n' };
    expect(diagnostics(files, "a.rules").map((d) => `${d.code} ${d.range.line}:${d.range.col}`)).toEqual(["E0003 1:8"]);
    files["b.rules"] = "fn g() -> int = 1\n";
    expect(diagnostics(files, "a.rules")).toEqual([]);
  });

  it("shares its parses with completion and hover", () => {
    const files = workspace();
    diagnostics(files, "game/main.rules");
    parsed.length = 0;
    expect(hover(files, "game/main.rules", 3, 46)?.markdown).toContain("strength");
    expect(completions(files, "game/main.rules", 3, 46).some((c) => c.label === "strength")).toBe(true);
    // Only the file with the cursor in it is read again (as mended for completion); its imports are not.
    expect(parsed.filter((p) => p !== "game/main.rules")).toEqual([]);
  });
});
