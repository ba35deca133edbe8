// Browser tests of the editor basics (issue 12, problem 9), answered by the language service through
// the language worker: find references (shift+F12), the outline (ctrl+shift+O), the F1 palette,
// go to line (ctrl+G), back after F12 (alt+left), and rename across files (F2). The expected places
// are read from the bundled files' text: every use of `missilePhase` in Warlords 3.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checked, openFile, openPage, repo, step, text, usePlayground } from "./harness.ts";

const pg = usePlayground("editor-basics");
const BATTLE = "rules/warlords3/battle.rules";
const MISSILE = "rules/warlords3/missile.rules";
const NAME = "missilePhase";

/** Every whole-word use of a name in a file: [line, col], 1-based. */
function uses(path: string, name: string): [number, number][] {
  const out: [number, number][] = [];
  readFileSync(join(repo, path), "utf8")
    .split("\n")
    .forEach((l, i) => {
      for (const m of l.matchAll(new RegExp(`\\b${name}\\b`, "g"))) out.push([i + 1, m.index + 1]);
    });
  return out;
}
const inBattle = uses(BATTLE, NAME);
const inMissile = uses(MISSILE, NAME);
/** The declaration: `fn missilePhase(` in missile.rules. */
const declLine = readFileSync(join(repo, MISSILE), "utf8").split("\n").findIndex((l) => l.startsWith(`fn ${NAME}(`)) + 1;

async function selection() {
  return pg.page.evaluate(() => window.__rulesmith.selection());
}

async function at(path: string, line: number, col: number) {
  await openFile(pg.page, path);
  await pg.page.evaluate(([l, c]) => window.__rulesmith.reveal(l!, c!), [line, col]);
}

/** Closes the quick input (palette, outline, go to line) if open. */
async function closeQuickInput() {
  await pg.page.keyboard.press("Escape");
  await pg.page.waitForSelector(".quick-input-widget", { state: "hidden" });
}

step(pg, "shift+F12 lists every reference, in each file, with the declaration", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  assert.ok(inBattle.length >= 1 && inMissile.length >= 2 && declLine > 0);
  await at(BATTLE, inBattle[0]![0], inBattle[0]![1] + 2);
  await page.keyboard.press("Shift+F12");
  await page.waitForSelector(".peekview-widget .peekview-title .meta");
  const total = inBattle.length + inMissile.length;
  await page.waitForFunction((n) => (document.querySelector(".peekview-widget .peekview-title .meta")?.textContent ?? "").includes(`References (${n})`), total);
  // One row per file with its count of uses.
  const files = await page.$$eval(".peekview-widget .reference-file", (rows) => rows.map((r) => ({ name: r.querySelector(".label-name")?.textContent ?? "", count: r.querySelector(".count")?.textContent ?? "" })));
  assert.deepEqual(
    files.sort((a, b) => a.name.localeCompare(b.name)),
    [
      { name: "battle.rules", count: String(inBattle.length) },
      { name: "missile.rules", count: String(inMissile.length) },
    ],
  );
  await pg.shot("references");
  await page.keyboard.press("Escape");
  await page.waitForSelector(".peekview-widget", { state: "detached" });
});

step(pg, "F12 goes to the declaration in the other file; alt+left comes back", async () => {
  const { page } = pg;
  await at(BATTLE, inBattle[0]![0], inBattle[0]![1] + 2);
  await page.keyboard.press("F12");
  await page.waitForFunction(([p, l]) => window.__rulesmith.activePath() === p && window.__rulesmith.selection()?.line === l, [MISSILE, declLine] as const);
  await page.keyboard.press("Alt+ArrowLeft");
  await page.waitForFunction((p) => window.__rulesmith.activePath() === p, BATTLE);
  const back = await selection();
  assert.deepEqual([back?.line, back?.col], [inBattle[0]![0], inBattle[0]![1] + 2]);
});

step(pg, "ctrl+shift+O lists the file's declarations and goes to the one picked", async () => {
  const { page } = pg;
  await at(MISSILE, 1, 1);
  const fns = readFileSync(join(repo, MISSILE), "utf8")
    .split("\n")
    .map((l, i) => [/^fn (\w+)/.exec(l)?.[1], i + 1] as const)
    .filter((x): x is readonly [string, number] => x[0] !== undefined);
  assert.ok(fns.length >= 4);
  await page.keyboard.press("Control+Shift+O");
  await page.waitForSelector(".quick-input-widget .quick-input-box input");
  for (const [fn] of fns) {
    await page.fill(".quick-input-widget .quick-input-box input", `@${fn}`);
    await page.waitForFunction((n) => Array.from(document.querySelectorAll(".quick-input-widget .monaco-list-row")).some((e) => (e.textContent ?? "").includes(n)), fn);
  }
  await pg.shot("outline");
  const [pick, line] = fns[fns.length - 1]!;
  await page.fill(".quick-input-widget .quick-input-box input", `@${pick}`);
  await page.waitForFunction((n) => (document.querySelector(".quick-input-widget .monaco-list-row.focused")?.textContent ?? "").includes(n), pick);
  await page.keyboard.press("Enter");
  await page.waitForFunction((l) => window.__rulesmith.selection()?.line === l, line);
});

