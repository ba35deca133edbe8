// Where standard modules appear once loaded: `import "std/hex"` loads the file `<std>/hex.rules`. A
// module of its own (no imports) so the runtime can tell a standard module's code from a game's.

/** The folder standard modules appear in, in diagnostics and traces: not a path a file could have by accident. */
export const STD_FOLDER = "<std>";

/** Whether a loaded file is a standard module. */
export function isStdPath(path: string): boolean {
  return path.startsWith(`${STD_FOLDER}/`);
}

/** How a file imports the standard module loaded as `path`: `<std>/hex.rules` is `std/hex`. */
export function stdImportOf(path: string): string {
  return `std/${path.slice(STD_FOLDER.length + 1).replace(/\.rules$/, "")}`;
}
