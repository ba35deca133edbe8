// Replacing the editor's files wholesale: Reset, restoring a snapshot, opening a share link or an
// exported workspace in an open tab, and taking another tab's saves. Each file goes through the editor
// (one undoable edit per file) so models, markers and the language worker stay in step.
import type { RulesEditor } from "./editor.ts";
import { hasFile, type Files, type Workspace } from "./workspace.ts";

/** Makes the workspace hold exactly `files`; returns how many files changed. */
export function replaceFiles(editor: RulesEditor, workspace: Workspace, files: Files, active?: string): number {
  return applyChanges(editor, workspace, files, workspace.paths().filter((p) => !hasFile(files, p)), active);
}

/** Sets the files in `set` (adding new ones), removes those in `removed`, then opens `active` if given. */
export function applyChanges(editor: RulesEditor, workspace: Workspace, set: Files, removed: string[], active?: string): number {
  let n = 0;
  for (const path of removed) {
    if (!hasFile(workspace.files, path)) continue;
    editor.removeFile(path);
    n++;
  }
  for (const [path, text] of Object.entries(set)) {
    if (hasFile(workspace.files, path) && workspace.files[path] === text) continue;
    editor.addFile(path, text);
    n++;
  }
  if (active !== undefined && hasFile(workspace.files, active)) editor.open(active);
  return n;
}