step(pg, "F1 opens the command palette with the editor's commands", async () => {
  const { page } = pg;
  await at(MISSILE, 1, 1);
  await page.keyboard.press("F1");
  await page.waitForSelector(".quick-input-widget .quick-input-box input");
  assert.equal(await page.inputValue(".quick-input-widget .quick-input-box input"), ">");
  for (const command of ["Go Back", "Rename Symbol", "Go to Line/Column...", "Go to Symbol..."]) {
    await page.fill(".quick-input-widget .quick-input-box input", `>${command}`);
    await page.waitForFunction((c) => Array.from(document.querySelectorAll(".quick-input-list .monaco-list-row")).some((e) => (e.textContent ?? "").startsWith(c)), command);
  }
  await pg.shot("palette");
  await closeQuickInput();
});

step(pg, "ctrl+G goes to a line", async () => {
  const { page } = pg;
  await at(MISSILE, 1, 1);
  await page.keyboard.press("Control+g");
  await page.waitForSelector(".quick-input-widget .quick-input-box input");
  await page.keyboard.type(String(declLine));
  await page.keyboard.press("Enter");
  await page.waitForFunction((l) => window.__rulesmith.selection()?.line === l, declLine);
});

step(pg, "F2 renames the function at its declaration and every use, across files", async () => {
  const { page } = pg;
  const before = { battle: await text(page, BATTLE), missile: await text(page, MISSILE) };
  await at(MISSILE, declLine, 5);
  await page.keyboard.press("F2");
  await page.waitForSelector(".rename-box input");
  await page.fill(".rename-box input", "missileVolley");
  await page.keyboard.press("Enter");
  const renamed = (s: string) => s.replace(/\bmissilePhase\b/g, "missileVolley");
  await page.waitForFunction(([p, t]) => window.__rulesmith.text(p) === t, [BATTLE, renamed(before.battle)] as const);
  assert.equal(await text(page, MISSILE), renamed(before.missile));
  assert.notEqual(renamed(before.missile), before.missile);
  // The renamed rules still check clean: no problem markers in either file, once the checks of the
  // renamed text have answered.
  await checked(page);
  assert.deepEqual(await page.evaluate((p) => window.__rulesmith.markers(p), MISSILE), []);
  assert.deepEqual(await page.evaluate((p) => window.__rulesmith.markers(p), BATTLE), []);
});

step(pg, "F2 on a reserved word as the new name says why and changes nothing", async () => {
  const { page } = pg;
  await at(MISSILE, declLine, 5);
  const before = await text(page, MISSILE);
  // No message left from an earlier step, so the one waited for is the rename's.
  if (await page.$("#message-close")) await page.click("#message-close");
  await page.waitForSelector("#statusbar:not([data-message])", { state: "attached" });
  await at(MISSILE, declLine, 5);
  await page.keyboard.press("F2");
  await page.waitForSelector(".rename-box input");
  await page.fill(".rename-box input", "roll");
  await page.keyboard.press("Enter");
  // The language service's reason, in the status bar.
  await page.waitForSelector('#statusbar[data-message="info"]');
  assert.equal(await page.textContent("#message-text"), "Cannot rename: `roll` is a reserved word and cannot name anything");
  assert.equal(await text(page, MISSILE), before);
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});

// Monaco on demand (issue 28): the page's shell starts the engine's workers from a small chunk and
// loads the editor's code (Monaco and the panels, app-*.js) by dynamic import. Held back here, the
// editor's code has not arrived, yet the page shows its shell and the language workers have started.
step(pg, "the shell comes first: with the editor's code held back, the page says it is loading and the engine worker runs", async () => {
  const page = await pg.context.newPage();
  try {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route(/\/assets\/app-[^/]*\.js$/, async (route) => {
      asked.push(route.request().url());
      await held;
      await route.continue();
    });
    const engine = page.waitForEvent("worker", (w) => /engine\.worker/.test(w.url()));
    await page.goto(pg.url, { waitUntil: "commit" });
    await page.waitForSelector("#editor[data-loading]");
    await engine;
    assert.equal(asked.length, 1, "the editor's code was asked for once, and is held");
    assert.equal(await page.$(".monaco-editor"), null, "no editor before its code arrives");
    release();
    await page.waitForSelector("body[data-ready=true]");
    await page.waitForSelector(".monaco-editor .view-lines");
    assert.equal(await page.$("#editor[data-loading]"), null);
  } finally {
    await page.close();
  }
});
