// The History of the playground: a snapshot of the files each time something replaces or removes
// them (Reset, a share link opened, an import, a restore, a file deleted, another tab's save over
// this tab's), so no single action, and no second one after it, can lose work. Kept in localStorage,
// so every tab of the page lists the same snapshots and they outlive a reload.
//
// Bounded: at most HISTORY_LIMIT.count snapshots and HISTORY_LIMIT.chars characters of JSON in all;
// the oldest go first. The newest is always kept, however large, unless the browser refuses to store
// it (then keepSnapshot says so and the caller tells the user).
import { asOverlay, type Overlay } from "./workspace.ts";
import { sameFiles } from "./share-link.ts";

export const HISTORY_KEY = "rulesmith.playground.history.v1";
/** The one backup an earlier version kept: read once into the History. */
const OLD_BACKUP_KEY = "rulesmith.playground.backup.v1";

/** 30 snapshots and 1.5 million characters: a third of the 5 MB a browser gives a page's storage. */
export const HISTORY_LIMIT = { count: 30, chars: 1_500_000 };

export interface Snapshot {
  id: string;
  /** When it was taken, in milliseconds since 1970. */
  time: number;
  /** What replaced or removed these files, said to the user: "before Reset", "deleted x.rules". */
  cause: string;
  overlay: Overlay;
  /** The line of work (workspace-store.ts) a snapshot of another tab's files was taken from: a newer
   *  snapshot of the same line replaces it, so two tabs saving in turn keep one each, not hundreds. */
  line?: string;
}

function asSnapshot(raw: unknown): Snapshot | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const s = raw as Partial<Snapshot>;
  const overlay = asOverlay(s.overlay);
  if (typeof s.id !== "string" || typeof s.time !== "number" || typeof s.cause !== "string" || !overlay) return undefined;
  return { id: s.id, time: s.time, cause: s.cause, overlay, ...(typeof s.line === "string" ? { line: s.line } : {}) };
}

/** The snapshots, newest first; none when storage is unreadable. */
export function loadHistory(): Snapshot[] {
  let list: Snapshot[] = [];
  try {
    const raw = localStorage.getItem(HISTORY_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.map(asSnapshot).filter((s): s is Snapshot => s !== undefined);
    const old = localStorage.getItem(OLD_BACKUP_KEY);
    if (old !== null) {
      const overlay = asOverlay(JSON.parse(old));
      if (overlay && hasEdits(overlay)) list.push({ id: newId(), time: 0, cause: "the backup an earlier version kept", overlay });
      if (store(list)) localStorage.removeItem(OLD_BACKUP_KEY);
    }
  } catch {
    // A damaged entry: the History starts again rather than failing the page.
  }
  return list;
}

export function findSnapshot(id: string): Snapshot | undefined {
  return loadHistory().find((s) => s.id === id);
}

export function hasEdits(o: Overlay): boolean {
  return Object.keys(o.changed).length > 0 || o.deleted.length > 0;
}

/** A fresh id: unique enough to tell snapshots and lines of work apart on one computer. */
export function newId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Keeps the files of `overlay` as a snapshot. The same files for the same cause are not kept twice
 * (that snapshot is returned): another tab's files are looked at on every save of this one. Undefined
 * when storage refused it.
 */
export function keepSnapshot(overlay: Overlay, cause: string, line?: string): Snapshot | undefined {
  const list = loadHistory();
  const same = list.find((s) => s.cause === cause && sameFiles(s.overlay, overlay));
  if (same) return same;
  const snapshot: Snapshot = { id: newId(), time: Date.now(), cause, overlay: { changed: overlay.changed, deleted: overlay.deleted, ...(overlay.active !== undefined ? { active: overlay.active } : {}) }, ...(line ? { line } : {}) };
  const rest = line ? list.filter((s) => s.line !== line) : list;
  return store([snapshot, ...rest]) ? snapshot : undefined;
}

/** Writes the newest snapshots that fit the bounds; false when not even the newest could be stored. */
function store(list: Snapshot[]): boolean {
  const kept = list.slice(0, HISTORY_LIMIT.count);
  let json = JSON.stringify(kept);
  while (kept.length > 1 && json.length > HISTORY_LIMIT.chars) {
    kept.pop();
    json = JSON.stringify(kept);
  }
  for (;;) {
    try {
      localStorage.setItem(HISTORY_KEY, json);
      return true;
    } catch {
      // Storage full (the workspace itself takes room too): drop the oldest and try again.
      if (kept.length <= 1) return false;
      kept.pop();
      json = JSON.stringify(kept);
    }
  }
}

/** Calls `changed` when another tab kept a snapshot (the browser tells only the other tabs). */
export function onHistoryChanged(changed: () => void) {
  window.addEventListener("storage", (e) => {
    if (e.key === HISTORY_KEY || e.key === null) changed();
  });
}
