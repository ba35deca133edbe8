// The language service's workspace (src/tools/service/workspace.ts): documents move through explicit
// states (changed, parsed, checked) as edits come in, one check per edit answers diagnostics, hover,
// go-to-definition, references, the outline, colouring and completion of declared names, and two
// workspaces share nothing. The checker is wrapped to count its runs.
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
const { completionsAt } = await import("../../src/tools/service/completion.ts");
const { SAMPLE } = await import("../support/generators.ts");

const BASE = "/// A fighting unit.\nkind Unit { hp: int in 0..9 = 3 }\nfn strength(u: Unit) -> int = u.hp * 2\n";
const MAIN = 'import "./base.rules"\nstate { units: list<Unit> }\nfn total() -> int = sum(u in units => strength(u))\nfn weakest(u: Unit) -> int = 0\nfn later() -> int {\n  let a = 1\n  let b = a\n  return b\n}\n';
const OTHER = "fn seven() -> int = 7\n";

function game() {
  return new Workspace({ "game/base.rules": BASE, "game/main.rules": MAIN, "other.rules": OTHER });
}

/** Line 3 of main.rules: `units` starts at column 30 and `strength` at 39. */
const AT_UNITS = [3, 31] as const;
const AT_STRENGTH = [3, 40] as const;

beforeEach(() => {
  checks = 0;
});

describe("one check per edit", () => {
  it("answers diagnostics, hover, definition, references, the outline, colouring and type completion from one check", () => {
    const ws = game();
    expect(ws.diagnostics("game/main.rules")).toEqual([]);
    expect(ws.hover("game/main.rules", ...AT_STRENGTH)?.markdown).toContain("fn strength(u: Unit) -> int");
    expect(ws.definition("game/main.rules", ...AT_STRENGTH)?.path).toBe("game/base.rules");
    // `units` is spelled in main.rules alone: its references read no other file's check.
    expect(ws.references("game/main.rules", ...AT_UNITS).map((l) => `${l.range.line}:${l.range.col}`)).toEqual(["2:9", "3:30"]);
    expect(ws.documentSymbols("game/main.rules").map((s) => s.name)).toEqual(["./base.rules", "state", "total", "weakest", "later"]);
    expect(ws.semanticNames("game/main.rules").length).toBeGreaterThan(5);
    // After `u: ` only declared names fit: the file's own check has them all.
    expect(ws.completions("game/main.rules", 4, 15).map((c) => c.label)).toContain("Unit");
    expect(checks).toBe(1);

    ws.set("game/main.rules", MAIN.replace("strength(u)", "strength(u) + nope"));
    expect(ws.diagnostics("game/main.rules").map((d) => `${d.code} ${d.range.line}:${d.range.col}`)).toEqual(["E0101 3:53"]);
    expect(ws.hover("game/main.rules", ...AT_STRENGTH)?.markdown).toContain("fn strength(u: Unit) -> int");
    expect(ws.definition("game/main.rules", ...AT_STRENGTH)?.path).toBe("game/base.rules");
    expect(ws.documentSymbols("game/main.rules")).toHaveLength(5);
    expect(checks).toBe(2);
  });

  it("completes a name being typed in an expression from the same check, with the variables in scope there", () => {
    const ws = game();
    ws.diagnostics("game/main.rules");
    // `a` in `let b = a` (line 7): `a` is in scope there, `b` not yet.
    const labels = ws.completions("game/main.rules", 7, 12).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(["a", "units", "strength", "total"]));
    expect(labels).not.toContain("b");
    expect(ws.completions("game/main.rules", ...AT_UNITS).map((c) => c.label)).toEqual(expect.arrayContaining(["units", "strength", "total"]));
    expect(checks).toBe(1);
  });

  it("checks the text with the cursor in it where the scope is known only there (a callee), and keeps the file's own check", () => {
    const ws = game();
    ws.diagnostics("game/main.rules");
    expect(ws.completions("game/main.rules", ...AT_STRENGTH).map((c) => c.label)).toEqual(expect.arrayContaining(["strength", "units", "total"]));
    expect(checks).toBe(2);
    expect(ws.state("game/main.rules")).toBe("checked");
    expect(ws.hover("game/main.rules", ...AT_STRENGTH)?.markdown).toContain("fn strength");
    expect(checks).toBe(2);
  });
});

