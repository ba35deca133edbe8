// The playground page's entry: the shell first, Monaco on demand. The page's layout, the workspace
// (bundled rules plus the user's edits) and the language workers start here, from a small chunk,
// while the editor's code (Monaco's core, most of the JavaScript) loads by dynamic import (app.ts):
// the workers read the rules in parallel with the editor's download and start, instead of after it.
// Every failure reaches the user as a message in the status bar or a panel, never as a raw exception.
import "./style.css";
import { setUpLayout } from "./layout.ts";
import { LanguageClient } from "./language-client.ts";
import { showMessage } from "./status-message.ts";
import { startingPoint } from "./workspace-session.ts";
import { Workspace } from "./workspace.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

window.addEventListener("error", (e) => showMessage(`Something went wrong: ${e.message}`, "error"));
window.addEventListener("unhandledrejection", (e) => {
  e.preventDefault();
  showMessage(`Something went wrong: ${e.reason instanceof Error ? e.reason.message : String(e.reason)}`, "error");
});

async function boot() {
  setUpLayout($("layout"));
  const editorArea = $("editor");
  editorArea.dataset["loading"] = "true";
  // Asked for first, so its download overlaps reading the workspace and starting the workers.
  const app = import("./app.ts");
  const start = await startingPoint();
  const workspace = new Workspace(start.overlay);
  const language = new LanguageClient(workspace.files, (m) => showMessage(m, "error"));
  const { startApp } = await app;
  delete editorArea.dataset["loading"];
  startApp({ start, workspace, language });
}

boot().catch((err) => showMessage(`The playground could not start: ${err instanceof Error ? err.message : String(err)}`, "error"));
