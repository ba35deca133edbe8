// Browser tests of simulation results a designer can act on (issue 12, problem 4): a tally outcome
// shows one histogram per member with its mean and spread, matching what `rulesmith simulate`
// counted; charts fit their pane; "compare" runs the same seeds on the bundled rules and on the edits
// and shows each outcome's difference. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { cli, openFile, openPage, repo, simulate, step, text, usePlayground } from "./harness.ts";

const pg = usePlayground("simulate", { width: 1100, height: 800 });
const TALLY_SCENARIO = "rules/dragon-dice/scenarios/mixed-army.json";
const ENUM_SCENARIO = "rules/warlords3/scenarios/battle.json";

/** The outcome lines of `rulesmith simulate` output: outcome text and count. */
function outcomes(output: string): [string, number][] {
  return output
    .split("\n")
    .map((l) => /^(\S.*?)\s+(\d+)\s+[\d.]+%/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1]!, Number(m[2])]);
}

/** Opens the Simulate tab on the tally scenario and simulates it `runs` times. */
async function simulateTally(runs: number) {
  const { page } = pg;
  await openFile(page, "rules/dragon-dice/scenario.rules");
  await page.click("#tab-simulate");
  await page.selectOption("#sim-scenario", TALLY_SCENARIO);
  await page.uncheck("#sim-compare");
  await simulate(page, runs);
}

step(pg, "a tally outcome shows each member's distribution with the mean `rulesmith simulate`'s runs give", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await simulateTally(200);
  const out = spawnSync(process.execPath, [join(repo, "bin/rulesmith.js"), "simulate", TALLY_SCENARIO, "-n", "200"], { cwd: repo, encoding: "utf8" }).stdout;
  // Each CLI outcome is a tally like `Icon(melee: 2, save: 14)`: the mean of a member over all runs.
  const rows = outcomes(out);
  assert.equal(rows.reduce((n, [, c]) => n + c, 0), 200, out);
  const mean = (member: string) => rows.reduce((s, [o, c]) => s + Number(new RegExp(`\\b${member}: (\\d+)`).exec(o)?.[1] ?? 0) * c, 0) / 200;
  const members = await page.$$eval(".sim-member", (ss) => ss.map((s) => ({ name: (s as HTMLElement).dataset["member"]!, mean: Number((s as HTMLElement).dataset["mean"]) })));
  assert.deepEqual(
    members.map((m) => m.name),
    ["melee", "missile", "magic", "maneuver", "save", "id"],
  );
  for (const m of members) assert.ok(Math.abs(m.mean - mean(m.name)) < 1e-9, `${m.name}: ${m.mean} against ${mean(m.name)}`);
  // Each member's bars add up to the runs.
  const totals = await page.$$eval(".sim-member", (ss) => ss.map((s) => Array.from(s.querySelectorAll(".sim-hbar")).reduce((n, r) => n + Number(r.getAttribute("data-count")), 0)));
  assert.deepEqual(totals, [200, 200, 200, 200, 200, 200]);
  assert.match((await page.textContent('.sim-member[data-member="save"] .sim-member-head')) ?? "", /^save mean [\d.]+, sd [\d.]+, 95% interval [\d.]+–[\d.]+$/);
  await pg.shot("tally-histograms");
});

step(pg, "the charts fit their pane, also when it is narrow", async () => {
  const { page } = pg;
  await simulateTally(50);
  assert.ok((await page.$$eval("#sim-result svg", (svgs) => svgs.length)) > 0, "the charts are drawn");
  const fits = () => page.$$eval("#sim-result svg", (svgs) => svgs.every((s) => s.getBoundingClientRect().right <= document.querySelector("#panel")!.getBoundingClientRect().right + 1));
  assert.ok(await fits());
  await page.setViewportSize({ width: 800, height: 600 });
  await page.waitForFunction(() => Array.from(document.querySelectorAll("#sim-result svg")).every((s) => s.getBoundingClientRect().right <= document.querySelector("#panel")!.getBoundingClientRect().right + 1));
  await pg.shot("tally-histograms-800");
  await page.setViewportSize({ width: 1100, height: 800 });
});

step(pg, "compare runs the same seeds on the bundled rules and on the edits, and shows the difference", async () => {
  const { page } = pg;
  await openFile(page, ENUM_SCENARIO);
  const bundledText = await text(page, ENUM_SCENARIO);
  // The attacker's first unit made much stronger: the attacker should win more often.
  const lines = bundledText.split("\n");
  const line = lines.findIndex((l) => l.includes('"strength": 3,')) + 1;
  await page.evaluate(([l, c]) => window.__rulesmith.reveal(l!, c!), [line, lines[line - 1]!.indexOf("3,") + 1]);
  await page.keyboard.press("Delete");
  await page.keyboard.insertText("20");
  const edited = await text(page, ENUM_SCENARIO);
  await page.selectOption("#sim-scenario", ENUM_SCENARIO);
  await page.check("#sim-compare");
  await simulate(page, 200);
  const share = (rows: [string, number][], o: string) => `${(((rows.find(([k]) => k === o)?.[1] ?? 0) / 200) * 100).toFixed(1)}%`;
  const original = outcomes(spawnSync(process.execPath, [join(repo, "bin/rulesmith.js"), "simulate", ENUM_SCENARIO, "-n", "200"], { cwd: repo, encoding: "utf8" }).stdout);
  const changed = outcomes(cli("simulate", ENUM_SCENARIO, { [ENUM_SCENARIO]: edited }, ["-n", "200"]));
  const table = await page.$$eval(".sim-compare tr[data-name]", (rs) => rs.map((r) => [(r as HTMLElement).dataset["name"]!, ...Array.from(r.querySelectorAll("td")).map((td) => td.textContent ?? "")]));
  assert.deepEqual(
    table.map(([name, a, b]) => [name, a, b]),
    ["Side.attacker", "Side.defender"].map((o) => [o, share(original, o), share(changed, o)]),
  );
  const attacker = table.find(([name]) => name === "Side.attacker")!;
  assert.match(attacker[3]!, /^\+/, "the stronger attacker wins more often");
  await pg.shot("compare");
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
