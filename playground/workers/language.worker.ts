// The language worker: holds a copy of the workspace's files and answers the editor's questions with
// the editor-agnostic language service in src/service, the same checker `rulesmith check` runs.
// Checking off the main thread keeps typing smooth however large the program grows.
import { completions, definition, diagnostics, hover } from "../../src/service/index.ts";
import type { Files, LanguageReply, LanguageRequest } from "../protocol.ts";
import { describeError } from "./programs.ts";

let files: Files = {};

function answer(req: LanguageRequest & { id: number }): unknown {
  switch (req.type) {
    case "diagnostics":
      return diagnostics(files, req.path);
    case "completions":
      return completions(files, req.path, req.line, req.col);
    case "hover":
      return hover(files, req.path, req.line, req.col);
    case "definition":
      return definition(files, req.path, req.line, req.col);
  }
}

self.onmessage = (e: MessageEvent<LanguageRequest>) => {
  const req = e.data;
  switch (req.type) {
    case "files":
      files = { ...req.files };
      return;
    case "update":
      files[req.path] = req.text;
      return;
    case "remove":
      delete files[req.path];
      return;
  }
  let reply: LanguageReply;
  try {
    reply = { id: req.id, result: answer(req) };
  } catch (err) {
    reply = { id: req.id, error: describeError(err) };
  }
  self.postMessage(reply);
};
