// Browser tests of the playground in real Chromium (Debian's package, driven by playwright-core).
// They build the static playground (as `npm run build` does), serve it with a plain static file server (proving it needs
// nothing more), and walk through what an author does: open, break a rule, fix it, complete a name,
// run an example, follow its trace, reload, answer the rules' choices, simulate, share, download.
// A screenshot of each state goes to test-output/browser/. The dev server (`npm start`) is checked too.
//
// Run with `npm run test:browser` (part of `npm test`). No step has a time limit beyond the waits the
// UI needs; a wait that never ends is a failure to find in the screenshots.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { build, createServer as createViteServer, type ViteDevServer } from "vite";
// The page's test handle (`window.__rulesmith`) is typed once, in the harness the newer test files share.
import { checked, ran, runTarget, serveStatic, simulate, type Marker } from "./harness.ts";
import { findChromium, realHost } from "../../scripts/find-chromium.ts";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const config = join(repo, "playground/vite.config.ts");
/** A build of its own, so a concurrent `npm run build` or test run cannot change the files mid-test. */
const dist = mkdtempSync(join(tmpdir(), "rulesmith-playground-"));
const shots = join(repo, "test-output/browser");
const fixtures = join(repo, "test/browser/fixtures");
const CHROMIUM = findChromium(realHost()) ?? "chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Waits end when the UI gets there; the bound only turns a page that never does into a failure. */
const WAIT_MS = Number(process.env["BROWSER_WAIT_MS"] ?? 300_000);

/** The file the tests edit, and the text typed into it: a misspelt field, as an author would. */
const EDITED = "rules/warlords3/rounds.rules";
const BROKEN_LINE = "fn broken(u: Unit) -> int = u.strenght";

let server: Server;
let baseUrl: string;
let context: BrowserContext;
let page: Page;
let profile: string;
const pageErrors: string[] = [];

// ---- a static server: dist/playground as files, nothing else ------------------------------------

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesBelow(join(dir, e.name)) : [join(dir, e.name)]));
}

// ---- helpers ------------------------------------------------------------------------------------


let shot = 0;
async function screenshot(name: string) {
  shot++;
  await page.screenshot({ path: join(shots, `${String(shot).padStart(2, "0")}-${name}.png`) });
}

async function openPage(url: string) {
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  await page.waitForSelector(".monaco-editor .view-lines");
}

async function openFile(path: string) {
  await page.click(`.tree-file[data-path="${path}"]`);
  await page.waitForFunction((p) => window.__rulesmith.activePath() === p, path);
}

async function markers(path?: string): Promise<Marker[]> {
  return page.evaluate((p) => window.__rulesmith.markers(p), path);
}

async function text(path?: string): Promise<string> {
  return (await page.evaluate((p) => window.__rulesmith.text(p), path)) ?? "";
}

/** Puts the cursor at the end of the open file. */
async function endOfFile() {
  await page.evaluate(() => {
    const lines = window.__rulesmith.text()!.split("\n");
    window.__rulesmith.reveal(lines.length, lines[lines.length - 1]!.length + 1);
  });
}

/**
 * Starts a new line at the end of the open file. The line break is typed as text, not with the Enter
 * key: a completion list that arrives late from the last word typed would take Enter as accepting it.
 */
async function newLineAtEnd() {
  await endOfFile();
  await page.keyboard.insertText("\n");
}

