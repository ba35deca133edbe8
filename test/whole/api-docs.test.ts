// Every ```ts block in docs/api.md is a program a user could paste: it is written out with its imports
// of "rulesmith", "rulesmith/node" and "rulesmith/runtime" pointed at the sources, type-checked as a
// consumer would compile it, and run; its `assert` lines are what the page promises it prints or returns.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = join(root, "test-output", `api-docs-${process.pid}`);
const ENTRIES: Record<string, string> = { rulesmith: "src/api.ts", "rulesmith/node": "src/api/node.ts", "rulesmith/runtime": "src/api/runtime.ts" };

const md = readFileSync(join(root, "docs/api.md"), "utf8");
const blocks = [...md.matchAll(/```ts\n([\s\S]*?)```/g)].map((m, i) => {
  const line = md.slice(0, m.index).split("\n").length;
  const file = join(out, `block-${String(i + 1).padStart(2, "0")}-line-${line}.ts`);
  const text = m[1]!.replace(/from "(rulesmith(?:\/node|\/runtime)?)"/g, (_, spec: string) => `from "${relative(out, join(root, ENTRIES[spec]!))}"`);
  return { line, file, text };
});

beforeAll(() => {
  mkdirSync(out, { recursive: true });
  for (const b of blocks) writeFileSync(b.file, b.text);
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("docs/api.md", () => {
  it("has examples of every part of the API, each importing it by the package's name", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(10);
    for (const b of blocks) expect(b.text).toMatch(/from "\.\.\/\.\.\/src\/api/);
  });

  it("type-checks every example as a consumer's code", () => {
    const tsconfig = join(out, "tsconfig.json");
    writeFileSync(tsconfig, JSON.stringify({ extends: join(root, "tsconfig.json"), include: ["*.ts"] }));
    const tsc = createRequire(import.meta.url).resolve("typescript/package.json").replace(/package\.json$/, "bin/tsc");
    let output = "";
    try {
      execFileSync(process.execPath, [tsc, "--noEmit", "-p", tsconfig], { encoding: "utf8" });
    } catch (err) {
      output = String((err as { stdout?: string }).stdout ?? err);
    }
    expect(output).toBe("");
  });

  for (const b of blocks) {
    it(`the example at line ${b.line} runs and its assertions hold`, async () => {
      await import(pathToFileURL(b.file).href);
    });
  }
});
