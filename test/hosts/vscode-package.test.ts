// The VS Code extension carries its language server: `npm run package:vscode` writes a .vsix whose
// out/server.js, taken out of the package and started alone with Node, answers `initialize` over stdio
// and checks a rules file. Which server the extension starts, and what it says when there is none, is
// find-server.mts's choice, asked here with the files it looks for made up.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  createProtocolConnection,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type PublishDiagnosticsParams,
} from "vscode-languageserver-protocol/node";
import { findServer, INSTALL_HELP } from "../../editors/vscode/src/find-server.mts";

/** The files of a zip archive (a .vsix is one), by name, read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + size);
    out.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

describe("the packaged extension", () => {
  it("holds the language server, which starts alone, answers initialize over stdio and checks a file", async () => {
    const built = spawnSync("npm", ["run", "package:vscode"], { encoding: "utf8" });
    expect(built.status, built.stdout + built.stderr).toBe(0);
    const files = unzip(readFileSync("dist/rulesmith-rules.vsix"));
    expect([...files.keys()]).toEqual(expect.arrayContaining(["extension/package.json", "extension/out/extension.js", "extension/out/server.js", "extension/syntaxes/rules.tmLanguage.json"]));

    // The server alone in a folder of its own: nothing of the repository is there to lean on.
    const dir = mkdtempSync(join(tmpdir(), "vsix-server-"));
    writeFileSync(join(dir, "server.js"), files.get("extension/out/server.js")!);
    writeFileSync(join(dir, "game.rules"), "kind Unit { hp: int }\nfn f(u: Unit) -> int = u.hpp\n");
    const server = spawn(process.execPath, [join(dir, "server.js"), "--stdio"], { cwd: dir, stdio: ["pipe", "pipe", "inherit"] });
    const client = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
    const diagnosed = new Promise<PublishDiagnosticsParams>((resolve) =>
      client.onNotification(PublishDiagnosticsNotification.type, (p) => {
        if (p.diagnostics.length > 0) resolve(p);
      }),
    );
    client.listen();
    const init = await client.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {}, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: "game" }] });
    expect(init.serverInfo).toEqual({ name: "rulesmith" });
    expect(init.capabilities).toMatchObject({ referencesProvider: true, renameProvider: true, definitionProvider: true, documentFormattingProvider: true });
    await client.sendNotification(InitializedNotification.type, {});
    const uri = pathToFileURL(join(dir, "game.rules")).href;
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "rules", version: 1, text: readFileSync(join(dir, "game.rules"), "utf8") } });
    const d = await diagnosed;
    expect(d.uri).toBe(uri);
    expect(d.diagnostics.map((x) => [x.code, x.range.start])).toEqual([["E0103", { line: 1, character: 25 }]]);
    const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
    await client.sendRequest(ShutdownRequest.type);
    await client.sendNotification(ExitNotification.type);
    expect(await exited).toBe(0);
    client.dispose();
  });
});

describe("which server the extension starts", () => {
  const base = { configured: [], extension: "/ext", path: "/usr/bin:/opt/bin", platform: "linux" as const, node: "/usr/bin/node" };
  const having = (...files: string[]) => (f: string) => files.includes(f);

  it("takes the setting, then the workspace's rulesmith, then the repository's, then its own, then the PATH's", () => {
    expect(findServer({ ...base, configured: ["/usr/bin/node", "/src/rulesmith/bin/rulesmith.js", "lsp"], exists: having("/usr/bin/node") })).toMatchObject({ kind: "command", command: "/usr/bin/node", args: ["/src/rulesmith/bin/rulesmith.js", "lsp"] });
    const all = having("/ws/node_modules/.bin/rulesmith", "/ws/bin/rulesmith.js", "/ws/node_modules", "/ext/out/server.js", "/opt/bin/rulesmith");
    expect(findServer({ ...base, folder: "/ws", exists: all })).toMatchObject({ kind: "command", command: "/ws/node_modules/.bin/rulesmith", args: ["lsp"] });
    expect(findServer({ ...base, folder: "/ws", exists: having("/ws/bin/rulesmith.js", "/ws/node_modules", "/ext/out/server.js") })).toMatchObject({ kind: "command", command: "/usr/bin/node", args: ["/ws/bin/rulesmith.js", "lsp"] });
    expect(findServer({ ...base, folder: "/ws", exists: having("/ext/out/server.js", "/opt/bin/rulesmith") })).toMatchObject({ kind: "module", module: "/ext/out/server.js" });
    expect(findServer({ ...base, exists: having("/opt/bin/rulesmith") })).toMatchObject({ kind: "command", command: "/opt/bin/rulesmith", args: ["lsp"], from: "the PATH" });
  });

  it("says what to install when there is no server, or the configured one is not there", () => {
    expect(findServer({ ...base, folder: "/ws", exists: having() })).toEqual({ kind: "missing", message: `Rulesmith: no language server found, so .rules files get highlighting only. ${INSTALL_HELP}` });
    expect(findServer({ ...base, configured: ["rulesmith-lsp"], exists: having("/ext/out/server.js") })).toEqual({
      kind: "missing",
      message: `Rulesmith: the language server command \`rulesmith-lsp\` (the setting \`rulesmith.server.command\`) was not found. ${INSTALL_HELP}`,
    });
    expect(INSTALL_HELP).toContain("npm install --save-dev rulesmith");
  });
});
