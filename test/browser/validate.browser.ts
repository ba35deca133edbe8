// Browser tests of rule-text validation in the playground (issue 13): the Validate tab runs
// `rulesmith mutate` on the open game system in a worker and shows what the command prints, each
// surviving mutant marked in the editor with that text; Stop ends a run with the mutants run so far;
// the Exact button beside Simulate gives a scenario's exact distribution, or E0425 when it has more
// dice paths than the limit. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { cli, openFile, openPage, step, text, usePlayground } from "./harness.ts";

const pg = usePlayground("validate", { width: 1300, height: 850 });
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const GAME = "rules/mygame/game.rules";
const SCENARIO = "rules/mygame/scenarios/start.json";
const OWNER = "rulesmith-mutate";

/** Clicks Validate and waits for the run to end (the result's run count goes up). */
async function validate(page: Page): Promise<string> {
  const before = await page.$eval("#validate-result", (r) => Number((r as HTMLElement).dataset["runs"] ?? 0));
  await page.click("#validate-start");
  await page.waitForFunction((n) => Number((document.querySelector("#validate-result") as HTMLElement).dataset["runs"] ?? 0) > n, before);
  return page.$eval("#validate-result", (r) => (r as HTMLElement).dataset["state"]!);
}

/** Clicks Exact and waits for its answer. */
async function exact(page: Page): Promise<string> {
  const before = await page.$eval("#exact-result", (r) => Number((r as HTMLElement).dataset["runs"] ?? 0));
  await page.click("#exact-start");
  await page.waitForFunction((n) => Number((document.querySelector("#exact-result") as HTMLElement).dataset["runs"] ?? 0) > n, before);
  return page.$eval("#exact-result", (r) => (r as HTMLElement).dataset["state"]!);
}

/** The survivor blocks and the score lines of `rulesmith mutate` output. */
function cliReport(out: string): { survivors: string[]; scores: string } {
  const blocks = out.trimEnd().split("\n\n");
  return { survivors: blocks.slice(0, -1), scores: blocks[blocks.length - 1]! };
}

/** axe-core's critical and serious violations inside the panel. */
async function axe(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    type V = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const r = await (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: V[] }> } }).axe.run("#panel", { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.impact} ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

const mutateMarkers = (page: Page, path: string) => page.evaluate(([p, owner]) => window.__rulesmith.allMarkers(p).filter((m) => m.owner === owner), [path, OWNER] as const);

step(pg, "Validate on an edited starter game lists the survivors and scores `rulesmith mutate` prints, and marks each clause", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await page.click("#new-game");
  await page.waitForFunction((p) => window.__rulesmith.activePath() === p, GAME);
  // The edit: the example also checks the count of wins, which pins down `wins = wins + 1`.
  const lines = (await text(page, GAME)).split("\n");
  const at = lines.findIndex((l) => l.trim() === "expect attack(ada) == false") + 1;
  assert.ok(at > 0);
  await page.evaluate(([l, c]) => window.__rulesmith.reveal(l!, c!), [at, lines[at - 1]!.length + 1]);
  await page.keyboard.insertText("\n  expect wins == 1");
  const rules = await text(page, GAME);
  assert.match(rules, /expect wins == 1/);
  await page.click("#tab-validate");
  await page.waitForFunction(() => document.querySelector("#validate-system")?.textContent === "rules/mygame");
  assert.equal(await validate(page), "done");

  const expected = cliReport(cli("mutate", "rules/mygame", { [GAME]: rules, [SCENARIO]: await text(page, SCENARIO) }));
  const shown = await page.$$eval("#validate-result .survivor pre", (ps) => ps.map((p) => p.textContent ?? ""));
  assert.deepEqual(shown, expected.survivors);
  assert.equal(await page.textContent("#validate-scores"), expected.scores);
  // Worked from the rules: 15 mutants; the example kills the 7 of `total >= 8` and `wins + 1`; the 8
  // constants of `d6` and of the list [1, 2, 3] in threeAttacks, which no example runs, survive.
  assert.equal(expected.scores.split("\n").pop(), "all: 15 mutants, 7 killed, 8 survived: score 46.6%");
  assert.equal(await page.$eval("#validate-result", (r) => (r as HTMLElement).dataset["score"]), "46.6");
  assert.ok(!shown.some((s) => s.includes("game.rules:20:")), "the edit kills the mutants of `wins + 1`");

  // One warning marker per survivor, on its clause, with its text.
  const markers = await mutateMarkers(page, GAME);
  const ranges = shown.map((s) => /:(\d+):(\d+)-(\d+):(\d+)\s/.exec(s)!.slice(1).map(Number));
  assert.deepEqual(
    markers.map((m) => [m.line, m.col, m.endLine, m.endCol, m.severity, m.message]).sort(),
    shown.map((s, i) => [...ranges[i]!, 4, s]).sort(),
  );
  assert.ok(markers.some((m) => m.line === 28 && m.col === 13 && m.message.startsWith("SURVIVED  rules/mygame/game.rules:28:13-28:14  constant")));
  await pg.shot("validate-survivors");

  // Clicking a survivor selects its clause.
  await page.click("#validate-result .survivor[data-line='28'][data-col='16']");
  assert.deepEqual(await page.evaluate(() => window.__rulesmith.selection()), { line: 28, col: 16, endLine: 28, endCol: 17 });
});

step(pg, "axe-core finds no critical or serious violation on the Validate tab", async () => {
  assert.deepEqual(await axe(pg.page), []);
});

