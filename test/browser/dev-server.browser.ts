// `npm start` on a machine that never ran it (issue 28): Vite's dev server with an empty dependency
// cache must find every dependency by its scan before the page loads, so the page is not reloaded
// once it is up ("new dependencies optimized ... reloading"). Its scan starts from index.html and does
// not follow `?worker` imports, so the engine worker is a scan entry of its own (vite.config.ts).
// The dev server here has a cache folder of its own, empty, and the page goes through the paths that
// import code lazily: the editor, a scenario's JSON mode, Help's reference, a run in the engine worker.
// Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { createLogger, createServer, type ViteDevServer } from "vite";
import { ARGS, CHROMIUM, config, openFile, openPage, runTarget, step, WAIT_MS, type Playground } from "./harness.ts";

const cacheDir = mkdtempSync(join(tmpdir(), "rulesmith-vite-cache-"));
const said: string[] = [];
const logger = createLogger("info");
for (const level of ["info", "warn", "error"] as const) {
  const write = logger[level].bind(logger);
  logger[level] = (message, options) => {
    said.push(message);
    write(message, options);
  };
}
let dev: ViteDevServer | undefined;
let browser: Browser | undefined;
// step() only needs the page (for a screenshot when a step fails) and the screenshot helper.
const pg = { pageErrors: [] as string[] } as unknown as Playground;

before(async () => {
  dev = await createServer({ configFile: config, cacheDir, customLogger: logger, server: { port: 0, host: "127.0.0.1", strictPort: false } });
  await dev.listen();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true, timeout: WAIT_MS });
  pg.page = await browser.newPage();
  pg.page.setDefaultTimeout(WAIT_MS);
  pg.page.setDefaultNavigationTimeout(WAIT_MS);
  pg.shot = async () => undefined;
});
after(async () => {
  await browser?.close();
  await dev?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

step(pg, "a first `npm start` (empty dependency cache) loads the page once: no dependency found late, no reload", async () => {
  const { page } = pg;
  let loads = 0;
  page.on("load", () => loads++);
  // Every request answered (issue 28 saw "a 404 on every load"); Monaco's icon font comes from node_modules.
  const refused: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
  });
  const url = dev!.resolvedUrls?.local[0];
  assert.ok(url, "the dev server has a URL");
  await openPage(page, url);
  await openFile(page, "rules/warlords3/scenarios/duel.json");
  await page.waitForFunction(() => window.__rulesmith.language() === "json");
  await openFile(page, "rules/warlords3/battle.rules");
  await page.click("#help-button");
  await page.waitForSelector("#help[open] .help-reference h3");
  await page.keyboard.press("Escape");
  assert.equal(await runTarget(page, "scenario:rules/warlords3/scenarios/duel.json"), "passed");
  assert.ok(existsSync(join(cacheDir, "deps/_metadata.json")), "the dev server used the empty cache folder");
  const optimized = Object.keys((JSON.parse(readFileSync(join(cacheDir, "deps/_metadata.json"), "utf8")) as { optimized: object }).optimized);
  assert.ok(optimized.includes("chevrotain"), `the engine's dependencies are optimized: ${optimized.join(", ")}`);
  const late = said.filter((m) => /dependency optimized|dependencies optimized|optimized dependencies changed|reloading/i.test(m));
  assert.deepEqual(late, [], "Vite found no dependency after its scan");
  assert.equal(loads, 1, "the page loaded once");
  assert.deepEqual(refused, [], "no request refused or missing");
});
