// The language service of the engine worker: holds a copy of the workspace's files in the language
// service's workspace, which keeps each file's parse and check between questions, and answers the
// editor with the same checker `rulesmith check` runs. Checking off the main thread keeps typing smooth
// however large the program grows.
//
// Completion, hover and definition are answered at once. Checks wait until the messages already
// queued are handled, and only the newest check of each file runs: on a slow machine a burst of
// keystrokes costs one check, and a completion never waits behind checks of text already gone.
import { Workspace } from "../../src/api.ts";
import type { LanguageReply, LanguageRequest } from "../protocol.ts";
import { describeError } from "./programs.ts";
import { checkScenario } from "./scenario-check.ts";
import type { ServiceHandler } from "../engine-protocol.ts";

/** Made by the first request: a worker serving another service never builds one. */
let made: Workspace | undefined;
const ws = () => (made ??= new Workspace());
/** Where replies go: set by the first request (the worker's one way back to the page). */
let post: (reply: LanguageReply) => void = () => undefined;
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
  post(message);
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
  reply(id, () => ws().diagnostics(path));
  if (checks.size > 0) {
    draining = true;
    setTimeout(drainChecks, 0);
  }
}

export const languageService: ServiceHandler<"language"> = (req: LanguageRequest, send) => {
  post = send;
  switch (req.type) {
    case "files":
      ws().setAll(req.files);
      return;
    case "update":
      ws().set(req.path, req.text);
      return;
    case "remove":
      ws().remove(req.path);
      return;
    case "mods":
      ws().setEnabledMods(req.enabled);
      return;
    case "diagnostics": {
      const older = checks.get(req.path);
      // The page drops replies to superseded checks; answer them empty without checking.
      if (older !== undefined) post({ id: older, result: null });
      checks.set(req.path, req.id);
      if (!draining) {
        draining = true;
        setTimeout(drainChecks, 0);
      }
      return;
    }
    case "scenario":
      return reply(req.id, () => checkScenario(ws().texts(), req.path));
    case "completions":
      return reply(req.id, () => ws().completions(req.path, req.line, req.col));
    case "hover":
      return reply(req.id, () => ws().hover(req.path, req.line, req.col));
    case "definition":
      return reply(req.id, () => ws().definition(req.path, req.line, req.col));
    case "formatting":
      return reply(req.id, () => ws().formatting(req.path));
    case "references":
      return reply(req.id, () => ws().references(req.path, req.line, req.col, req.includeDeclaration));
    case "rename":
      return reply(req.id, () => ws().rename(req.path, req.line, req.col, req.newName));
    case "documentSymbols":
      return reply(req.id, () => ws().documentSymbols(req.path));
  }
};
