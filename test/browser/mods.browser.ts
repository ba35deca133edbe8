// Browser test of the Mods pane (issue 24, item 7): a bundled mod of the open system is switched on, an
// example only that mod has runs and passes with the base, and switched off it is no longer offered;
// "New mod" starts a mod with a mod.json requiring the system; two new mods that add one enum member
// conflict (E0164), marked in both files. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { checked, openFile, openPage, outlineCurrent, ran, step, text, usePlayground } from "./harness.ts";

const pg = usePlayground("mods");
const BASE_FILE = "rules/warlords3/units.rules";
const MOD = "mods/warlords3-disease-floor";
const MOD_EXAMPLE = "example:a diseased 1-hit unit enters combat with 1 hit, not 0";

/** The values of the Run list, read once it is current. */
async function runList(): Promise<string[]> {
  await outlineCurrent(pg.page);
  return pg.page.$$eval("#run-target option", (os) => os.map((o) => (o as HTMLOptionElement).value));
}

step(pg, "a mod switched on runs its example with the base; switched off, the example is gone", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await openFile(page, BASE_FILE);
  await page.waitForSelector(`#mods input[data-mod="${MOD}"]`);
  assert.equal(await page.textContent("#mods-heading"), "Mods of warlords3");
  await page.click("#tab-run");
  assert.ok(!(await runList()).includes(MOD_EXAMPLE), "off, the mod's example is not offered");
  await page.check(`#mods input[data-mod="${MOD}"]`);
  await page.waitForFunction((v) => [...document.querySelectorAll("#run-target option")].some((o) => (o as HTMLOptionElement).value === v), MOD_EXAMPLE);
  await page.selectOption("#run-target", MOD_EXAMPLE);
  assert.equal(await ran(page, () => page.click("#run-button")), "passed");
  await pg.shot("mod-on");
  await page.uncheck(`#mods input[data-mod="${MOD}"]`);
  await page.waitForFunction((v) => ![...document.querySelectorAll("#run-target option")].some((o) => (o as HTMLOptionElement).value === v), MOD_EXAMPLE);
  assert.ok(!(await runList()).includes(MOD_EXAMPLE));
});

step(pg, "New mod starts a mod of the open system, switched on, and two that add one member conflict in both files", async () => {
  const { page } = pg;
  await openFile(page, BASE_FILE);
  await page.click("#new-mod");
  await page.waitForFunction(() => window.__rulesmith.activePath() === "mods/warlords3-mod/mod.rules");
  const manifest = JSON.parse(await text(page, "mods/warlords3-mod/mod.json")) as { name: string; requires: Record<string, string> };
  assert.equal(manifest.name, "warlords3-mod");
  assert.deepEqual(manifest.requires, { warlords3: ">=1.0.0 <2" });
  assert.equal(await page.isChecked('#mods input[data-mod="mods/warlords3-mod"]'), true);
  await page.evaluate(() => window.__rulesmith.reveal(5, 1));
  await page.keyboard.insertText("extend enum Bane { giant }\n");
  await checked(page);
  assert.deepEqual((await page.evaluate(() => window.__rulesmith.markers())).filter((m) => m.severity === 8), [], "one mod alone is fine");
  // A second mod, from a file of the first (its base is the same system), adding the same member.
  await page.click("#new-mod");
  await page.waitForFunction(() => window.__rulesmith.activePath() === "mods/warlords3-mod2/mod.rules");
  await page.evaluate(() => window.__rulesmith.reveal(5, 1));
  await page.keyboard.insertText("extend enum Bane { giant }\n");
  await checked(page);
  await page.waitForFunction(() => window.__rulesmith.allMarkers("mods/warlords3-mod2/mod.rules").some((m) => m.code === "E0164"));
  await page.waitForFunction(() => window.__rulesmith.allMarkers("mods/warlords3-mod/mod.rules").some((m) => m.code === "E0164"));
  const message = (await page.evaluate(() => window.__rulesmith.allMarkers("mods/warlords3-mod/mod.rules"))).find((m) => m.code === "E0164")!.message;
  assert.match(message, /the mod `warlords3-mod`/);
  assert.match(message, /the mod `warlords3-mod2`/);
  await pg.shot("conflict");
  // Switched off, the second mod no longer meets the first: the first's marks go. (A mod's own file
  // always loads its mod, so the second's file, checked with the first switched on, keeps its mark.)
  await page.uncheck('#mods input[data-mod="mods/warlords3-mod2"]');
  await openFile(page, "mods/warlords3-mod/mod.rules");
  await checked(page);
  await page.waitForFunction(() => !window.__rulesmith.allMarkers("mods/warlords3-mod/mod.rules").some((m) => m.code === "E0164"));
});

step(pg, "a mod.json that requires a version of the system that is not there is marked on mod.json", async () => {
  const { page } = pg;
  const manifest = "mods/warlords3-mod/mod.json";
  await openFile(page, manifest);
  const original = await text(page, manifest);
  const line = original.split("\n").findIndex((l) => l.includes('"warlords3"')) + 1;
  const col = original.split("\n")[line - 1]!.indexOf(">=") + 3;
  // ">=1.0.0" becomes ">=2.0.0": no warlords3 of that version is here.
  await page.evaluate(([l, c]) => window.__rulesmith.reveal(l!, c!), [line, col]);
  await page.keyboard.press("Delete");
  await page.keyboard.insertText("2");
  await checked(page);
  await page.waitForFunction((p) => window.__rulesmith.markers(p).some((m) => m.code === "E0603"), manifest);
  const [marker] = (await page.evaluate((p) => window.__rulesmith.markers(p), manifest)).filter((m) => m.code === "E0603");
  assert.match(marker!.message, /requires `warlords3` >=2\.0\.0 <2, but the system loaded is version 1\.0\.0/);
  assert.equal(marker!.line, line);
});

step(pg, "a New game is a base system: New mod starts a mod of it that checks with it", async () => {
  const { page } = pg;
  await page.click("#new-game");
  await page.waitForFunction(() => /^rules\/mygame\d*\/game\.rules$/.test(window.__rulesmith.activePath()));
  const game = (await page.evaluate(() => window.__rulesmith.activePath())).split("/")[1]!;
  await page.waitForFunction((g) => document.querySelector("#mods-heading")?.textContent === `Mods of ${g}`, game);
  await page.click("#new-mod");
  const modFile = `mods/${game}-mod/mod.rules`;
  await page.waitForFunction((p) => window.__rulesmith.activePath() === p, modFile);
  // The starter declares `kind Fighter`: the mod adds a field to it, without importing the game.
  await page.evaluate(() => window.__rulesmith.reveal(5, 1));
  await page.keyboard.insertText("extend kind Fighter { courage: int = 1 }\n");
  await checked(page);
  assert.deepEqual((await page.evaluate(() => window.__rulesmith.markers())).filter((m) => m.severity === 8), []);
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
