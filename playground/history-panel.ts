// The History dialog: every snapshot the playground kept (history.ts), newest first, with when it was
// taken, what replaced its files, which files it holds, and a button that restores it. Restoring keeps
// the files it replaces as a snapshot too, so a restore is itself undone from here.
import { el } from "./dom.ts";
import { HISTORY_LIMIT, loadHistory, onHistoryChanged, type Snapshot } from "./history.ts";

export interface HistoryPanel {
  /** Lists the snapshots again, if the dialog is open. */
  refresh(): void;
}

export function setUpHistory(button: HTMLElement, dialog: HTMLDialogElement, restore: (id: string) => void): HistoryPanel {
  const list = el("ol", { id: "history-list", class: "history-list" });
  dialog.append(
    el(
      "div",
      { class: "help-head" },
      el("h2", { id: "history-title" }, "History"),
      el("button", { id: "history-close", "aria-label": "close history", onclick: () => dialog.close() }, "Close"),
    ),
    el(
      "p",
      { class: "notice" },
      `Reset, share links, imports, restores and deletes keep the files they replace here, in this browser: the newest ${HISTORY_LIMIT.count} snapshots, ${(HISTORY_LIMIT.chars / 1e6).toLocaleString("en")} million characters at most.`,
    ),
    list,
  );
  const render = () => {
    const snapshots = loadHistory();
    list.replaceChildren(...snapshots.map((s) => entry(s, () => (dialog.close(), restore(s.id)))));
    if (snapshots.length === 0) list.append(el("li", { class: "notice" }, "Nothing yet."));
  };
  button.addEventListener("click", () => {
    render();
    dialog.showModal();
  });
  const refresh = () => dialog.open && render();
  onHistoryChanged(refresh);
  return { refresh };
}

function entry(s: Snapshot, restore: () => void): HTMLElement {
  const changed = Object.keys(s.overlay.changed).sort();
  const files = [...changed.map((p) => p), ...s.overlay.deleted.map((p) => `${p} (deleted)`)];
  const shown = files.slice(0, 4).join(", ") + (files.length > 4 ? `, and ${files.length - 4} more` : "");
  const when = s.time ? new Date(s.time).toLocaleString() : "earlier";
  return el(
    "li",
    { class: "history-entry", "data-id": s.id },
    el("div", { class: "history-head" }, el("time", s.time ? { datetime: new Date(s.time).toISOString() } : {}, when), el("span", { class: "history-cause" }, s.cause)),
    el("div", { class: "history-files" }, `${files.length} file(s): ${shown}`),
    el("button", { class: "history-restore", "aria-label": `Restore the files of ${when} (${s.cause})`, onclick: restore }, "Restore"),
  );
}
