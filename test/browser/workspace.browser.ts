// Browser tests that no work is lost (issue 12, problems 1, 2 and 7): Reset resets and keeps a
// backup; a share link opens without silently replacing the saved edits, carries only the difference
// from the bundled files and says how long it is; a link pasted into an open tab opens; two tabs stay
// in step; the whole workspace exports and imports as one file; an information message clears when the
// user moves on. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { appendLine, confirmReset, openFile, openPage, repo, saved, step, text, usePlayground } from "./harness.ts";

const pg = usePlayground("workspace");
const FILE = "rules/warlords3/rounds.rules";
const OTHER = "rules/warlords3/units.rules";
const bundledText = (path: string) => readFileSync(join(repo, path), "utf8");

/** Reset (both clicks), then waits for the bundled text to be back and saved. */
async function resetAll(page: Page) {
  await confirmReset(page);
  await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/rounds.rules") === t, bundledText(FILE));
  await saved(page);
}

step(pg, "Reset brings back the bundled rules, also after a reload, and offers the edits back", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await openFile(page, FILE);
  await appendLine(page, "// an edit to throw away");
  await saved(page);
  await page.click("#reset");
  await page.waitForSelector("#reset[data-armed]");
  assert.equal(await page.textContent("#reset"), "Click again to discard all edits");
  await page.click("#reset");
  await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/rounds.rules") === t, bundledText(FILE));
  await saved(page);
  assert.equal(await page.textContent("#reset"), "Reset");
  assert.equal(await page.textContent("#save-status"), "bundled rules");
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await text(page, FILE), bundledText(FILE));
  assert.equal(await page.textContent("#save-status"), "bundled rules");
  await pg.shot("reset");
});

step(pg, "the edits Reset discarded can be restored from its message", async () => {
  const { page } = pg;
  await openFile(page, FILE);
  await appendLine(page, "// kept by the backup");
  await saved(page);
  await resetAll(page);
  await page.waitForSelector("#message-action");
  assert.equal(await page.textContent("#message-action"), "Restore my previous edits");
  await page.click("#message-action");
  await page.waitForFunction(() => window.__rulesmith.text("rules/warlords3/rounds.rules")!.endsWith("// kept by the backup"));
});

const LINKED = "// carried by the link";
let link = "";

/** A share link of the bundled rules with one line added to FILE, made once and kept for the steps after. */
async function theLink(page: Page): Promise<string> {
  if (link) return link;
  await resetAll(page);
  await openFile(page, FILE);
  await appendLine(page, LINKED);
  await saved(page);
  await page.click("#share");
  await page.waitForFunction(() => (document.querySelector("#share-url") as HTMLInputElement).value.includes("#share="));
  link = await page.inputValue("#share-url");
  return link;
}

step(pg, "a share link carries only the lines that differ, and says how long it is", async () => {
  const { page } = pg;
  link = "";
  await theLink(page);
  // One added line in a file of several kilobytes: the link stays short enough for any chat tool.
  assert.ok(bundledText(FILE).length > 2000);
  assert.ok(link.length < 400, `link of ${link.length} characters`);
  assert.equal(await page.textContent("#share-length"), `${link.length} characters`);
  await pg.shot("share-link");
});

step(pg, "opening a share link in the same browser keeps the saved edits as a backup to restore", async () => {
  const { page } = pg;
  const link = await theLink(page);
  // The person's own, different edits, saved in this browser.
  await resetAll(page);
  await openFile(page, OTHER);
  await appendLine(page, "// my own work");
  await saved(page);
  const mine = await text(page, OTHER);
  // A page load, as when the link is opened from a chat: going from the page to its own URL with
  // another hash would only change the hash (the next step's case), and the old page would answer.
  await page.goto("about:blank");
  await page.goto(link);
  await page.waitForSelector("body[data-ready=true]");
  assert.ok((await text(page, FILE)).endsWith(LINKED), "the link's files are shown");
  assert.equal(await text(page, OTHER), bundledText(OTHER));
  await page.waitForSelector("#message-action");
  assert.match((await page.textContent("#message-text")) ?? "", /previous edits are kept in History/);
  await pg.shot("link-opened-with-backup");
  await page.click("#message-action");
  await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/units.rules") === t, mine);
  assert.equal(await text(page, FILE), bundledText(FILE));
});

