// Browser tests that the playground loses no work (issue 28): each loss the issue reports, done
// again, and shown to keep everything. A share link opened in a second tab left the first tab's edits
// replaced while it said "all edits saved"; a second Reset overwrote the one backup, and a reload or
// opening a file took its offer away; the ✕ beside a user's file deleted it for good. Now each tab
// keeps its own files, the History lists every set of files replaced (with time and cause) and
// restores any, and a delete has Undo. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { appendLine, confirmReset, openFile, openPage, repo, saved, step, text, usePlayground } from "./harness.ts";

const pg = usePlayground("history");
const FILE = "rules/warlords3/rounds.rules";
const OTHER = "rules/warlords3/units.rules";
const bundledText = (path: string) => readFileSync(join(repo, path), "utf8");

/** The History dialog's entries, newest first: their cause and the files they hold. */
async function historyEntries(page: Page): Promise<{ id: string; cause: string; files: string }[]> {
  await page.click("#history-button");
  await page.waitForSelector("#history[open]");
  const entries = await page.$$eval(".history-entry", (es) =>
    es.map((e) => ({ id: (e as HTMLElement).dataset["id"]!, cause: e.querySelector(".history-cause")!.textContent!, files: e.querySelector(".history-files")!.textContent! })),
  );
  return entries;
}

async function restoreEntry(page: Page, id: string) {
  await page.click(`.history-entry[data-id="${id}"] .history-restore`);
  await page.waitForSelector("#history:not([open])", { state: "attached" });
}

async function closeHistory(page: Page) {
  await page.click("#history-close");
  await page.waitForSelector("#history:not([open])", { state: "attached" });
}

async function reload(page: Page) {
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
}

step(pg, "a share link opened in a second tab leaves the first tab's edits, and arrives there as a snapshot", async () => {
  const { page, context } = pg;
  await openPage(page, pg.url);
  // The link: one line added to FILE.
  await openFile(page, FILE);
  await appendLine(page, "// carried by the link");
  await saved(page);
  await page.click("#share");
  await page.waitForFunction(() => (document.querySelector("#share-url") as HTMLInputElement).value.includes("#share="));
  const link = await page.inputValue("#share-url");
  // This tab's own work, in two files, as in the issue.
  await confirmReset(page);
  await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/rounds.rules") === t, bundledText(FILE));
  await openFile(page, FILE);
  await appendLine(page, "// my work in rounds");
  await openFile(page, OTHER);
  await appendLine(page, "// my work in units");
  await saved(page);
  const mine = { file: await text(page, FILE), other: await text(page, OTHER) };

  const second = await context.newPage();
  try {
    await second.goto(link);
    await second.waitForSelector("body[data-ready=true]");
    assert.ok((await text(second, FILE)).endsWith("// carried by the link"));
    assert.equal(await text(second, OTHER), bundledText(OTHER));
    await saved(second);
    // The first tab is told, and keeps every edit it had, saved.
    await page.waitForFunction(() => /Another tab opened other files/.test(document.querySelector("#message-text")?.textContent ?? ""));
    assert.equal(await text(page, FILE), mine.file);
    assert.equal(await text(page, OTHER), mine.other);
    assert.equal(await page.textContent("#save-status"), "all edits saved in this browser");
    await pg.shot("first-tab-keeps-its-work");
    // Both tabs go on and save; each reload gives each tab its own files.
    await openFile(page, OTHER);
    await appendLine(page, "// more of my work");
    await saved(page);
    await appendLine(second, "// more on the link");
    await saved(second);
    await reload(page);
    assert.equal(await text(page, FILE), mine.file);
    assert.ok((await text(page, OTHER)).endsWith("// more of my work"));
    await reload(second);
    assert.ok((await text(second, FILE)).includes("// carried by the link"));
    assert.equal(await text(second, OTHER), bundledText(OTHER));
    // The link arrived in the first tab's History as a snapshot of its own, and restores there.
    const entries = await historyEntries(page);
    const linked = entries.find((e) => e.cause === "a share link, as it was opened");
    assert.ok(linked, `a snapshot of the link: ${JSON.stringify(entries)}`);
    await pg.shot("history-lists-the-link");
    await restoreEntry(page, linked.id);
    await page.waitForFunction(() => window.__rulesmith.text("rules/warlords3/rounds.rules")!.endsWith("// carried by the link"));
    assert.equal(await text(page, OTHER), bundledText(OTHER));
    // What the restore replaced is a snapshot too: the first tab's work comes back from it.
    const after = await historyEntries(page);
    const before = after.find((e) => e.cause === "before a restore");
    assert.ok(before, JSON.stringify(after));
    await restoreEntry(page, before.id);
    await page.waitForFunction(() => window.__rulesmith.text("rules/warlords3/units.rules")!.endsWith("// more of my work"));
    assert.equal(await text(page, FILE), mine.file);
  } finally {
    await second.close();
  }
});

