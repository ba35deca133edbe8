// The playground's Balance tab (issue 27): on a Warlords III file it offers the bundled roster, runs
// every matchup in a web worker and shows the same HTML report `rulesmith balance --html` writes, a
// heat map cell per ordered pair. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { openFile, openPage, shareHash, step, usePlayground, WAIT_MS } from "./harness.ts";

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

// The mods switched on load with the roster's scenario (issue 28). The warlords3-fear mod declares
// `causesFear` on a unit, and its text: a frightened unit adds the fear's level to its d20 combat roll,
// where lower is better, so between two units alike but for the fear, the fearsome one wins more often.
const FEAR_ROSTER = "rules/warlords3/balance/fear.json";
const FEAR_MOD = "mods/warlords3-fear";

step(pg, "the Balance tab loads the mods switched on: a roster of the fear mod's units runs only with it", async () => {
  const { page } = pg;
  const roster = {
    scenario: "../scenarios/duel.json",
    slots: ["/attacker/units", "/defender/units"],
    wins: ["Side.attacker", "Side.defender"],
    entries: {
      Fearsome: [{ name: "Fearsome", strength: 5, hp: 2, causesFear: 3 }],
      Plain: [{ name: "Plain", strength: 5, hp: 2 }],
    },
  };
  await page.goto("about:blank");
  await openPage(page, pg.url + shareHash({ [FEAR_ROSTER]: JSON.stringify(roster, null, 2) }, "rules/warlords3/battle.rules"));
  await page.click("#tab-balance");
  await page.waitForFunction((p) => [...document.querySelectorAll("#balance-roster option")].some((o) => (o as HTMLOptionElement).value === p), FEAR_ROSTER);
  const balanced = async () => {
    await page.selectOption("#balance-roster", FEAR_ROSTER);
    await page.fill("#balance-runs", "200");
    await page.fill("#balance-seed", "1");
    await page.click("#balance-start");
    await page.waitForSelector("#balance-start:not([disabled])");
    return (await page.textContent("#balance-status")) ?? "";
  };
  await page.waitForSelector(`#mods input[data-mod="${FEAR_MOD}"]`);
  assert.equal(await page.isChecked(`#mods input[data-mod="${FEAR_MOD}"]`), false);
  const without = await balanced();
  // Without the mod the base knows no `causesFear`: every run with the fearsome unit stops, the three
  // matchups it is in (against itself and Plain, both ways) at 200 runs each; Plain against Plain runs.
  assert.match(without, /; 600 run\(s\) stopped with an error$/, without);
  await page.check(`#mods input[data-mod="${FEAR_MOD}"]`);
  const withMod = await balanced();
  assert.match(withMod, /^2 entries, 4 matchups/, withMod);
  assert.doesNotMatch(withMod, /stopped with an error/);
  const frame = page.frameLocator("#balance-report");
  const cell = (title: string) => frame.locator(`table.heatmap td.cell[title^="${title}:"]`);
  // Seed 1, 200 runs a matchup: the whole 95% interval is on the fearsome side of even.
  assert.ok(Number(await cell("Fearsome against Plain").getAttribute("data-low")) > 0.5, "the fearsome unit wins more than half");
  assert.ok(Number(await cell("Plain against Fearsome").getAttribute("data-high")) < 0.5, "the frightened unit wins less than half");
  await pg.shot("balance-tab-fear-mod");
  await page.uncheck(`#mods input[data-mod="${FEAR_MOD}"]`);
  assert.deepEqual(pg.pageErrors, []);
});
