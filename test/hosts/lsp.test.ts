// `rulesmith lsp` driven over stdio by the protocol's own client library, as an editor drives it:
// initialize, open, change, diagnostics, completion, hover, definition, references, rename,
// formatting, symbols, semantic tokens, a file changed on disk, shutdown. The server runs in a process of
// its own (`bin/rulesmith.js lsp`), unlike the other commands' tests: it speaks over that process's
// stdin and stdout, and `exit` ends the process.
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidOpenTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  FileChangeType,
  HoverRequest,
  ReferencesRequest,
  RenameRequest,
  SemanticTokensRequest,
  CompletionRequest,
  DefinitionRequest,
  type ProtocolConnection,
} from "vscode-languageserver-protocol/node";
import { startLspServer, type LspServer } from "../support/lsp-server.ts";

const UNITS = `/// A fighting unit.
kind Unit {
  /// Hit points.
  hp: int in 0..9
  name: text
}

fn hurt(u: Unit) {
  u.hp = u.hp - 1
}
`;
const BATTLE = `import "./units.rules"

fn fresh() -> Unit = Unit(hp: 3, name: "a")

example "a hit costs one hit point" {
  let u = fresh()
  hurt(u)
  expect u.hp == 2
}
`;

let dir: string;
let lsp: LspServer;
let client: ProtocolConnection;
const uri = (name: string) => lsp.uri(name);
const diagnosticsFor: LspServer["diagnosticsFor"] = (name, accept) => lsp.diagnosticsFor(name, accept);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lsp-"));
  writeFileSync(join(dir, "units.rules"), UNITS);
  writeFileSync(join(dir, "battle.rules"), BATTLE);
  lsp = await startLspServer(dir);
  client = lsp.client;
  expect(lsp.init.capabilities.textDocumentSync).toEqual({ openClose: true, change: 2 });
});

afterAll(async () => {
  expect(await lsp.stop()).toBe(0);
});

