// Hover, go-to-definition, references and the outline ask about the same program one after another;
// a workspace (src/tools/service/workspace.ts) keeps each file's check and checks again only when a
// file the program read changes, appears or goes. The checker is wrapped to count its runs; the files
// are given to one workspace, as an editor gives its edits.
import { beforeEach, describe, expect, it, vi } from "vitest";

let checks = 0;
vi.mock("../../src/check/checker.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/check/checker.ts")>();
  return {
    ...real,
    checkProgram: (...args: Parameters<typeof real.checkProgram>) => {
      checks++;
      return real.checkProgram(...args);
    },
  };
});

const { Workspace } = await import("../../src/tools/service/index.ts");
type Files = Record<string, string>;
const held = new Workspace();
const completions = (files: Files, path: string, line: number, col: number) => (held.setAll(files), held.completions(path, line, col));
const definition = (files: Files, path: string, line: number, col: number) => (held.setAll(files), held.definition(path, line, col));
const documentSymbols = (files: Files, path: string) => (held.setAll(files), held.documentSymbols(path));
const hover = (files: Files, path: string, line: number, col: number) => (held.setAll(files), held.hover(path, line, col));
const references = (files: Files, path: string, line: number, col: number) => (held.setAll(files), held.references(path, line, col));

/**
 * `game/main.rules` imports `game/base.rules`; `other.rules` stands alone. The analyses are kept across
 * tests (the same texts are the same program), so each test's files end with a comment of their own.
 */
let workspaces = 0;
function workspace(): Record<string, string> {
  const tag = `\n// workspace ${++workspaces}\n`;
  return {
    "game/base.rules": "kind Unit { hp: int in 0..9 = 3 }\nfn strength(u: Unit) -> int = u.hp * 2\n" + tag,
    "game/main.rules": 'import "./base.rules"\nstate { units: list<Unit> }\nfn total() -> int = sum(u in units => strength(u))\n' + tag,
    "other.rules": "fn seven() -> int = 7\n" + tag,
  };
}
const OUTLINE = ["./base.rules", "state", "total"];
/** Inside `strength` in `strength(u)` on line 3 of main.rules (the name starts at 3:39). */
const AT: [number, number] = [3, 40];

describe("the service's remembered analyses", () => {
  beforeEach(() => {
    checks = 0;
  });

  it("checks a program once for a hover, a definition, the outline and references over it", () => {
    const files = workspace();
    expect(hover(files, "game/main.rules", ...AT)?.markdown).toContain("fn strength(u: Unit) -> int");
    expect(checks).toBe(1);
    expect(hover(files, "game/main.rules", ...AT)?.markdown).toContain("fn strength(u: Unit) -> int");
    expect(definition(files, "game/main.rules", ...AT)).toEqual({ path: "game/base.rules", range: { line: 2, col: 4, endLine: 2, endCol: 12 } });
    expect(documentSymbols(files, "game/main.rules").map((s) => s.name)).toEqual(OUTLINE);
    expect(checks).toBe(1);
    // References read base.rules's program too (it declares `strength`): one more check, for that file.
    expect(references(files, "game/main.rules", ...AT).map((l) => `${l.path}:${l.range.line}:${l.range.col}`)).toEqual(["game/base.rules:2:4", "game/main.rules:3:39"]);
    expect(checks).toBe(2);
  });

  it("answers anew when a file the program imports changes", () => {
    const files = workspace();
    expect(hover(files, "game/main.rules", ...AT)?.markdown).toContain("fn strength(u: Unit) -> int");
    files["game/base.rules"] = "kind Unit { hp: int in 0..9 = 3 }\n\nfn strength(u: Unit) -> bool = u.hp > 2\n";
    expect(hover(files, "game/main.rules", ...AT)?.markdown).toContain("fn strength(u: Unit) -> bool");
    expect(definition(files, "game/main.rules", ...AT)?.range.line).toBe(3);
    expect(checks).toBe(2);
  });

  it("answers anew when the file itself changes, and not when another program's file does", () => {
    const files = workspace();
    expect(documentSymbols(files, "game/main.rules").map((s) => s.name)).toEqual(OUTLINE);
    files["other.rules"] = "fn eight() -> int = 8\n";
    expect(documentSymbols(files, "game/main.rules").map((s) => s.name)).toEqual(OUTLINE);
    expect(checks).toBe(1);
    files["game/main.rules"] += "fn twice() -> int = total() * 2\n";
    expect(documentSymbols(files, "game/main.rules").map((s) => s.name)).toEqual([...OUTLINE, "twice"]);
    expect(checks).toBe(2);
  });

  it("answers anew when a missing import appears, or an imported file goes", () => {
    const files: Record<string, string> = { "a.rules": 'import "./b.rules"\nfn f() -> int = g()\n// a\n' };
    expect(hover(files, "a.rules", 2, 17)).toBeNull();
    files["b.rules"] = "fn g() -> int = 1\n";
    expect(hover(files, "a.rules", 2, 17)?.markdown).toContain("fn g() -> int");
    expect(checks).toBe(2);
    delete files["b.rules"];
    expect(hover(files, "a.rules", 2, 17)).toBeNull();
    expect(checks).toBe(3);
  });

  it("never keeps completion's analysis, made of the text with a cursor in it", () => {
    const files = workspace();
    expect(hover(files, "game/main.rules", ...AT)?.markdown).toContain("fn strength(u: Unit) -> int");
    expect(completions(files, "game/main.rules", ...AT).some((c) => c.label === "strength")).toBe(true);
    expect(checks).toBe(2);
    expect(hover(files, "game/main.rules", ...AT)?.markdown).toContain("fn strength(u: Unit) -> int");
    expect(definition(files, "game/main.rules", ...AT)?.path).toBe("game/base.rules");
    expect(checks).toBe(2);
  });
});
