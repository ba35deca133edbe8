// Shared set-up for the browser test files: build the playground into a folder of its own, serve it
// as static files, and open Chromium (Debian's package, driven by playwright-core) with a fresh
// profile. Every wait is for a condition the page reaches, never a sleep.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateRawSync } from "node:zlib";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { build } from "vite";
import { findChromium, realHost } from "../../scripts/find-chromium.ts";

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The playground's Vite configuration, for the build and for the dev server (`npm start`). */
export const config = join(repo, "playground/vite.config.ts");
/** Found as scripts/ensure-browser.ts (run first by `npm run test:browser`) finds it. */
export const CHROMIUM = findChromium(realHost()) ?? "chromium";
export const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
/** Waits end when the UI gets there; the bound only turns a page that never does into a failure. */
export const WAIT_MS = Number(process.env["BROWSER_WAIT_MS"] ?? 300_000);

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".ttf": "font/ttf", ".json": "application/json", ".svg": "image/svg+xml" };

/** A static server of `root`'s files and nothing else: the built playground as any web host would serve it. */
export function serveStatic(root: string): Promise<Server> {
  const s = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = resolve(root, "." + decodeURIComponent(url.pathname === "/" ? "/index.html" : url.pathname));
    if (!path.startsWith(root) || !existsSync(path) || !statSync(path).isFile()) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" });
    createReadStream(path).pipe(res);
  });
  return new Promise((ok) => s.listen(0, "127.0.0.1", () => ok(s)));
}

export interface Marker {
  message: string;
  code?: string;
  severity: number;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
}

export interface Hook {
  activePath(): string;
  text(path?: string): string | undefined;
  markers(path?: string): Marker[];
  selection(): { line: number; col: number; endLine: number; endCol: number } | null;
  reveal(line: number, col: number): void;
  coords(line: number, col: number): { x: number; y: number } | null;
  /** Every marker of a file, from every owner (the rules checker and Monaco's JSON language). */
  allMarkers(path?: string): (Marker & { owner: string })[];
  language(path?: string): string | undefined;
}

declare global {
  interface Window {
    __rulesmith: Hook;
  }
}

/** The running playground for one test file: its URL, a browser context and its first page. */
export interface Playground {
  url: string;
  /** The folder the playground was built into, as `npm run build` builds it: a build of its own, so a
   *  concurrent `npm run build` or test run cannot change the files mid-test. */
  dist: string;
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  /** Another browser with an empty profile: a different person's computer. */
  freshContext(): Promise<{ context: BrowserContext; close(): Promise<void> }>;
  shot(name: string, p?: Page): Promise<void>;
}

/**
 * Registers the before/after hooks of a test file and returns the playground they start. `name`
 * names the screenshot folder, test-output/browser-NAME/.
 */
export function usePlayground(name: string, viewport = { width: 1500, height: 900 }): Playground {
  const dist = mkdtempSync(join(tmpdir(), "rulesmith-playground-"));
  const shots = join(repo, `test-output/browser-${name}`);
  const profiles: string[] = [];
  let server: Server | undefined;
  let n = 0;
  const pg = { dist, pageErrors: [] as string[] } as Playground;
  const launch = async () => {
    const profile = mkdtempSync(join(tmpdir(), "rulesmith-chromium-"));
    profiles.push(profile);
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport, acceptDownloads: true, timeout: WAIT_MS });
    context.setDefaultTimeout(WAIT_MS);
    return context;
  };
  before(async () => {
    rmSync(shots, { recursive: true, force: true });
    mkdirSync(shots, { recursive: true });
    await build({ configFile: config, logLevel: "warn", build: { outDir: dist, emptyOutDir: true } });
    server = await serveStatic(dist);
    const address = server.address();
    assert.ok(address && typeof address === "object");
    pg.url = `http://127.0.0.1:${address.port}/`;
    pg.context = await launch();
    pg.page = pg.context.pages()[0] ?? (await pg.context.newPage());
    pg.page.on("pageerror", (err) => pg.pageErrors.push(err.message));
  });
  after(async () => {
    await pg.context?.close();
    server?.close();
    for (const p of profiles) rmSync(p, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  });
  pg.freshContext = async () => {
    const context = await launch();
    return { context, close: () => context.close() };
  };
  pg.shot = async (label: string, p?: Page) => {
    n++;
    await (p ?? pg.page).screenshot({ path: join(shots, `${String(n).padStart(2, "0")}-${label}.png`) });
  };
  return pg;
}

/** A test that leaves a screenshot behind when it fails, to see what the UI showed. */
export function step(pg: Playground, name: string, body: () => Promise<void> | void) {
  test(name, async () => {
    try {
      await body();
    } catch (err) {
      await pg.shot(`FAILED-${name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}`).catch(() => undefined);
      throw err;
    }
  });
}

/** A share link's hash for a workspace with `files` added or changed, `active` open (the playground's format, share-link.ts). */
export function shareHash(files: Record<string, string>, active: string): string {
  const json = JSON.stringify({ changed: files, deleted: [], active });
  return `#share=${deflateRawSync(Buffer.from(json)).toString("base64url")}`;
}

