// The VS Code side: starts `rulesmith lsp` and connects it to the editor with vscode-languageclient.
// Everything the editor shows about a rules file (diagnostics, completion, hover, navigation, rename,
// formatting, semantic colours) comes from that server; highlighting before it answers comes from
// the TextMate grammar generated from grammar/tokens.ts.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { workspace, type ExtensionContext } from "vscode";
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from "vscode-languageclient/node";

let client: LanguageClient | undefined;

/** The configured command, else the workspace's own rulesmith, else the one on the PATH. */
function serverCommand(): { command: string; args: string[] } {
  const configured = workspace.getConfiguration("rulesmith").get<string[]>("server.command") ?? [];
  if (configured.length > 0) return { command: configured[0]!, args: configured.slice(1) };
  const folder = workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (folder !== undefined) {
    const local = join(folder, "node_modules", ".bin", process.platform === "win32" ? "rulesmith.cmd" : "rulesmith");
    if (existsSync(local)) return { command: local, args: ["lsp"] };
    // The rulesmith repository itself.
    const own = join(folder, "bin", "rulesmith.js");
    if (existsSync(own)) return { command: process.execPath.endsWith("node") ? process.execPath : "node", args: [own, "lsp"] };
  }
  return { command: "rulesmith", args: ["lsp"] };
}

export async function activate(context: ExtensionContext): Promise<void> {
  const run = { ...serverCommand(), transport: TransportKind.stdio, options: workspace.workspaceFolders?.[0] ? { cwd: workspace.workspaceFolders[0].uri.fsPath } : {} };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: "file", language: "rules" }],
    synchronize: { fileEvents: workspace.createFileSystemWatcher("**/*.rules") },
  };
  client = new LanguageClient("rulesmith", "Rulesmith", serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => void client?.stop() });
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
