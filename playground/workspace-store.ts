// What keeps work from being lost beyond autosave (workspace.ts): a backup of the edits that a share
// link, an import or Reset replaced, so they can be restored; other tabs' saves, so two tabs stay in
// step instead of overwriting each other; and the whole workspace as one file to export and import.
import { asOverlay, STORAGE_KEY, type Files, type Overlay } from "./workspace.ts";
import { ownGet, setOwn } from "../src/api.ts";

const BACKUP_KEY = "rulesmith.playground.backup.v1";

/** Keeps `overlay` as the one backup (a newer replacement replaces it); false when storage refused it. */
export function saveBackup(overlay: Overlay): boolean {
  try {
    localStorage.setItem(BACKUP_KEY, JSON.stringify(overlay));
    return true;
  } catch {
    return false;
  }
}

export function loadBackup(): Overlay | undefined {
  try {
    const raw = localStorage.getItem(BACKUP_KEY);
    return raw ? asOverlay(JSON.parse(raw)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls `changed` with the overlay another tab of this page saved (an empty one when it reset). The
 * browser sends `storage` events only to the other tabs, so a tab never hears its own saves.
 */
export function onOtherTabSaved(changed: (overlay: Overlay) => void) {
  window.addEventListener("storage", (e) => {
    if (e.key !== STORAGE_KEY && e.key !== null) return;
    let overlay: Overlay | undefined;
    try {
      overlay = e.newValue ? asOverlay(JSON.parse(e.newValue)) : { changed: {}, deleted: [] };
    } catch {
      return; // a damaged entry: keep what this tab shows
    }
    if (overlay) changed(overlay);
  });
}

/**
 * The files to take from another tab's save: those it changed since `base` (what this tab last saved
 * or loaded). A file this tab edited and the other did not keeps this tab's text.
 */
export function theirChanges(base: Files, theirs: Files): { set: Files; removed: string[] } {
  const set: Files = {};
  const removed: string[] = [];
  for (const [path, text] of Object.entries(theirs)) if (ownGet(base, path) !== text) setOwn(set, path, text);
  for (const path of Object.keys(base)) if (!Object.hasOwn(theirs, path)) removed.push(path);
  return { set, removed };
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
