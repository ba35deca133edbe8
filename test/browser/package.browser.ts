// The package as a user gets it (issue 23, item 4): `npm pack` once, install the tarball into an empty
// project, and use the public API from there: in Node (typed, and the same battle the repository's own
// pipeline and the installed `rulesmith` command fight), and bundled by esbuild for the browser, run in
// Chromium and in a bare VM context with no Node globals. Slow (a pack, an install, a bundle), so it runs
// with the browser tests (`npm run test:browser`), not in vitest.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createContext, runInContext } from "node:vm";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { loadScenario, nodeFileHost, runScenario } from "../../src/api/node.ts";
import { ARGS, CHROMIUM, repo } from "./harness.ts";

const SCENARIO = "rules/warlords3/scenarios/battle.json";
const SEED = "7";
let work: string;
let consumer: string;
let installed: string;
let tarballFiles: string[];

/** The repository's own run of the battle, through the pipeline: what every other run must match. */
function expected() {
  const loaded = loadScenario(join(repo, SCENARIO), nodeFileHost());
  assert.ok(loaded.ready, "the bundled battle loads");
  const run = runScenario(loaded.ready.program, loaded.ready.scenario, { seed: SEED, trace: true });
  assert.ok(run.resultText, "the bundled battle has a result");
  return { result: run.resultText, steps: run.trace.length };
}

before(() => {
  work = mkdtempSync(join(tmpdir(), "rulesmith-package-"));
  // `npm pack` runs `prepare`, which builds dist/cli/ (JavaScript and declarations) from the sources.
  const [packed] = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: repo, encoding: "utf8" })) as { filename: string; files: { path: string }[] }[];
  tarballFiles = packed!.files.map((f) => f.path);
  consumer = join(work, "consumer");
  mkdirSync(consumer);
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  // Dependencies come from npm's cache when they are there, else from the registry.
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", join(work, packed!.filename)], { cwd: consumer, stdio: "pipe" });
  installed = join(consumer, "node_modules/rulesmith");
});

after(() => rmSync(work, { recursive: true, force: true }));

test("the tarball holds the built JavaScript with its declarations, the command and the rules, and no tests or sources", () => {
  for (const f of ["dist/cli/.built", "dist/cli/src/api.js", "dist/cli/src/api.d.ts", "dist/cli/src/api/node.js", "dist/cli/src/api/runtime.d.ts", "bin/rulesmith.js", SCENARIO, "docs/api.md", "package.json"]) {
    assert.ok(tarballFiles.includes(f), `${f} is packed`);
  }
  assert.deepEqual(tarballFiles.filter((f) => /^(test|src|playground|scripts|bench|editors)\//.test(f)), []);
});

test("in Node, the installed API runs the bundled battle as the repository's pipeline does, and so does its command", () => {
  const want = expected();
  const script = `
    import { loadScenario, runScenario } from "rulesmith";
    import { nodeFileHost } from "rulesmith/node";
    const loaded = loadScenario(process.argv[2], nodeFileHost());
    const run = runScenario(loaded.ready.program, loaded.ready.scenario, { seed: ${JSON.stringify(SEED)}, trace: true });
    console.log(JSON.stringify({ result: run.resultText, steps: run.trace.length }));`;
  writeFileSync(join(consumer, "battle.mjs"), script);
  const got = JSON.parse(execFileSync(process.execPath, ["battle.mjs", join(installed, SCENARIO)], { cwd: consumer, encoding: "utf8" }));
  assert.deepEqual(got, want);
  // The installed command runs its build (no sources ship), with the same result.
  const cli = JSON.parse(execFileSync(join(consumer, "node_modules/.bin/rulesmith"), ["run", join(installed, SCENARIO), "--seed", SEED, "--json"], { cwd: consumer, encoding: "utf8", env: { ...process.env, RULESMITH_FROM_SOURCE: "" } }));
  assert.equal(cli.result, want.result);
  assert.equal(cli.trace.length, want.steps);
});

test("a TypeScript consumer sees the API's types", () => {
  writeFileSync(
    join(consumer, "typed.ts"),
    `import { compileTexts, formatDiagnostics, type Diagnostic } from "rulesmith";
import { nodeFileHost } from "rulesmith/node";
const compiled = compileTexts({ "a.rules": "state { hp: int }" });
const ds: Diagnostic[] = compiled.diagnostics;
const text: string = formatDiagnostics(ds, compiled.texts);
nodeFileHost(["."]).read("a.rules");
// @ts-expect-error: roots are a list of paths, so a typed API refuses a number
compileTexts({}, 42);
console.log(text);
`,
  );
  writeFileSync(join(consumer, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true, noEmit: true, types: [] }, files: ["typed.ts"] }));
  const tsc = join(repo, "node_modules/typescript/bin/tsc");
  // An untyped import would be `any`: the @ts-expect-error would then be unused, itself an error.
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: consumer, encoding: "utf8" });
});

test("bundled for the browser, the installed API runs the same battle in Chromium and with no Node globals at all", async () => {
  const want = expected();
  // The game's files as a browser has them: texts in memory, keyed by path.
  const root = join(installed, "rules");
  const files: Record<string, string> = {};
  for (const f of readdirSync(join(root, "warlords3"), { recursive: true }).map(String)) {
    if (f.endsWith(".rules") || f.endsWith(".json")) files[relative(root, join(root, "warlords3", f)).split("\\").join("/")] = readFileSync(join(root, "warlords3", f), "utf8");
  }
  writeFileSync(join(consumer, "files.json"), JSON.stringify(files));
  writeFileSync(
    join(consumer, "browser.js"),
    `import { loadScenario, memoryFileHost, runScenario } from "rulesmith";
import files from "./files.json";
const loaded = loadScenario("warlords3/scenarios/battle.json", memoryFileHost(files));
const run = runScenario(loaded.ready.program, loaded.ready.scenario, { seed: ${JSON.stringify(SEED)}, trace: true });
globalThis.battle = { result: run.resultText, steps: run.trace.length };
`,
  );
  const bundle = await build({ entryPoints: [join(consumer, "browser.js")], bundle: true, write: false, platform: "browser", format: "iife", absWorkingDir: consumer, logLevel: "silent" });
  const code = bundle.outputFiles[0]!.text;

  // A context with only the language's own globals: no process, require, Buffer or module.
  const bare = createContext({});
  runInContext(code, bare);
  assert.deepEqual(JSON.parse(JSON.stringify(bare.battle)), want);

  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.setContent("<!doctype html><title>rulesmith</title>");
    await page.addScriptTag({ content: code });
    assert.deepEqual(errors, []);
    assert.deepEqual(await page.evaluate(() => (globalThis as unknown as { battle: unknown }).battle), want);
  } finally {
    await browser.close();
  }
});
