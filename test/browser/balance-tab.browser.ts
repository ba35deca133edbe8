// The playground's Balance tab (issue 27): on a Warlords III file it offers the bundled roster, runs
// every matchup in a web worker and shows the same HTML report `rulesmith balance --html` writes, a
// heat map cell per ordered pair. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { openFile, openPage, step, usePlayground, WAIT_MS } from "./harness.ts";

const pg = usePlayground("balance-tab", { width: 1400, height: 900 });

step(pg, "the Balance tab runs the bundled Warlords III roster and shows its heat map", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await openFile(page, "rules/warlords3/battle.rules");
  await page.click("#tab-balance");
  assert.deepEqual(await page.$$eval("#balance-roster option", (os) => os.map((o) => o.getAttribute("value"))), ["rules/warlords3/balance/roster.json"]);
  await page.fill("#balance-runs", "20");
  await page.click("#balance-start");
  await page.waitForSelector("#balance-report:not([hidden])", { timeout: WAIT_MS });
  const frame = page.frameLocator("#balance-report");
  // Thirteen units: 169 ordered pairs, each with a rate and a simulated interval.
  assert.equal(await frame.locator("table.heatmap td.cell").count(), 169);
  const interval = await frame.locator("table.heatmap td.cell .interval").first().textContent();
  assert.match(interval ?? "", /^\d+\.\d% – \d+\.\d%$/);
  assert.match((await page.textContent("#balance-status")) ?? "", /^13 entries, 169 matchups/);
  await pg.shot("balance-tab");
  assert.deepEqual(pg.pageErrors, []);
});
