// The files the playground edits: the bundled game systems under rules/, overlaid with the user's
// edits and new files. Only the difference from the bundle is kept in localStorage (so an updated
// bundle still reaches files the user never touched) and in share links (share-link.ts).

import { ownGet, setOwn } from "../src/api.ts";

/** Bundled content, read at build time: the same files `rulesmith` reads from disk, the systems' mods (mods/) with them. */
const bundledRules = import.meta.glob(["../rules/**/*.rules", "../mods/**/*.rules"], { query: "?raw", import: "default", eager: true }) as Record<string, string>;
// A package's manifest (`system.json`, `mod.json`) and a balance roster (`balance/*.json`, for
// `rulesmith balance`) are no scenarios: left out, as the run list would offer them.
const bundledScenarios = import.meta.glob(["../rules/**/*.json", "../mods/**/*.json", "!../**/system.json", "!../**/mod.json", "!../rules/**/balance/*.json"], { query: "?raw", import: "default", eager: true }) as Record<string, string>;
/** The packages' manifests: what makes a folder a base system or a mod of one (mods-panel.ts). */
const bundledManifests = import.meta.glob(["../rules/**/system.json", "../mods/**/mod.json"], { query: "?raw", import: "default", eager: true }) as Record<string, string>;

export type Files = Record<string, string>;

// File names come from share links and uploads: any text, `constructor` and `__proto__` included. So a
// name is looked up as an own property only, and stored with `setOwn` (assigning `__proto__` would
// set the object's prototype instead).

/** Whether `files` holds a file called `path` (not a name inherited from `Object.prototype`). */
export function hasFile(files: Readonly<Files>, path: string): boolean {
  return Object.hasOwn(files, path);
}

export const bundled: Files = Object.fromEntries(
  Object.entries({ ...bundledRules, ...bundledScenarios, ...bundledManifests })
    .map(([key, text]) => [key.replace(/^\.\.\//, ""), text] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);

/** What differs from the bundle: edited or new files by path, and bundled files the user deleted. */
export interface Overlay {
  changed: Files;
  deleted: string[];
  active?: string;
}

export class Workspace {
  files: Files;
  active: string;
  private listeners: (() => void)[] = [];

  constructor(overlay: Overlay = { changed: {}, deleted: [] }) {
    this.files = applyOverlay(overlay);
    this.active = overlay.active !== undefined && hasFile(this.files, overlay.active) ? overlay.active : defaultFile(this.files);
  }

  paths(): string[] {
    return Object.keys(this.files).sort();
  }

  onChange(listener: () => void) {
    this.listeners.push(listener);
  }

  private changed() {
    for (const l of this.listeners) l();
  }

  set(path: string, text: string) {
    setOwn(this.files, path, text);
    this.changed();
  }

  remove(path: string) {
    delete this.files[path];
    if (this.active === path) this.active = defaultFile(this.files);
    this.changed();
  }

  overlay(): Overlay {
    const changed: Files = {};
    for (const [path, text] of Object.entries(this.files)) if (ownGet(bundled, path) !== text) setOwn(changed, path, text);
    const deleted = Object.keys(bundled).filter((p) => !hasFile(this.files, p));
    return { changed, deleted, active: this.active };
  }

  isBundled(path: string): boolean {
    return hasFile(bundled, path);
  }

  isModified(path: string): boolean {
    return hasFile(this.files, path) && ownGet(bundled, path) !== this.files[path];
  }
}

/** The files an overlay makes of the bundle. */
export function applyOverlay(overlay: Overlay): Files {
  const files: Files = { ...bundled };
  for (const p of overlay.deleted) if (hasFile(files, p)) delete files[p];
  for (const [p, text] of Object.entries(overlay.changed)) if (typeof text === "string") setOwn(files, p, text);
  return files;
}

/** The file shown first: the one that imports the most, the natural entry point of a game system. */
function defaultFile(files: Files): string {
  const rules = Object.keys(files).filter((p) => p.endsWith(".rules")).sort();
  const imports = (p: string) => (files[p]!.match(/^\s*import\s/gm) ?? []).length;
  return rules.sort((a, b) => imports(b) - imports(a))[0] ?? Object.keys(files)[0] ?? "";
}

// ---- autosave --------------------------------------------------------------------------------

/** The newest save of any tab: what a new tab opens with. */
export const STORAGE_KEY = "rulesmith.playground.v1";
/** This tab's own save, in sessionStorage: what a reload of this tab opens with, whatever other tabs
 *  saved since (a share link opened in another tab must not replace this tab's work). */
export const TAB_KEY = "rulesmith.playground.tab.v1";

/**
 * A save: the files, and the line of work they belong to. A line starts whenever the files are
 * replaced wholesale (Reset, a share link, an import, a restore); tabs on the same line take each
 * other's saves, tabs on different lines keep their own (workspace-store.ts).
 */
export interface Saved {
  overlay: Overlay;
  line: string;
}

export function parseSaved(raw: string | null): Saved | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    const overlay = asOverlay(parsed);
    if (!overlay) return undefined;
    const line = (parsed as { line?: unknown }).line;
    // Saves from before lines of work all belong to one.
    return { overlay, line: typeof line === "string" ? line : "" };
  } catch {
    return undefined;
  }
}

export function loadSaved(): Saved | undefined {
  try {
    return parseSaved(sessionStorage.getItem(TAB_KEY)) ?? parseSaved(localStorage.getItem(STORAGE_KEY));
  } catch {
    // Unreadable storage (private mode, a damaged entry) means starting from the bundle, not failing.
    return undefined;
  }
}

/** The save another tab (or this one) last wrote as the newest. */
export function loadNewest(): Saved | undefined {
  try {
    return parseSaved(localStorage.getItem(STORAGE_KEY));
  } catch {
    return undefined;
  }
}

export function save(saved: Saved): string | undefined {
  const json = JSON.stringify({ ...saved.overlay, line: saved.line });
  try {
    sessionStorage.setItem(TAB_KEY, json);
    localStorage.setItem(STORAGE_KEY, json);
    return undefined;
  } catch (err) {
    return `could not autosave: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** An overlay read from storage, a link or a file: anything not of its shape is dropped. */
export function asOverlay(raw: unknown): Overlay | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const o = raw as Partial<Overlay>;
  const changed: Files = {};
  if (typeof o.changed === "object" && o.changed !== null) {
    for (const [p, t] of Object.entries(o.changed)) if (typeof t === "string" && isSafePath(p)) setOwn(changed, p, t);
  }
  const deleted = Array.isArray(o.deleted) ? o.deleted.filter((p): p is string => typeof p === "string") : [];
  return { changed, deleted, ...(typeof o.active === "string" ? { active: o.active } : {}) };
}

/** Paths are relative, `/`-separated and without `..`, so imports resolve the same as on disk. */
export function isSafePath(path: string): boolean {
  return path.length > 0 && !path.startsWith("/") && !path.split("/").some((s) => s === ".." || s === "." || s === "") && !/[\\:*?"<>|]/.test(path);
}

// ---- game systems ------------------------------------------------------------------------------

/** The folder a file belongs to as a game system: `rules/<system>` for bundled content, else its folder. */
export function systemOf(path: string): string {
  const parts = path.split("/");
  if (parts[0] === "rules" && parts.length > 2) return `rules/${parts[1]}`;
  return parts.slice(0, -1).join("/") || ".";
}

export function isInside(path: string, folder: string): boolean {
  return folder === "." || path.startsWith(folder + "/");
}
