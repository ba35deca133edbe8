// The CLI as it ships: compiled to JavaScript by tsc (scripts/build-cli.mjs, tsconfig.build.json) and
// started by bin/rulesmith.js. The build is made here into test-output/ (inside the project, so its
// imports of npm packages resolve) and laid out as an installed package holds it: a copy of the real
// bin/rulesmith.js beside dist/cli/ and its stamp, without the sources, so that copy runs the build (it
// has no sources to fall back to). What it prints must be what the TypeScript sources print: the build
// runs as a process of its own (the point is the program a user starts); the sources run in this
// process through `main(argv, io)` (test/support/run-cli.ts), which test/hosts/cli.test.ts holds to
// bin/rulesmith.js started on the sources, so a second process (and a tsx start) per command adds nothing.
import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const installed = `${root}test-output/cli-build-${process.pid}`;
const out = `${installed}/dist/cli`;
const tsc = createRequire(import.meta.url).resolve("typescript/package.json").replace(/package\.json$/, "bin/tsc");

/** `rulesmith ARGS` from the project's folder: the installed build as a process, or the sources in this process. */
function run(args: string[], compiled: boolean): Promise<{ code: number; stdout: string; stderr: string }> {
  if (!compiled) return runCli(args, { cwd: root });
  // Without RULESMITH_FROM_SOURCE (which would make the copy look for sources it does not have).
  const { RULESMITH_FROM_SOURCE: _fromSource, ...env } = process.env;
  return new Promise((done) =>
    execFile(process.execPath, [`${installed}/bin/rulesmith.js`, ...args], { cwd: root, env }, (err, stdout, stderr) => done({ code: err ? Number(err.code) : 0, stdout, stderr })),
  );
}

beforeAll(() => {
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--outDir", out], { cwd: root });
  writeFileSync(`${out}/.built`, "the build of test/hosts/cli-build.test.ts\n");
  mkdirSync(`${installed}/bin`);
  copyFileSync(`${root}bin/rulesmith.js`, `${installed}/bin/rulesmith.js`);
});
afterAll(() => rmSync(installed, { recursive: true, force: true }));

describe("the compiled CLI", () => {
  it("has a JavaScript module for every TypeScript file under src/ and grammar/ (so files added later ship too)", () => {
    for (const dir of ["src", "grammar"]) {
      const sources = readdirSync(`${root}${dir}`, { recursive: true }).map(String).filter((f) => f.endsWith(".ts"));
      expect(sources.length).toBeGreaterThan(0);
      // grammar/diagrams.ts draws the railroad diagrams for the docs: a script, not part of the CLI.
      const missing = sources.filter((f) => `${dir}/${f}` !== "grammar/diagrams.ts" && !existsSync(`${out}/${dir}/${f.replace(/\.ts$/, ".js")}`));
      expect(missing).toEqual([]);
    }
  });

  it("prints the usage for --help", async () => {
    const r = await run(["--help"], true);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("rulesmith - write tabletop game rules as code");
    expect(r.stdout).toContain("rulesmith simulate SCENARIO.json");
  });

  it("runs the bundled examples exactly as the sources do", async () => {
    const [compiled, source] = await Promise.all([run(["test", "rules/warlords3"], true), run(["test", "rules/warlords3"], false)]);
    expect(compiled.code).toBe(0);
    expect(compiled.stdout).toMatch(/\d+ passed, 0 failed\n$/);
    expect(compiled.stdout).toBe(source.stdout);
  });

  it("reports a mistake in the rules exactly as the sources do", async () => {
    const [compiled, source] = await Promise.all([run(["check", "test/golden/misspelt-field.rules"], true), run(["check", "test/golden/misspelt-field.rules"], false)]);
    expect(compiled.code).toBe(1);
    expect(compiled.stderr).toContain("error[E0103]: `Unit` has no field `strenght`");
    expect(compiled.stderr).toBe(source.stderr);
  });
});
