// `npm run build:cli` (and `prepare`, so `npm install` in a fresh clone runs it): compiles src/ and
// grammar/ to dist/cli/ with tsc and stamps the build, so bin/rulesmith.js runs JavaScript. tsc rather than a
// bundler: it is already the project's compiler (no new dependency), `include` picks up every file added
// under src/, and the output keeps one module per source file, so stack traces name real files.
// A build that fails leaves no stamp: the CLI then runs its sources through tsx, and `npm install` still
// succeeds (the type errors are npm run typecheck's to report).
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const stamp = new URL("../dist/cli/.built", import.meta.url);
// Only the CLI's part of dist/: `npm run build` writes the playground and the reference beside it.
rmSync(new URL("../dist/cli", import.meta.url), { recursive: true, force: true });
let tsc;
try {
  tsc = createRequire(import.meta.url).resolve("typescript/package.json").replace(/package\.json$/, "bin/tsc");
} catch {
  console.warn("rulesmith: typescript is not installed, so the CLI was not built; it will run its sources through tsx");
  process.exit(0);
}
try {
  execFileSync(process.execPath, [tsc, "-p", new URL("../tsconfig.build.json", import.meta.url).pathname], { stdio: "inherit" });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
} catch {
  console.warn("rulesmith: the CLI did not build (see above); it will run its sources through tsx until `npm run build:cli` succeeds");
  process.exitCode = process.argv.includes("--strict") ? 1 : 0;
}
