// Browser test of "Why didn't this rule fire?" (issue 26, item 5): the editor action on a modifier asks
// the run worker `rulesmith why-not` about the rule at the cursor in the Run panel's scenario, shows the
// answer the command prints, and its `-->` links select the source. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { openFile, openPage, outlineCurrent, repo, step, usePlayground } from "./harness.ts";

const pg = usePlayground("why-not");
const FILE = "rules/warlords3/missile.rules";
const SCENARIO = "rules/warlords3/scenarios/duel-missile.json";

step(pg, "Why didn't this rule fire? on a modifier shows what rulesmith why-not prints", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await openFile(page, FILE);
  await page.click("#tab-run");
  await outlineCurrent(page);
  await page.selectOption("#run-target", `scenario:${SCENARIO}`);
  // Line 12 declares `modifier againstFlyers`; the Minotaur of the duel does not fly.
  await page.evaluate(() => window.__rulesmith.reveal(12, 5));
  await page.keyboard.press("Control+Shift+KeyY");
  await page.waitForSelector("#why-not[data-state=done]");
  const shown = (await page.textContent("#why-not")) ?? "";
  const cli = spawnSync(process.execPath, [join(repo, "bin/rulesmith.js"), "why-not", SCENARIO, "--rule", `${FILE}:12`], { cwd: repo, encoding: "utf8" }).stdout;
  assert.equal(shown.trim(), cli.trim());
  assert.match(shown, /`isFlying\(target, targetStack\)` was false/);
  await pg.shot("why-not");
  // The link to the false conjunct selects it in the editor.
  await page.click("#why-not a.why-not-link >> nth=1");
  await page.waitForFunction(() => window.__rulesmith.selection()?.line === 12 && window.__rulesmith.selection()?.col === 49);
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
