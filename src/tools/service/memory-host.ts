// A file host over files held in memory, for the browser playground and for tests: the same loading
// rules as on disk, with `/`-separated paths and imports relative to the importing file.
import type { FileHost } from "../../syntax/load.ts";
import { withStdModules } from "../../syntax/std/modules.ts";

export function memoryFileHost(files: Record<string, string>): FileHost {
  return textsHost((path) => (Object.hasOwn(files, path) ? files[path] : undefined), () => Object.keys(files));
}

/** The same host over any store of texts: `read` one by path, `paths` all of them. */
export function textsHost(read: (path: string) => string | undefined, paths: () => Iterable<string>): FileHost {
  return withStdModules({
    read,
    listRules: (path) => {
      const prefix = path.endsWith("/") ? path : `${path}/`;
      const below = [...paths()].filter((f) => f.startsWith(prefix) && f.endsWith(".rules"));
      return below.length > 0 ? below.sort() : undefined;
    },
    normalize: (path) => normalizePath(path),
    resolve: (from, importPath) => normalizePath([...from.split("/").slice(0, -1), importPath].join("/")),
  });
}

/** `a/./b/../c` as `a/c`: one spelling per file, so a file reached by two import paths loads once. */
function normalizePath(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return out.join("/");
}
