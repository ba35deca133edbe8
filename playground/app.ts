// The playground once Monaco has loaded (main.ts imports this module on demand): the editor over the
// workspace main.ts read, the file tree and the Problems, Run, Simulate, Validate and Balance panels.
// Every failure reaches the user as a message in the status bar or a panel, never as a raw exception.
import { ownGet, type ServiceDiagnostic } from "../src/api.ts";
import { RulesEditor, uriOf } from "./editor.ts";
import { monaco } from "./monaco-features.ts";
import { renderFileTree } from "./file-tree.ts";
import type { LanguageClient } from "./language-client.ts";
import { RunClient } from "./run-client.ts";
import { RunPanel } from "./run-panel.ts";
import { SimulatePanel } from "./simulate-panel.ts";
import { BalancePanel } from "./balance-panel.ts";
import { el } from "./dom.ts";
import { setUpHelp } from "./help.ts";
import { registerRunLenses } from "./run-lenses.ts";
import { registerWhyNot } from "./why-not-action.ts";
import { starterFiles } from "./starter.ts";
import { bundled, hasFile, isInside, systemOf, type Workspace } from "./workspace.ts";
import { encodeShare, SHARE_PREFIX } from "./share-link.ts";
import { exportText, importText } from "./workspace-store.ts";
import { Session, takeShareLink, type Start as StartingPoint } from "./workspace-session.ts";
import { setUpHistory } from "./history-panel.ts";
import { hasEdits } from "./history.ts";
import { clearMessage, showMessage } from "./status-message.ts";
import { downloadText, fileNameProblem } from "./file-names.ts";
import { ValidatePanel } from "./validate-panel.ts";
import { isScenario } from "./manifests.ts";
import { ModsPanel } from "./mods-panel.ts";
import { ExactOdds } from "./exact-odds.ts";
import { confirmButton } from "./confirm-button.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** What main.ts made before Monaco arrived: the files to start from, the workspace, the language workers (already reading the files). */
export interface Shell {
  start: StartingPoint;
  workspace: Workspace;
  language: LanguageClient;
}