step(pg, "a share link pasted into an open tab opens there", async () => {
  const { page } = pg;
  const link = await theLink(page);
  // Edits of this tab's own, which the link replaces.
  await resetAll(page);
  await openFile(page, OTHER);
  await appendLine(page, "// this tab's work");
  await saved(page);
  const hash = link.slice(link.indexOf("#"));
  await page.evaluate((h) => (location.hash = h), hash);
  await page.waitForFunction((l) => window.__rulesmith.text("rules/warlords3/rounds.rules")!.endsWith(l), LINKED);
  await page.waitForFunction(() => !location.hash.includes("share="));
  // What it replaced is offered back.
  await page.waitForSelector("#message-action");
  assert.equal(await text(page, OTHER), bundledText(OTHER));
});

step(pg, "two tabs stay in step: each takes the other's saves without losing its own", async () => {
  const { page, context } = pg;
  await saved(page);
  const second = await context.newPage();
  try {
    await openPage(second, pg.url);
    await openFile(second, OTHER);
    await appendLine(second, "// typed in the second tab");
    await saved(second);
    await page.waitForFunction(() => window.__rulesmith.text("rules/warlords3/units.rules")!.endsWith("// typed in the second tab"));
    await openFile(page, FILE);
    await appendLine(page, "// typed in the first tab");
    await saved(page);
    await second.waitForFunction(() => window.__rulesmith.text("rules/warlords3/rounds.rules")!.endsWith("// typed in the first tab"));
    // Neither tab's save undid the other's edit.
    assert.ok((await text(second, OTHER)).endsWith("// typed in the second tab"));
    await saved(second);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    assert.ok((await text(page, OTHER)).endsWith("// typed in the second tab"));
    assert.ok((await text(page, FILE)).endsWith("// typed in the first tab"));
  } finally {
    await second.close();
  }
});

step(pg, "the whole workspace exports as one file and imports back", async () => {
  const { page } = pg;
  // Both files edited, whatever the steps before left.
  for (const path of [FILE, OTHER]) {
    await openFile(page, path);
    await appendLine(page, "// exported");
  }
  await saved(page);
  const before = { file: await text(page, FILE), other: await text(page, OTHER) };
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export")]);
  assert.equal(download.suggestedFilename(), "rulesmith-workspace.json");
  const exported = JSON.parse(readFileSync((await download.path())!, "utf8")) as { format: string; changed: Record<string, string> };
  assert.equal(exported.format, "rulesmith-workspace");
  assert.deepEqual(Object.keys(exported.changed).sort(), [FILE, OTHER].sort());
  await resetAll(page);
  const dir = mkdtempSync(join(tmpdir(), "rulesmith-export-"));
  try {
    const file = join(dir, "mine.json");
    writeFileSync(file, JSON.stringify(exported));
    await page.setInputFiles("#import-input", file);
    await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/rounds.rules") === t, before.file);
    assert.equal(await text(page, OTHER), before.other);
    assert.match((await page.textContent("#message-text")) ?? "", /^Imported the workspace mine\.json\./);
    // A file that is not a workspace is refused with the reason, and nothing changes.
    writeFileSync(file, "{}");
    await page.setInputFiles("#import-input", file);
    await page.waitForSelector("#statusbar[data-message=error]");
    assert.match((await page.textContent("#message-text")) ?? "", /is not an exported workspace/);
    assert.equal(await text(page, FILE), before.file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

step(pg, "an error message stays until closed; an information clears when the user opens another file", async () => {
  const { page } = pg;
  await openFile(page, FILE);
  // An error: a file that is not a workspace, imported.
  const dir = mkdtempSync(join(tmpdir(), "rulesmith-export-"));
  try {
    writeFileSync(join(dir, "not-a-workspace.json"), "{}");
    await page.setInputFiles("#import-input", join(dir, "not-a-workspace.json"));
    await page.waitForSelector("#statusbar[data-message=error]");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await openFile(page, OTHER);
  assert.equal(await page.getAttribute("#statusbar", "data-message"), "error", "opening a file leaves an error");
  await page.click("#message-close");
  await page.waitForFunction(() => document.querySelector("#statusbar")!.getAttribute("data-message") === null);
  await openFile(page, FILE);
  await page.click("#share");
  await page.waitForSelector("#statusbar[data-message=info]");
  await openFile(page, OTHER);
  await page.waitForFunction(() => document.querySelector("#message")!.textContent === "");
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