/** What `rulesmith check PATH` prints for the bundled rules with some files' text replaced. */
function cliCheck(path: string, edits: Record<string, string>): { errors: string[]; helps: string[]; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "rulesmith-check-"));
  try {
    cpSync(join(repo, "rules"), join(dir, "rules"), { recursive: true });
    for (const [file, content] of Object.entries(edits)) writeFileSync(join(dir, file), content);
    const out = spawnSync(process.execPath, [join(repo, "bin/rulesmith.js"), "check", path], { cwd: dir, encoding: "utf8" });
    const output = `${out.stdout}${out.stderr}`;
    const errors = output.split("\n").filter((l) => /^(error|warning)\[/.test(l));
    const helps = output
      .split("\n")
      .filter((l) => /^\s+help: /.test(l))
      .map((l) => l.trim());
    return { errors, helps, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- setup --------------------------------------------------------------------------------------

before(async () => {
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  await build({ configFile: config, logLevel: "warn", build: { outDir: dist, emptyOutDir: true } });
  server = await serveStatic(dist);
  const address = server.address();
  assert.ok(address && typeof address === "object");
  baseUrl = `http://127.0.0.1:${address.port}/`;
  profile = mkdtempSync(join(tmpdir(), "rulesmith-chromium-"));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1500, height: 900 }, acceptDownloads: true, timeout: WAIT_MS });
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (err) => pageErrors.push(err.message));
  context.setDefaultTimeout(WAIT_MS);
});

after(async () => {
  await context?.close();
  server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
});

// ---- the tests, in the order an author works -----------------------------------------------------

/** A test that leaves a screenshot of the page behind when it fails, to see what the UI showed. */
function step(name: string, body: () => Promise<void> | void) {
  test(name, async () => {
    try {
      await body();
    } catch (err) {
      const slug = name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60);
      await page?.screenshot({ path: join(shots, `FAILED-${slug}.png`) }).catch(() => undefined);
      throw err;
    }
  });
}

step("the build holds only the Monaco parts the playground uses", () => {
  const files = filesBelow(dist).map((f) => relative(dist, f));
  // The language services of other languages come as their own workers; none may be built but JSON's,
  // which completes scenario files from their schema.
  assert.deepEqual(
    files.filter((f) => /(ts|css|html)\.worker/.test(f)),
    [],
  );
  const js = files.filter((f) => f.endsWith(".js"));
  const total = js.reduce((n, f) => n + statSync(join(dist, f)).size, 0);
  const gzipped = js.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f))).length, 0);
  // Reported, not asserted: the README records the figure.
  console.log(`bundle: ${js.length} JavaScript files, ${(total / 1024).toFixed(0)} KiB, ${(gzipped / 1024).toFixed(0)} KiB gzipped`);
  assert.ok(files.includes("index.html"));
});

step("opens with the bundled rules, free of problems", async () => {
  await openPage(baseUrl);
  const tree = await page.$$eval(".tree-file", (rows) => rows.map((r) => (r as HTMLElement).dataset["path"]));
  const bundled = filesBelow(join(repo, "rules"))
    .map((f) => relative(repo, f))
    .filter((f) => f.endsWith(".rules") || f.endsWith(".json"))
    .sort();
  assert.deepEqual([...tree].sort(), bundled);
  await openFile(EDITED);
  assert.equal(await text(), readFileSync(join(repo, EDITED), "utf8"));
  await checked(page);
  await page.waitForSelector(".no-problems");
  assert.deepEqual(await markers(), []);
  // Highlighting comes from the grammar's tokens: a keyword is coloured as one.
  const keywordClass = await page.$eval(".view-lines", (lines) => {
    const span = Array.from(lines.querySelectorAll("span span")).find((s) => s.textContent === "fn");
    return span?.className;
  });
  assert.ok(keywordClass && /mtk\d+/.test(keywordClass), "`fn` is a styled token");
  const identifierClass = await page.$eval(".view-lines", (lines) => Array.from(lines.querySelectorAll("span span")).find((s) => s.textContent === "combatRoll")?.className);
  assert.notEqual(keywordClass, identifierClass, "keywords and names are coloured apart");
  await screenshot("opened");
});

