// Browser tests of scenario files in the editor (issue 12, problem 3): a `.json` scenario opens in
// Monaco's JSON language with the schema its rules give it, so it completes state fields and the
// functions "run" may name; a state value its declaration forbids, or broken JSON, is marked at once
// with the message `rulesmith run` prints, and the Run list says such a scenario does not load.
// Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { checked, cli, openFile, openPage, outlineCurrent, step, text, undoUntil, usePlayground } from "./harness.ts";

const pg = usePlayground("scenario-json");
const SCENARIO = "rules/warlords3/scenarios/battle.json";

/** The first diagnostic `rulesmith run` prints: its `error[...]` line, its place and its help. */
function firstCliError(output: string): { head: string; where: string; help: string } {
  const lines = output.split("\n");
  const i = lines.findIndex((l) => /^error\[/.test(l));
  assert.ok(i >= 0, output);
  return { head: lines[i]!, where: lines[i + 1]!.trim().replace(/^--> /, ""), help: lines.slice(i).find((l) => /^\s+help: /.test(l))?.trim() ?? "" };
}

async function typeAt(line: number, col: number, typed: string) {
  await pg.page.evaluate(([l, c]) => window.__rulesmith.reveal(l!, c!), [line, col]);
  await pg.page.keyboard.insertText(typed);
}

step(pg, "a scenario opens as JSON without problems", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await openFile(page, SCENARIO);
  assert.equal(await page.evaluate(() => window.__rulesmith.language()), "json");
  await page.waitForSelector(".no-problems");
  // JSON is coloured as JSON: a key and a number are tokens of different kinds.
  await page.waitForFunction(() => Array.from(document.querySelectorAll(".view-lines span span")).some((s) => s.textContent === '"rules"'));
  await pg.shot("scenario-opened");
});

step(pg, "a state value out of range is marked with `rulesmith run`'s message and the declaration it breaks", async () => {
  const { page } = pg;
  await openFile(page, SCENARIO);
  await page.click("#tab-problems");
  const original = await text(page, SCENARIO);
  const line = (await text(page, SCENARIO)).split("\n").findIndex((l) => l.includes('"strength": 3,')) + 1;
  const col = (await text(page, SCENARIO)).split("\n")[line - 1]!.indexOf("3,") + 2;
  await typeAt(line, col, "0");
  await checked(page);
  const expected = firstCliError(cli("run", SCENARIO, { [SCENARIO]: await text(page, SCENARIO) }));
  const markers = await page.evaluate(() => window.__rulesmith.allMarkers());
  assert.equal(markers.length, 1, JSON.stringify(markers));
  const [m] = markers;
  const [message, help] = m!.message.split("\n");
  assert.equal(`error[${m!.code}]: ${message}`, expected.head);
  assert.equal(`${SCENARIO}:${m!.line}:${m!.col}`, expected.where);
  assert.equal(help, expected.help);
  assert.match(help!, /declaration of `Unit\.strength`/);
  assert.equal(await page.textContent(".problem .head"), expected.head);
  await page.waitForSelector(".monaco-editor .squiggly-error");
  await pg.shot("state-value-out-of-range");
  await page.keyboard.press("Backspace");
  assert.equal(await text(page, SCENARIO), original);
  await checked(page);
  await page.waitForSelector(".no-problems");
});

step(pg, "typing a key in a unit completes the fields its kind declares", async () => {
  const { page } = pg;
  await openFile(page, SCENARIO);
  // The completions come from the schema of the latest check of the file.
  await checked(page);
  const original = await text(page, SCENARIO);
  const lines = original.split("\n");
  const line = lines.findIndex((l) => l.includes('"strength": 3,')) + 1;
  await typeAt(line, lines[line - 1]!.length + 1, '\n          "');
  await page.keyboard.press("Control+Space");
  // Rows come as the list fills: wait for the fields looked for, then check each.
  await page.waitForFunction(() => Array.from(document.querySelectorAll(".suggest-widget.visible .monaco-list-row")).some((r) => (r.getAttribute("aria-label") ?? r.textContent ?? "").includes("trample")));
  const labels = await page.$$eval(".suggest-widget.visible .monaco-list-row", (rows) => rows.map((r) => r.getAttribute("aria-label") ?? r.textContent ?? ""));
  for (const field of ["missile", "medals", "trample"]) assert.ok(labels.some((l) => l.includes(field)), `suggestions: ${labels.join(" | ")}`);
  await pg.shot("state-field-completion");
  await page.keyboard.press("Escape");
  // Undo as far as the text before the key was typed (the editor may have closed the quote by itself).
  await undoUntil(page, SCENARIO, original);
});

step(pg, "\"run\" completes the functions a scenario may run", async () => {
  const { page } = pg;
  await openFile(page, SCENARIO);
  await checked(page);
  const lines = (await text(page, SCENARIO)).split("\n");
  const line = lines.findIndex((l) => l.includes('"run": "battle"')) + 1;
  await page.evaluate(([l, c]) => window.__rulesmith.reveal(l!, c!), [line, lines[line - 1]!.indexOf('"battle"') + 2]);
  await page.keyboard.press("Control+Space");
  await page.waitForFunction(() => Array.from(document.querySelectorAll(".suggest-widget.visible .monaco-list-row")).some((r) => (r.getAttribute("aria-label") ?? r.textContent ?? "").includes("battle")));
  await page.keyboard.press("Escape");
});

step(pg, "broken JSON is marked where it breaks, and the Run list says the scenario does not load", async () => {
  const { page } = pg;
  await openFile(page, SCENARIO);
  const before = await text(page, SCENARIO);
  const lines = before.split("\n");
  const line = lines.findIndex((l) => l.includes('"seed": "7",')) + 1;
  // A missing comma, the commonest slip in hand-written JSON.
  await typeAt(line, lines[line - 1]!.length + 1, "");
  await page.keyboard.press("Backspace");
  await checked(page);
  const expected = firstCliError(cli("run", SCENARIO, { [SCENARIO]: await text(page, SCENARIO) }));
  const [m] = await page.evaluate(() => window.__rulesmith.markers());
  assert.ok(m, "the broken JSON is marked");
  assert.equal(`error[${m!.code}]: ${m!.message.split("\n")[0]}`, expected.head);
  assert.equal(`${SCENARIO}:${m!.line}:${m!.col}`, expected.where);
  await page.click("#tab-run");
  await outlineCurrent(page);
  assert.match((await page.textContent(`#run-target option[value="scenario:${SCENARIO}"]`)) ?? "", /does not load/);
  await pg.shot("broken-json");
  await typeAt(line, lines[line - 1]!.length, ",");
  assert.equal(await text(page, SCENARIO), before);
  await page.click("#tab-problems");
  await checked(page);
  await page.waitForSelector(".no-problems");
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
