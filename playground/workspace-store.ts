// What keeps two tabs from overwriting each other beyond autosave (workspace.ts), and the whole
// workspace as one file to export and import. Tabs on the same line of work take each other's saves,
// so they stay in step; a tab that replaced its files (a share link, an import, Reset, a restore) is on
// a line of its own, and the other tabs keep theirs: what either replaced is in the History (history.ts).
import { asOverlay, parseSaved, STORAGE_KEY, type Files, type Overlay, type Saved } from "./workspace.ts";
import { ownGet, setOwn } from "../src/api.ts";

/**
 * Calls `changed` with the save another tab of this page made. The browser sends `storage` events
 * only to the other tabs, so a tab never hears its own. Storage cleared (by the browser's tools) or a
 * damaged entry changes nothing here: this tab keeps what it shows, and its next save writes it back.
 */
export function onOtherTabSaved(changed: (saved: Saved) => void) {
  window.addEventListener("storage", (e) => {
    if (e.key !== STORAGE_KEY) return;
    const saved = parseSaved(e.newValue);
    if (saved) changed(saved);
  });
}

/**
 * The files to take from another tab's save: those it changed since `base` (what this tab last saved
 * or loaded). A file this tab edited and the other did not keeps this tab's text. A file both changed
 * (this tab's edit not saved yet, `mine`) keeps this tab's text too, and is named in `clashes`: the
 * caller keeps the other tab's files in the History before this tab's save replaces them.
 */
export function theirChanges(base: Files, theirs: Files, mine: Files = base): { set: Files; removed: string[]; clashes: string[] } {
  const set: Files = {};
  const removed: string[] = [];
  const clashes: string[] = [];
  const unsaved = (path: string) => ownGet(mine, path) !== ownGet(base, path);
  for (const [path, text] of Object.entries(theirs)) {
    if (ownGet(base, path) === text) continue;
    if (unsaved(path) && ownGet(mine, path) !== text) clashes.push(path);
    else setOwn(set, path, text);
  }
  for (const path of Object.keys(base)) {
    if (Object.hasOwn(theirs, path)) continue;
    if (unsaved(path)) clashes.push(path);
    else removed.push(path);
  }
  return { set, removed, clashes };
}

// ---- export and import ----------------------------------------------------------------------------

const FORMAT = "rulesmith-workspace";

/** The whole workspace as one JSON file: the edits, new files and deletions against the bundle. */
export function exportText(overlay: Overlay): string {
  return JSON.stringify({ format: FORMAT, version: 1, ...overlay }, null, 2) + "\n";
}

/** The overlay in an exported file, or why it is not one. */
export function importText(text: string): { overlay: Overlay } | { problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { problem: "the file is not JSON: choose a workspace saved with Export" };
  }
  if (typeof raw !== "object" || raw === null || (raw as { format?: unknown }).format !== FORMAT) {
    return { problem: `the file is not an exported workspace (it has no "format": "${FORMAT}")` };
  }
  const overlay = asOverlay(raw);
  return overlay ? { overlay } : { problem: "the workspace file is damaged" };
}
