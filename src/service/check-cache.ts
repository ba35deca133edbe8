// The language service's checks, remembered: an editor asks for the diagnostics of every open file after
// each keystroke, but only the program that holds the edited file has changed. A file's diagnostics
// depend on the texts of the files its program read and on which files exist (an import may start or
// stop finding its file), so the last answer per file is kept with those and reused while they hold.
// Files are parsed through the one parse cache (`parseRemembered`), so an edit re-parses only the file
// that changed.
import type { Diagnostic } from "../diagnostics.ts";
import { compile } from "../pipeline.ts";
import { memoryFileHost } from "./memory-host.ts";
import { parseRemembered } from "./repair.ts";
import type { ServiceFiles } from "./service-types.ts";

interface Remembered {
  /** Every file name of the workspace when checked, in order, joined. */
  names: string;
  /** The texts the check read, by path. */
  texts: Map<string, string>;
  diagnostics: Diagnostic[];
}

/** Paths whose last check is kept; a workspace rarely has more files open. */
const KEPT = 32;
const last = new Map<string, Remembered>();

/** Exactly what `compile([path])` reports over `files`, checked again only when a file it read changed. */
export function checkRemembered(files: ServiceFiles, path: string): Diagnostic[] {
  const names = Object.keys(files).join("\u0000");
  const known = last.get(path);
  if (known && known.names === names && [...known.texts].every(([p, text]) => Object.hasOwn(files, p) && files[p] === text)) return known.diagnostics;
  const compiled = compile([path], memoryFileHost(files), parseRemembered);
  last.delete(path);
  if (last.size >= KEPT) last.delete(last.keys().next().value!);
  last.set(path, { names, texts: compiled.texts, diagnostics: compiled.diagnostics });
  return compiled.diagnostics;
}
