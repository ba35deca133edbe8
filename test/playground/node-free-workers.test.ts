// The playground's workers run in the browser: nothing they import, however deep, may be a Node module
// (`node:fs`, `worker_threads`, ...). Followed through the relative imports of each worker's source, so
// a module that starts to need Node (src/tools/odds/odds.ts, src/tools/mutate/, src/tools/report.ts) is caught here rather
// than by a page that breaks at run time.
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..", "..");
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']/g;
const NODE = new Set(builtinModules);

/** Every Node module reached from `entry` through relative imports, with the file that imports it. */
function nodeImports(entry: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2])!.replace(/\?.*$/, "");
      if (spec.startsWith(".")) {
        if (spec.endsWith(".ts")) visit(join(dirname(file), spec));
      } else if (spec.startsWith("node:") || NODE.has(spec.split("/")[0]!)) found.push(`${file.slice(root.length + 1)} imports ${spec}`);
    }
  };
  visit(entry);
  return found;
}

describe("the playground's workers", () => {
  const workers = readdirSync(join(root, "playground/workers")).filter((f) => f.endsWith(".worker.ts"));
  it("are the one engine worker, which serves every service (validate and odds among them)", () => {
    expect(workers).toEqual(["engine.worker.ts"]);
    const engine = readFileSync(join(root, "playground/workers/engine.worker.ts"), "utf8");
    for (const service of ["language", "run", "simulate", "odds", "validate", "balance"]) expect(engine).toContain(`./${service}-service.ts`);
  });
  for (const w of workers) {
    it(`${w} imports no Node module`, () => {
      expect(nodeImports(join(root, "playground/workers", w))).toEqual([]);
    });
  }
  it("would see a Node module (the check itself works)", () => {
    expect(nodeImports(join(root, "src/hosts/cli/mutate.ts"))).toEqual(expect.arrayContaining(["src/hosts/cli/mutate.ts imports node:os", "src/hosts/cli/mutate.ts imports node:util"]));
  });
});
