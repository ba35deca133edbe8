// `npm run bench:editor`: keystroke-to-marker in the playground, in real Chromium (the one the browser
// tests use: CHROMIUM_PATH, else Debian's package; scripts/find-chromium.ts). A benchmark script, not a
// test: it prints figures and asserts nothing about them.
//
// It builds the playground, serves it, times the first load (to the editor, to the first diagnostics),
// and in two files types one letter at a time into a line it
// added in the middle of the file, `fn benchProbeN() -> int = benchTarget`, so that each keystroke
// turns an unknown name into a known one or back (E0101 comes and goes). It times each keystroke
// from the key press to the editor's markers changing, and prints the median and p90, raw (what the
// user sees) and after the page's typing pause (check-delay.ts: half as long as the file's last check took,
// 30 to 250 ms; the page says which it used in `data-check-delay-ms`): the largest bundled file, with its imports,
// and a generated file of 5,000 lines (the bundled Dragon Dice program as one file, opened from a
// share link).
//
//   npm run bench:editor                  # 15 keystrokes per file
//   npm run bench:editor -- --keys 31
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { build } from "vite";
import { rulesOfLines } from "../bench/large-rules.ts";
import { nodeHost } from "../src/api/node-host.ts";
// The browser tests' Chromium, its flags and their static server of the built playground.
import { ARGS, CHROMIUM, repo, serveStatic, shareHash } from "../test/browser/harness.ts";

const KEYS = Number(process.argv[process.argv.indexOf("--keys") + 1]) || 15;
/** The bounds of the page's typing pause, read from its source (the module itself needs a bundler to load). */
const DELAY_SOURCE = readFileSync(join(repo, "playground/check-delay.ts"), "utf8");
const DELAY_BOUNDS = ["MIN", "MAX"].map((b) => Number(new RegExp(`${b}_CHECK_DELAY_MS = (\\d+)`).exec(DELAY_SOURCE)![1]));

interface Marker {
  message: string;
  line: number;
}
type Hook = { activePath(): string; text(): string; markers(): Marker[]; reveal(line: number, col: number): void };
const hook = () => (window as unknown as { __rulesmith: Hook }).__rulesmith;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

