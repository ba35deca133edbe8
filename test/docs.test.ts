// Every ```rules block in docs/language.md must do what the reference says it does:
//   ```rules         checks with no errors (and only the warnings its comments name); its examples pass
//   ```rules-error   fails to check, with every code named in a `// error: CODE` / `// warning: CODE` comment
//   ```rules-fail    checks, and at least one of its examples fails (a deliberately failing example)
// Blocks whose first line is `// file: NAME` form one multi-file group until a block without one.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, runExamples } from "../src/pipeline.ts";
import { memoryHost } from "./helpers.ts";

interface Group {
  kind: string;
  line: number;
  files: { name: string; text: string }[];
  multi: boolean;
}

const md = readFileSync("docs/language.md", "utf8");
const groups: Group[] = [];
let open: Group | undefined;
for (const m of md.matchAll(/```(rules(?:-error|-fail)?)\n([\s\S]*?)```/g)) {
  const kind = m[1]!;
  const text = m[2]!;
  const line = md.slice(0, m.index).split("\n").length;
  const named = /^\/\/ file: (\S+)/.exec(text);
  if (named) {
    if (!open) {
      open = { kind, line, files: [], multi: true };
      groups.push(open);
    }
    open.files.push({ name: named[1]!, text });
    if (kind !== "rules") open.kind = kind;
  } else {
    open = undefined;
    groups.push({ kind, line, files: [{ name: "main.rules", text }], multi: false });
  }
}

describe("docs/language.md", () => {
  it("has rules blocks to verify", () => {
    expect(groups.length).toBeGreaterThan(15);
  });

  for (const g of groups) {
    it(`block at line ${g.line} (${g.kind})`, () => {
      const files = Object.fromEntries(g.files.map((f) => [f.name, f.text]));
      const c = compile(g.files.map((f) => f.name), memoryHost(files));
      const text = g.files.map((f) => f.text).join("\n");
      const found = c.diagnostics.map((d) => `${d.severity}[${d.code}]`);
      const named = [...text.matchAll(/\/\/ (error|warning): ([EWR]\d{4})/g)].map((x) => `${x[1]}[${x[2]}]`);
      if (g.kind === "rules-error") {
        expect(c.diagnostics.length).toBeGreaterThan(0);
        for (const n of named) expect(found).toContain(n);
        return;
      }
      expect(found.filter((f) => f.startsWith("error"))).toEqual([]);
      for (const f of found) expect(named).toContain(f);
      if (!/\bexample\s+"/.test(text)) return;
      const results = runExamples(c.program!, (file) => files[file] !== undefined);
      const failed = results.filter((r) => !r.passed);
      if (g.kind === "rules-fail") expect(failed.length).toBeGreaterThan(0);
      else expect(failed.map((r) => `${r.title}: ${r.failure?.message}`)).toEqual([]);
    });
  }
});
