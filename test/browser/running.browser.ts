// Browser tests of the playground in real Chromium (Debian's package, driven by playwright-core), the
// second half of what an author does (authoring.browser.ts is the first): run an example and follow its
// trace, reload, add a game and answer its rules' choices, see a failing example, simulate and cancel,
// share a link, download a file. Outcomes are compared with what `rulesmith test` and `rulesmith
// simulate` print. The dev server (`npm start`) is checked too.
//
// Run with `npm run test:browser` (part of `npm test`). No step has a time limit beyond the waits the
// UI needs; a wait that never ends is a failure to find in the screenshots (test-output/browser-running/).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createServer as createViteServer } from "vite";
import { appendLine, config, newLineAtEnd, openFile, openPage, outlineCurrent, ran, repo, runTarget, saved, simulate, step, text, usePlayground } from "./harness.ts";

const pg = usePlayground("running");
const fixtures = join(repo, "test/browser/fixtures");

/** The file the tests edit. */
const EDITED = "rules/warlords3/rounds.rules";
/** A whole battle: its trace has rolls, events and rules from several files. */
const WHOLE_BATTLE = /^example:.*whole battle/;
const QUIZ = "rules/quiz/quiz.rules";

/** A new game system: a new file in its own folder, then its rules and scenario uploaded beside it. */
async function addQuizGame() {
  const page = pg.page;
  await page.click("#new-file");
  await page.fill("#new-file-path", QUIZ);
  await page.click("#new-file-form button[type=submit]");
  await page.waitForFunction((q) => window.__rulesmith.activePath() === q, QUIZ);
  await page.waitForSelector(`.tree-file[data-path="${QUIZ}"]`);
  await page.setInputFiles("#upload-input", [
    { name: "quiz.rules", mimeType: "text/plain", buffer: readFileSync(join(fixtures, "quiz.rules")) },
    { name: "quiz.json", mimeType: "application/json", buffer: readFileSync(join(fixtures, "quiz.json")) },
  ]);
  await page.waitForFunction(() => window.__rulesmith.text("rules/quiz/quiz.json") !== undefined);
  assert.equal(await text(page, QUIZ), readFileSync(join(fixtures, "quiz.rules"), "utf8"));
}

/** The quiz game of the choices step, added if an earlier step did not leave it (each step stands alone). */
async function haveQuizGame() {
  if ((await pg.page.evaluate((p) => window.__rulesmith.text(p), QUIZ)) === undefined) await addQuizGame();
  await openFile(pg.page, QUIZ);
}

step(pg, "running an example shows its outcome and trace", async () => {
  const page = pg.page;
  await openPage(page, pg.url);
  await openFile(page, EDITED);
  assert.equal(await runTarget(page, WHOLE_BATTLE), "passed");
  const lines = await page.$$(".trace-line");
  assert.ok(lines.length > 5, `trace lines: ${lines.length}`);
  const messages = await page.$$eval(".trace-line .trace-message", (ms) => ms.map((m) => m.textContent ?? ""));
  assert.ok(messages.some((m) => m.startsWith("roll ")), "the trace shows the rolls");
  await pg.shot("example-run");
});

step(pg, "clicking a trace line selects the source that fired it", async () => {
  const page = pg.page;
  await openFile(page, EDITED);
  assert.equal(await runTarget(page, WHOLE_BATTLE), "passed");
  const spans = await page.$$eval(".trace-line", (ls) => ls.map((l) => (l as HTMLElement).dataset["span"]!));
  const active = await page.evaluate(() => window.__rulesmith.activePath());
  // A line from another file than the open one, so the click has to open it.
  const index = spans.findIndex((s) => !s.startsWith(active + ":"));
  assert.ok(index >= 0, "the trace reaches another file");
  const [, file, line, col, endLine, endCol] = /^(.*):(\d+):(\d+)-(\d+):(\d+)$/.exec(spans[index]!)!;
  await page.click(`.trace-line[data-index="${index}"]`);
  await page.waitForFunction((f) => window.__rulesmith.activePath() === f, file);
  const selection = await page.evaluate(() => window.__rulesmith.selection());
  assert.deepEqual(selection, { line: Number(line), col: Number(col), endLine: Number(endLine), endCol: Number(endCol) });
  await page.waitForSelector(".monaco-editor .selected-text");
  await pg.shot("trace-line-selected");
});

