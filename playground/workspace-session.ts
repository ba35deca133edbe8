// This tab's files over time: where they start (this tab's save, the newest save, or a share link),
// autosave, other tabs' saves, and every action that replaces or removes files (Reset, a share link,
// an import, a restore, a delete). Each such action first keeps the files it replaces in the History
// (history.ts) and refuses to go on when it cannot; so nothing is lost to one action or the next.
import type { RulesEditor } from "./editor.ts";
import { applyOverlay, hasFile, loadNewest, loadSaved, save, type Files, type Overlay, type Workspace } from "./workspace.ts";
import { decodeShare, sameFiles, SHARE_PREFIX } from "./share-link.ts";
import { onOtherTabSaved, theirChanges } from "./workspace-store.ts";
import { applyChanges, replaceFiles } from "./workspace-actions.ts";
import { findSnapshot, hasEdits, keepSnapshot, newId, type Snapshot } from "./history.ts";
import { showMessage, type MessageAction } from "./status-message.ts";

/** Where this tab starts. */
export interface Start {
  overlay?: Overlay;
  line: string;
  /** A share link opened at load, and the snapshot of the files it replaced. */
  opened?: { overlay: Overlay; kept?: Snapshot };
}

const FULL = "the browser's storage for this page is full (Export your work, then delete snapshots or files you no longer need)";

/** A share link in the address, read and removed from it: a reload must not apply it again. */
export async function takeShareLink(): Promise<Overlay | "damaged" | undefined> {
  if (!location.hash.startsWith(SHARE_PREFIX)) return undefined;
  const shared = await decodeShare(location.hash.slice(SHARE_PREFIX.length));
  history.replaceState(null, "", location.pathname + location.search);
  return shared ?? "damaged";
}

/**
 * A share link wins over what was saved, on a line of work of its own (so other tabs keep theirs);
 * the saved files it replaces, and the link's own files, are kept in the History.
 */
export async function startingPoint(): Promise<Start> {
  const saved = loadSaved();
  const shared = await takeShareLink();
  const unchanged = { ...(saved ? { overlay: saved.overlay } : {}), line: saved?.line ?? newId() };
  if (shared === undefined) return unchanged;
  if (shared === "damaged") {
    showMessage("The share link is damaged or cut short; showing your saved files instead.", "error");
    return unchanged;
  }
  let kept: Snapshot | undefined;
  if (saved && hasEdits(saved.overlay) && !sameFiles(saved.overlay, shared)) {
    kept = keepSnapshot(saved.overlay, "before a share link was opened");
    if (!kept) {
      showMessage(`The share link was not opened: your saved edits could not be kept in History, as ${FULL}.`, "error");
      return unchanged;
    }
  }
  if (hasEdits(shared)) keepSnapshot(shared, "a share link, as it was opened");
  return { overlay: shared, line: newId(), opened: { overlay: shared, ...(kept ? { kept } : {}) } };
}

export interface SessionHooks {
  /** Redraw the file tree (`force`: even if nothing it shows seems to have changed). */
  tree(force?: boolean): void;
  /** A snapshot was kept: the History panel lists it. */
  historyChanged(): void;
}

export class Session {
  /** The line of work this tab is on (workspace.ts, `Saved`). */
  private line: string;
  /** The files as this tab last saved or loaded them: what another tab's save is compared with. */
  private lastSaved: Files;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** Other lines of work already told about, so another tab's every keystroke does not say it again. */
  private told = new Set<string>();
  /** The file the last delete removed, for Undo. */
  private lastDeleted: { path: string; text: string } | undefined;

