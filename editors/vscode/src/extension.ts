// The VS Code side: starts the rules language server and connects it to the editor with
// vscode-languageclient. Everything the editor shows about a rules file (diagnostics, completion,
// hover, navigation, rename, formatting, semantic colours) comes from that server; highlighting before
// it answers comes from the TextMate grammar generated from grammar/tokens.ts. Which server is started
// is find-server.mts's choice; when there is none, or it does not start, the user is told what to install.
import { join } from "node:path";
import { window, workspace, type ExtensionContext } from "vscode";
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from "vscode-languageclient/node";
import { findServer, INSTALL_HELP } from "./find-server.mts";

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const folder = workspace.workspaceFolders?.[0]?.uri.fsPath;
  const found = findServer({
    configured: workspace.getConfiguration("rulesmith").get<string[]>("server.command") ?? [],
    ...(folder !== undefined ? { folder } : {}),
    extension: context.extensionPath,
    path: process.env["PATH"] ?? "",
    platform: process.platform,
    node: process.execPath.endsWith("node") ? process.execPath : "node",
  });
  if (found.kind === "missing") {
    void window.showErrorMessage(found.message);
    return;
  }
  const options = folder !== undefined ? { cwd: folder } : {};
  const run: ServerOptions =
    found.kind === "module"
      ? { module: found.module, transport: TransportKind.stdio, options }
      : { command: found.command, args: found.args, transport: TransportKind.stdio, options };
  const serverOptions: ServerOptions = run;
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: "file", language: "rules" }],
    synchronize: { fileEvents: workspace.createFileSystemWatcher("**/*.rules") },
  };
  client = new LanguageClient("rulesmith", "Rulesmith", serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => void client?.stop() });
  try {
    await client.start();
  } catch (err) {
    const what = found.kind === "module" ? join("out", "server.js") : [found.command, ...found.args].join(" ");
    void window.showErrorMessage(`Rulesmith: the language server (${what}, from ${found.from}) did not start: ${err instanceof Error ? err.message : String(err)}. ${INSTALL_HELP}`);
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