step(pg, "two Resets in a row keep both sets of edits, listed after a reload with time and cause", async () => {
  const { page } = pg;
  await openFile(page, FILE);
  await appendLine(page, "// first edits");
  await saved(page);
  const first = await text(page, FILE);
  await confirmReset(page);
  await appendLine(page, "// second edits");
  await saved(page);
  const second = await text(page, FILE);
  await confirmReset(page);
  await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/rounds.rules") === t, bundledText(FILE));
  await saved(page);
  // The losses: the offer went away on opening a file or reloading.
  await openFile(page, OTHER);
  await reload(page);
  const entries = (await historyEntries(page)).filter((e) => e.cause === "before Reset");
  assert.ok(entries.length >= 2, JSON.stringify(entries));
  assert.ok(await page.$eval(`.history-entry[data-id="${entries[0]!.id}"] time`, (t) => !Number.isNaN(Date.parse(t.getAttribute("datetime")!))));
  await pg.shot("history-two-resets");
  // The older Reset's edits: the second entry (newest first).
  await restoreEntry(page, entries[1]!.id);
  await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/rounds.rules") === t, first);
  const again = (await historyEntries(page)).filter((e) => e.cause === "before Reset");
  await restoreEntry(page, again[0]!.id);
  await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/rounds.rules") === t, second);
});

step(pg, "the ✕ delete of a user's file is undone from the status bar, and from History after a reload", async () => {
  const { page } = pg;
  const path = "rules/warlords3/mine.rules";
  await page.click("#new-file");
  await page.fill("#new-file-path", path);
  await page.click("#new-file-form button[type=submit]");
  await page.waitForFunction((p) => window.__rulesmith.activePath() === p, path);
  await appendLine(page, "// my own file");
  await saved(page);
  const mine = await text(page, path);
  await page.click(`.tree-file[data-path="${path}"] .tree-action`);
  await page.waitForSelector(`.tree-file[data-path="${path}"]`, { state: "detached" });
  assert.equal(await page.textContent("#message-text"), `Deleted ${path}.`);
  assert.equal(await page.textContent("#message-action"), "Undo");
  await page.click("#message-action");
  await page.waitForSelector(`.tree-file[data-path="${path}"]`);
  assert.equal(await text(page, path), mine);
  // Ctrl+Z outside the editor brings it back too.
  await page.click(`.tree-file[data-path="${path}"] .tree-action`);
  await page.waitForSelector(`.tree-file[data-path="${path}"]`, { state: "detached" });
  await page.keyboard.press("Control+z");
  await page.waitForSelector(`.tree-file[data-path="${path}"]`);
  assert.equal(await text(page, path), mine);
  // Deleted again, then the page reloaded: History still has it.
  await page.click(`.tree-file[data-path="${path}"] .tree-action`);
  await page.waitForSelector(`.tree-file[data-path="${path}"]`, { state: "detached" });
  await saved(page);
  await reload(page);
  const entry = (await historyEntries(page)).find((e) => e.cause === `before ${path} was deleted`);
  assert.ok(entry);
  await restoreEntry(page, entry.id);
  await page.waitForSelector(`.tree-file[data-path="${path}"]`);
  assert.equal(await text(page, path), mine);
});

step(pg, "an import keeps the files it replaces", async () => {
  const { page } = pg;
  await openFile(page, OTHER);
  await appendLine(page, "// before the import");
  await saved(page);
  const mine = await text(page, OTHER);
  const dir = mkdtempSync(join(tmpdir(), "rulesmith-import-"));
  try {
    writeFileSync(join(dir, "theirs.json"), JSON.stringify({ format: "rulesmith-workspace", version: 1, changed: {}, deleted: [] }));
    await page.setInputFiles("#import-input", join(dir, "theirs.json"));
    // The page reads the file after the input changes: it stays until the import is done.
    await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/units.rules") === t, bundledText(OTHER));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const entry = (await historyEntries(page)).find((e) => e.cause === "before theirs.json was imported");
  assert.ok(entry);
  await restoreEntry(page, entry.id);
  await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/units.rules") === t, mine);
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
