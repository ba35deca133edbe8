// The words the checker, parser, loader and language service compare a value with in their sources
// (`x === "word"`, `case "word":`), leaving out tags (`.kind`, `.t`, ...), which are never a rules name:
// test/tools/rename-fresh.test.ts holds rename-fresh.ts's list of known words to them.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const DIRS = ["src/check", "src/core", "src/syntax", "src/tools/service", "grammar"];
const FILES = ["src/pipeline.ts"];
/** A comparison's left side that is a tag: an AST node's kind, a type's, a reference's, a diagnostic's. */
const TAG = /(?:\.kind|\.t|\.to|\.severity|\.code|tokenType\??\.name|\.family|\.how|\.status|\.take|\.read|\.keyword|\brole)$/;

function sourcesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sourcesBelow(p) : e.name.endsWith(".ts") ? [p] : [];
  });
}

export function comparedWords(): Set<string> {
  const out = new Set<string>();
  for (const file of [...DIRS.flatMap(sourcesBelow), ...FILES]) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/([\w.?\]\[)]+) (?:===|!==) "([A-Za-z_][A-Za-z0-9_]*)"/g)) if (!TAG.test(m[1]!)) out.add(m[2]!);
    for (const m of text.matchAll(/case "([A-Za-z_][A-Za-z0-9_]*)":/g)) {
      // The switch the case is in: the nearest one before it.
      const subject = /^[^]*switch \(([^)]*)\)/.exec(text.slice(0, m.index))?.[1]?.trim() ?? "";
      if (!TAG.test(subject)) out.add(m[1]!);
    }
  }
  return out;
}
