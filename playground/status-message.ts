// The status bar's message: what an action did, or why it could not, with an optional action (Undo,
// Restore) and a close button. An information clears itself when the user moves on (opens a file);
// an error stays until closed.
import { el } from "./dom.ts";

export interface MessageAction {
  label: string;
  run: () => void;
}

const $ = (id: string) => document.getElementById(id)!;

export function showMessage(text: string, kind: "info" | "error" = "info", action?: MessageAction) {
  const m = $("message");
  m.className = kind;
  m.replaceChildren(el("span", { id: "message-text" }, text));
  if (action) m.append(el("button", { id: "message-action", onclick: () => action.run() }, action.label));
  m.append(el("button", { id: "message-close", "aria-label": "close the message", title: "close the message", onclick: () => clearMessage() }, "×"));
  $("statusbar").dataset["message"] = kind;
}

export function clearMessage(onlyInfo = false) {
  const m = $("message");
  if (onlyInfo && m.className === "error") return;
  m.replaceChildren();
  m.className = "";
  delete $("statusbar").dataset["message"];
}
