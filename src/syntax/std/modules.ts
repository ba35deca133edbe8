// The standard modules: rules files shipped with rulesmith, imported as `import "std/NAME"`. The
// `std/` prefix is reserved: such an import never reads the disk (or the playground's files), it
// reads the text bundled here, so a standard module is the same everywhere. Once loaded, a standard
// module is an ordinary file: its declarations are checked and resolved like those of any other.
import type { SourceFile } from "../../core/ast.ts";
import { parseFile } from "../parse.ts";
import type { FileHost } from "../load.ts";
import { HEX_MODULE } from "./hex.ts";
import { SQUARE_MODULE } from "./square.ts";
import { PLANE_MODULE } from "./plane.ts";
import { ARCS_MODULE } from "./arcs.ts";
import { isStdPath, STD_FOLDER } from "../../core/std-paths.ts";

export { isStdPath, STD_FOLDER } from "../../core/std-paths.ts";

const MODULES = new Map<string, string>([
  ["hex", HEX_MODULE],
  ["square", SQUARE_MODULE],
  ["plane", PLANE_MODULE],
  ["arcs", ARCS_MODULE],
]);

/** The import paths of the standard modules: `std/hex`, ... */
export function stdModuleNames(): string[] {
  return [...MODULES.keys()].map((n) => `std/${n}`);
}

/** Whether an import path names a standard module (whether or not one of that name exists). */
export function isStdImport(importPath: string): boolean {
  return importPath.startsWith("std/");
}

/** The loaded path of `std/NAME`: `<std>/NAME.rules`. */
function stdPath(importPath: string): string {
  return `${STD_FOLDER}/${importPath.slice("std/".length)}.rules`;
}

function stdText(path: string): string | undefined {
  if (!isStdPath(path) || !path.endsWith(".rules")) return undefined;
  const name = path.slice(STD_FOLDER.length + 1, -".rules".length);
  return MODULES.get(name);
}

/** `host` with the standard modules added: `std/...` imports resolve to them, and they are never refused. */
export function withStdModules(host: FileHost): FileHost {
  return {
    read: (path) => (isStdPath(path) ? stdText(path) : host.read(path)),
    listRules: (path) => (path === STD_FOLDER ? [...MODULES.keys()].map((n) => `${STD_FOLDER}/${n}.rules`) : host.listRules(path)),
    normalize: (path) => (isStdPath(path) ? path : host.normalize(path)),
    resolve: (fromFile, importPath) => (isStdImport(importPath) ? stdPath(importPath) : host.resolve(fromFile, importPath)),
    refuse: (path, want) => (isStdPath(path) ? undefined : host.refuse?.(path, want)),
  };
}

let parsed: SourceFile[] | undefined;

/**
 * Every standard module, parsed once and never checked: the checker's list of files loaded but not
 * imported, so a name a standard module declares gets E0105 with `import "std/..."` as its help.
 */
export function stdModulesForHints(): SourceFile[] {
  parsed ??= [...MODULES].flatMap(([name, text]) => parseFile(`${STD_FOLDER}/${name}.rules`, text).file ?? []);
  return parsed;
}
