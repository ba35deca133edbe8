// The language worker: holds a copy of the workspace's files in the language service's workspace, which
// keeps each file's parse and check between questions, and answers the editor with the same checker
// `rulesmith check` runs. Checking off the main thread keeps typing smooth however large the program grows.
//
// Completion, hover and definition are answered at once. Checks wait until the messages already
// queued are handled, and only the newest check of each file runs: on a slow machine a burst of
// keystrokes costs one check, and a completion never waits behind checks of text already gone.
import { Workspace } from "../../src/api.ts";
import type { LanguageReply, LanguageRequest } from "../protocol.ts";
import { describeError } from "./programs.ts";
import { checkScenario } from "./scenario-check.ts";

const workspace = new Workspace();
/** The newest unanswered check per file. */
const checks = new Map<string, number>();
let draining = false;

function reply(id: number, work: () => unknown) {
  let message: LanguageReply;
  try {
    message = { id, result: work() };
  } catch (err) {
    message = { id, error: describeError(err) };
  }
  self.postMessage(message);
}

/**
 * Runs the oldest waiting check, then yields before the next: messages that came in meanwhile (newer
 * text, a newer check of a waiting file, which makes that file's older check stale and unanswered
 * work) are handled before another check starts.
 */
function drainChecks() {
  draining = false;
  const first = checks.entries().next();
  if (first.done) return;
  const [path, id] = first.value;
  checks.delete(path);
  reply(id, () => workspace.diagnostics(path));
  if (checks.size > 0) {
    draining = true;
    setTimeout(drainChecks, 0);
  }
}

self.onmessage = (e: MessageEvent<LanguageRequest>) => {
  const req = e.data;
  switch (req.type) {
    case "files":
      workspace.setAll(req.files);
      return;
    case "update":
      workspace.set(req.path, req.text);
      return;
    case "remove":
      workspace.remove(req.path);
      return;
    case "mods":
      workspace.setEnabledMods(req.enabled);
      return;
    case "diagnostics": {
      const older = checks.get(req.path);
      // The page drops replies to superseded checks; answer them empty without checking.
      if (older !== undefined) self.postMessage({ id: older, result: null } satisfies LanguageReply);
      checks.set(req.path, req.id);
      if (!draining) {
        draining = true;
        setTimeout(drainChecks, 0);
      }
      return;
    }
    case "scenario":
      return reply(req.id, () => checkScenario(workspace.texts(), req.path));
    case "completions":
      return reply(req.id, () => workspace.completions(req.path, req.line, req.col));
    case "hover":
      return reply(req.id, () => workspace.hover(req.path, req.line, req.col));
    case "definition":
      return reply(req.id, () => workspace.definition(req.path, req.line, req.col));
    case "formatting":
      return reply(req.id, () => workspace.formatting(req.path));
    case "references":
      return reply(req.id, () => workspace.references(req.path, req.line, req.col, req.includeDeclaration));
    case "rename":
      return reply(req.id, () => workspace.rename(req.path, req.line, req.col, req.newName));
    case "documentSymbols":
      return reply(req.id, () => workspace.documentSymbols(req.path));
  }
};
