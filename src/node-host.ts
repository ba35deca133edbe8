// The file host for Node: reads from disk. Paths are kept relative to the working directory so
// diagnostics and traces print the same way on every machine.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { FileHost } from "./program.ts";

function display(path: string): string {
  const rel = relative(process.cwd(), resolve(path));
  return rel.startsWith("..") ? resolve(path) : rel.split("\\").join("/");
}

export const nodeHost: FileHost = {
  read(path) {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  },
  listRules(path) {
    try {
      if (!statSync(path).isDirectory()) return undefined;
    } catch {
      return undefined;
    }
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith(".rules")) found.push(display(full));
      }
    };
    walk(path);
    return found;
  },
  normalize: display,
  resolve(fromFile, importPath) {
    return display(join(dirname(fromFile), importPath));
  },
};
