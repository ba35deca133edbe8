// `rulesmith lsp` started as a process of its own (`bin/rulesmith.js lsp`) in a folder and driven over its
// stdin and stdout by the protocol's own client library, as an editor drives it: the one set-up of
// test/hosts/lsp.test.ts and test/hosts/lsp-mods.test.ts. It runs in a process because it speaks over that
// process's streams and `exit` ends the process.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  createProtocolConnection,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from "vscode-languageserver-protocol/node";

const bin = fileURLToPath(new URL("../../bin/rulesmith.js", import.meta.url));

export interface LspServer {
  client: ProtocolConnection;
  /** The server's answer to `initialize`. */
  init: InitializeResult;
  /** The URI of `name`, a path inside the folder. */
  uri(name: string): string;
  /** The next diagnostics published for `name` (a path inside the folder) that `accept` takes (the server may publish intermediate ones). */
  diagnosticsFor(name: string, accept?: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]>;
  /** The next diagnostics published for the document at `uri` (anywhere) that `accept` takes, from now on. */
  nextDiagnostics(uri: string, accept: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]>;
  /** Shuts the server down (`shutdown`, then `exit`) and gives the code its process exited with. */
  stop(): Promise<number | null>;
}

/** Starts `rulesmith lsp` in `dir`, initialized with `dir` as its one workspace folder and watched-file changes registered. */
export async function startLspServer(dir: string): Promise<LspServer> {
  const server = spawn(process.execPath, [bin, "lsp"], { cwd: dir, stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
  const client = createProtocolConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
  const published: PublishDiagnosticsParams[] = [];
  const waiters: { uri: string; accept: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  client.onNotification(PublishDiagnosticsNotification.type, (p) => {
    const w = waiters.findIndex((x) => x.uri === p.uri && x.accept(p.diagnostics));
    if (w >= 0) waiters.splice(w, 1)[0]!.resolve(p.diagnostics);
    else published.push(p);
  });
  client.onRequest(RegistrationRequest.type, () => undefined);
  client.listen();
  const init = await client.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
    workspaceFolders: [{ uri: pathToFileURL(dir).href, name: "rules" }],
  });
  await client.sendNotification(InitializedNotification.type, {});
  const uri = (name: string) => pathToFileURL(join(dir, name)).href;
  const nextDiagnostics = (at: string, accept: (d: Diagnostic[]) => boolean) => new Promise<Diagnostic[]>((resolve) => waiters.push({ uri: at, accept, resolve }));
  return {
    client,
    init,
    uri,
    nextDiagnostics,
    diagnosticsFor(name, accept = () => true) {
      const found = published.findIndex((p) => p.uri === uri(name) && accept(p.diagnostics));
      if (found >= 0) return Promise.resolve(published.splice(0, found + 1).at(-1)!.diagnostics);
      return nextDiagnostics(uri(name), accept);
    },
    async stop() {
      await client.sendRequest(ShutdownRequest.type);
      await client.sendNotification(ExitNotification.type);
      const code = await exited;
      client.dispose();
      return code;
    },
  };
}
