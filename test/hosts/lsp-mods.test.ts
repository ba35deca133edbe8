// `rulesmith lsp` over a bundled system and one of its mods, as an editor drives it: a file of the mod
// (a folder with mod.json) is checked with its base and shows no error, hover and definition reach into
// the base, a real mistake gets its code, and a mod.json problem is published on mod.json. The server
// runs in a process of its own (test/support/lsp-server.ts), as in lsp.test.ts, over a copy of the folders.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidOpenTextDocumentNotification,
  FileChangeType,
  HoverRequest,
  type ProtocolConnection,
} from "vscode-languageserver-protocol/node";
import { startLspServer, type LspServer } from "../support/lsp-server.ts";

const project = fileURLToPath(new URL("../..", import.meta.url));
const SAIS = "mods/dragon-dice-treefolk/sais.rules";
const MANIFEST = "mods/dragon-dice-treefolk/mod.json";

let dir: string;
let lsp: LspServer;
let client: ProtocolConnection;
const uri = (name: string) => lsp.uri(name);
const diagnosticsFor: LspServer["diagnosticsFor"] = (name, accept) => lsp.diagnosticsFor(name, accept);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lsp-mods-"));
  cpSync(join(project, "rules/dragon-dice"), join(dir, "rules/dragon-dice"), { recursive: true });
  cpSync(join(project, "mods/dragon-dice-treefolk"), join(dir, "mods/dragon-dice-treefolk"), { recursive: true });
  lsp = await startLspServer(dir);
  client = lsp.client;
});

afterAll(async () => {
  expect(await lsp.stop()).toBe(0);
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
