// The language server's memory budget (issue 29): a document longer than a rules file may be (8 MB) is
// not held for analysis and gets one E0006, and at most 1,000 diagnostics of one document are
// published, then one counting the rest. The parts the server wires together, without a process.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DiagnosticSeverity, type Diagnostic } from "vscode-languageserver/node";
import { bounded, MAX_DOCUMENT, MAX_PUBLISHED, tooLarge } from "../../src/hosts/lsp/budget.ts";
import { Workspace } from "../../src/hosts/lsp/workspace.ts";

describe("an open document past the budget", () => {
  it("is not held for analysis until it is back under 8 MB, and its one diagnostic says why", () => {
    const dir = mkdtempSync(join(tmpdir(), "lsp-budget-"));
    writeFileSync(join(dir, "a.rules"), "fn f() -> int = 1\n");
    const ws = new Workspace(dir);
    ws.loadAll();
    expect(ws.documents.paths()).toEqual(["a.rules"]);
    const huge = `// ${"x".repeat(MAX_DOCUMENT)}\n`;
    ws.setOpen("a.rules", huge);
    expect([ws.documents.text("a.rules"), ws.tooLarge.get("a.rules")]).toEqual([undefined, huge.length]);
    ws.setOpen("a.rules", "fn g() -> int = 2\n");
    expect([ws.documents.text("a.rules"), ws.tooLarge.size]).toEqual(["fn g() -> int = 2\n", 0]);
    expect(MAX_DOCUMENT).toBe(8 * 1024 * 1024);
    expect(tooLarge(huge.length)).toMatchObject({ code: "E0006", severity: DiagnosticSeverity.Error, message: expect.stringMatching(new RegExp(`^this document is ${huge.length} characters long, more than the ${MAX_DOCUMENT}`)) });
  });
});

describe("diagnostics published for one document", () => {
  const d = (i: number): Diagnostic => ({ range: { start: { line: i, character: 0 }, end: { line: i, character: 1 } }, message: `e${i}` });
  it("are at most 1,000, then one saying how many were left out, at the last one shown", () => {
    const many = Array.from({ length: 11_000 }, (_, i) => d(i));
    const shown = bounded(many);
    expect(shown).toHaveLength(MAX_PUBLISHED + 1);
    expect(shown[MAX_PUBLISHED - 1]!.message).toBe("e999");
    expect(shown[MAX_PUBLISHED]).toMatchObject({ range: many[999]!.range, message: "... and 10000 more diagnostics in this file, not shown: fix these first" });
    expect(bounded(many.slice(0, 1000))).toHaveLength(1000);
  });
});