step(pg, "a reload keeps the edits", async () => {
  const page = pg.page;
  await openFile(page, EDITED);
  await newLineAtEnd(page);
  await page.keyboard.insertText("// kept across a reload");
  const before = await text(page, EDITED);
  assert.ok(before.endsWith("\n// kept across a reload"));
  // The page marks a save in progress on <body>: wait for it to end, not for a status text.
  await saved(page);
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await text(page, EDITED), before);
  await openFile(page, EDITED);
  await page.waitForSelector(`.tree-file[data-path="${EDITED}"] .modified`);
  await pg.shot("reloaded");
});

step(pg, "the user answers the rules' choices", async () => {
  const page = pg.page;
  await addQuizGame();
  // With "ask me at choices" ticked (it is off by default), the run stops at the first choice.
  await page.click("#tab-run");
  await outlineCurrent(page);
  await page.selectOption("#run-target", "scenario:rules/quiz/quiz.json");
  await page.check("#run-ask");
  assert.equal(await ran(page, () => page.click("#run-button")), "asking");
  assert.equal(await page.textContent("#run-question .question strong"), "First number?");
  assert.deepEqual(await page.$$eval("#run-question .choice-option", (bs) => bs.map((b) => b.textContent)), ["1", "2", "3"]);
  await pg.shot("choice-asked");
  assert.equal(await ran(page, () => page.click('#run-question .choice-option[data-index="2"]')), "asking");
  assert.equal(await page.textContent("#run-question .question strong"), "Second number?");
  assert.equal(await ran(page, () => page.click('#run-question .choice-option[data-index="1"]')), "passed");
  assert.match((await page.textContent("#run-status strong")) ?? "", /^result: 23$/);
  const choices = await page.$$eval(".trace-choice .trace-message", (ms) => ms.map((m) => m.textContent));
  assert.deepEqual(choices, ['"First number?" -> 3 (chosen)', '"Second number?" -> 20 (chosen)']);
  await pg.shot("choices-answered");
});

step(pg, "a failing example shows expected against actual, as `rulesmith test` does", async () => {
  const page = pg.page;
  await haveQuizGame();
  assert.equal(await runTarget(page, "example:two and ten make thirteen"), "failed");
  const out = spawnSync(process.execPath, [join(repo, "bin/rulesmith.js"), "test", "test/browser/fixtures/quiz.rules"], { cwd: repo, encoding: "utf8" }).stdout;
  const expected = /^\s+expected: (.*)$/m.exec(out)![1];
  const actual = /^\s+actual:\s+(.*)$/m.exec(out)![1];
  assert.equal(await page.textContent(".expected-actual .expected"), expected);
  assert.equal(await page.textContent(".expected-actual .actual"), actual);
  assert.equal(await page.textContent(".failure pre"), "expected `quiz() == 13`");
  await pg.shot("example-failed");
});

step(pg, "a simulation reports the same outcome counts as `rulesmith simulate`", async () => {
  const page = pg.page;
  const scenario = "rules/warlords3/scenarios/battle.json";
  await openFile(page, "rules/warlords3/battle.rules");
  await page.click("#tab-simulate");
  await page.selectOption("#sim-scenario", scenario);
  await simulate(page, 300);
  await page.waitForSelector("#sim-start:not([disabled])");
  const bars = await page.$$eval(".sim-bar", (gs) => gs.map((g) => [(g as SVGGElement).dataset["outcome"], Number((g as SVGGElement).dataset["count"])] as [string, number]));
  const out = spawnSync(process.execPath, [join(repo, "bin/rulesmith.js"), "simulate", scenario, "-n", "300"], { cwd: repo, encoding: "utf8" });
  const expected = out.stdout
    .split("\n")
    .map((l) => /^(\S+)\s+(\d+)\s+[\d.]+%/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1], Number(m[2])] as [string, number]);
  assert.ok(expected.length > 0, out.stdout + out.stderr);
  assert.deepEqual(bars, expected);
  await pg.shot("simulation");
});