export function startApp({ start, workspace, language }: Shell) {
  const problems = $("problems");
  // The mods switched on go with every run request; the panel is made once the editor exists.
  let mods: ModsPanel | undefined;
  const runClient = new RunClient(() => mods?.enabled() ?? []);
  // Set once every panel exists: the editor opens its first file while it is being built.
  let ready = false;
  /** Errors per file from the latest check that covered it, for the marks in the tree. */
  const fileErrors = new Map<string, number>();
  const system = () => systemOf(workspace.active);
  const scenarios = () =>
    workspace
      .paths()
      .filter((p) => isInside(p, system()) && isScenario(p))
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
      followScenario(path);
    },
    diagnostics(path, ds) {
      if (path === editor.activePath) showProblems(path, ds);
      mods?.paintConflicts(path, ds);
      // A check reports its file and the files it imports: each one's count marks it in the tree.
      const counts = new Map<string, number>([[path, 0]]);
      for (const d of ds) if (d.severity === "error") counts.set(d.path, (counts.get(d.path) ?? 0) + 1);
      for (const [p, n] of counts) fileErrors.set(p, n);
      if (ready) tree();
    },
  });
  const select = (span: { file: string; line: number; col: number; endLine: number; endCol: number }) => editor.select(span);
  const runPanel = new RunPanel($("run"), runClient, { files: () => ({ ...workspace.files }), system, select });
  const enabledMods = () => mods?.enabled() ?? [];
  const simulatePanel = new SimulatePanel($("simulate"), { files: () => ({ ...workspace.files }), original: () => ({ ...bundled }), scenarios, mods: enabledMods });
  const exactOdds = new ExactOdds($("sim-start").parentElement!, $("sim-result"), { files: () => ({ ...workspace.files }), scenario: () => $<HTMLSelectElement>("sim-scenario").value, mods: enabledMods });
  const validatePanel = new ValidatePanel($("validate"), { files: () => ({ ...workspace.files }), system, select, mods: enabledMods });
  mods = new ModsPanel($("mods"), {
    files: () => workspace.files,
    system,
    create(files, open) {
      for (const [path, text] of Object.entries(files)) editor.addFile(path, text);
      editor.open(open);
      tree(true);
    },
    changed() {
      language.setMods(mods!.enabled());
      editor.check(editor.activePath, 0);
      void runPanel.refresh();
    },
    message: (text) => showMessage(text),
  });
  language.setMods(mods.enabled());
  const balancePanel = new BalancePanel($("balance"), { files: () => ({ ...workspace.files }), system, mods: enabledMods });

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
      remove: (p) => session.remove(p),
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

  const session = new Session(editor, workspace, start, { tree, historyChanged: () => historyPanel.refresh() });
  const historyPanel = setUpHistory($("history-button"), $<HTMLDialogElement>("history"), (id) => session.restore(id));
  confirmButton($("reset"), "Click again to discard all edits", () => session.replaceWith({ changed: {}, deleted: [] }, "before Reset", "Reset to the bundled rules."));

  // A share link pasted into the address bar of an open tab opens here too.
  window.addEventListener("hashchange", async () => {
    const shared = await takeShareLink();
    if (shared === "damaged") showMessage("The share link is damaged or cut short; nothing was changed.", "error");
    else if (shared) session.replaceWith(shared, "before a share link was opened", `Opened a shared workspace (${Object.keys(shared.changed).length} changed file(s)).`);
  });

  // ---- export and import of the whole workspace ----------------------------------------------------

  $("export").addEventListener("click", () => downloadText("rulesmith-workspace.json", exportText(workspace.overlay()), "application/json"));
  const importInput = $<HTMLInputElement>("import-input");
  $("import").addEventListener("click", () => importInput.click());
  importInput.addEventListener("change", async () => {
    const file = importInput.files?.[0];
    importInput.value = "";
    if (!file) return;
    let contents: string;
    try {
      contents = await file.text();
    } catch (err) {
      showMessage(`Cannot read ${file.name}: ${err instanceof Error ? err.message : String(err)}`, "error");
      return;
    }
    const read = importText(contents);
    if ("problem" in read) showMessage(`Cannot import ${file.name}: ${read.problem}`, "error");
    else session.replaceWith(read.overlay, `before ${file.name} was imported`, `Imported the workspace ${file.name}.`);
  });

  // ---- autosave ----------------------------------------------------------------------------------

  workspace.onChange(() => {
    tree();
    scheduleOutline();
  });

  // ---- panels ------------------------------------------------------------------------------------

  let outlineTimer: ReturnType<typeof setTimeout> | undefined;
  function scheduleOutline() {
    clearTimeout(outlineTimer);
    runPanel.markStale();
    outlineTimer = setTimeout(() => (void runPanel.refresh(), simulatePanel.refresh(), exactOdds.refresh()), 600);
  }
  /** A scenario file opened is the one Simulate and Exact take, not the one picked there before. */
  function followScenario(path: string) {
    const list = $<HTMLSelectElement>("sim-scenario");
    if (list.value === path || !Array.from(list.options).some((o) => o.value === path)) return;
    list.value = path;
    list.dispatchEvent(new Event("change", { bubbles: true }));
  }
  let panelSystem = "";
  function panelsFollow() {
    mods?.render();
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

  // Skip links: to the editor's text, or to the panel's open tab, without touching the address (a
  // share link lives in its hash).
  for (const link of Array.from(document.querySelectorAll<HTMLAnchorElement>(".skip-link"))) {
    link.addEventListener("click", (e) => {
      e.preventDefault();
      if (link.dataset["skip"] === "editor") editor.editor.focus();
      else tabs.find((t) => t.getAttribute("aria-selected") === "true")?.focus();
    });
  }

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
    session.flush();
    showMessage("Every edit is saved in this browser as you type. Download saves the open file to your computer; Export saves them all.");
  };
  editor.editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, saveShortcut);
  document.addEventListener("keydown", (e) => {
    if (e.key.toLowerCase() === "s" && (e.ctrlKey || e.metaKey) && !editor.editor.hasTextFocus()) {
      e.preventDefault();
      saveShortcut();
    }
  });
  // Ctrl+Z outside the editor's text (and any text box) brings back the file deleted last.
  document.addEventListener("keydown", (e) => {
    if (e.key.toLowerCase() !== "z" || !(e.ctrlKey || e.metaKey) || e.shiftKey || editor.editor.hasTextFocus()) return;
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    if (session.undoDelete()) e.preventDefault();
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
  followScenario(workspace.active);
  $("save-status").textContent = start.opened ? "shared workspace" : hasEdits(workspace.overlay()) ? "your edits, restored from this browser" : "bundled rules";
  if (start.opened) {
    session.flush();
    const opened = `Opened a shared workspace (${Object.keys(start.opened.overlay.changed).length} changed file(s)).`;
    if (start.opened.kept) showMessage(`${opened} Your previous edits are kept in History.`, "info", session.restoreAction(start.opened.kept));
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
