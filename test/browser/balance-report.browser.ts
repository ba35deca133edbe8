// The HTML report of `rulesmith balance --html` (issue 27) opened in Chromium: the heat map has a cell
// per ordered pair, coloured by the row's win rate, with the rate and its interval (or "exact") written
// in it, and axe-core finds no critical or serious violation on the page. The duel's odds are worked by
// hand in test/tools/balance.test.ts: Weak (+0) against <Brute> (+3) wins 3/36 = 8.3%.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { main } from "../../src/hosts/cli/main.ts";
import { ARGS, CHROMIUM, repo } from "./harness.ts";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
let work: string;
let browser: Browser;

/** `rulesmith balance` on the duel fixture, its HTML report written to `file`; what it printed. */
async function report(file: string, extra: string[]): Promise<string> {
  let out = "";
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (out += t), isTTY: false }, cwd: repo };
  const code = await main(["balance", "test/fixtures/balance/duel.rules", "--roster", "test/fixtures/balance/roster.json", "--roster", "test/fixtures/balance/homebrew.json", "--html", file, "--workers", "1", ...extra], io);
  assert.equal(code, 0, out);
  return out;
}

async function open(file: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(pathToFileURL(file).href);
  return page;
}

interface Shown {
  label: string;
  rate: string;
  interval: string;
  background: string;
  dataRate: number;
  low: number;
  high: number;
}

const cells = (page: Page) =>
  page.$$eval("table.heatmap td.cell", (tds) =>
    tds.map((td) => ({
      label: td.getAttribute("title") ?? "",
      rate: td.querySelector(".rate")?.textContent ?? "",
      interval: td.querySelector(".interval")?.textContent ?? "",
      background: getComputedStyle(td).backgroundColor,
      dataRate: Number(td.getAttribute("data-rate")),
      low: Number(td.getAttribute("data-low")),
      high: Number(td.getAttribute("data-high")),
    })),
  );

async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; help: string }[] }> } }).axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  });
  return violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.impact} ${v.id}: ${v.help}`);
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), "rulesmith-balance-"));
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
});

after(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

test("the exact report: a heat map cell per pair, the odds written in each, red where the row wins and blue where it loses", async () => {
  const file = join(work, "exact.html");
  await report(file, ["--sweep", "bonus=0..2"]);
  const page = await open(file);
  const shown: Shown[] = await cells(page);
  assert.equal(shown.length, 9, "three entries: nine ordered pairs");
  const weakBrute = shown.find((c) => c.label.startsWith("Weak against &lt;Brute&gt;") || c.label.startsWith("Weak against <Brute>"))!;
  assert.ok(weakBrute, `a cell for Weak against <Brute> among ${shown.map((c) => c.label).join("; ")}`);
  assert.equal(weakBrute.rate, "8.3%");
  assert.equal(weakBrute.interval, "exact");
  // 8.3% is far below even: a blue; <Brute> against Weak (30/36) far above: a red.
  const [r, g, b] = weakBrute.background.match(/\d+/g)!.map(Number);
  assert.ok(b! > r! && b! > 200 && g! < 240, `Weak against <Brute> is blue: ${weakBrute.background}`);
  const bruteWeak = shown.find((c) => c.label.startsWith("<Brute> against Weak"))!;
  assert.equal(bruteWeak.rate, "83.3%");
  const [r2, , b2] = bruteWeak.background.match(/\d+/g)!.map(Number);
  assert.ok(r2! > b2!, `<Brute> against Weak is red: ${bruteWeak.background}`);
  // The entry's name from the roster is text on the page, not markup.
  assert.deepEqual(await page.$$eval("table.heatmap thead th", (ths) => ths.map((t) => t.textContent)), ["Weak", "Strong", "<Brute>"]);
  assert.match((await page.textContent("#sweep"))!, /Sweep of bonus \(Strong\)/);
  assert.deepEqual(await axe(page), []);
  await page.close();
});

test("the simulated report shows each cell's 95% interval around its rate", async () => {
  const file = join(work, "simulated.html");
  await report(file, ["--exact-paths", "0", "--runs", "400", "--seed", "3"]);
  const page = await open(file);
  const shown = await cells(page);
  assert.equal(shown.length, 9);
  for (const c of shown) {
    const m = /^(\d+\.\d)% – (\d+\.\d)%$/.exec(c.interval);
    assert.ok(m, `an interval in ${c.label}: ${c.interval}`);
    assert.equal(Number(m[1]), Number((c.low * 100).toFixed(1)));
    assert.equal(Number(m[2]), Number((c.high * 100).toFixed(1)));
    assert.ok(c.low < c.dataRate && c.dataRate < c.high, `${c.label}: ${c.low} < ${c.dataRate} < ${c.high}`);
    assert.match(c.label, /95% interval/);
  }
  assert.deepEqual(await axe(page), []);
  await page.close();
});