step("a mistake shows a marker with the message `rulesmith check` prints", async () => {
  await openFile(EDITED);
  await newLineAtEnd();
  await page.keyboard.type(BROKEN_LINE);
  await page.keyboard.press("Escape");
  const edited = await text();
  assert.ok(edited.includes(BROKEN_LINE), "the line was typed as written");
  const cli = cliCheck(EDITED, { [EDITED]: edited });
  assert.equal(cli.errors.length, 1, cli.output);
  // The markers of the text as typed, not of a check that started between two keystrokes.
  await checked(page);
  const [marker, ...others] = await markers();
  assert.ok(marker, "the mistake is marked");
  assert.deepEqual(others, []);
  const [message, help] = marker!.message.split("\n");
  assert.equal(`error[${marker!.code}]: ${message}`, cli.errors[0]);
  assert.equal(help, cli.helps[0]);
  // The problems panel shows the same text as the CLI, and the squiggle is drawn.
  assert.equal(await page.textContent(".problem .head"), cli.errors[0]);
  assert.equal((await page.textContent(".problem .help"))?.trim(), cli.helps[0]);
  await page.waitForSelector(".monaco-editor .squiggly-error");
  // Hovering the squiggle shows the message too.
  const squiggle = await page.$(".monaco-editor .squiggly-error");
  const box = await squiggle!.boundingBox();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.waitForFunction((m) => Array.from(document.querySelectorAll(".monaco-hover")).some((h) => h.textContent?.includes(m)), message!);
  await screenshot("error-marker");
});

step("fixing the mistake removes the marker", async () => {
  await page.mouse.move(5, 5);
  await openFile(EDITED);
  // The mistake of the step before, typed again if that step did not leave it.
  if (!(await text()).endsWith(BROKEN_LINE)) {
    await newLineAtEnd();
    await page.keyboard.insertText(BROKEN_LINE);
  }
  await endOfFile();
  for (let i = 0; i < "strenght".length; i++) await page.keyboard.press("Backspace");
  await page.keyboard.type("strength");
  await page.keyboard.press("Escape");
  assert.ok((await text()).endsWith("u.strength"));
  await checked(page);
  assert.deepEqual(await markers(), []);
  await page.waitForSelector(".no-problems");
  assert.equal(await page.$(".monaco-editor .squiggly-error"), null);
  assert.deepEqual(cliCheck(EDITED, { [EDITED]: await text() }).errors, []);
  await screenshot("fixed");
});

step("a file shows the problems of the files it imports, as `rulesmith check` lists them", async () => {
  const units = "rules/warlords3/units.rules";
  const importer = "rules/warlords3/battle.rules";
  await openFile(units);
  await newLineAtEnd();
  await page.keyboard.type("fn oops() -> int = nothing");
  await page.keyboard.press("Escape");
  await checked(page);
  assert.ok((await markers()).length > 0, "the mistake is marked in its own file");
  const cli = cliCheck(importer, { [units]: await text(units) });
  assert.ok(cli.errors.length > 0, cli.output);
  await openFile(importer);
  await checked(page);
  await page.waitForSelector(".problem.elsewhere");
  assert.deepEqual(await page.$$eval(".problem .head", (hs) => hs.map((h) => h.textContent)), cli.errors);
  assert.deepEqual(await markers(), [], "markers belong to the file they are in");
  await screenshot("imported-file-problems");
  // The tree's revert button restores the bundled text, and the problems go with it.
  await page.click(`.tree-file[data-path="${units}"] .tree-action`);
  await page.waitForFunction(([p, t]) => window.__rulesmith.text(p) === t, [units, readFileSync(join(repo, units), "utf8")] as const);
  await checked(page);
  assert.equal(await page.$(".problem"), null, "the problems went with the revert");
  await openFile(EDITED);
});

step("completion offers the names in scope and accepting one inserts it", async () => {
  await openFile(EDITED);
  await newLineAtEnd();
  await page.keyboard.type("fn hp2(u: Unit) -> int = u.stre");
  // The list may first show an earlier keystroke's suggestions: wait for the one typed for.
  await page.waitForFunction(() => Array.from(document.querySelectorAll(".suggest-widget.visible .monaco-list-row.focused")).some((r) => (r.getAttribute("aria-label") ?? r.textContent ?? "").includes("strength")));
  const labels = await page.$$eval(".suggest-widget.visible .monaco-list-row", (rows) => rows.map((r) => r.getAttribute("aria-label") ?? r.textContent ?? ""));
  assert.ok(labels.some((l) => l.includes("strength")), `suggestions: ${labels.join(" | ")}`);
  await screenshot("completion-list");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => window.__rulesmith.text()!.endsWith("fn hp2(u: Unit) -> int = u.strength"));
  await checked(page);
  assert.deepEqual(await markers(), []);
  await screenshot("completion-accepted");
});

