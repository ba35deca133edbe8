// Standard modules in separate programs. Two games that both import `std/hex` stay two programs: an
// import of a standard module does not connect its importer to the other importers. Each program gets
// its own parse of the module, since the checker writes each program's resolution (declaration ids,
// slots) into the tree it checks: one tree shared by two programs would hold only the second's.
import type { SourceFile } from "../../core/ast.ts";
import { parseFile } from "../parse.ts";
import { isStdPath } from "./modules.ts";

/**
 * `programs` as grouped without joining through standard modules: each program gets the standard
 * modules it imports, directly or through another standard module, placed first as imported files
 * are. Groups of standard modules alone (imported by no one else) are dropped.
 */
export function giveStdModules(programs: SourceFile[][], resolve: (from: string, path: string) => string, texts: Map<string, string>): SourceFile[][] {
  const std = new Map(programs.flat().filter((f) => isStdPath(f.path)).map((f) => [f.path, f]));
  if (std.size === 0) return programs;
  const used = new Set<string>();
  const out: SourceFile[][] = [];
  for (const files of programs) {
    const own = files.filter((f) => !isStdPath(f.path));
    if (own.length === 0) continue;
    const needed = stdImports(own, resolve, std);
    const copies = [...std.keys()].filter((p) => needed.has(p)).map((p) => {
      if (!used.has(p)) {
        used.add(p);
        return std.get(p)!;
      }
      return parseFile(p, texts.get(p) ?? "").file ?? std.get(p)!;
    });
    out.push([...copies, ...own]);
  }
  return out;
}

/** The standard modules `files` import, and those they import in turn. */
function stdImports(files: SourceFile[], resolve: (from: string, path: string) => string, std: Map<string, SourceFile>): Set<string> {
  const found = new Set<string>();
  const visit = (f: SourceFile) => {
    for (const d of f.decls) {
      if (d.kind !== "import") continue;
      const target = resolve(f.path, d.path);
      const module = std.get(target);
      if (module && !found.has(target)) {
        found.add(target);
        visit(module);
      }
    }
  };
  files.forEach(visit);
  return found;
}
