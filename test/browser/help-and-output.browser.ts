// Browser tests of help and of output that stays current (issue 12, problems 7 and 8): the Run tab
// forgets another game's result; "New game" starts a game that checks, tests and runs; Help has the
// shortcuts and the language reference; the Run list is grouped by file and searchable; files with
// errors are marked in the tree; a misspelt keyword is answered with "did you mean". Run with
// `npm run test:browser`.
import assert from "node:assert/strict";
import { appendLine, checked, cli, openFile, openPage, outlineCurrent, runTarget, step, text, undoUntil, usePlayground } from "./harness.ts";

const pg = usePlayground("help-and-output");
const ROUNDS = "rules/warlords3/rounds.rules";

step(pg, "the Run tab drops another game's result when the open file's game changes", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await openFile(page, ROUNDS);
  assert.equal(await runTarget(page, /^example:/), "passed");
  assert.ok((await page.$$(".trace-line")).length > 0);
  await openFile(page, "rules/dragon-dice/model.rules");
  await outlineCurrent(page);
  assert.ok(await page.$("#run-target option[value$='mixed-army.json']"), "the Run list is Dragon Dice's");
  assert.equal(await page.$$eval(".trace-line", (ls) => ls.length), 0);
  assert.equal(await page.textContent("#run-status"), "");
});

step(pg, "the Run list is grouped by file and finds examples by their words", async () => {
  const { page } = pg;
  await openFile(page, ROUNDS);
  await page.click("#tab-run");
  await outlineCurrent(page);
  assert.ok(await page.$("#run-target optgroup[label='Examples in rounds.rules']"));
  const total = await page.$$eval("#run-target option", (os) => os.length);
  await page.fill("#run-filter", "medal");
  await page.waitForFunction((n) => Number((document.querySelector("#run-target") as HTMLSelectElement).dataset["shown"]) < n, total);
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
  await checked(page);
  assert.deepEqual(await page.evaluate(() => window.__rulesmith.markers()), []);
  assert.equal(await page.textContent(".no-problems"), "rules/mygame/game.rules: no problems");
  const rules = await text(page, "rules/mygame/game.rules");
  const scenario = await text(page, "rules/mygame/scenarios/start.json");
  assert.equal(await runTarget(page, /^example:/), "passed");
  assert.equal(await runTarget(page, "scenario:rules/mygame/scenarios/start.json"), "passed");
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
  assert.ok(toc.includes("13. example"), toc.join(" | "));
  // Markdown rendered: headings' code and the reference's code blocks are HTML, not backticks.
  assert.ok(await page.$$eval(".help-toc a code", (cs) => cs.some((c) => c.textContent === "example")));
  assert.ok((await page.$$(".help-reference pre code")).length > 20);
  // Backticks outside code: markdown left as it was typed (a code span may itself show backticks).
  const raw = await page.$$eval(".help-reference p", (ps) =>
    ps
      .map((p) => {
        const c = p.cloneNode(true) as HTMLElement;
        c.querySelectorAll("code").forEach((x) => x.remove());
        return c.textContent ?? "";
      })
      .filter((t) => /`[^`]+`/.test(t)),
  );
  assert.deepEqual(raw, [], "no raw backticks in paragraphs");
  await page.click(".help-toc a:text('13. example')");
  await page.waitForFunction(() => {
    const h = Array.from(document.querySelectorAll("#help h3")).find((x) => x.textContent === "13. example")!;
    const box = document.querySelector("#help")!.getBoundingClientRect();
    const at = h.getBoundingClientRect();
    return at.top >= box.top - 1 && at.top < box.bottom;
  });
  await pg.shot("help");
  // Search keeps the sections that mention every word.
  const all = await page.$$eval(".help-section", (ss) => ss.length);
  await page.fill("#help-search", "force dice");
  await page.waitForFunction(() => document.querySelector("#help-found")!.textContent !== "");
  const kept = await page.$$eval(".help-section:not([hidden])", (ss) => ss.map((s) => s.textContent!.toLowerCase()));
  assert.ok(kept.length > 0 && kept.length < all, `${kept.length} of ${all}`);
  assert.ok(kept.every((t) => t.includes("force") && t.includes("dice")));
  await page.fill("#help-search", "");
  await page.waitForFunction((n) => document.querySelectorAll(".help-section:not([hidden])").length === n, all);
  await page.click("#help-close");
  await page.waitForFunction(() => !document.querySelector("#help")!.hasAttribute("open"));
});

step(pg, "a misspelt keyword gets \"did you mean\", and the file is marked in the tree until it is fixed", async () => {
  const { page } = pg;
  await openFile(page, ROUNDS);
  const original = await text(page, ROUNDS);
  await appendLine(page, "fn slip() -> int {\n  let x = rol d6\n  return x\n}");
  await checked(page);
  const [m] = await page.evaluate(() => window.__rulesmith.markers());
  assert.ok(m, "the slip is marked");
  assert.match(m!.message, /\nhelp: did you mean `roll`\?/);
  await page.waitForSelector(`.tree-file.has-errors[data-path="${ROUNDS}"]`);
  assert.equal((await page.textContent(`.tree-file[data-path="${ROUNDS}"] .error-mark`))?.trim(), "1");
  await pg.shot("slip-marked");
  await undoUntil(page, ROUNDS, original);
  await checked(page);
  await page.waitForSelector(`.tree-file[data-path="${ROUNDS}"]:not(.has-errors)`);
});

step(pg, "Ctrl+S in the editor says the edits are saved instead of saving the page", async () => {
  const { page } = pg;
  await openFile(page, ROUNDS);
  // No message left from an earlier step, so the one waited for is Ctrl+S's.
  if (await page.$("#message-close")) await page.click("#message-close");
  await page.waitForSelector("#statusbar:not([data-message])", { state: "attached" });
  await page.evaluate(() => window.__rulesmith.reveal(1, 1));
  await page.keyboard.press("Control+s");
  await page.waitForSelector("#statusbar[data-message=info]");
  assert.match((await page.textContent("#message-text")) ?? "", /^Every edit is saved in this browser/);
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
