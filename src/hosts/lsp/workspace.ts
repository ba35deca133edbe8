// The files the language server answers about: every .rules file below the workspace root, read
// through the same bounded host as the command line (src/hosts/node-host.ts: below the root only, regular
// files of at most 8 MB), with the editor's unsaved text standing in for the disk's while a file is
// open. Paths are `/`-separated and relative to the root, as the language service wants them. The texts
// live in the language service's workspace (`documents`), which keeps each file's parse and check.
import { watch, type FSWatcher } from "node:fs";
import { relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { filesBelow, nodeFileHost, type FileHost } from "../../api/node.ts";
import { isManifest, Workspace as Documents } from "../../api.ts";
import { MAX_DOCUMENT } from "./budget.ts";

/** The most `.json` files below the root read as scenarios for a rename. */
const MAX_SCENARIOS = 2000;

export class Workspace {
  /** Every readable .rules file's text, the editor's where the file is open. */
  readonly documents = new Documents();
  private readonly open = new Set<string>();
  /** Open documents longer than MAX_DOCUMENT, by their length: held by the editor's library, not here, and not analysed. */
  readonly tooLarge = new Map<string, number>();
  private readonly host: FileHost;
  private watcher: FSWatcher | undefined;

  constructor(readonly root: string) {
    this.root = resolve(root);
    this.host = nodeFileHost([this.root]);
  }

  /** The workspace path of a `file:` URI, or undefined for one outside the root (never read). */
  pathOf(uri: string): string | undefined {
    if (!uri.startsWith("file:")) return undefined;
    let full: string;
    try {
      full = fileURLToPath(uri);
    } catch {
      return undefined;
    }
    const rel = relative(this.root, full);
    if (rel === "" || rel.startsWith("..") || resolve(this.root, rel) !== resolve(full)) return undefined;
    return rel.split(sep).join("/");
  }

  uriOf(path: string): string {
    return pathToFileURL(resolve(this.root, path)).href;
  }

  /**
   * Reads every .rules file below the root, and every package manifest (`system.json`, `mod.json`): a
   * mod's file is checked with the base and the mods its mod.json names, found among them.
   */
  loadAll() {
    for (const shown of this.host.listRules(this.root) ?? []) {
      const path = this.pathOf(pathToFileURL(resolve(shown)).href);
      if (path !== undefined) this.readFromDisk(path);
    }
    const skip = (folder: string) => folder === "node_modules" || folder.startsWith(".");
    for (const full of filesBelow(this.root, ".json", skip) ?? []) {
      if (!isManifest(full)) continue;
      const path = this.pathOf(pathToFileURL(full).href);
      if (path !== undefined) this.readFromDisk(path);
    }
  }

  /**
   * Reads the scenario files below the root (`.json` files holding `"rules"`), so a rename of a field
   * renames their keys too; read when a rename asks, since nothing else of the server reads them. Folders
   * of packages and hidden ones are skipped, and at most MAX_SCENARIOS files are read.
   */
  loadScenarios() {
    const skip = (folder: string) => folder === "node_modules" || folder.startsWith(".");
    for (const full of (filesBelow(this.root, ".json", skip) ?? []).slice(0, MAX_SCENARIOS)) {
      const path = this.pathOf(pathToFileURL(full).href);
      // A manifest is read by loadAll and kept, whatever it holds.
      if (path === undefined || this.open.has(path) || isManifest(path)) continue;
      const text = this.host.read(full);
      if (text !== undefined && text.includes('"rules"')) this.documents.set(path, text);
      else this.documents.remove(path);
    }
  }

  isOpen(path: string): boolean {
    return this.open.has(path);
  }

  openPaths(): string[] {
    return [...this.open].sort();
  }

  /** `version` is the editor's. */
  setOpen(path: string, text: string, version?: number) {
    this.open.add(path);
    if (text.length > MAX_DOCUMENT) {
      // As a file on disk that size would be: unread, so an import of it cannot be resolved either.
      this.tooLarge.set(path, text.length);
      this.documents.remove(path);
      return;
    }
    this.tooLarge.delete(path);
    this.documents.set(path, text, version);
  }

  /** The editor closed the file: the disk's text counts again. */
  close(path: string) {
    this.open.delete(path);
    this.tooLarge.delete(path);
    this.readFromDisk(path);
  }

  /** A file changed, appeared or went away on disk; an open file keeps the editor's text. */
  changedOnDisk(path: string) {
    if (!isWatched(path) || this.open.has(path)) return;
    this.readFromDisk(path);
  }

  private readFromDisk(path: string) {
    const text = this.host.read(resolve(this.root, path));
    if (text === undefined) this.documents.remove(path);
    else this.documents.set(path, text);
  }

  /** Watches the root itself, for editors that do not report file changes. */
  watchDisk(onChange: (path: string) => void) {
    try {
      this.watcher = watch(this.root, { recursive: true }, (_event, name) => {
        if (typeof name !== "string" || !isWatched(name)) return;
        const path = name.split(sep).join("/");
        this.changedOnDisk(path);
        onChange(path);
      });
      this.watcher.on("error", () => this.watcher?.close());
    } catch {
      this.watcher = undefined; // a root that cannot be watched is still read when files open
    }
  }

  dispose() {
    this.watcher?.close();
  }
}

/** A package's manifest: `system.json` or `mod.json`. */

/** The files whose change on disk changes a check: rules files and the packages' manifests. */
function isWatched(path: string): boolean {
  return path.endsWith(".rules") || isManifest(path);
}
