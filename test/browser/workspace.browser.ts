// Browser tests that no work is lost (issue 12, problems 1, 2 and 7): Reset resets and keeps a
// backup; a share link opens without silently replacing the saved edits, carries only the difference
// from the bundled files and says how long it is; a link pasted into an open tab opens; two tabs stay
// in step; the whole workspace exports and imports as one file; an information message clears when the
// user moves on. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appendLine, openFile, openPage, repo, saved, step, text, usePlayground } from "./harness.ts";

const pg = usePlayground("workspace");
const FILE = "rules/warlords3/rounds.rules";
const OTHER = "rules/warlords3/units.rules";
const bundledText = (path: string) => readFileSync(join(repo, path), "utf8");

step(pg, "Reset brings back the bundled rules, also after a reload, and offers the edits back", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await openFile(page, FILE);
  await appendLine(page, "// an edit to throw away");
  await saved(page);
  await page.click("#reset");
  await page.waitForSelector("#reset:text('Click again')");
  await page.click("#reset");
  await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/rounds.rules") === t, bundledText(FILE));
  await saved(page);
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
  await page.click("#reset");
  await page.click("#reset");
  await page.waitForSelector("#message-action");
  assert.equal(await page.textContent("#message-action"), "Restore my previous edits");
  await page.click("#message-action");
  await page.waitForFunction(() => window.__rulesmith.text("rules/warlords3/rounds.rules")!.endsWith("// kept by the backup"));
});

let link = "";

step(pg, "a share link carries only the lines that differ, and says how long it is", async () => {
  const { page } = pg;
  await saved(page);
  await page.click("#share");
  await page.waitForFunction(() => (document.querySelector("#share-url") as HTMLInputElement).value.includes("#share="));
  link = await page.inputValue("#share-url");
  // One added line in a file of several kilobytes: the link stays short enough for any chat tool.
  assert.ok(bundledText(FILE).length > 2000);
  assert.ok(link.length < 400, `link of ${link.length} characters`);
  assert.equal(await page.textContent("#share-length"), `${link.length} characters`);
  await pg.shot("share-link");
});

step(pg, "opening a share link in the same browser keeps the saved edits as a backup to restore", async () => {
  const { page } = pg;
  // The person's own, different edits, saved in this browser.
  await page.click("#reset");
  await page.click("#reset");
  await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/rounds.rules") === t, bundledText(FILE));
  await openFile(page, OTHER);
  await appendLine(page, "// my own work");
  await saved(page);
  const mine = await text(page, OTHER);
  await page.goto(link);
  await page.waitForSelector("body[data-ready=true]");
  assert.ok((await text(page, FILE)).endsWith("// kept by the backup"), "the link's files are shown");
  assert.equal(await text(page, OTHER), bundledText(OTHER));
  await page.waitForSelector("#message-action");
  assert.match((await page.textContent("#message-text")) ?? "", /previous edits are kept as a backup/);
  await pg.shot("link-opened-with-backup");
  await page.click("#message-action");
  await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/units.rules") === t, mine);
  assert.equal(await text(page, FILE), bundledText(FILE));
});

step(pg, "a share link pasted into an open tab opens there", async () => {
  const { page } = pg;
  await saved(page);
  const hash = link.slice(link.indexOf("#"));
  await page.evaluate((h) => (location.hash = h), hash);
  await page.waitForFunction(() => window.__rulesmith.text("rules/warlords3/rounds.rules")!.endsWith("// kept by the backup"));
  await page.waitForFunction(() => !location.hash.includes("share="));
  // What it replaced is offered back.
  await page.waitForSelector("#message-action");
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
  const before = { file: await text(page, FILE), other: await text(page, OTHER) };
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export")]);
  assert.equal(download.suggestedFilename(), "rulesmith-workspace.json");
  const exported = JSON.parse(readFileSync((await download.path())!, "utf8")) as { format: string; changed: Record<string, string> };
  assert.equal(exported.format, "rulesmith-workspace");
  assert.deepEqual(Object.keys(exported.changed).sort(), [FILE, OTHER].sort());
  await page.click("#reset");
  await page.click("#reset");
  await page.waitForFunction((t) => window.__rulesmith.text("rules/warlords3/rounds.rules") === t, bundledText(FILE));
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
  await page.click("#message-close");
  await page.waitForFunction(() => document.querySelector("#statusbar")!.getAttribute("data-message") === null);
  await page.click("#share");
  await page.waitForSelector("#statusbar[data-message=info]");
  await openFile(page, OTHER);
  await page.waitForFunction(() => document.querySelector("#message")!.textContent === "");
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
