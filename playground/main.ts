// The playground page: wires the workspace (bundled rules plus the user's edits), the Monaco editor,
// the file tree and the Problems, Run and Simulate panels. Every failure reaches the user as a
// message in the status bar or a panel, never as a raw exception.
import "./style.css";
import type { ServiceDiagnostic } from "../src/service/index.ts";
import { RulesEditor } from "./editor.ts";
import { renderFileTree } from "./file-tree.ts";
import { LanguageClient } from "./language-client.ts";
import { RunClient } from "./run-client.ts";
import { RunPanel } from "./run-panel.ts";
import { SimulatePanel } from "./simulate-panel.ts";
import { el } from "./dom.ts";
import { ownGet } from "../src/own.ts";
import { bundled, clearSaved, decodeShare, encodeShare, hasFile, isInside, isSafePath, loadSaved, save, SHARE_PREFIX, systemOf, Workspace, type Overlay } from "./workspace.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function showMessage(text: string, kind: "info" | "error" = "info") {
  const m = $("message");
  m.textContent = text;
  m.className = kind;
}

window.addEventListener("error", (e) => showMessage(`Something went wrong: ${e.message}`, "error"));
window.addEventListener("unhandledrejection", (e) => {
  e.preventDefault();
  showMessage(`Something went wrong: ${e.reason instanceof Error ? e.reason.message : String(e.reason)}`, "error");
});

/** Where the workspace starts: a share link wins over what this browser saved. */
async function startingOverlay(): Promise<Overlay | undefined> {
  const saved = loadSaved();
  if (!location.hash.startsWith(SHARE_PREFIX)) return saved;
  const shared = await decodeShare(location.hash.slice(SHARE_PREFIX.length));
  // The link has done its job: from now on autosave keeps the text, and a reload must not re-apply it.
  history.replaceState(null, "", location.pathname + location.search);
  if (!shared) {
    showMessage("The share link is damaged or cut short; showing your saved files instead.", "error");
    return saved;
  }
  showMessage(`Opened a shared workspace (${Object.keys(shared.changed).length} changed file(s)).`);
  return shared;
}

async function boot() {
  const workspace = new Workspace(await startingOverlay());
  const problems = $("problems");
  const language = new LanguageClient(workspace.files, (m) => showMessage(m, "error"));
  const runClient = new RunClient();
  // Set once every panel exists: the editor opens its first file while it is being built.
  let ready = false;
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
    opened(path) {
      $("editor-title").textContent = path;
      if (!ready) return;
      tree();
      panelsFollow();
    },
    diagnostics(path, ds) {
      if (path === editor.activePath) showProblems(path, ds);
    },
  });
  const select = (span: { file: string; line: number; col: number; endLine: number; endCol: number }) => editor.select(span);
  const runPanel = new RunPanel($("run"), runClient, { files: () => ({ ...workspace.files }), system, select });
  const simulatePanel = new SimulatePanel($("simulate"), { files: () => ({ ...workspace.files }), scenarios });

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
      item.addEventListener("click", () => editor.select({ file: d.path, ...d.range }));
      problems.append(item);
    }
  }

  // ---- file tree and file actions ----------------------------------------------------------------

  let treeSignature = "";
  function tree(force = false) {
    const signature = JSON.stringify([workspace.active, workspace.paths().map((p) => [p, workspace.isModified(p)])]);
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
    });
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
    const url = URL.createObjectURL(new Blob([ownGet(workspace.files, path) ?? ""], { type: "text/plain" }));
    const a = el("a", { href: url, download: path.split("/").pop()! });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });

  $("share").addEventListener("click", async () => {
    const url = `${location.origin}${location.pathname}${location.search}${SHARE_PREFIX}${await encodeShare(workspace.overlay())}`;
    const box = $<HTMLInputElement>("share-url");
    box.value = url;
    $("share-box").hidden = false;
    box.select();
    try {
      await navigator.clipboard.writeText(url);
      showMessage("Share link copied: it reopens these files as they are now.");
    } catch {
      showMessage("Copy the share link from the box: it reopens these files as they are now.");
    }
  });

  let resetArmed: ReturnType<typeof setTimeout> | undefined;
  $("reset").addEventListener("click", () => {
    if (!resetArmed) {
      $("reset").textContent = "Click again to discard all edits";
      resetArmed = setTimeout(() => {
        resetArmed = undefined;
        $("reset").textContent = "Reset";
      }, 4000);
      return;
    }
    clearSaved();
    location.hash = "";
    location.reload();
  });

  // ---- autosave ----------------------------------------------------------------------------------

  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(saveTimer);
    saveTimer = undefined;
    const problem = save(workspace.overlay());
    $("save-status").textContent = problem ?? "all edits saved in this browser";
    if (problem) showMessage(problem, "error");
  };
  workspace.onChange(() => {
    $("save-status").textContent = "saving…";
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
    outlineTimer = setTimeout(() => {
      void runPanel.refresh();
      simulatePanel.refresh();
    }, 600);
  }
  let panelSystem = "";
  function panelsFollow() {
    if (system() === panelSystem) return;
    panelSystem = system();
    void runPanel.refresh();
    simulatePanel.refresh();
  }

  for (const tab of Array.from(document.querySelectorAll<HTMLButtonElement>("#tabs [role=tab]"))) {
    tab.addEventListener("click", () => {
      for (const t of Array.from(document.querySelectorAll<HTMLButtonElement>("#tabs [role=tab]"))) t.setAttribute("aria-selected", String(t === tab));
      for (const body of Array.from(document.querySelectorAll<HTMLElement>("[data-tab-body]"))) body.hidden = body.dataset["tabBody"] !== tab.dataset["tab"];
    });
  }

  ready = true;
  tree(true);
  panelsFollow();
  $("save-status").textContent = Object.keys(workspace.overlay().changed).length ? "your edits, restored from this browser" : "bundled rules";
  // A handle for the browser tests: what the page shows, read without scraping Monaco's DOM.
  Object.assign(window, {
    __rulesmith: {
      activePath: () => editor.activePath,
      text: (path?: string) => editor.text(path ?? editor.activePath),
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

/** Why a path cannot name a new file, or undefined when it can. */
function fileNameProblem(path: string): string | undefined {
  if (!path.endsWith(".rules") && !path.endsWith(".json")) return "rules files end in `.rules` (scenarios in `.json`)";
  if (!path.includes("/")) return "put the file in a folder, like `rules/mygame/file.rules`, so imports resolve from it";
  if (!isSafePath(path)) return "use a relative path with `/` between folders, without `..`";
  return undefined;
}

boot().catch((err) => showMessage(`The playground could not start: ${err instanceof Error ? err.message : String(err)}`, "error"));
