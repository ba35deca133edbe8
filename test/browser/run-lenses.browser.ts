// Browser tests of ▶ Run in the editor (issue 12, "Run" deliverable): "Run all examples in this file"
// above a rules file lists each example passed or failed, as `rulesmith test FILE` counts them, each
// linking to its example; the ▶ in the margin beside an example runs it; a scenario file has "Run this
// scenario". Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openFile, openPage, outlineCurrent, ran, repo, step, usePlayground } from "./harness.ts";

const pg = usePlayground("run-lenses");
const FILE = "rules/warlords3/rounds.rules";


step(pg, "Run all examples in this file lists each one as `rulesmith test FILE` does", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await openFile(page, FILE);
  await outlineCurrent(page);
  assert.match((await page.textContent("#run-file")) ?? "", /^▶ Run all \d+ examples in this file$/);
  assert.equal(await ran(page, () => page.click("#run-file")), "passed");
  const shown = await page.$$eval("#example-results li", (ls) => ls.map((l) => [(l as HTMLElement).dataset["title"], l.className]));
  const cli = spawnSync(process.execPath, [join(repo, "bin/rulesmith.js"), "test", FILE], { cwd: repo, encoding: "utf8" }).stdout;
  const expected = cli
    .split("\n")
    .map((l) => /^(ok|FAIL)\s+(.*?)\s+\(rules\/warlords3\/rounds\.rules:\d+\)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[2], m[1] === "ok" ? "passed" : "failed"]);
  assert.ok(expected.length > 3, cli);
  assert.deepEqual(shown, expected);
  assert.match((await page.textContent("#run-status strong")) ?? "", new RegExp(`^${expected.length} passed, 0 failed$`));
  await pg.shot("run-all-in-file");
  // Each result links to its example.
  const title = expected[2]![0]!;
  await page.click(`#example-results li[data-title="${title}"] a`);
  const line = readFileSync(join(repo, FILE), "utf8").split("\n").findIndex((l) => l.startsWith(`example "${title}"`)) + 1;
  await page.waitForFunction((l) => window.__rulesmith.selection()?.line === l, line);
});

step(pg, "the ▶ beside an example runs that example", async () => {
  const { page } = pg;
  await openFile(page, FILE);
  await outlineCurrent(page);
  const text = readFileSync(join(repo, FILE), "utf8").split("\n");
  const line = text.findIndex((l) => l.startsWith("example ")) + 1;
  const title = /^example "(.*)"/.exec(text[line - 1]!)![1]!;
  await page.evaluate((l) => window.__rulesmith.reveal(l, 1), line);
  // The ▶ drawn at the example's line (glyphs are placed by their line's top), once the editor has
  // scrolled there and drawn it.
  const found = await page.waitForFunction((l) => {
    const at = window.__rulesmith.coords(l, 1);
    const g = at && Array.from(document.querySelectorAll(".run-glyph")).map((x) => x.getBoundingClientRect()).find((r) => r.top <= at.y && r.bottom >= at.y);
    return g ? { x: g.left + g.width / 2, y: g.top + g.height / 2 } : null;
  }, line);
  const glyph = (await found.jsonValue())!;
  assert.equal(await ran(page, () => page.mouse.click(glyph.x, glyph.y)), "passed");
  assert.equal(await page.textContent("#run-status"), `✔ passed ${title}`);
  assert.equal(await page.$eval("#run-target", (s) => (s as HTMLSelectElement).value), `example:${title}`);
});

step(pg, "a scenario file has Run this scenario", async () => {
  const { page } = pg;
  await openFile(page, "rules/warlords3/scenarios/battle.json");
  await outlineCurrent(page);
  assert.equal(await page.textContent("#run-file"), "▶ Run this scenario");
  assert.equal(await ran(page, () => page.click("#run-file")), "passed");
  assert.match((await page.textContent("#run-status strong")) ?? "", /^result: Side\./);
  assert.equal(await page.$eval("#run-target", (s) => (s as HTMLSelectElement).value), "scenario:rules/warlords3/scenarios/battle.json");
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
