// Loading: the files named on the command line, every `.rules` file below named folders, and every
// file they import. File access goes through a host so the browser playground can load from memory.
import type { SourceFile } from "../core/ast.ts";
import { parseFile } from "./parse.ts";
import { isStdImport, stdModuleNames } from "./std/modules.ts";
import { diag, didYouMean, type Code, type Diagnostic } from "../core/diagnostics.ts";
import { pushAll } from "../core/push-all.ts";

/** Why a host will not read a path that may exist: outside its root, not a regular file, too large. */
export interface Refusal {
  code: Code;
  message: string;
  help?: string;
}

export interface FileHost {
  read(path: string): string | undefined;
  /** `.rules` files below a folder, or undefined when `path` is not a folder. */
  listRules(path: string): string[] | undefined;
  resolve(fromFile: string, importPath: string): string;
  /** One spelling per file, so a file named twice is loaded once. */
  normalize(path: string): string;
  /**
   * Why `path` may not be read as a `.rules` (or `.json`) file, decided without reading it; undefined
   * when it may be read or is not there. The disk host refuses; the in-memory host has nothing to refuse.
   */
  refuse?(path: string, want: "rules" | "json"): Refusal | undefined;
}

export interface LoadedProgram {
  files: SourceFile[];
  texts: Map<string, string>;
  diagnostics: Diagnostic[];
}

/** `parse` is the parser's entry point; the language service passes one that remembers unchanged files. */
export function loadProgram(roots: string[], host: FileHost, parse: typeof parseFile = parseFile): LoadedProgram {
  const texts = new Map<string, string>();
  const files: SourceFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const root of roots) {
    const listed = host.listRules(root);
    if (listed?.length === 0) {
      const here = { file: root, line: 1, col: 1, endLine: 1, endCol: 1, start: 0, end: 0 };
      diagnostics.push(diag("E0003", here, `there are no \`.rules\` files in \`${root}\``));
    }
    if (listed) queue.push(...listed);
    else if (!root.endsWith(".rules") && host.read(root) !== undefined) {
      const here = { file: host.normalize(root), line: 1, col: 1, endLine: 1, endCol: 1, start: 0, end: 0 };
      const hint = root.endsWith(".json") ? "scenarios run with `rulesmith run`" : "rules files end in `.rules`";
      diagnostics.push(diag("E0003", here, `\`${host.normalize(root)}\` is not a \`.rules\` file`, hint));
    } else queue.push(host.normalize(root));
  }
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const refused = host.refuse?.(path, "rules");
    const text = refused ? undefined : host.read(path);
    if (text === undefined) {
      const here = { file: path, line: 1, col: 1, endLine: 1, endCol: 1, start: 0, end: 0 };
      diagnostics.push(refused ? diag(refused.code, here, refused.message, refused.help) : diag("E0003", here, `cannot read \`${path}\``));
      continue;
    }
    texts.set(path, text);
    const parsed = parse(path, text);
    pushAll(diagnostics, parsed.diagnostics);
    // A file with syntax errors still contributes the declarations that parsed: they are checked too.
    const file = parsed.file ?? parsed.recovered;
    if (!file) continue;
    files.push(file);
    for (const d of file.decls) {
      if (d.kind !== "import") continue;
      const target = host.resolve(path, d.path);
      // Refused at the import, before the target is read: its text never reaches a code frame.
      const refusedImport = host.refuse?.(target, "rules");
      if (refusedImport) diagnostics.push(diag(refusedImport.code, d.pathSpan, refusedImport.message, refusedImport.help));
      else if (host.read(target) === undefined && isStdImport(d.path)) {
        diagnostics.push(diag("E0003", d.pathSpan, `there is no standard module \`${d.path}\``, `the standard modules are ${stdModuleNames().map((n) => `\`${n}\``).join(", ")}`));
      } else if (host.read(target) === undefined) {
        const dir = target.split("/").slice(0, -1).join("/") || ".";
        const near = (host.listRules(dir) ?? []).map((f) => f.split("/").pop()!);
        const guess = didYouMean(target.split("/").pop()!, near);
        diagnostics.push(diag("E0003", d.pathSpan, `cannot find the imported file \`${d.path}\``, guess ?? `the path is relative to \`${path}\``));
      } else queue.push(target);
    }
  }
  return { files: canonicalOrder(files, host), texts, diagnostics };
}

/**
 * Declaration order across files decides ties (modifiers of one stage, handlers of equal `order`), so
 * it must not depend on how the command was invoked: imported files come before their importers, and
 * otherwise files go in path order.
 */
function canonicalOrder(files: SourceFile[], host: FileHost): SourceFile[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const ordered: SourceFile[] = [];
  const done = new Set<string>();
  const visit = (f: SourceFile) => {
    if (done.has(f.path)) return;
    done.add(f.path);
    const imports = f.decls.flatMap((d) => (d.kind === "import" ? [host.resolve(f.path, d.path)] : [])).sort();
    for (const path of imports) {
      const imported = byPath.get(path);
      if (imported) visit(imported);
    }
    ordered.push(f);
  };
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) visit(f);
  return ordered;
}