step(pg, "editing the file clears its survivors' markers; a new Validate marks again", async () => {
  const { page } = pg;
  assert.ok((await mutateMarkers(page, GAME)).length > 0);
  // A space at the start of the first line, a comment, then taken back.
  await page.evaluate(() => window.__rulesmith.reveal(1, 1));
  await page.keyboard.insertText(" ");
  await page.waitForFunction(([p, owner]) => window.__rulesmith.allMarkers(p).every((m) => m.owner !== owner), [GAME, OWNER] as const);
  await page.waitForSelector("#validate-result .survivor.stale");
  await page.keyboard.press("Backspace");
  assert.equal(await validate(page), "done");
  assert.equal((await mutateMarkers(page, GAME)).length, 8);
});

step(pg, "Validate on Warlords III with the default budget runs an even sample and scores it as `rulesmith mutate --budget` does", async () => {
  const { page } = pg;
  await openFile(page, "rules/warlords3/hits.rules");
  await page.waitForFunction(() => document.querySelector("#validate-system")?.textContent === "rules/warlords3");
  const budget = Number(await page.inputValue("#validate-budget"));
  const started = Date.now();
  assert.equal(await validate(page), "done");
  // Measured, not asserted: how long the default budget takes here, for the README.
  console.log(`validate: Warlords III, default budget ${budget}: ${Date.now() - started} ms`);
  const expected = cliReport(cli("mutate", "rules/warlords3", {}, ["--budget", String(budget)]));
  assert.equal(await page.textContent("#validate-scores"), expected.scores);
  assert.deepEqual(await page.$$eval("#validate-result .survivor pre", (ps) => ps.map((p) => p.textContent ?? "")), expected.survivors);
  assert.match(expected.scores, new RegExp(`^budget: ran ${budget} of \\d+ mutants \\(an even sample\\)`, "m"));
});

step(pg, "Stop ends a validation of Warlords III with the report of the mutants run so far", async () => {
  const { page } = pg;
  await page.fill("#validate-budget", "100000");
  const before = await page.$eval("#validate-result", (r) => Number((r as HTMLElement).dataset["runs"] ?? 0));
  await page.click("#validate-start");
  // The markers of the previous run are gone as soon as a new one starts.
  assert.equal((await mutateMarkers(page, "rules/warlords3/hits.rules")).length + (await mutateMarkers(page, GAME)).length, 0);
  await page.waitForFunction(() => Number((document.querySelector("#validate-result") as HTMLElement).dataset["done"] ?? 0) >= 2);
  const total = await page.$eval("#validate-result", (r) => Number((r as HTMLElement).dataset["total"]));
  await page.click("#validate-stop");
  await page.waitForFunction((n) => Number((document.querySelector("#validate-result") as HTMLElement).dataset["runs"] ?? 0) > n, before);
  assert.equal(await page.$eval("#validate-result", (r) => (r as HTMLElement).dataset["state"]), "stopped");
  const head = (await page.textContent("#validate-result .notice")) ?? "";
  const m = /^Stopped after (\d+) of (\d+) mutants\./.exec(head);
  assert.ok(m, head);
  const ran = Number(m[1]);
  assert.equal(Number(m[2]), total);
  assert.ok(ran >= 2 && ran < total, `${ran} of ${total}`);
  const scores = (await page.textContent("#validate-scores")) ?? "";
  assert.match(scores, new RegExp(`^all: ${ran} mutants, \\d+ killed, \\d+ survived`, "m"));
  assert.equal(await page.isDisabled("#validate-stop"), true);
  assert.equal(await page.isDisabled("#validate-start"), false);
  await pg.shot("validate-stopped");
});

step(pg, "Exact gives the starter scenario's distribution worked by hand", async () => {
  const { page } = pg;
  await openFile(page, GAME);
  await page.click("#tab-simulate");
  await page.waitForSelector(`#sim-scenario option[value="${SCENARIO}"]`, { state: "attached" });
  await page.selectOption("#sim-scenario", SCENARIO);
  // Three attacks, each d6 + 4 >= 8, so a win on 4, 5 or 6: p = 1/2. Wins are binomial(3, 1/2):
  // 0 and 3 wins 1/8 each, 1 and 2 wins 3/8 each.
  assert.equal(await exact(page), "done");
  const rows = await page.$$eval("#exact-result tr[data-result]", (rs) => rs.map((r) => [(r as HTMLElement).dataset["result"]!, r.querySelector(".exact-fraction")!.textContent, r.querySelector(".exact-percent")!.textContent]));
  assert.deepEqual(
    rows.sort(),
    [
      ["0", "1/8", "12.50%"],
      ["1", "3/8", "37.50%"],
      ["2", "3/8", "37.50%"],
      ["3", "1/8", "12.50%"],
    ],
  );
  assert.deepEqual(await axe(page), []);
  await pg.shot("exact");
});

step(pg, "Exact past the limit of dice paths shows E0425 and points to Simulate", async () => {
  const { page } = pg;
  await page.fill("#exact-max", "1");
  assert.equal(await exact(page), "error");
  const message = (await page.textContent("#exact-result pre")) ?? "";
  assert.match(message, /^error\[E0425\]: the scenario has more than \d+ dice paths/);
  assert.match(message, /estimate the odds with Simulate/);
  assert.equal(await page.$$eval("#exact-result tr", (rs) => rs.length), 0);
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