/** Waits until the markers stop changing for `quiet` ms: the checks of earlier edits are done. */
async function settle(page: Page, quiet = 1500) {
  let last = "";
  let since = Date.now();
  for (;;) {
    const now = JSON.stringify(await page.evaluate(() => (window as unknown as { __rulesmith: Hook }).__rulesmith.markers()));
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quiet) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Keystroke-to-marker times (ms) in `path`, after the page has opened at `url`, with the typing pause the page waited before each check. */
async function measure(page: Page, url: string, path: string): Promise<{ raw: number; delay: number }[]> {
  // From a blank page, so a share link's hash loads the page anew rather than only moving the hash.
  await page.goto("about:blank");
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  await page.waitForSelector(".monaco-editor .view-lines");
  if ((await page.evaluate(() => (window as unknown as { __rulesmith: Hook }).__rulesmith.activePath())) !== path) {
    await page.click(`.tree-file[data-path="${path}"]`);
    await page.waitForFunction((p) => (window as unknown as { __rulesmith: Hook }).__rulesmith.activePath() === p, path);
  }
  // A probe line in the middle of the file, before a declaration that starts a line.
  const text = await page.evaluate(() => (window as unknown as { __rulesmith: Hook }).__rulesmith.text());
  const lines = text.split("\n");
  let at = Math.floor(lines.length / 2);
  while (at < lines.length && !/^(fn|value|event|kind|enum|on|modifier) /.test(lines[at]!)) at++;
  await page.evaluate((line) => (window as unknown as { __rulesmith: Hook }).__rulesmith.reveal(line, 1), at + 1);
  const probe = "fn benchTarget() -> int = 1\nfn benchProbe() -> int = benchTarge";
  await page.keyboard.insertText(`${probe}\n`);
  // The cursor is now at the start of the line after the probe: put it at the end of the probe.
  await page.evaluate(([line, col]) => (window as unknown as { __rulesmith: Hook }).__rulesmith.reveal(line!, col!), [at + 2, probe.split("\n")[1]!.length + 1]);
  await settle(page);
  const times: { raw: number; delay: number }[] = [];
  for (let i = 0; i < KEYS; i++) {
    const before = JSON.stringify(await page.evaluate(() => (window as unknown as { __rulesmith: Hook }).__rulesmith.markers()));
    const start = performance.now();
    await page.keyboard.press(i % 2 === 0 ? "t" : "Backspace");
    await page.waitForFunction((prev) => JSON.stringify((window as unknown as { __rulesmith: Hook }).__rulesmith.markers()) !== prev, before, { polling: 5 });
    const raw = performance.now() - start;
    times.push({ raw, delay: Number(await page.evaluate(() => document.body.dataset["checkDelayMs"])) });
    await settle(page, 400);
  }
  return times;
}

/**
 * First load: from navigation to the editor showing text, and to the first diagnostics (the Problems
 * tab filled), read as the page's own clock (`performance.now()`, zero at navigation). The first load
 * has an empty browser cache; the next ones are reloads.
 */
async function firstLoad(page: Page, url: string, loads: number): Promise<{ editor: number; diagnostics: number }[]> {
  const out: { editor: number; diagnostics: number }[] = [];
  for (let i = 0; i < loads; i++) {
    await page.goto("about:blank");
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForSelector(".monaco-editor .view-lines span");
    const editor = await page.evaluate(() => performance.now());
    await page.waitForSelector("#problems .no-problems, #problems .problem");
    out.push({ editor, diagnostics: await page.evaluate(() => performance.now()) });
  }
  return out;
}

function largestBundledFile(): string {
  const files = ["rules/warlords3", "rules/dragon-dice"].flatMap((root) => nodeHost.listRules(root) ?? []);
  return files.reduce((a, b) => (statSync(b).size > statSync(a).size ? b : a));
}

async function main() {
  const dist = mkdtempSync(join(tmpdir(), "rulesmith-bench-editor-"));
  const profile = mkdtempSync(join(tmpdir(), "rulesmith-bench-chromium-"));
  await build({ configFile: join(repo, "playground/vite.config.ts"), logLevel: "warn", build: { outDir: dist, emptyOutDir: true } });
  const server = await serveStatic(dist);
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("the static server has no address");
  const base = `http://127.0.0.1:${address.port}/`;
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1500, height: 900 } });
  const page = context.pages()[0] ?? (await context.newPage());
  context.setDefaultTimeout(120_000);
  try {
    const largest = largestBundledFile();
    const generated = rulesOfLines(5000);
    const generatedPath = "rules/generated/big.rules";
    const cases: [string, string, string][] = [
      [`${largest} (${statSync(largest).size} bytes, with its imports)`, base, largest],
      [`generated, ${generated.split("\n").length - 1} lines (${generated.length} bytes)`, base + shareHash({ [generatedPath]: generated }, generatedPath), generatedPath],
    ];
    const loads = await firstLoad(page, base, 4);
    const warm = loads.slice(1);
    console.log(
      `first load (the issue saw 4-7 s to the editor, 7-10 s to the first diagnostics on a loaded 2-core machine)\n  empty cache:  editor ${loads[0]!.editor.toFixed(0)} ms, first diagnostics ${loads[0]!.diagnostics.toFixed(0)} ms\n  reloads:      editor median ${percentile(warm.map((l) => l.editor), 50).toFixed(0)} ms, first diagnostics median ${percentile(warm.map((l) => l.diagnostics), 50).toFixed(0)} ms\n`,
    );
    console.log(`keystroke-to-marker in Chromium, ${KEYS} keystrokes per file; after typing the page waits half as long as the file's last check took (${DELAY_BOUNDS[0]} to ${DELAY_BOUNDS[1]} ms) before it checks\n`);
    for (const [label, url, path] of cases) {
      const times = await measure(page, url, path);
      const raw = times.map((t) => t.raw);
      const after = times.map((t) => t.raw - t.delay);
      const delays = times.map((t) => t.delay);
      console.log(
        `${label}\n  raw, from the keystroke:  median ${percentile(raw, 50).toFixed(0)} ms, p90 ${percentile(raw, 90).toFixed(0)} ms\n  after the typing pause:   median ${percentile(after, 50).toFixed(0)} ms, p90 ${percentile(after, 90).toFixed(0)} ms (pause median ${percentile(delays, 50)} ms, p90 ${percentile(delays, 90)} ms)`,
      );
    }
  } finally {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  }
}

await main();
