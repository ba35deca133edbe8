// `rulesmith lsp` over a bundled system and one of its mods, as an editor drives it: a file of the mod
// (a folder with mod.json) is checked with its base and shows no error, hover and definition reach into
// the base, a real mistake gets its code, and a mod.json problem is published on mod.json. The server
// runs in a process of its own (`bin/rulesmith.js lsp`), as in lsp.test.ts, over a copy of the folders.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createProtocolConnection,
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  FileChangeType,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from "vscode-languageserver-protocol/node";

const bin = fileURLToPath(new URL("../../bin/rulesmith.js", import.meta.url));
const project = fileURLToPath(new URL("../..", import.meta.url));
const SAIS = "mods/dragon-dice-treefolk/sais.rules";
const MANIFEST = "mods/dragon-dice-treefolk/mod.json";

let dir: string;
let server: ChildProcess;
let client: ProtocolConnection;
const published: PublishDiagnosticsParams[] = [];
const waiters: { uri: string; accept: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
const uri = (name: string) => pathToFileURL(join(dir, name)).href;

function diagnosticsFor(name: string, accept: (d: Diagnostic[]) => boolean = () => true): Promise<Diagnostic[]> {
  const found = published.findIndex((p) => p.uri === uri(name) && accept(p.diagnostics));
  if (found >= 0) return Promise.resolve(published.splice(0, found + 1).at(-1)!.diagnostics);
  return new Promise((resolve) => waiters.push({ uri: uri(name), accept, resolve }));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lsp-mods-"));
  cpSync(join(project, "rules/dragon-dice"), join(dir, "rules/dragon-dice"), { recursive: true });
  cpSync(join(project, "mods/dragon-dice-treefolk"), join(dir, "mods/dragon-dice-treefolk"), { recursive: true });
  server = spawn(process.execPath, [bin, "lsp"], { cwd: dir, stdio: ["pipe", "pipe", "inherit"] });
  client = createProtocolConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
  client.onNotification(PublishDiagnosticsNotification.type, (p) => {
    const w = waiters.findIndex((x) => x.uri === p.uri && x.accept(p.diagnostics));
    if (w >= 0) waiters.splice(w, 1)[0]!.resolve(p.diagnostics);
    else published.push(p);
  });
  client.onRequest(RegistrationRequest.type, () => undefined);
  client.listen();
  await client.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
    workspaceFolders: [{ uri: pathToFileURL(dir).href, name: "rules" }],
  });
  await client.sendNotification(InitializedNotification.type, {});
});

afterAll(async () => {
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
  await client.sendRequest(ShutdownRequest.type);
  await client.sendNotification(ExitNotification.type);
  expect(await exited).toBe(0);
  client.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe("rulesmith lsp with a mod", () => {
  const text = readFileSync(join(project, SAIS), "utf8");
  const lines = text.split("\n");

  it("a file of mods/dragon-dice-treefolk opened alone checks with its base: no error", async () => {
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uri(SAIS), languageId: "rules", version: 1, text } });
    const ds = await diagnosticsFor(SAIS);
    expect(ds.filter((d) => d.severity === 1)).toEqual([]);
  });

  it("hovers a base name and goes to its definition in the base's files", async () => {
    const line = lines.findIndex((l) => /\bIcon\./.test(l));
    const character = lines[line]!.search(/\bIcon\./) + 1;
    const h = await client.sendRequest(HoverRequest.type, { textDocument: { uri: uri(SAIS) }, position: { line, character } });
    expect((h!.contents as { value: string }).value).toContain("enum Icon");
    const def = await client.sendRequest(DefinitionRequest.type, { textDocument: { uri: uri(SAIS) }, position: { line, character } });
    expect((def as { uri: string }).uri.startsWith(pathToFileURL(join(dir, "rules/dragon-dice")).href)).toBe(true);
  });

  it("a real mistake gets its own code, on the mod's file", async () => {
    const line = lines.findIndex((l) => /\bIcon\./.test(l));
    const character = lines[line]!.search(/\bIcon\./);
    // `Icon` misspelt `Icn`: an unknown name, with a did-you-mean.
    await client.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: uri(SAIS), version: 2 },
      contentChanges: [{ range: { start: { line, character: character + 2 }, end: { line, character: character + 3 } }, text: "" }],
    });
    const ds = await diagnosticsFor(SAIS, (d) => d.some((x) => x.severity === 1));
    const errors = ds.filter((d) => d.severity === 1);
    expect(errors.map((d) => d.code)).toEqual(["E0101"]);
    expect(errors[0]!.range.start.line).toBe(line);
    await client.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: uri(SAIS), version: 3 }, contentChanges: [{ text }] });
    expect((await diagnosticsFor(SAIS, (d) => d.every((x) => x.severity !== 1))).filter((d) => d.severity === 1)).toEqual([]);
  });

  it("a mod.json that requires a version of the base that is not there is published on mod.json", async () => {
    const manifest = readFileSync(join(dir, MANIFEST), "utf8");
    writeFileSync(join(dir, MANIFEST), manifest.replace(/"dragon-dice": "[^"]*"/, '"dragon-dice": ">=2.0.0"'));
    await client.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri(MANIFEST), type: FileChangeType.Changed }] });
    const ds = await diagnosticsFor(MANIFEST, (d) => d.length > 0);
    expect(ds.map((d) => d.code)).toEqual(["E0603"]);
    expect(ds[0]!.message).toContain("requires `dragon-dice` >=2.0.0");
  });
});