export async function openPage(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  await page.waitForSelector(".monaco-editor .view-lines");
}

export async function openFile(page: Page, path: string) {
  await page.click(`.tree-file[data-path="${path}"] .tree-name`);
  await page.waitForFunction((p) => window.__rulesmith.activePath() === p, path);
}

export async function text(page: Page, path?: string): Promise<string> {
  return (await page.evaluate((p) => window.__rulesmith.text(p), path)) ?? "";
}

/** The rules checker's markers of a file (the open one by default). */
export async function markers(page: Page, path?: string): Promise<Marker[]> {
  return page.evaluate((p) => window.__rulesmith.markers(p), path);
}

/** What `rulesmith CMD PATH` prints for the bundled rules with some files' text replaced. */
export function cli(cmd: string, path: string, edits: Record<string, string>, args: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), "rulesmith-cli-"));
  try {
    cpSync(join(repo, "rules"), join(dir, "rules"), { recursive: true });
    for (const [file, content] of Object.entries(edits)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), content);
    }
    const out = spawnSync(process.execPath, [join(repo, "bin/rulesmith.js"), cmd, path, ...args], { cwd: dir, encoding: "utf8" });
    return `${out.stdout}${out.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Puts the cursor at the end of the open file. */
export async function endOfFile(page: Page) {
  await page.evaluate(() => {
    const lines = window.__rulesmith.text()!.split("\n");
    window.__rulesmith.reveal(lines.length, lines[lines.length - 1]!.length + 1);
  });
}

/** Types `typed` on a new line at the end of the open file. */
export async function appendLine(page: Page, typed: string) {
  await endOfFile(page);
  await page.keyboard.insertText("\n" + typed);
}

/**
 * Starts a new line at the end of the open file, for keystrokes to follow. The line break is typed as
 * text, not with the Enter key: a completion list that arrives late from the last word typed would
 * take Enter as accepting it.
 */
export async function newLineAtEnd(page: Page) {
  await endOfFile(page);
  await page.keyboard.insertText("\n");
}

/** Waits until this tab's edits are in localStorage (the save-status says so once written). */
export async function saved(page: Page) {
  await page.waitForFunction(() => document.body.dataset["pendingSave"] !== "true");
}

/** Presses Ctrl+Z in the editor until the file reads `original` again (undo steps may be per word). */
export async function undoUntil(page: Page, path: string, original: string) {
  for (let i = 0; i < 20 && (await text(page, path)) !== original; i++) await page.keyboard.press("Control+z");
  assert.equal(await text(page, path), original);
}

/**
 * Waits until every check the editor started has answered (`<body data-checking>` is gone), so the
 * markers and the Problems tab are those of the text as it is now, not of an earlier keystroke's.
 */
export async function checked(page: Page) {
  await page.waitForFunction(() => document.body.dataset["checking"] === undefined);
}

/** Waits until the Run list was read from the files as they are now (an edit marks it stale). */
export async function outlineCurrent(page: Page) {
  await page.waitForSelector("#run-target[data-outline=current]", { state: "attached" });
}

/**
 * Starts a run with `start` (a click, a key) and waits for its output (`#run-status[data-done]`
 * counts finished runs); returns the status's class: "passed", "failed", "asking" or "blocked".
 */
export async function ran(page: Page, start: () => Promise<void>): Promise<string> {
  const before = Number((await page.getAttribute("#run-status", "data-done")) ?? 0);
  await start();
  await page.waitForFunction((n) => Number(document.querySelector("#run-status")!.getAttribute("data-done") ?? 0) > n, before);
  return (await page.getAttribute("#run-status", "class")) ?? "";
}

/**
 * Opens the Run tab, picks the first target whose value (`example:TITLE` or `scenario:PATH`) is
 * `target` or matches it, from a list that is current, runs it and returns the status's class.
 */
export async function runTarget(page: Page, target: string | RegExp): Promise<string> {
  await page.click("#tab-run");
  await outlineCurrent(page);
  const values = await page.$$eval("#run-target option", (os) => os.map((o) => (o as HTMLOptionElement).value));
  const value = values.find((v) => (typeof target === "string" ? v === target : target.test(v)));
  assert.ok(value, `the Run list has ${target}: ${values.join(" | ")}`);
  await page.selectOption("#run-target", value);
  return ran(page, () => page.click("#run-button"));
}

/** Runs a simulation of `runs` runs of the selected scenario and waits for its results (`#sim-result[data-done]`). */
export async function simulate(page: Page, runs: number) {
  const before = await page.$eval("#sim-result", (r) => Number((r as HTMLElement).dataset["done"] ?? 0));
  await page.fill("#sim-runs", String(runs));
  await page.click("#sim-start");
  await page.waitForFunction((n) => Number((document.querySelector("#sim-result") as HTMLElement).dataset["done"] ?? 0) > n, before);
}

/** Clicks Reset twice, as its confirmation asks (`#reset[data-armed]` between the clicks). */
export async function confirmReset(page: Page) {
  await page.click("#reset");
  await page.waitForSelector("#reset[data-armed]");
  await page.click("#reset");
  await page.waitForSelector("#reset:not([data-armed])");
}
