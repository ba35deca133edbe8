// The playground page: wires the workspace (bundled rules plus the user's edits), the Monaco editor,
// the file tree and the Problems, Run and Simulate panels. Every failure reaches the user as a
// message in the status bar or a panel, never as a raw exception.
import "./style.css";
import { ownGet, type ServiceDiagnostic } from "../src/api.ts";
import { RulesEditor, uriOf } from "./editor.ts";
import { monaco } from "./monaco-features.ts";
import { renderFileTree } from "./file-tree.ts";
import { LanguageClient } from "./language-client.ts";
import { RunClient } from "./run-client.ts";
import { RunPanel } from "./run-panel.ts";
import { SimulatePanel } from "./simulate-panel.ts";
import { BalancePanel } from "./balance-panel.ts";
import { el } from "./dom.ts";
import { setUpLayout } from "./layout.ts";
import { setUpHelp } from "./help.ts";
import { registerRunLenses } from "./run-lenses.ts";
import { registerWhyNot } from "./why-not-action.ts";
import { starterFiles } from "./starter.ts";
import { applyOverlay, bundled, clearSaved, hasFile, isInside, loadSaved, save, systemOf, Workspace, type Files, type Overlay } from "./workspace.ts";
import { decodeShare, encodeShare, sameFiles, SHARE_PREFIX } from "./share-link.ts";
import { exportText, importText, loadBackup, onOtherTabSaved, saveBackup, theirChanges } from "./workspace-store.ts";
import { applyChanges, replaceFiles } from "./workspace-actions.ts";
import { downloadText, fileNameProblem } from "./file-names.ts";
import { ValidatePanel } from "./validate-panel.ts";
import { ExactOdds } from "./exact-odds.ts";
import { confirmButton } from "./confirm-button.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

interface MessageAction {
  label: string;
  run: () => void;
}

/**
 * The status bar's message, with an optional action (such as restoring a backup) and a close button.
 * An information clears itself when the user moves on (opens a file); an error stays until closed.
 */
function showMessage(text: string, kind: "info" | "error" = "info", action?: MessageAction) {
  const m = $("message");
  m.className = kind;
  m.replaceChildren(el("span", { id: "message-text" }, text));
  if (action) m.append(el("button", { id: "message-action", onclick: () => action.run() }, action.label));
  m.append(el("button", { id: "message-close", "aria-label": "close the message", title: "close the message", onclick: () => clearMessage() }, "×"));
  $("statusbar").dataset["message"] = kind;
}

function clearMessage(onlyInfo = false) {
  const m = $("message");
  if (onlyInfo && m.className === "error") return;
  m.replaceChildren();
  m.className = "";
  delete $("statusbar").dataset["message"];
}

window.addEventListener("error", (e) => showMessage(`Something went wrong: ${e.message}`, "error"));
window.addEventListener("unhandledrejection", (e) => {
  e.preventDefault();
  showMessage(`Something went wrong: ${e.reason instanceof Error ? e.reason.message : String(e.reason)}`, "error");
});

/** A share link in the address, read and removed from it: a reload must not apply it again. */
async function takeShareLink(): Promise<Overlay | "damaged" | undefined> {
  if (!location.hash.startsWith(SHARE_PREFIX)) return undefined;
  const shared = await decodeShare(location.hash.slice(SHARE_PREFIX.length));
  history.replaceState(null, "", location.pathname + location.search);
  return shared ?? "damaged";
}

/**
 * Where the workspace starts: a share link wins over what this browser saved, and the saved edits it
 * replaces are kept as the backup, restorable from the message it shows.
 */
async function startingOverlay(): Promise<{ overlay: Overlay | undefined; replaced: boolean; opened?: Overlay }> {
  const saved = loadSaved();
  const shared = await takeShareLink();
  if (shared === undefined) return { overlay: saved, replaced: false };
  if (shared === "damaged") {
    showMessage("The share link is damaged or cut short; showing your saved files instead.", "error");
    return { overlay: saved, replaced: false };
  }
  const replaced = saved !== undefined && hasEdits(saved) && !sameFiles(saved, shared);
  if (replaced) saveBackup(saved);
  return { overlay: shared, replaced, opened: shared };
}

function hasEdits(o: Overlay): boolean {
  return Object.keys(o.changed).length > 0 || o.deleted.length > 0;
}