step("hover shows a declaration's doc comment and type", async () => {
  // `Unit` in `fn combatRoll(u: Unit)`: declared, with its doc comment, in another file.
  await openFile(EDITED);
  const line = (await text()).split("\n").findIndex((l) => l.startsWith("fn combatRoll(u: Unit)")) + 1;
  const col = "fn combatRoll(u: ".length + 2;
  // The pointer goes to the name again until the hover shows: on a loaded machine the editor can still
  // be scrolling to the line when its coordinates are read, or a check can cancel the first hover.
  for (let attempt = 1; ; attempt++) {
    await page.evaluate(([l, c]) => window.__rulesmith.reveal(l!, c!), [line, col]);
    const at = await page.evaluate(([l, c]) => window.__rulesmith.coords(l!, c!), [line, col]);
    await page.mouse.move(5, 5);
    await page.mouse.move(at!.x, at!.y);
    try {
      await page.waitForFunction(() => Array.from(document.querySelectorAll(".monaco-hover")).some((h) => h.textContent?.includes("One unit of a stack.")), undefined, { timeout: 30_000 });
      break;
    } catch (err) {
      if (attempt === 10) throw err;
    }
  }
  const shown = await page.$$eval(".monaco-hover", (hs) => hs.map((h) => h.textContent ?? "").join("\n"));
  assert.match(shown, /kind Unit \{/);
  assert.match(shown, /strength: int in 1\.\.20/);
  await screenshot("hover");
  await page.mouse.move(5, 5);
});

step("go to definition opens the declaring file at the declaration", async () => {
  await openFile(EDITED);
  const line = (await text()).split("\n").findIndex((l) => l.startsWith("fn combatRoll(u: Unit)")) + 1;
  await page.evaluate((l) => window.__rulesmith.reveal(l, "fn combatRoll(u: ".length + 2), line);
  await page.keyboard.press("F12");
  await page.waitForFunction(() => window.__rulesmith.activePath() === "rules/warlords3/units.rules");
  const declared = readFileSync(join(repo, "rules/warlords3/units.rules"), "utf8").split("\n").findIndex((l) => l.startsWith("kind Unit")) + 1;
  const selection = await page.evaluate(() => window.__rulesmith.selection());
  assert.equal(selection?.line, declared);
  assert.equal(selection?.col, "kind ".length + 1);
  await screenshot("definition");
  await openFile(EDITED);
});

/** A whole battle: its trace has rolls, events and rules from several files. */
const WHOLE_BATTLE = /^example:.*whole battle/;

step("running an example shows its outcome and trace", async () => {
  await openFile(EDITED);
  assert.equal(await runTarget(page, WHOLE_BATTLE), "passed");
  const lines = await page.$$(".trace-line");
  assert.ok(lines.length > 5, `trace lines: ${lines.length}`);
  const messages = await page.$$eval(".trace-line .trace-message", (ms) => ms.map((m) => m.textContent ?? ""));
  assert.ok(messages.some((m) => m.startsWith("roll ")), "the trace shows the rolls");
  await screenshot("example-run");
});

step("clicking a trace line selects the source that fired it", async () => {
  await openFile(EDITED);
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
  await screenshot("trace-line-selected");
});

step("a reload keeps the edits", async () => {
  await openFile(EDITED);
  await newLineAtEnd();
  await page.keyboard.insertText("// kept across a reload");
  const before = await text(EDITED);
  assert.ok(before.endsWith("\n// kept across a reload"));
  // The page marks a save in progress on <body>: wait for it to end, not for a status text.
  await page.waitForFunction(() => document.body.dataset["pendingSave"] === undefined);
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await text(EDITED), before);
  await openFile(EDITED);
  await page.waitForSelector(`.tree-file[data-path="${EDITED}"] .modified`);
  await screenshot("reloaded");
});

const QUIZ = "rules/quiz/quiz.rules";

