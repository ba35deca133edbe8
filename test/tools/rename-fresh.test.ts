// Rename decides a fresh new name without trying it on a copy (rename-fresh.ts); everything else is tried
// (rename-safety.ts). These tests hold the quick answer to the trial's: on every bundled system, renames
// picked with a fixed seed (accepted ones and refused ones) get exactly the answer the trial alone gives.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import seedrandom from "seedrandom";
import { rulesAndJsonBelow } from "../support/system-files.ts";
import { describe, expect, it } from "vitest";
import type { ServiceFiles } from "../../src/tools/service/service-types.ts";
import { Workspace } from "../../src/tools/service/workspace.ts";
import { freshRename, knownWord } from "../../src/tools/service/rename-fresh.ts";
import { renameProblem } from "../../src/tools/service/rename-safety.ts";
import { comparedWords } from "../support/compared-words.ts";

const SEED = 28;

describe("the words the checker knows are never decided without a trial", () => {
  it("every word a source of the checker, parser, loader or service compares with", () => {
    const compared = comparedWords();
    expect(compared.size).toBeGreaterThan(50);
    // A word listed here is one a source now compares with: add it to CHECKER_WORDS in rename-fresh.ts.
    expect([...compared].filter((w) => !knownWord(w)), "words missing from CHECKER_WORDS (src/tools/service/rename-fresh.ts)").toEqual([]);
  });

  it("keywords, built-in types and functions, the standard modules' names and the object's own keys", () => {
    for (const w of ["to", "from", "by", "modifier", "int", "list", "len", "max", "result", "hexDistance", "constructor", "__proto__", "toString"]) {
      expect(knownWord(w), w).toBe(true);
    }
    expect(knownWord("healthRenamed")).toBe(false);
  });
});

const systems = readdirSync("rules").filter((d) => statSync(join("rules", d)).isDirectory()).sort();

describe("the quick answer is the trial's answer, on every bundled system", () => {
  let decided = 0;
  let refused = 0;
  for (const system of systems) {
    it(`rules/${system} (seed ${SEED})`, () => {
      const next = seedrandom(`${SEED}/${system}`);
      const ws = new Workspace(rulesAndJsonBelow(join("rules", system)));
      const scratch = (files: ServiceFiles) => new Workspace(files);
      const paths = ws.paths().filter((p) => p.endsWith(".rules")).sort();
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
      const rows: string[] = [];
      for (let i = 0; i < 4; i++) {
        const path = pick(paths);
        const sites = ws.analysis(path).sites;
        // Half of the picks a declaration or a field, the names a rename is most often asked for.
        const named = sites.filter((s) => s.kind === "declaration" || s.kind === "field");
        const site = i % 2 === 0 && named.length > 0 ? pick(named) : pick(sites);
        const declared = ws.definition(path, site.name.span.line, site.name.span.col);
        if (!declared) continue;
        const oldName = site.name.text;
        const edits = ws.references(path, site.name.span.line, site.name.span.col);
        if (edits.length === 0) continue;
        // A fresh name, a name of the same file (a clash or a capture, often), a short one and a word the checker knows.
        const names = [`${oldName}Renamed${i}`, pick(sites).name.text, pick(["d", "n", "x", "count", "result", "to"])];
        for (const newName of names) {
          if (newName === oldName) continue;
          const quick = renameProblem(ws, scratch, declared, oldName, newName, edits);
          const trial = renameProblem(ws, scratch, declared, oldName, newName, edits, false);
          const fresh = freshRename(ws, oldName, newName, edits);
          if (fresh) decided++;
          if (trial) refused++;
          rows.push(`${path}:${site.name.span.line}:${site.name.span.col} ${oldName} -> ${newName}: ${fresh ? "decided" : "tried"}`);
          expect(quick, `seed ${SEED}, ${rows.at(-1)}`).toBe(trial);
          // A name the quick path decides is one the trial accepts, and keeps accepting on a second asking.
          if (fresh) expect(trial, `seed ${SEED}, ${rows.at(-1)}`).toBeUndefined();
        }
      }
      expect(rows.length, `seed ${SEED}: no rename tried on rules/${system}`).toBeGreaterThan(0);
    });
  }

  it("decided some renames without a trial, and the trial refused some", () => {
    expect(decided, `seed ${SEED}`).toBeGreaterThan(0);
    expect(refused, `seed ${SEED}`).toBeGreaterThan(0);
  });
});