  constructor(
    private readonly editor: RulesEditor,
    private readonly workspace: Workspace,
    start: Start,
    private readonly hooks: SessionHooks,
  ) {
    this.line = start.line;
    this.lastSaved = { ...workspace.files };
    workspace.onChange(() => {
      status("saving…");
      document.body.dataset["pendingSave"] = "true";
      clearTimeout(this.saveTimer);
      this.saveTimer = setTimeout(() => this.flush(), 300);
    });
    onOtherTabSaved((saved) => {
      if (saved.line === this.line) this.takeTheirs(saved.overlay);
      else if (!this.told.has(saved.line)) {
        this.told.add(saved.line);
        this.hooks.historyChanged();
        showMessage("Another tab opened other files (a share link, an import, Reset or a restore). This tab keeps its own; History holds both.");
      }
    });
    // Leaving the page never loses the last keystrokes to the debounce.
    window.addEventListener("pagehide", () => this.flush());
    document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && this.flush());
  }

  /** Saves now. A newest save from another line of work, which this one replaces as the newest, is kept in the History first. */
  flush() {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const overlay = this.workspace.overlay();
    const newest = loadNewest();
    if (newest && newest.line !== this.line && hasEdits(newest.overlay) && keepSnapshot(newest.overlay, "another tab's files", newest.line)) this.hooks.historyChanged();
    const problem = save({ overlay, line: this.line });
    this.lastSaved = { ...this.workspace.files };
    delete document.body.dataset["pendingSave"];
    status(problem ?? (hasEdits(overlay) ? "all edits saved in this browser" : "bundled rules"));
    if (problem) showMessage(problem, "error");
  }

  /** Another tab on this line saved: take the files it changed, so neither tab's next save undoes the other's work. */
  private takeTheirs(overlay: Overlay) {
    const theirs = applyOverlay(overlay);
    const { set, removed, clashes } = theirChanges(this.lastSaved, theirs, this.workspace.files);
    // Both tabs changed a file: this tab's unsaved text stays, and will be saved; theirs is kept.
    if (clashes.length > 0 && keepSnapshot(overlay, `another tab's files (both tabs changed ${clashes.join(", ")})`)) {
      this.hooks.historyChanged();
      showMessage(`Another tab changed ${clashes.join(", ")} while you were typing here: this tab's text stays, and the other tab's is in History.`);
    }
    this.lastSaved = theirs;
    if (applyChanges(this.editor, this.workspace, set, removed) > 0) {
      this.hooks.tree(true);
      status("updated from another tab");
      document.body.dataset["synced"] = String(Number(document.body.dataset["synced"] ?? 0) + 1);
    }
  }

  /**
   * Replaces every file with an overlay's (Reset, a share link or a workspace file opened in this tab,
   * a restore), on a new line of work. `before` names the snapshot of the files it replaces.
   */
  replaceWith(overlay: Overlay, before: string, done: string) {
    const previous = this.workspace.overlay();
    let kept: Snapshot | undefined;
    if (hasEdits(previous) && !sameFiles(previous, overlay)) {
      kept = keepSnapshot(previous, before);
      if (!kept) {
        showMessage(`Nothing was changed: your edits could not be kept in History, as ${FULL}.`, "error");
        return;
      }
      this.hooks.historyChanged();
    }
    this.line = newId();
    replaceFiles(this.editor, this.workspace, applyOverlay(overlay), overlay.active);
    this.flush();
    this.hooks.tree(true);
    if (kept) showMessage(`${done} Your previous edits are kept in History.`, "info", this.restoreAction(kept));
    else showMessage(done);
  }

  restoreAction(snapshot: Snapshot): MessageAction {
    return { label: "Restore my previous edits", run: () => this.restore(snapshot.id) };
  }

  restore(id: string) {
    const snapshot = findSnapshot(id);
    if (!snapshot) showMessage("That snapshot is no longer in History (it keeps the newest ones).", "error");
    else this.replaceWith(snapshot.overlay, "before a restore", `Restored the files of ${new Date(snapshot.time).toLocaleString()} (${snapshot.cause}).`);
  }

  /** Deletes a file of the user's own, after keeping it in the History; the message offers it back. */
  remove(path: string) {
    const text = this.workspace.files[path];
    if (text === undefined) return;
    if (!keepSnapshot(this.workspace.overlay(), `before ${path} was deleted`)) {
      showMessage(`${path} was not deleted: it could not be kept in History, as ${FULL}.`, "error");
      return;
    }
    this.hooks.historyChanged();
    this.editor.removeFile(path);
    this.hooks.tree(true);
    this.lastDeleted = { path, text };
    showMessage(`Deleted ${path}.`, "info", { label: "Undo", run: () => this.undoDelete() });
  }

  /** Brings back the file deleted last (the status bar's Undo, or Ctrl+Z outside the editor). */
  undoDelete(): boolean {
    const last = this.lastDeleted;
    if (!last) return false;
    this.lastDeleted = undefined;
    if (hasFile(this.workspace.files, last.path)) {
      showMessage(`${last.path} exists again already; it was left as it is (the deleted text is in History).`, "error");
      return true;
    }
    this.editor.addFile(last.path, last.text);
    this.editor.open(last.path);
    this.hooks.tree(true);
    showMessage(`Brought back ${last.path}.`);
    return true;
  }
}

function status(text: string) {
  document.getElementById("save-status")!.textContent = text;
}