describe("rulesmith lsp over stdio", () => {
  it("publishes diagnostics as check prints them, and clears them after an incremental fix", async () => {
    const broken = BATTLE.replace("hurt(u)", "hurtt(u)");
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uri("battle.rules"), languageId: "rules", version: 1, text: broken } });
    const ds = await diagnosticsFor("battle.rules", (d) => d.length > 0);
    expect(ds).toEqual([
      {
        range: { start: { line: 6, character: 2 }, end: { line: 6, character: 7 } },
        severity: 1,
        code: "E0101",
        source: "rulesmith",
        message: "unknown function `hurtt`\nhelp: did you mean `hurt`?",
      },
    ]);
    // Delete the extra `t`: one incremental change of one character.
    await client.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: uri("battle.rules"), version: 2 },
      contentChanges: [{ range: { start: { line: 6, character: 6 }, end: { line: 6, character: 7 } }, text: "" }],
    });
    expect(await diagnosticsFor("battle.rules", (d) => d.length === 0)).toEqual([]);
  });

  it("completes, hovers and goes to the definition across files", async () => {
    const items = await client.sendRequest(CompletionRequest.type, { textDocument: { uri: uri("battle.rules") }, position: { line: 7, character: 11 } });
    const labels = (Array.isArray(items) ? items : items!.items).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(["hp", "name"]));
    const h = await client.sendRequest(HoverRequest.type, { textDocument: { uri: uri("battle.rules") }, position: { line: 2, character: 22 } });
    expect(h!.contents).toEqual({ kind: "markdown", value: "```rules\nkind Unit {\n  hp: int in 0..9\n  name: text\n}\n```\n\nA fighting unit." });
    const def = await client.sendRequest(DefinitionRequest.type, { textDocument: { uri: uri("battle.rules") }, position: { line: 6, character: 3 } });
    expect(def).toEqual({ uri: uri("units.rules"), range: { start: { line: 7, character: 3 }, end: { line: 7, character: 7 } } });
  });

  it("goes from an import's path to the file it names (issue 28)", async () => {
    // Line 0 of battle.rules is `import "./units.rules"`: character 10 is inside the path.
    const def = await client.sendRequest(DefinitionRequest.type, { textDocument: { uri: uri("battle.rules") }, position: { line: 0, character: 10 } });
    expect(def).toEqual({ uri: uri("units.rules"), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
    // On the keyword, not the path: nothing to go to.
    expect(await client.sendRequest(DefinitionRequest.type, { textDocument: { uri: uri("battle.rules") }, position: { line: 0, character: 2 } })).toBeNull();
  });

  it("finds every reference to a field and renames it in both files", async () => {
    const at = { textDocument: { uri: uri("units.rules") }, position: { line: 3, character: 3 } };
    const refs = await client.sendRequest(ReferencesRequest.type, { ...at, context: { includeDeclaration: true } });
    const where = (refs ?? []).map((l) => `${l.uri.slice(l.uri.lastIndexOf("/") + 1)}:${l.range.start.line}:${l.range.start.character}`);
    expect(where).toEqual(["battle.rules:2:26", "battle.rules:7:11", "units.rules:3:2", "units.rules:8:4", "units.rules:8:11"]);
    const edit = await client.sendRequest(RenameRequest.type, { ...at, newName: "health" });
    expect(Object.keys(edit!.changes!).sort()).toEqual([uri("battle.rules"), uri("units.rules")]);
    expect(edit!.changes![uri("units.rules")]!.map((e) => [e.range.start.line, e.range.start.character, e.newText])).toEqual([
      [3, 2, "health"],
      [8, 4, "health"],
      [8, 11, "health"],
    ]);
    await expect(client.sendRequest(RenameRequest.type, { ...at, newName: "while" })).rejects.toThrow("`while` is a reserved word and cannot name anything");
  });

  it("answers a rename without newName with an error, not edits without text (issue 29, item 12)", async () => {
    const at = { textDocument: { uri: uri("units.rules") }, position: { line: 3, character: 3 } };
    await expect(client.sendRequest(RenameRequest.type, at as never)).rejects.toThrow("rename needs a newName");
  });

  it("shows an image in a doc comment as a link in hover and completion, so the editor fetches nothing (issue 29, item 12)", async () => {
    const text = "/// Tracks ![pixel](https://example.com/p.png).\nkind Pic { hp: int }\nfn f(p: Pic) -> int = p.hp\nfn g() -> int = f(P)\n";
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uri("pics.rules"), languageId: "rules", version: 1, text } });
    const h = await client.sendRequest(HoverRequest.type, { textDocument: { uri: uri("pics.rules") }, position: { line: 2, character: 9 } });
    const shown = (h!.contents as { value: string }).value;
    expect(shown).toContain("Tracks &#33;[pixel](https://example.com/p.png).");
    expect(shown).not.toContain("![");
    const items = await client.sendRequest(CompletionRequest.type, { textDocument: { uri: uri("pics.rules") }, position: { line: 3, character: 19 } });
    const pic = (Array.isArray(items) ? items : items!.items).find((c) => c.label === "Pic");
    expect((pic!.documentation as { value: string }).value).toContain("Tracks &#33;[pixel]");
    await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: uri("pics.rules") } });
  });

  it("formats with fmt's layout, outlines the file and colours its names", async () => {
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uri("units.rules"), languageId: "rules", version: 1, text: UNITS.replace("fn hurt(u: Unit) {", "fn hurt( u:Unit ){") } });
    const edits = await client.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: uri("units.rules") }, options: { tabSize: 2, insertSpaces: true } });
    expect(edits).toEqual([{ range: { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } }, newText: UNITS }]);
    const symbols = await client.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: uri("units.rules") } });
    expect(symbols!.map((s) => [s.name, s.kind, "children" in s ? s.children?.map((c) => c.name) : undefined])).toEqual([
      ["Unit", 5, ["hp", "name"]],
      ["hurt", 12, []],
    ]);
    const tokens = await client.sendRequest(SemanticTokensRequest.type, { textDocument: { uri: uri("units.rules") } });
    // Relative positions: `Unit` (class, declaration) at 1:5, then `hp` (property, declaration) two lines down.
    expect(tokens!.data.slice(0, 10)).toEqual([1, 5, 4, 1, 1, 2, 2, 2, 5, 1]);
  });

  it("renames a field in the scenario files whose rules hold it, and the renamed scenario runs to the same result (issue 28)", async () => {
    const CAMP = `import "./units.rules"\nstate { units: list<Unit> }\nfn total() -> int = sum(u in units => u.hp)\n`;
    writeFileSync(join(dir, "camp.rules"), CAMP);
    writeFileSync(join(dir, "camp.json"), JSON.stringify({ rules: "camp.rules", run: "total", state: { units: [{ name: "a", hp: 2 }, { name: "b", hp: 5 }] } }, null, 2));
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uri("camp.rules"), languageId: "rules", version: 1, text: CAMP } });
    const edit = await client.sendRequest(RenameRequest.type, { textDocument: { uri: uri("units.rules") }, position: { line: 3, character: 3 }, newName: "health" });
    expect(edit!.changes![uri("camp.json")]!.map((e) => [e.range.start.line, e.range.start.character, e.range.end.character, e.newText])).toEqual([
      [7, 9, 11, "health"],
      [11, 9, 11, "health"],
    ]);
    // The edits made in a copy of the folder, as the editor would make them; then the scenario runs.
    const copy = mkdtempSync(join(tmpdir(), "lsp-renamed-"));
    for (const name of ["units.rules", "battle.rules", "camp.rules", "camp.json"]) {
      const edits = [...(edit!.changes![uri(name)] ?? [])].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
      const lines = (name === "units.rules" ? UNITS : name === "battle.rules" ? BATTLE : readFileSync(join(dir, name), "utf8")).split("\n");
      for (const e of edits) {
        const line = lines[e.range.start.line]!;
        lines[e.range.start.line] = line.slice(0, e.range.start.character) + e.newText + line.slice(e.range.end.character);
      }
      writeFileSync(join(copy, name), lines.join("\n"));
    }
    const { loadScenario, nodeFileHost, runScenario } = await import("../../src/api/node.ts");
    const loaded = loadScenario(join(copy, "camp.json"), nodeFileHost([copy]));
    expect(loaded.diagnostics).toEqual([]);
    expect(runScenario(loaded.ready!.program, loaded.ready!.scenario, { seed: "1", trace: false }).resultText).toBe("7");
    await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: uri("camp.rules") } });
  });

  it("says on a file opened from outside the root that it is not checked, and clears it on close (issue 28)", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "lsp-outside-"));
    const outside = pathToFileURL(join(elsewhere, "loose.rules")).href;
    const said = lsp.nextDiagnostics(outside, (d) => d.length > 0);
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: outside, languageId: "rules", version: 1, text: "kind K { x: nope }\n" } });
    const ds = await said;
    expect(ds.map((d) => [d.code, d.severity, String(d.message).split("\n")[0]])).toEqual([["E0004", 2, `this file is outside the folder the language server reads (\`${realpathSync(dir)}\`), so it is not checked`]]);
    const cleared = lsp.nextDiagnostics(outside, (d) => d.length === 0);
    await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: outside } });
    expect(await cleared).toEqual([]);
  });

  it("follows a file changed on disk: a field renamed there breaks the open file that uses it", async () => {
    // Closed in the editor, units.rules is read from disk again; then it changes there.
    await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: uri("units.rules") } });
    writeFileSync(join(dir, "units.rules"), UNITS.replaceAll("hp", "health"));
    await client.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri("units.rules"), type: FileChangeType.Changed }] });
    const ds = await diagnosticsFor("battle.rules", (d) => d.length > 0);
    expect(ds.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character} ${String(d.message).split("\n")[0]}`)).toEqual([
      "E0202 2:21 `Unit` needs `health`, which has no default",
      "E0103 2:26 `Unit` has no field `hp`",
      "E0103 7:11 `Unit` has no field `hp`",
    ]);
  });
});
