// The parsed tree is never written after parsing: the checker keeps its resolution in side tables
// (src/check/resolved-tree.ts) and the engines run a resolved copy. The language service relies on it
// when it hands out the same parsed declarations again (src/syntax/reuse.ts) and keys its maps by them.
import { readdirSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { ResolutionTable } from "../../src/check/resolved-tree.ts";
import type * as A from "../../src/core/ast.ts";
import { compile } from "../../src/pipeline.ts";
import { nodeHost } from "../../src/api/node-host.ts";
import { parseFile } from "../../src/syntax/parse.ts";

describe("checking a mod with its base (test/fixtures/extend)", () => {
  it("leaves the base's parsed trees as a fresh parse makes them: the merge is in the resolved copy only", () => {
    const parsed: { path: string; text: string; file: A.SourceFile }[] = [];
    const c = compile(["test/fixtures/extend/base", "test/fixtures/extend/mod"], nodeHost, (path, text, ...rest) => {
      const r = parseFile(path, text, ...rest);
      if (r.file) parsed.push({ path, text, file: r.file });
      return r;
    });
    const ran = c.program!.find((f) => f.path.endsWith("base/model.rules"))!;
    for (const p of parsed) expect(p.file, p.path).toStrictEqual(parseFile(p.path, p.text).file);
    const terrain = (f: A.SourceFile) => f.decls.find((d): d is A.EnumDecl => d.kind === "enum" && d.name.text === "Terrain")!.members.length;
    expect([terrain(parsed.find((p) => p.path === ran.path)!.file), terrain(ran)]).toEqual([2, 3]);
  });
});

describe("checking every bundled system", () => {
  for (const root of readdirSync("rules").map((d) => `rules/${d}`)) {
    it(`${root}: leaves its parsed trees as a fresh parse makes them, and runs a resolved copy`, () => {
      const parsed: { path: string; text: string; file: A.SourceFile }[] = [];
      const c = compile([root], nodeHost, (path, text, ...rest) => {
        const r = parseFile(path, text, ...rest);
        if (r.file) parsed.push({ path, text, file: r.file });
        return r;
      });
      expect(c.systems.every((s) => s.checked), root).toBe(true);
      expect(parsed.length).toBeGreaterThan(0);
      for (const p of parsed) expect(p.file, p.path).toStrictEqual(parseFile(p.path, p.text).file);
      // The copy the engines run is resolved: its declarations hold their ids.
      const ran = c.program!.find((f) => f.path === parsed[0]!.path)!;
      expect(ran).not.toBe(parsed[0]!.file);
      expect(ran.decls.some((d) => "id" in d && typeof d.id === "number")).toBe(true);
    });
  }
});

describe("the resolved copy", () => {
  it("is made only when something reads a system's files to run them, once, and never by checking alone", () => {
    const made = vi.spyOn(ResolutionTable.prototype, "resolvedFiles");
    try {
      const c = compile(["rules/warlords3"], nodeHost);
      expect(c.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(made).not.toHaveBeenCalled();
      const files = c.systems[0]!.files;
      expect(made).toHaveBeenCalledTimes(1);
      // The same copy from every door: a system's files, the programs, the program.
      expect(c.programs![0]).toBe(files);
      expect(c.program!.every((f) => files.includes(f))).toBe(true);
      expect(made).toHaveBeenCalledTimes(1);
      expect(files.flatMap((f) => f.decls).some((d) => "id" in d && typeof d.id === "number")).toBe(true);
    } finally {
      made.mockRestore();
    }
  });

  it("shares with the parsed tree each part with nothing resolved in it, and copies every node on a path to a resolved one", () => {
    const parsed: A.SourceFile[] = [];
    const c = compile(["rules/warlords3"], nodeHost, (path, text, ...rest) => {
      const r = parseFile(path, text, ...rest);
      if (r.file) parsed.push(r.file);
      return r;
    });
    const ran = new Set<object>();
    const collect = (v: unknown): void => {
      if (typeof v !== "object" || v === null || ran.has(v)) return;
      ran.add(v);
      for (const child of Object.values(v)) collect(child);
    };
    collect(c.program);
    const kinds = new Map<string, { shared: number; copied: number }>();
    const visit = (v: unknown): void => {
      if (typeof v !== "object" || v === null) return;
      const kind = (v as { kind?: unknown }).kind;
      if (typeof kind === "string") {
        const k = kinds.get(kind) ?? { shared: 0, copied: 0 };
        if (ran.has(v)) k.shared++;
        else k.copied++;
        kinds.set(kind, k);
      }
      for (const child of Object.values(v)) visit(child);
    };
    parsed.forEach(visit);
    // A literal holds nothing resolved; a function declaration has its id, a variable its slot.
    expect(kinds.get("int")).toMatchObject({ copied: 0 });
    expect(kinds.get("int")!.shared).toBeGreaterThan(50);
    expect(kinds.get("fn")).toMatchObject({ shared: 0 });
    expect(kinds.get("let")).toMatchObject({ shared: 0 });
  });
});
