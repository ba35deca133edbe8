// The language server makes the reference index while the editor is idle (src/hosts/lsp/index-warmer.ts):
// after a pause every rules file's entry holds, and an edit leaves the edited file's to be made again at
// the next pause. Timers are vitest's fake ones: the test steps them, it never waits.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IndexWarmer } from "../../src/hosts/lsp/index-warmer.ts";
import { Workspace } from "../../src/hosts/lsp/workspace.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("the index made in idle time", () => {
  it("makes every file's entry after a pause, and the edited file's again after the next", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate"] });
    const dir = mkdtempSync(join(tmpdir(), "lsp-warm-"));
    writeFileSync(join(dir, "units.rules"), "kind Unit { hp: int }\n");
    writeFileSync(join(dir, "battle.rules"), 'import "./units.rules"\nfn f(u: Unit) -> int = u.hp\n');
    const ws = new Workspace(dir);
    ws.loadAll();
    const warmer = new IndexWarmer(() => ws);
    const current = () => ["battle.rules", "units.rules"].map((p) => ws.documents.index.isCurrent(p));
    expect(current()).toEqual([false, false]);
    warmer.poke();
    vi.runAllTimers();
    expect(current()).toEqual([true, true]);
    // An edit inside battle's body: its own entry is made again, units' still holds.
    ws.setOpen("battle.rules", 'import "./units.rules"\nfn f(u: Unit) -> int = u.hp + 1\n');
    expect(current()).toEqual([false, true]);
    warmer.poke();
    vi.runAllTimers();
    expect(current()).toEqual([true, true]);
    expect(ws.documents.references("units.rules", 1, 14).map((l) => `${l.path}:${l.range.line}:${l.range.col}`)).toEqual(["battle.rules:2:26", "units.rules:1:13"]);
    warmer.dispose();
  });
});
