// Rename decides a kind's field renamed to a name in use without trying it on a copy (rename-field.ts).
// These tests hold that answer to the trial's: on every bundled system, kinds' fields picked with a fixed
// seed, renamed to other kinds' fields, to names of the same file and to the kind's own other fields (a
// clash), get exactly the answer the trial alone gives.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import seedrandom from "seedrandom";
import { rulesAndJsonBelow } from "../support/system-files.ts";
import { describe, expect, it } from "vitest";
import type { ServiceFiles } from "../../src/tools/service/service-types.ts";
import { Workspace } from "../../src/tools/service/workspace.ts";
import { fieldRename } from "../../src/tools/service/rename-field.ts";
import { renameProblem } from "../../src/tools/service/rename-safety.ts";

const SEED = 28;

const systems = readdirSync("rules").filter((d) => statSync(join("rules", d)).isDirectory()).sort();

describe("a kind's field renamed to a name in use: the quick answer is the trial's, on every bundled system", () => {
  let decided = 0;
  let refused = 0;
  for (const system of systems) {
    it(`rules/${system} (seed ${SEED})`, () => {
      const next = seedrandom(`${SEED}/fields/${system}`);
      const ws = new Workspace(rulesAndJsonBelow(join("rules", system)));
      const scratch = (files: ServiceFiles) => new Workspace(files);
      const paths = ws.paths().filter((p) => p.endsWith(".rules")).sort();
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
      const fields = paths.flatMap((p) => ws.analysis(p).sites.filter((s) => s.kind === "field" && s.owner !== undefined).map((s) => [p, s] as const));
      const rows: string[] = [];
      for (let i = 0; i < 4 && fields.length > 0; i++) {
        const [path, site] = pick(fields);
        if (site.kind !== "field" || !site.owner) continue;
        const declared = ws.definition(path, site.name.span.line, site.name.span.col);
        if (!declared) continue;
        const oldName = site.name.text;
        const edits = ws.references(path, site.name.span.line, site.name.span.col);
        // Another kind's field, a name of the same file, and one of the kind's own other fields.
        const others = fields.filter(([, s]) => s.kind === "field" && s.owner !== site.owner);
        const own = site.owner.fields.filter((f) => f.name.text !== oldName);
        const names = [others.length > 0 ? pick(others)[1].name.text : undefined, pick(ws.analysis(path).sites).name.text, own.length > 0 ? pick(own).name.text : undefined];
        for (const newName of names) {
          if (newName === undefined || newName === oldName) continue;
          const quick = renameProblem(ws, scratch, declared, oldName, newName, edits);
          const trial = renameProblem(ws, scratch, declared, oldName, newName, edits, false);
          const byField = fieldRename(ws, declared, oldName, newName, edits);
          if (byField) decided++;
          if (trial) refused++;
          rows.push(`${path}:${site.name.span.line}:${site.name.span.col} ${oldName} -> ${newName}: ${byField ? "decided" : "tried"}`);
          expect(quick, `seed ${SEED}, ${rows.at(-1)}`).toBe(trial);
          if (byField) expect(trial, `seed ${SEED}, ${rows.at(-1)}`).toBeUndefined();
        }
      }
    });
  }

  it("decided some renames without a trial, and the trial refused some", () => {
    expect(decided, `seed ${SEED}`).toBeGreaterThan(0);
    expect(refused, `seed ${SEED}`).toBeGreaterThan(0);
  });
});