async function boot() {
  setUpLayout($("layout"));
  const start = await startingOverlay();
  const workspace = new Workspace(start.overlay);
  const problems = $("problems");
  const language = new LanguageClient(workspace.files, (m) => showMessage(m, "error"));
  const runClient = new RunClient();
  // Set once every panel exists: the editor opens its first file while it is being built.
  let ready = false;
  /** Errors per file from the latest check that covered it, for the marks in the tree. */
  const fileErrors = new Map<string, number>();
  const system = () => systemOf(workspace.active);
  const scenarios = () =>
    workspace
      .paths()
      .filter((p) => isInside(p, system()) && p.endsWith(".json"))
      .map((path) => {
        let seed = "1";
        try {
          const s = (JSON.parse(workspace.files[path]!) as { seed?: unknown }).seed;
          if (typeof s === "string") seed = s;
        } catch {
          // Listed anyway; a run reports why it cannot read the file.
        }
        return { path, seed };
      });

  const editor = new RulesEditor($("editor"), workspace, language, {
    renameRejected(reason) {
      showMessage(`Cannot rename: ${reason}`);
    },
    opened(path) {
      $("editor-title").textContent = path;
      if (!ready) return;
      clearMessage(true);
      tree();
      panelsFollow();
    },
    diagnostics(path, ds) {
      if (path === editor.activePath) showProblems(path, ds);
      // A check reports its file and the files it imports: each one's count marks it in the tree.
      const counts = new Map<string, number>([[path, 0]]);
      for (const d of ds) if (d.severity === "error") counts.set(d.path, (counts.get(d.path) ?? 0) + 1);
      for (const [p, n] of counts) fileErrors.set(p, n);
      if (ready) tree();
    },
  });
  const select = (span: { file: string; line: number; col: number; endLine: number; endCol: number }) => editor.select(span);
  const runPanel = new RunPanel($("run"), runClient, { files: () => ({ ...workspace.files }), system, select });
  const simulatePanel = new SimulatePanel($("simulate"), { files: () => ({ ...workspace.files }), original: () => ({ ...bundled }), scenarios });
  const exactOdds = new ExactOdds($("sim-start").parentElement!, $("sim-result"), { files: () => ({ ...workspace.files }), scenario: () => $<HTMLSelectElement>("sim-scenario").value });
  const validatePanel = new ValidatePanel($("validate"), { files: () => ({ ...workspace.files }), system, select });
  const balancePanel = new BalancePanel($("balance"), { files: () => ({ ...workspace.files }), system });

  /** The Problems tab: what `rulesmith check` prints for the open file, its imports' problems included. */
  function showProblems(path: string, ds: ServiceDiagnostic[]) {
    problems.replaceChildren();
    const errors = ds.filter((d) => d.severity === "error").length;
    $("tab-problems").textContent = ds.length ? `Problems (${ds.length})` : "Problems";
    if (ds.length === 0) {
      problems.append(el("div", { class: "no-problems" }, `${path}: no problems`));
      return;
    }
    const elsewhere = ds.filter((d) => d.path !== path).length;
    problems.append(
      el("div", { class: "notice" }, `${path}: ${errors} error(s), ${ds.length - errors} warning(s), as \`rulesmith check ${path}\` reports them${elsewhere ? ` (${elsewhere} in files it imports)` : ""}`),
    );
    for (const d of ds) {
      const item = el(
        "div",
        { class: `problem ${d.severity}${d.path === path ? "" : " elsewhere"}`, "data-code": d.code, "data-path": d.path },
        el("div", { class: "head" }, `${d.severity}[${d.code}]: ${d.message}`),
        el("div", { class: "where" }, `  --> ${d.path}:${d.range.line}:${d.range.col}`),
        ...(d.help ? [el("div", { class: "help" }, `help: ${d.help}`)] : []),
      );
      item.tabIndex = 0;
      item.addEventListener("click", () => editor.select({ file: d.path, ...d.range }));
      item.addEventListener("keydown", (e) => {
        if (e.key !== "Enter" && e.key !== " ") return;
        e.preventDefault();
        editor.select({ file: d.path, ...d.range });
      });
      problems.append(item);
    }
  }

  // ---- file tree and file actions ----------------------------------------------------------------

  let treeSignature = "";
  function tree(force = false) {
    const signature = JSON.stringify([workspace.active, workspace.paths().map((p) => [p, workspace.isModified(p), fileErrors.get(p) ?? 0])]);
    if (!force && signature === treeSignature) return;
    treeSignature = signature;
    renderFileTree($("file-tree"), workspace, {
      open: (p) => editor.open(p),
      revert: (p) => {
        editor.setText(p, ownGet(bundled, p) ?? "");
        showMessage(`Reverted ${p} to the bundled text (undo with ctrl+z in the editor).`);
      },
      remove: (p) => {
        editor.removeFile(p);
        showMessage(`Deleted ${p}.`);
        tree(true);
      },
    }, fileErrors);
  }

  const newForm = $<HTMLFormElement>("new-file-form");
  const newPath = $<HTMLInputElement>("new-file-path");
  $("new-file").addEventListener("click", () => {
    let n = 1;
    while (hasFile(workspace.files, `${system()}/untitled${n === 1 ? "" : n}.rules`)) n++;
    newPath.value = `${system()}/untitled${n === 1 ? "" : n}.rules`;
    $("new-file-error").textContent = "";
    newForm.hidden = false;
    newPath.focus();
    newPath.setSelectionRange(newPath.value.lastIndexOf("/") + 1, newPath.value.length - ".rules".length);
  });
  $("new-file-cancel").addEventListener("click", () => (newForm.hidden = true));
  newForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const path = newPath.value.trim();
    const problem = fileNameProblem(path);
    if (problem) {
      $("new-file-error").textContent = problem;
      return;
    }
    if (hasFile(workspace.files, path)) {
      $("new-file-error").textContent = `${path} already exists`;
      return;
    }
    newForm.hidden = true;
    editor.addFile(path, path.endsWith(".json") ? "{\n}\n" : "/// What this file adds to the game, for hover text and reference docs.\n");
    editor.open(path);
    tree(true);
  });

  $("new-game").addEventListener("click", () => {
    let n = 1;
    while (workspace.paths().some((p) => isInside(p, `rules/mygame${n === 1 ? "" : n}`))) n++;
    const folder = `rules/mygame${n === 1 ? "" : n}`;
    const files = starterFiles(folder);
    for (const [path, text] of Object.entries(files)) editor.addFile(path, text);
    editor.open(`${folder}/game.rules`);
    tree(true);
    showMessage(`Started a new game in ${folder}: change it, run its example and its scenario in the Run tab.`);
  });
  setUpHelp($("help-button"), $<HTMLDialogElement>("help"));

  const upload = $<HTMLInputElement>("upload-input");
  $("upload").addEventListener("click", () => upload.click());
  upload.addEventListener("change", async () => {
    const added: string[] = [];
    for (const file of Array.from(upload.files ?? [])) {
      const path = `${system()}/${file.name}`;
      const problem = fileNameProblem(path);
      if (problem) {
        showMessage(`Cannot add ${file.name}: ${problem}`, "error");
        continue;
      }
      try {
        editor.addFile(path, await file.text());
        added.push(path);
      } catch (err) {
        showMessage(`Cannot read ${file.name}: ${err instanceof Error ? err.message : String(err)}`, "error");
      }
    }
    upload.value = "";
    if (added.length) {
      editor.open(added[0]!);
      tree(true);
      showMessage(`Added ${added.join(", ")}.`);
    }
  });

  $("download").addEventListener("click", () => {
    const path = editor.activePath;
    downloadText(path.split("/").pop()!, ownGet(workspace.files, path) ?? "", "text/plain");
  });

  $("share").addEventListener("click", async () => {
    const url = `${location.origin}${location.pathname}${location.search}${SHARE_PREFIX}${await encodeShare(workspace.overlay())}`;
    const box = $<HTMLInputElement>("share-url");
    box.value = url;
    $("share-box").hidden = false;
    $("share-length").textContent = `${url.length} characters`;
    box.select();
    const what = `it reopens these files as they are now (${url.length} characters; it carries only what differs from the bundled rules)`;
    try {
      await navigator.clipboard.writeText(url);
      showMessage(`Share link copied: ${what}.`);
    } catch {
      showMessage(`Copy the share link from the box: ${what}.`);
    }
  });

  confirmButton($("reset"), "Click again to discard all edits", () => replaceWith({ changed: {}, deleted: [] }, "Reset to the bundled rules."));

  /**
   * Replaces every file with an overlay's (Reset, a share link or a workspace file opened in this tab,
   * a restored backup). The edits it replaces become the backup, and the message offers them back.
   */
  function replaceWith(overlay: Overlay, done: string) {
    const previous = workspace.overlay();
    const kept = hasEdits(previous) && !sameFiles(previous, overlay) && saveBackup(previous);
    replaceFiles(editor, workspace, applyOverlay(overlay), overlay.active);
    flush();
    if (!hasEdits(overlay)) clearSaved();
    tree(true);
    if (kept) showMessage(`${done} Your previous edits are kept as a backup.`, "info", restoreAction());
    else showMessage(done);
  }

  function restoreAction(): MessageAction {
    return {
      label: "Restore my previous edits",
      run: () => {
        const backup = loadBackup();
        if (backup) replaceWith(backup, "Restored your previous edits.");
        else showMessage("There is no backup to restore.", "error");
      },
    };
  }

  // A share link pasted into the address bar of an open tab opens here too.
  window.addEventListener("hashchange", async () => {
    const shared = await takeShareLink();
    if (shared === "damaged") showMessage("The share link is damaged or cut short; nothing was changed.", "error");
    else if (shared) replaceWith(shared, `Opened a shared workspace (${Object.keys(shared.changed).length} changed file(s)).`);
  });

  // ---- export and import of the whole workspace ----------------------------------------------------

  $("export").addEventListener("click", () => downloadText("rulesmith-workspace.json", exportText(workspace.overlay()), "application/json"));
  const importInput = $<HTMLInputElement>("import-input");
  $("import").addEventListener("click", () => importInput.click());
  importInput.addEventListener("change", async () => {
    const file = importInput.files?.[0];
    importInput.value = "";
    if (!file) return;
    const read = importText(await file.text());
    if ("problem" in read) showMessage(`Cannot import ${file.name}: ${read.problem}`, "error");
    else replaceWith(read.overlay, `Imported the workspace ${file.name}.`);
  });

  // ---- autosave ----------------------------------------------------------------------------------

  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** The files as this tab last saved or loaded them: what another tab's save is compared with. */
  let lastSaved: Files = { ...workspace.files };
  function flush() {
    clearTimeout(saveTimer);
    saveTimer = undefined;
    const overlay = workspace.overlay();
    const problem = save(overlay);
    lastSaved = { ...workspace.files };
    delete document.body.dataset["pendingSave"];
    $("save-status").textContent = problem ?? (hasEdits(overlay) ? "all edits saved in this browser" : "bundled rules");
    if (problem) showMessage(problem, "error");
  }
  // Another tab saved: take the files it changed, so neither tab's next save undoes the other's work.
  onOtherTabSaved((overlay) => {
    const theirs = applyOverlay(overlay);
    const { set, removed } = theirChanges(lastSaved, theirs);
    lastSaved = theirs;
    if (applyChanges(editor, workspace, set, removed) > 0) {
      tree(true);
      $("save-status").textContent = "updated from another tab";
      document.body.dataset["synced"] = String(Number(document.body.dataset["synced"] ?? 0) + 1);
    }
  });
  workspace.onChange(() => {
    $("save-status").textContent = "saving…";
    document.body.dataset["pendingSave"] = "true";
    clearTimeout(saveTimer);
    saveTimer = setTimeout(flush, 300);
    tree();
    scheduleOutline();
  });
  // Leaving the page never loses the last keystrokes to the debounce.
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flush());

  // ---- panels ------------------------------------------------------------------------------------

  let outlineTimer: ReturnType<typeof setTimeout> | undefined;
  function scheduleOutline() {
    clearTimeout(outlineTimer);
    runPanel.markStale();
    outlineTimer = setTimeout(() => (void runPanel.refresh(), simulatePanel.refresh(), exactOdds.refresh()), 600);
  }
  let panelSystem = "";
  function panelsFollow() {
    if (system() === panelSystem) return;
    panelSystem = system();
    void runPanel.refresh();
    simulatePanel.refresh();
    exactOdds.refresh();
    validatePanel.refresh();
    balancePanel.refresh();
  }

  const tabs = Array.from(document.querySelectorAll<HTMLButtonElement>("#tabs [role=tab]"));
  function selectTab(name: string) {
    for (const t of tabs) {
      t.setAttribute("aria-selected", String(t.dataset["tab"] === name));
      t.tabIndex = t.dataset["tab"] === name ? 0 : -1;
    }
    for (const body of Array.from(document.querySelectorAll<HTMLElement>("[data-tab-body]"))) body.hidden = body.dataset["tabBody"] !== name;
  }
  for (const tab of tabs) {
    tab.addEventListener("click", () => selectTab(tab.dataset["tab"]!));
    // The tab list is one stop for Tab; the arrow keys move between its tabs.
    tab.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
      const next = tabs[(tabs.indexOf(tab) + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length]!;
      selectTab(next.dataset["tab"]!);
      next.focus();
    });
  }
  selectTab("problems");

  // Ctrl+Enter runs what the Run tab has selected, from the editor or anywhere on the page.
  const runShortcut = () => {
    selectTab("run");
    void runPanel.run();
  };
  editor.editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, runShortcut);
  registerRunLenses(editor.editor, runPanel, $("editor-bar"), () => selectTab("run"));
  registerWhyNot(editor.editor, runPanel, runClient, $("run"), { files: () => ({ ...workspace.files }), select, showRun: () => selectTab("run") });
  // Ctrl+S: the edits are already saved in this browser; say so instead of the browser's "Save page".
  const saveShortcut = () => {
    flush();
    showMessage("Every edit is saved in this browser as you type. Download saves the open file to your computer; Export saves them all.");
  };
  editor.editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, saveShortcut);
  document.addEventListener("keydown", (e) => {
    if (e.key.toLowerCase() === "s" && (e.ctrlKey || e.metaKey) && !editor.editor.hasTextFocus()) {
      e.preventDefault();
      saveShortcut();
    }
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && !editor.editor.hasTextFocus()) {
      e.preventDefault();
      runShortcut();
    }
  });

  ready = true;
  tree(true);
  panelsFollow();
  $("save-status").textContent = start.opened ? "shared workspace" : hasEdits(workspace.overlay()) ? "your edits, restored from this browser" : "bundled rules";
  if (start.opened) {
    flush();
    const opened = `Opened a shared workspace (${Object.keys(start.opened.changed).length} changed file(s)).`;
    if (start.replaced) showMessage(`${opened} Your previous edits are kept as a backup.`, "info", restoreAction());
    else showMessage(opened);
  }
  // A handle for the browser tests: what the page shows, read without scraping Monaco's DOM.
  Object.assign(window, {
    __rulesmith: {
      activePath: () => editor.activePath,
      text: (path?: string) => editor.text(path ?? editor.activePath),
      language: (path?: string) => monaco.editor.getModel(uriOf(path ?? editor.activePath))?.getLanguageId(),
      allMarkers: (path?: string) =>
        monaco.editor.getModelMarkers({ resource: uriOf(path ?? editor.activePath) }).map((m) => ({ owner: m.owner, message: m.message, code: typeof m.code === "string" ? m.code : m.code?.value, severity: m.severity, line: m.startLineNumber, col: m.startColumn, endLine: m.endLineNumber, endCol: m.endColumn })),
      markers: (path?: string) => editor.markers(path ?? editor.activePath).map((m) => ({ message: m.message, code: typeof m.code === "string" ? m.code : m.code?.value, severity: m.severity, line: m.startLineNumber, col: m.startColumn, endLine: m.endLineNumber, endCol: m.endColumn })),
      selection: () => {
        const s = editor.editor.getSelection();
        return s ? { line: s.startLineNumber, col: s.startColumn, endLine: s.endLineNumber, endCol: s.endColumn } : null;
      },
      /** Page coordinates of a text position, for pointing the mouse at a name. */
      coords: (line: number, col: number) => {
        const at = editor.editor.getScrolledVisiblePosition({ lineNumber: line, column: col });
        const box = editor.editor.getDomNode()!.getBoundingClientRect();
        return at ? { x: box.left + at.left + 2, y: box.top + at.top + at.height / 2 } : null;
      },
      reveal: (line: number, col: number) => {
        editor.editor.setPosition({ lineNumber: line, column: col });
        editor.editor.revealPositionInCenter({ lineNumber: line, column: col });
        editor.editor.focus();
      },
    },
  });
  document.body.dataset["ready"] = "true";
}

boot().catch((err) => showMessage(`The playground could not start: ${err instanceof Error ? err.message : String(err)}`, "error"));