describe("completion of a name being typed", () => {
  it("offers, from the file's own check, what a check of the text with the cursor marked in it offers", () => {
    const ws = new Workspace({ "s.rules": SAMPLE });
    const own = ws.analysis("s.rules");
    // The same workspace with no scopes kept: completion must check the text with the cursor in it.
    const marked = { text: (p: string) => ws.text(p), paths: () => ws.paths(), analysis: (p: string) => ({ ...ws.analysis(p), scopes: new Map() }), analysisWith: (p: string, t: string) => ws.analysisWith(p, t), scenarioRules: (p: string) => ws.scenarioRules(p), resolveImport: (f: string, p: string) => ws.resolveImport(f, p), index: ws.index };
    // Every third name, which still takes each kind of place a name stands in the sample.
    const names = [...own.scopes.keys()].filter((_, i) => i % 3 === 0);
    expect(names.length).toBeGreaterThan(15);
    for (const e of names) {
      const at = [e.span.endLine, e.span.endCol] as const;
      const shown = (cs: { label: string; kind: string; detail?: string }[]) => cs.map((c) => `${c.label} ${c.kind} ${c.detail ?? ""}`);
      expect(shown(completionsAt(ws, "s.rules", ...at)), `after \`${e.name}\` at ${at.join(":")}`).toEqual(shown(completionsAt(marked, "s.rules", ...at)));
    }
  });
});

describe("document states", () => {
  it("moves a document from changed to parsed to checked, and back as the files it read change", () => {
    const ws = game();
    expect(ws.state("game/main.rules")).toBe("changed");
    expect(ws.state("game/base.rules")).toBe("changed");
    ws.diagnostics("game/main.rules");
    expect(ws.state("game/main.rules")).toBe("checked");
    // main's check parsed base, which it imports; base has no check of its own yet.
    expect(ws.state("game/base.rules")).toBe("parsed");
    expect(ws.state("other.rules")).toBe("changed");
    ws.diagnostics("other.rules");

    ws.set("game/base.rules", `${BASE}\n`);
    expect(ws.state("game/base.rules")).toBe("changed");
    expect(ws.state("game/main.rules")).toBe("parsed");
    expect(ws.state("other.rules")).toBe("checked");
    ws.hover("game/main.rules", ...AT_STRENGTH);
    expect(ws.state("game/main.rules")).toBe("checked");
    expect(checks).toBe(3);
  });

  it("leaves a document checked when its text is set again unchanged, taking the editor's version", () => {
    const ws = game();
    ws.set("game/main.rules", MAIN, 7);
    ws.diagnostics("game/main.rules");
    ws.set("game/main.rules", MAIN, 8);
    expect([ws.state("game/main.rules"), ws.version("game/main.rules")]).toEqual(["checked", 8]);
    ws.set("game/main.rules", `${MAIN}\n`);
    expect([ws.state("game/main.rules"), ws.version("game/main.rules")]).toEqual(["changed", 9]);
  });

  it("checks again when a missing import appears or an imported file goes", () => {
    const ws = new Workspace({ "a.rules": 'import "./b.rules"\nfn f() -> int = g()\n' });
    expect(ws.diagnostics("a.rules").map((d) => d.code)).toEqual(["E0003"]);
    ws.set("b.rules", "fn g() -> int = 1\n");
    expect(ws.state("a.rules")).toBe("parsed");
    expect(ws.diagnostics("a.rules")).toEqual([]);
    ws.remove("b.rules");
    expect(ws.state("a.rules")).toBe("parsed");
    expect(ws.diagnostics("a.rules").map((d) => d.code)).toEqual(["E0003"]);
    expect(checks).toBe(3);
  });

  it("gives the texts it holds, and setAll keeps the documents whose text did not change", () => {
    const ws = game();
    ws.diagnostics("other.rules");
    ws.setAll({ "other.rules": OTHER, "new.rules": "fn eight() -> int = 8\n" });
    expect(ws.texts()).toEqual({ "other.rules": OTHER, "new.rules": "fn eight() -> int = 8\n" });
    expect(ws.state("other.rules")).toBe("checked");
    expect(ws.state("game/main.rules")).toBeUndefined();
  });
});

describe("two workspaces", () => {
  it("share no documents, parses or checks", () => {
    const one = new Workspace({ "a.rules": "fn f() -> int = 1\n" });
    const two = new Workspace({ "a.rules": "fn f() -> int = nope\n" });
    expect(one.diagnostics("a.rules")).toEqual([]);
    expect(two.state("a.rules")).toBe("changed");
    expect(two.diagnostics("a.rules").map((d) => d.code)).toEqual(["E0101"]);
    expect(checks).toBe(2);
    // The same text in a third workspace is checked there again: nothing is kept outside a workspace.
    const three = new Workspace({ "a.rules": "fn f() -> int = 1\n" });
    expect(three.diagnostics("a.rules")).toEqual([]);
    expect(checks).toBe(3);
    one.set("a.rules", "fn f() -> bool = 1\n");
    expect(one.diagnostics("a.rules").map((d) => d.code)).toEqual(["E0201"]);
    expect(three.state("a.rules")).toBe("checked");
    expect(three.diagnostics("a.rules")).toEqual([]);
  });
});