step(pg, "a long simulation shows progress, can be cancelled, and the editor keeps working", async () => {
  const page = pg.page;
  await openFile(page, "rules/warlords3/battle.rules");
  await page.click("#tab-simulate");
  await page.selectOption("#sim-scenario", "rules/warlords3/scenarios/battle.json");
  await page.fill("#sim-runs", "1000000");
  await page.click("#sim-start");
  await page.waitForFunction(() => Number((document.querySelector("#sim-progress") as HTMLProgressElement).value) > 0);
  // Type while it runs: the simulation is in a worker, so the editor answers.
  await newLineAtEnd(page);
  await page.keyboard.type("// typed during a simulation");
  assert.ok((await text(page)).endsWith("// typed during a simulation"));
  assert.equal(await page.$eval("#sim-cancel", (b) => (b as HTMLButtonElement).disabled), false);
  await pg.shot("simulation-running");
  await page.click("#sim-cancel");
  await page.waitForSelector("#sim-cancel[disabled]");
  assert.equal(await page.textContent("#sim-result .notice"), "cancelled");
  assert.equal(await page.$eval("#sim-start", (b) => (b as HTMLButtonElement).disabled), false);
});

step(pg, "a share link reopens the same text in a fresh browser", async () => {
  const page = pg.page;
  // An edit of a bundled file and a file of a new game, both to travel in the link.
  await openFile(page, EDITED);
  await appendLine(page, "// sent in a share link");
  await haveQuizGame();
  await page.click("#share");
  // The link is compressed asynchronously: wait for the box to be filled, not for a fixed time.
  await page.waitForFunction(() => (document.querySelector("#share-url") as HTMLInputElement).value.includes("#share="));
  const url = await page.inputValue("#share-url");
  assert.ok(url.includes("#share="));
  const edited = await text(page, EDITED);
  const quiz = await text(page, QUIZ);
  // A second, empty profile stands in for the person the link is sent to.
  const other = await pg.freshContext();
  try {
    const p = other.context.pages()[0] ?? (await other.context.newPage());
    await p.goto(url);
    await p.waitForSelector("body[data-ready=true]");
    assert.ok(edited.endsWith("\n// sent in a share link"));
    assert.equal(await text(p, EDITED), edited);
    assert.equal(await text(p, QUIZ), quiz);
    assert.ok(!p.url().includes("#share="), "the link is consumed once the files are saved");
    await pg.shot("shared-link", p);
  } finally {
    await other.close();
  }
});

step(pg, "download saves the open file as it is in the editor", async () => {
  const page = pg.page;
  await openFile(page, EDITED);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  assert.equal(download.suggestedFilename(), "rounds.rules");
  const path = await download.path();
  assert.equal(readFileSync(path!, "utf8"), await text(page, EDITED));
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});

step(pg, "`npm start` (the dev server) serves the playground with the bundled rules", async () => {
  const dev = await createViteServer({ configFile: config, logLevel: "warn", server: { port: 0, host: "127.0.0.1", strictPort: false } });
  await dev.listen();
  try {
    const url = dev.resolvedUrls?.local[0];
    assert.ok(url, "the dev server has a URL");
    const p = await pg.context.newPage();
    await openPage(p, url);
    const tree = await p.$$eval(".tree-file", (rows) => rows.map((r) => (r as HTMLElement).dataset["path"]));
    assert.ok(tree.includes("rules/warlords3/battle.rules"));
    await pg.shot("dev-server", p);
    await p.close();
  } finally {
    await dev.close();
  }
});
