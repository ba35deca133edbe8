// Browser tests of help and of output that stays current (issue 12, problems 7 and 8): the Run tab
// forgets another game's result; "New game" starts a game that checks, tests and runs; Help has the
// shortcuts and the language reference; the Run list is grouped by file and searchable; files with
// errors are marked in the tree; a misspelt keyword is answered with "did you mean". Run with
// `npm run test:browser`.
import assert from "node:assert/strict";
import { appendLine, cli, openFile, openPage, step, text, undoUntil, usePlayground } from "./harness.ts";

const pg = usePlayground("help-and-output");
const ROUNDS = "rules/warlords3/rounds.rules";

step(pg, "the Run tab drops another game's result when the open file's game changes", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await openFile(page, ROUNDS);
  await page.click("#tab-run");
  await page.waitForSelector("#run-target option[value^='example:']", { state: "attached" });
  await page.click("#run-button");
  await page.waitForSelector("#run-status.passed");
  assert.ok((await page.$$(".trace-line")).length > 0);
  await openFile(page, "rules/dragon-dice/model.rules");
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLOptionElement>("#run-target option")).some((o) => o.value.endsWith("mixed-army.json")));
  assert.equal(await page.$$eval(".trace-line", (ls) => ls.length), 0);
  assert.equal(await page.textContent("#run-status"), "");
});

step(pg, "the Run list is grouped by file and finds examples by their words", async () => {
  const { page } = pg;
  await openFile(page, ROUNDS);
  await page.waitForSelector("#run-target optgroup[label='Examples in rounds.rules']", { state: "attached" });
  const total = await page.$$eval("#run-target option", (os) => os.length);
  await page.fill("#run-filter", "medal");
  await page.waitForFunction(() => (document.querySelector("#run-target") as HTMLSelectElement).dataset["shown"] !== undefined);
  const shown = await page.$$eval("#run-target option", (os) => os.filter((o) => !(o as HTMLOptionElement).hidden).map((o) => o.textContent ?? ""));
  assert.ok(shown.length > 0 && shown.length < total, `${shown.length} of ${total}`);
  assert.ok(shown.every((t) => /medal/i.test(t)), shown.join(" | "));
  // The selection follows the filter: what Run would run is one of the shown.
  assert.match((await page.$eval("#run-target", (s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent)) ?? "", /medal/i);
  await pg.shot("run-filter");
  await page.fill("#run-filter", "");
});

step(pg, "New game starts a game of its own whose example passes and whose scenario runs as on the command line", async () => {
  const { page } = pg;
  await page.click("#new-game");
  await page.waitForFunction(() => window.__rulesmith.activePath() === "rules/mygame/game.rules");
  await page.waitForSelector(".no-problems", { state: "attached" });
  const rules = await text(page, "rules/mygame/game.rules");
  const scenario = await text(page, "rules/mygame/scenarios/start.json");
  await page.click("#tab-run");
  await page.waitForSelector("#run-target option[value='scenario:rules/mygame/scenarios/start.json']", { state: "attached" });
  const example = await page.$eval("#run-target option[value^='example:']", (o) => (o as HTMLOptionElement).value);
  await page.selectOption("#run-target", example);
  await page.click("#run-button");
  await page.waitForSelector("#run-status.passed");
  await page.selectOption("#run-target", "scenario:rules/mygame/scenarios/start.json");
  await page.click("#run-button");
  await page.waitForSelector("#run-status.passed strong");
  const expected = /^result: .*$/m.exec(cli("run", "rules/mygame/scenarios/start.json", { "rules/mygame/game.rules": rules, "rules/mygame/scenarios/start.json": scenario }));
  assert.ok(expected, "the CLI runs the starter");
  assert.equal(await page.textContent("#run-status strong"), expected[0]);
  await pg.shot("new-game");
});

step(pg, "Help shows how to start, the shortcuts and the language reference", async () => {
  const { page } = pg;
  await page.click("#help-button");
  await page.waitForSelector("#help[open]");
  const keys = await page.$$eval(".help-shortcuts kbd", (ks) => ks.map((k) => k.textContent));
  assert.ok(keys.includes("Ctrl+Enter") && keys.includes("Ctrl+M"), keys.join(", "));
  const toc = await page.$$eval(".help-toc a", (as) => as.map((a) => a.textContent ?? ""));
  assert.ok(toc.includes("13. `example`"), toc.join(" | "));
  await page.click(".help-toc a:text('13. `example`')");
  await page.waitForFunction(() => {
    const h = Array.from(document.querySelectorAll("#help h3")).find((x) => x.textContent === "13. `example`")!;
    const box = document.querySelector("#help")!.getBoundingClientRect();
    const at = h.getBoundingClientRect();
    return at.top >= box.top - 1 && at.top < box.bottom;
  });
  await pg.shot("help");
  await page.click("#help-close");
  await page.waitForFunction(() => !document.querySelector("#help")!.hasAttribute("open"));
});

step(pg, "a misspelt keyword gets \"did you mean\", and the file is marked in the tree until it is fixed", async () => {
  const { page } = pg;
  await openFile(page, ROUNDS);
  const original = await text(page, ROUNDS);
  await appendLine(page, "fn slip() -> int {\n  let x = rol d6\n  return x\n}");
  await page.waitForFunction(() => window.__rulesmith.markers().length > 0);
  const [m] = await page.evaluate(() => window.__rulesmith.markers());
  assert.match(m!.message, /\nhelp: did you mean `roll`\?/);
  await page.waitForSelector(`.tree-file.has-errors[data-path="${ROUNDS}"]`);
  assert.equal((await page.textContent(`.tree-file[data-path="${ROUNDS}"] .error-mark`))?.trim(), "1");
  await pg.shot("slip-marked");
  await undoUntil(page, ROUNDS, original);
  await page.waitForSelector(`.tree-file[data-path="${ROUNDS}"]:not(.has-errors)`);
});

step(pg, "Ctrl+S in the editor says the edits are saved instead of saving the page", async () => {
  const { page } = pg;
  await openFile(page, ROUNDS);
  await page.evaluate(() => window.__rulesmith.reveal(1, 1));
  await page.keyboard.press("Control+s");
  await page.waitForSelector("#statusbar[data-message=info]");
  assert.match((await page.textContent("#message-text")) ?? "", /^Every edit is saved in this browser/);
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
