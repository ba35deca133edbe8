// Browser tests of the smaller playground items of issue 28, each done as the issue found it: the
// Exact button ran the scenario picked in the Simulate list, not the open file's; a bad enum value in a
// scenario stacked three markers; "ask me at choices" was on, so a first Run stopped on a question; and
// every load asked for a file that is not there (a 404). Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUNDLE_BUDGET, describeSize, sizeOf } from "../../playground/bundle-size.ts";
import { checked, openFile, openPage, outlineCurrent, repo, step, text, undoUntil, usePlayground } from "./harness.ts";

const pg = usePlayground("details");

step(pg, "a page load asks for nothing that is not there (no 404)", async () => {
  const { page } = pg;
  const failed: string[] = [];
  page.on("response", (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
  page.on("requestfailed", (r) => failed.push(`failed ${r.url()}`));
  await openPage(page, pg.url);
  await checked(page);
  // A second load, from the browser's cache or not, asks for the same files.
  await openPage(page, pg.url);
  await checked(page);
  assert.deepEqual(failed, []);
  // The 404 the issue saw was /favicon.ico, which a browser showing the tab asks for when the page
  // names no icon (headless Chromium asks for none, so the page's own icon is what is checked).
  assert.match((await page.getAttribute("link[rel=icon]", "href")) ?? "", /^data:image\/svg\+xml,/);
});

step(pg, "Exact runs the open scenario file, not the one picked before in the Simulate list", async () => {
  const { page } = pg;
  await page.click("#new-game");
  await page.waitForFunction(() => window.__rulesmith.activePath() === "rules/mygame/game.rules");
  // A second scenario, uploaded, whose hero always wins: d6 + 7 >= 8 on every roll.
  const strong = "rules/mygame/strong.json";
  const dir = mkdtempSync(join(tmpdir(), "rulesmith-details-"));
  try {
    writeFileSync(join(dir, "strong.json"), JSON.stringify({ rules: "game.rules", run: "threeAttacks", seed: "1", state: { hero: { name: "Bo", strength: 7 } } }, null, 2) + "\n");
    await page.setInputFiles("#upload-input", join(dir, "strong.json"));
    // The page reads the file after the input changes: it stays until the file is open.
    await page.waitForFunction((p) => window.__rulesmith.activePath() === p, strong);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await openFile(page, "rules/mygame/game.rules");
  await page.click("#tab-simulate");
  await page.waitForSelector(`#sim-scenario option[value="${strong}"]`, { state: "attached" });
  await page.selectOption("#sim-scenario", "rules/mygame/scenarios/start.json");
  await openFile(page, strong);
  assert.equal(await page.inputValue("#sim-scenario"), strong, "the Simulate list follows the open scenario");
  const before = await page.$eval("#exact-result", (r) => Number((r as HTMLElement).dataset["runs"] ?? 0));
  await page.click("#exact-start");
  await page.waitForFunction((n) => Number((document.querySelector("#exact-result") as HTMLElement).dataset["runs"] ?? 0) > n, before);
  const state = await page.$eval("#exact-result", (r) => `${(r as HTMLElement).dataset["state"]}: ${r.textContent}`);
  assert.match(state, /^done: Exact: strong\.json/, `${state}\n${await text(page, strong)}`);
  // start.json's hero (strength 4) wins 0 to 3 times; this one's always 3.
  const results = await page.$$eval("#exact-result tr[data-result]", (rs) => rs.map((r) => (r as HTMLElement).dataset["result"]));
  assert.deepEqual(results, ["3"]);
});

step(pg, "a bad enum value in a scenario is one marker with a plain message", async () => {
  const { page } = pg;
  const path = "rules/warlords3/scenarios/duel-flying.json";
  await openFile(page, path);
  const original = await text(page, path);
  const lines = original.split("\n");
  const line = lines.findIndex((l) => l.includes('"vulnerableTo": "dragon"')) + 1;
  const col = lines[line - 1]!.indexOf('"dragon"') + '"dragon'.length + 1;
  await page.evaluate(([l, c]) => window.__rulesmith.reveal(l!, c!), [line, col]);
  await page.keyboard.insertText("n");
  await checked(page);
  await page.waitForFunction(() => window.__rulesmith.allMarkers().length > 0);
  const markers = await page.evaluate(() => window.__rulesmith.allMarkers());
  assert.equal(markers.length, 1, JSON.stringify(markers));
  assert.match(markers[0]!.message, /must be one of "dragon", "undead"/);
  assert.equal(markers[0]!.line, line);
  await pg.shot("one-enum-marker");
  await undoUntil(page, path, original);
});

step(pg, "\"ask me at choices\" is off by default", async () => {
  const { page } = pg;
  await openFile(page, "rules/mygame/game.rules");
  await page.click("#tab-run");
  await outlineCurrent(page);
  await page.selectOption("#run-target", "scenario:rules/mygame/scenarios/start.json");
  assert.equal(await page.isChecked("#run-ask"), false);
});

step(pg, "the built playground's JavaScript is within the budget the build reports, and the reference is a chunk of its own", () => {
  const js = readdirSync(join(pg.dist, "assets")).filter((f) => f.endsWith(".js"));
  const size = sizeOf(js.map((f) => readFileSync(join(pg.dist, "assets", f))));
  console.log(describeSize(size));
  assert.ok(size.bytes <= BUNDLE_BUDGET.bytes && size.gzipped <= BUNDLE_BUDGET.gzipped, describeSize(size));
  // Help's language reference loads when Help opens: its text is in no file the page loads first.
  const entry = readFileSync(join(pg.dist, "index.html"), "utf8").match(/assets\/index-[^"]+\.js/)![0];
  const reference = readFileSync(join(repo, "docs/language.md"), "utf8").split("\n").find((l) => l.length > 60 && !l.includes("`") && !/["\\]/.test(l))!;
  assert.ok(!readFileSync(join(pg.dist, entry), "utf8").includes(reference), "the reference is not in the page's first script");
  assert.ok(js.some((f) => f !== entry.slice("assets/".length) && readFileSync(join(pg.dist, "assets", f), "utf8").includes(reference)), "the reference is a chunk of its own");
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
