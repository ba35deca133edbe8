// The file tree: the bundled game systems and the user's files, folder by folder. A dot marks a file
// edited since the bundle; bundled files can be reverted, the user's own files deleted; a file whose
// last check found errors is marked. The tree is one stop for Tab (the open file's name), so Tab goes
// from the toolbar to the editor in a few presses; the arrow keys, Home and End walk its folders,
// names and buttons, and Enter opens.
import { escapeControls } from "../src/api/report.ts";
import type { Workspace } from "./workspace.ts";

export interface FileTreeActions {
  open(path: string): void;
  revert(path: string): void;
  remove(path: string): void;
}

interface Folder {
  folders: Map<string, Folder>;
  files: string[];
}

function buildFolders(paths: string[]): Folder {
  const root: Folder = { folders: new Map(), files: [] };
  for (const path of paths) {
    const parts = path.split("/");
    let here = root;
    for (const part of parts.slice(0, -1)) {
      if (!here.folders.has(part)) here.folders.set(part, { folders: new Map(), files: [] });
      here = here.folders.get(part)!;
    }
    here.files.push(path);
  }
  return root;
}

function button(label: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.className = "tree-action";
  b.textContent = label;
  b.title = title;
  // The symbol is for the eye; a screen reader says what the button does and to which file.
  b.setAttribute("aria-label", title);
  b.addEventListener("click", (e) => {
    e.stopPropagation();
    onClick();
  });
  return b;
}

/** Folders the user folded, kept across re-renders. */
const collapsed = new Set<string>();

/** `errors`: how many errors the last check of each file found (files not in it are unknown). */
export function renderFileTree(container: HTMLElement, workspace: Workspace, actions: FileTreeActions, errors: ReadonlyMap<string, number> = new Map()) {
  const render = (folder: Folder, into: HTMLElement, prefix: string) => {
    for (const [name, sub] of [...folder.folders.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const folderPath = prefix + name;
      const details = document.createElement("details");
      details.open = !collapsed.has(folderPath);
      details.addEventListener("toggle", () => (details.open ? collapsed.delete(folderPath) : collapsed.add(folderPath)));
      const summary = document.createElement("summary");
      summary.textContent = escapeControls(name);
      summary.className = "tree-folder";
      summary.dataset["folder"] = folderPath;
      details.append(summary);
      const list = document.createElement("div");
      list.className = "tree-children";
      details.append(list);
      render(sub, list, folderPath + "/");
      into.append(details);
    }
    for (const path of folder.files.sort()) {
      const row = document.createElement("div");
      row.className = "tree-file";
      row.dataset["path"] = path;
      if (path === workspace.active) row.classList.add("active");
      const name = document.createElement("button");
      name.className = "tree-name";
      name.textContent = escapeControls(path.split("/").pop()!);
      if (path === workspace.active) name.setAttribute("aria-current", "page");
      row.append(name);
      const count = errors.get(path) ?? 0;
      if (count > 0) {
        row.classList.add("has-errors");
        const mark = document.createElement("span");
        mark.className = "error-mark";
        mark.textContent = ` ${count}`;
        mark.title = `${count} error(s) in this file`;
        name.setAttribute("aria-label", `${name.textContent}, ${count} error(s)`);
        row.append(mark);
      }
      if (workspace.isModified(path)) {
        const dot = document.createElement("span");
        dot.className = "modified";
        dot.textContent = workspace.isBundled(path) ? " •" : " (new)";
        dot.title = workspace.isBundled(path) ? "edited since the bundled version" : "your file";
        row.append(dot);
        const file = path.split("/").pop()!;
        if (workspace.isBundled(path)) row.append(button("↺", `Revert ${file} to the bundled text`, () => actions.revert(path)));
        else row.append(button("✕", `Delete ${file}`, () => actions.remove(path)));
      }
      // The name is a button: a click or Enter on it reaches the row.
      row.addEventListener("click", () => actions.open(path));
      into.append(row);
    }
  };
  // A redraw (an edit marks a file) must not take the focus from the tree.
  const focused = document.activeElement instanceof HTMLElement && container.contains(document.activeElement) ? itemKey(document.activeElement) : undefined;
  container.replaceChildren();
  render(buildFolders(workspace.paths()), container, "");
  const all = items(container);
  const current = (focused && all.find((i) => itemKey(i) === focused)) || container.querySelector<HTMLElement>(".tree-file.active .tree-name") || all[0];
  for (const i of all) i.tabIndex = i === current ? 0 : -1;
  if (focused) current?.focus();
  if (!container.dataset["roving"]) {
    container.dataset["roving"] = "true";
    container.addEventListener("keydown", (e) => move(container, e));
    container.addEventListener("focusin", (e) => {
      for (const i of items(container)) i.tabIndex = i === e.target ? 0 : -1;
    });
  }
}

/** The tree's stops, in order, that are shown (not inside a folded folder). */
function items(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>("summary, .tree-name, .tree-action")).filter((i) => i.getClientRects().length > 0);
}

/** What an item is, to find it again after a redraw: its file or folder and its role. */
function itemKey(i: HTMLElement): string {
  const row = i.closest<HTMLElement>(".tree-file");
  return row ? `${row.dataset["path"]}|${i.className}` : `folder|${i.dataset["folder"]}`;
}

function move(container: HTMLElement, e: KeyboardEvent) {
  const all = items(container);
  const at = all.indexOf(e.target as HTMLElement);
  if (at < 0) return;
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  all[Math.max(0, Math.min(all.length - 1, to))]?.focus();
}