/** A new game system: a new file in its own folder, then its rules and scenario uploaded beside it. */
async function addQuizGame() {
  await page.click("#new-file");
  await page.fill("#new-file-path", "rules/quiz/quiz.rules");
  await page.click("#new-file-form button[type=submit]");
  await page.waitForFunction(() => window.__rulesmith.activePath() === "rules/quiz/quiz.rules");
  await page.waitForSelector('.tree-file[data-path="rules/quiz/quiz.rules"]');
  await page.setInputFiles("#upload-input", [
    { name: "quiz.rules", mimeType: "text/plain", buffer: readFileSync(join(fixtures, "quiz.rules")) },
    { name: "quiz.json", mimeType: "application/json", buffer: readFileSync(join(fixtures, "quiz.json")) },
  ]);
  await page.waitForFunction(() => window.__rulesmith.text("rules/quiz/quiz.json") !== undefined);
  assert.equal(await text(QUIZ), readFileSync(join(fixtures, "quiz.rules"), "utf8"));
}

/** The quiz game of the choices step, added if an earlier step did not leave it (each step stands alone). */
async function haveQuizGame() {
  if ((await page.evaluate((p) => window.__rulesmith.text(p), QUIZ)) === undefined) await addQuizGame();
  await openFile(QUIZ);
}

step("the user answers the rules' choices", async () => {
  await addQuizGame();
  // "ask me at choices" is on (the default): the run stops at the first choice.
  assert.equal(await runTarget(page, "scenario:rules/quiz/quiz.json"), "asking");
  assert.equal(await page.textContent("#run-question .question strong"), "First number?");
  assert.deepEqual(await page.$$eval("#run-question .choice-option", (bs) => bs.map((b) => b.textContent)), ["1", "2", "3"]);
  await screenshot("choice-asked");
  assert.equal(await ran(page, () => page.click('#run-question .choice-option[data-index="2"]')), "asking");
  assert.equal(await page.textContent("#run-question .question strong"), "Second number?");
  assert.equal(await ran(page, () => page.click('#run-question .choice-option[data-index="1"]')), "passed");
  assert.match((await page.textContent("#run-status strong")) ?? "", /^result: 23$/);
  const choices = await page.$$eval(".trace-choice .trace-message", (ms) => ms.map((m) => m.textContent));
  assert.deepEqual(choices, ['"First number?" -> 3 (chosen)', '"Second number?" -> 20 (chosen)']);
  await screenshot("choices-answered");
});

step("a failing example shows expected against actual, as `rulesmith test` does", async () => {
  await haveQuizGame();
  assert.equal(await runTarget(page, "example:two and ten make thirteen"), "failed");
  const cli = spawnSync(process.execPath, [join(repo, "bin/rulesmith.js"), "test", "test/browser/fixtures/quiz.rules"], { cwd: repo, encoding: "utf8" }).stdout;
  const expected = /^\s+expected: (.*)$/m.exec(cli)![1];
  const actual = /^\s+actual:\s+(.*)$/m.exec(cli)![1];
  assert.equal(await page.textContent(".expected-actual .expected"), expected);
  assert.equal(await page.textContent(".expected-actual .actual"), actual);
  assert.equal(await page.textContent(".failure pre"), "expected `quiz() == 13`");
  await screenshot("example-failed");
});

step("a simulation reports the same outcome counts as `rulesmith simulate`", async () => {
  const scenario = "rules/warlords3/scenarios/battle.json";
  await openFile("rules/warlords3/battle.rules");
  await page.click("#tab-simulate");
  await page.selectOption("#sim-scenario", scenario);
  await simulate(page, 300);
  await page.waitForSelector("#sim-start:not([disabled])");
  const bars = await page.$$eval(".sim-bar", (gs) => gs.map((g) => [(g as SVGGElement).dataset["outcome"], Number((g as SVGGElement).dataset["count"])] as [string, number]));
  const cli = spawnSync(process.execPath, [join(repo, "bin/rulesmith.js"), "simulate", scenario, "-n", "300"], { cwd: repo, encoding: "utf8" });
  const expected = cli.stdout
    .split("\n")
    .map((l) => /^(\S+)\s+(\d+)\s+[\d.]+%/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1], Number(m[2])] as [string, number]);
  assert.ok(expected.length > 0, cli.stdout + cli.stderr);
  assert.deepEqual(bars, expected);
  await screenshot("simulation");
});

