// Browser tests of Simulate on every core (issue 9, item 5): the runs split over several web workers
// give the very counts one worker gives for the same seeds, for a tally outcome (each member's
// histogram, mean and spread), for an enum outcome, and for "compare with the bundled rules". The page
// takes its worker count from the `sim-workers` URL parameter; each count runs in a fresh browser
// profile so no saved workspace carries over. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { openFile, openPage, step, text, usePlayground } from "./harness.ts";

const pg = usePlayground("simulate-workers", { width: 1100, height: 800 });
const TALLY_SCENARIO = "rules/dragon-dice/scenarios/mixed-army.json";
const ENUM_SCENARIO = "rules/warlords3/scenarios/battle.json";

async function simulate(page: Page, runs: number) {
  const before = await page.$eval("#sim-result", (r) => Number((r as HTMLElement).dataset["done"] ?? 0));
  await page.fill("#sim-runs", String(runs));
  await page.click("#sim-start");
  await page.waitForFunction((n) => Number((document.querySelector("#sim-result") as HTMLElement).dataset["done"] ?? 0) > n, before);
}

/** Everything the charts show as data: members with mean, sd and bars; outcome bars; the compare table. */
function shown(page: Page) {
  return page.$eval("#sim-result", (r) => ({
    workers: (r as HTMLElement).dataset["workers"],
    errors: Array.from(r.querySelectorAll(".error-text")).map((e) => e.textContent),
    members: Array.from(r.querySelectorAll<HTMLElement>(".sim-member")).map((m) => ({
      name: m.dataset["member"],
      mean: m.dataset["mean"],
      sd: m.dataset["sd"],
      head: m.querySelector(".sim-member-head")?.textContent,
      bars: Array.from(m.querySelectorAll(".sim-hbar")).map((b) => `${b.getAttribute("data-value")}:${b.getAttribute("data-count")}`),
    })),
    outcomes: Array.from(r.querySelectorAll(".sim-bar")).map((b) => `${b.getAttribute("data-outcome")}:${b.getAttribute("data-count")}`),
    compare: Array.from(r.querySelectorAll(".sim-compare tr[data-name]")).map((row) => row.textContent),
  }));
}

/** In a fresh browser on `workers` workers: a tally simulation, then an edited enum scenario compared with the bundled one. */
async function results(workers: number) {
  const fresh = await pg.freshContext();
  try {
    const page = await fresh.context.newPage();
    page.on("pageerror", (err) => pg.pageErrors.push(err.message));
    await openPage(page, `${pg.url}?sim-workers=${workers}`);
    await openFile(page, "rules/dragon-dice/scenario.rules");
    await page.click("#tab-simulate");
    await page.selectOption("#sim-scenario", TALLY_SCENARIO);
    await simulate(page, 150);
    const tally = await shown(page);
    await pg.shot(`tally-${workers}-workers`, page);
    // The attacker's first unit made much stronger, compared with the bundled rules on the same seeds.
    await openFile(page, ENUM_SCENARIO);
    const lines = (await text(page, ENUM_SCENARIO)).split("\n");
    const line = lines.findIndex((l) => l.includes('"strength": 3,')) + 1;
    await page.evaluate(([l, c]) => window.__rulesmith.reveal(l!, c!), [line, lines[line - 1]!.indexOf("3,") + 1]);
    await page.keyboard.press("Delete");
    await page.keyboard.insertText("20");
    await page.selectOption("#sim-scenario", ENUM_SCENARIO);
    await page.check("#sim-compare");
    await simulate(page, 120);
    const compared = await shown(page);
    await pg.shot(`compare-${workers}-workers`, page);
    return { tally, compared };
  } finally {
    await fresh.close();
  }
}

step(pg, "three workers show exactly the counts, means and spreads one worker shows, compare included", async () => {
  const one = await results(1);
  const three = await results(3);
  assert.equal(one.tally.workers, "1");
  assert.equal(three.tally.workers, "3");
  assert.deepEqual(one.tally.errors, []);
  // The tally's members, each with its bars adding up to the runs: a real distribution, not an empty one.
  assert.deepEqual(
    one.tally.members.map((m) => m.name),
    ["melee", "missile", "magic", "maneuver", "save", "id"],
  );
  for (const m of one.tally.members) assert.equal(m.bars.reduce((n, b) => n + Number(b.split(":").pop()), 0), 150, m.name);
  assert.deepEqual({ ...three.tally, workers: "" }, { ...one.tally, workers: "" });
  // Compare: the bundled and the edited rules, both split, give one worker's table row for row.
  assert.deepEqual(
    one.compared.compare.map((r) => r?.slice(0, "Side.attacker".length)),
    ["Side.attacker", "Side.defender"],
  );
  assert.equal(one.compared.outcomes.reduce((n, b) => n + Number(b.split(":").pop()), 0), 120);
  assert.deepEqual({ ...three.compared, workers: "" }, { ...one.compared, workers: "" });
});

step(pg, "without a parameter the page uses one worker per core, at least one and at most eight", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await openFile(page, ENUM_SCENARIO);
  await page.click("#tab-simulate");
  await page.selectOption("#sim-scenario", ENUM_SCENARIO);
  await simulate(page, 20);
  assert.equal((await shown(page)).workers, String(Math.max(1, Math.min(8, cores))));
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
