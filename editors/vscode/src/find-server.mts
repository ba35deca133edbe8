// Which language server the extension starts, decided from the files and settings alone (no VS Code
// API here, so a test can ask it): the configured command, else the workspace's own rulesmith (a
// dependency, or the rulesmith repository itself), else the server bundled in the extension, else
// `rulesmith` on the PATH. When none is there, the words to show the user say what to install.
import { existsSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

export type Found =
  /** A command to run with stdio (`rulesmith lsp` or the configured one). */
  | { kind: "command"; command: string; args: string[]; from: string }
  /** A JavaScript module for VS Code's own Node: the bundled server. */
  | { kind: "module"; module: string; from: string }
  | { kind: "missing"; message: string };

export interface Where {
  /** The setting `rulesmith.server.command`, as a list. */
  configured: readonly string[];
  /** The workspace folder, when one is open. */
  folder?: string;
  /** The extension's own folder (out/server.js is below it when the package bundles the server). */
  extension: string;
  /** The PATH to look `rulesmith` up in. */
  path: string;
  platform: NodeJS.Platform;
  /** The Node that runs a `.js` file (the repository's bin/rulesmith.js). */
  node: string;
  exists?: (file: string) => boolean;
}

export const INSTALL_HELP =
  "Install rulesmith in the workspace (`npm install --save-dev rulesmith`) or globally (`npm install -g rulesmith`), or set `rulesmith.server.command` to the command that starts `rulesmith lsp`.";

export function findServer(w: Where): Found {
  const exists = w.exists ?? existsSync;
  const exe = w.platform === "win32" ? "rulesmith.cmd" : "rulesmith";
  if (w.configured.length > 0) {
    const [command, ...args] = w.configured as [string, ...string[]];
    // A path that names no file cannot start; a bare name is looked up on the PATH.
    const known = isAbsolute(command) ? exists(command) : onPath(command, w.path, w.platform, exists) !== undefined;
    if (!known) return { kind: "missing", message: `Rulesmith: the language server command \`${command}\` (the setting \`rulesmith.server.command\`) was not found. ${INSTALL_HELP}` };
    return { kind: "command", command, args, from: "the setting rulesmith.server.command" };
  }
  if (w.folder !== undefined) {
    const local = join(w.folder, "node_modules", ".bin", exe);
    if (exists(local)) return { kind: "command", command: local, args: ["lsp"], from: "the workspace's node_modules" };
    const own = join(w.folder, "bin", "rulesmith.js");
    // Its dependencies installed: without them it cannot start, and the bundled server can.
    if (exists(own) && exists(join(w.folder, "node_modules"))) return { kind: "command", command: w.node, args: [own, "lsp"], from: "the rulesmith repository" };
  }
  const bundled = join(w.extension, "out", "server.js");
  if (exists(bundled)) return { kind: "module", module: bundled, from: "the server bundled in the extension" };
  const global = onPath(exe, w.path, w.platform, exists);
  if (global !== undefined) return { kind: "command", command: global, args: ["lsp"], from: "the PATH" };
  return { kind: "missing", message: `Rulesmith: no language server found, so .rules files get highlighting only. ${INSTALL_HELP}` };
}

function onPath(name: string, path: string, platform: NodeJS.Platform, exists: (file: string) => boolean): string | undefined {
  const names = platform === "win32" && !/\.(cmd|exe|bat)$/i.test(name) ? [name, `${name}.cmd`, `${name}.exe`] : [name];
  for (const dir of path.split(platform === "win32" ? ";" : delimiter)) {
    if (dir === "") continue;
    for (const n of names) if (exists(join(dir, n))) return join(dir, n);
  }
  return undefined;
}