step("a long simulation shows progress, can be cancelled, and the editor keeps working", async () => {
  await openFile("rules/warlords3/battle.rules");
  await page.click("#tab-simulate");
  await page.selectOption("#sim-scenario", "rules/warlords3/scenarios/battle.json");
  await page.fill("#sim-runs", "1000000");
  await page.click("#sim-start");
  await page.waitForFunction(() => Number((document.querySelector("#sim-progress") as HTMLProgressElement).value) > 0);
  // Type while it runs: the simulation is in a worker, so the editor answers.
  await newLineAtEnd();
  await page.keyboard.type("// typed during a simulation");
  assert.ok((await text()).endsWith("// typed during a simulation"));
  assert.equal(await page.$eval("#sim-cancel", (b) => (b as HTMLButtonElement).disabled), false);
  await screenshot("simulation-running");
  await page.click("#sim-cancel");
  await page.waitForSelector("#sim-cancel[disabled]");
  assert.equal(await page.textContent("#sim-result .notice"), "cancelled");
  assert.equal(await page.$eval("#sim-start", (b) => (b as HTMLButtonElement).disabled), false);
});

step("a share link reopens the same text in a fresh browser", async () => {
  await haveQuizGame();
  await page.click("#share");
  // The link is compressed asynchronously: wait for the box to be filled, not for a fixed time.
  await page.waitForFunction(() => (document.querySelector("#share-url") as HTMLInputElement).value.includes("#share="));
  const url = await page.inputValue("#share-url");
  assert.ok(url.includes("#share="));
  const edited = await text(EDITED);
  const quiz = await text(QUIZ);
  // A second, empty profile stands in for the person the link is sent to.
  const otherProfile = mkdtempSync(join(tmpdir(), "rulesmith-chromium-"));
  const other = await chromium.launchPersistentContext(otherProfile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1500, height: 900 }, timeout: WAIT_MS });
  other.setDefaultTimeout(WAIT_MS);
  try {
    const p = other.pages()[0] ?? (await other.newPage());
    await p.goto(url);
    await p.waitForSelector("body[data-ready=true]");
    assert.equal(await p.evaluate((f) => window.__rulesmith.text(f), EDITED), edited);
    assert.equal(await p.evaluate((f) => window.__rulesmith.text(f), QUIZ), quiz);
    assert.ok(!p.url().includes("#share="), "the link is consumed once the files are saved");
    await p.screenshot({ path: join(shots, `${String(++shot).padStart(2, "0")}-shared-link.png`) });
  } finally {
    await other.close();
    rmSync(otherProfile, { recursive: true, force: true });
  }
});

step("download saves the open file as it is in the editor", async () => {
  await openFile(EDITED);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  assert.equal(download.suggestedFilename(), "rounds.rules");
  const saved = await download.path();
  assert.equal(readFileSync(saved!, "utf8"), await text(EDITED));
});

step("no uncaught errors reached the page", () => {
  assert.deepEqual(pageErrors, []);
});

step("`npm start` (the dev server) serves the playground with the bundled rules", async () => {
  const dev: ViteDevServer = await createViteServer({ configFile: config, logLevel: "warn", server: { port: 0, host: "127.0.0.1", strictPort: false } });
  await dev.listen();
  try {
    const url = dev.resolvedUrls?.local[0];
    assert.ok(url, "the dev server has a URL");
    const p = await context.newPage();
    await p.goto(url);
    await p.waitForSelector("body[data-ready=true]");
    await p.waitForSelector(".monaco-editor .view-lines");
    const tree = await p.$$eval(".tree-file", (rows) => rows.map((r) => (r as HTMLElement).dataset["path"]));
    assert.ok(tree.includes("rules/warlords3/battle.rules"));
    await p.screenshot({ path: join(shots, `${String(++shot).padStart(2, "0")}-dev-server.png`) });
    await p.close();
  } finally {
    await dev.close();
  }
});
