#!/usr/bin/env node
// Runs the CLI compiled to JavaScript (dist/cli/, built by `npm run build:cli`, which `npm install` runs as
// `prepare`), so a start loads no TypeScript compiler. When that build is missing, or older than any
// source file (a checkout edited since the last build), it runs the TypeScript sources through tsx
// instead: slower to start, never stale. RULESMITH_FROM_SOURCE=1 forces the sources (the tests set it).
import { existsSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const project = fileURLToPath(new URL("..", import.meta.url));
const stamp = `${project}dist/cli/.built`;

/** The build is usable when its stamp is newer than every source file it was built from. */
function buildIsCurrent() {
  if (process.env.RULESMITH_FROM_SOURCE === "1" || !existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  for (const dir of ["src", "grammar"]) {
    const root = `${project}${dir}`;
    // An installed package may ship without its sources: the build is all there is.
    if (!existsSync(root)) continue;
    for (const f of readdirSync(root, { recursive: true })) {
      if (String(f).endsWith(".ts") && statSync(`${root}/${f}`).mtimeMs > built) return false;
    }
  }
  return true;
}

// Piped into `head`, the reader may close early: that ends the output, it is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
}

let main;
if (buildIsCurrent()) {
  ({ main } = await import("../dist/cli/src/hosts/cli/main.js"));
} else {
  let register;
  try {
    ({ register } = await import("tsx/esm/api"));
  } catch {
    console.error("error: rulesmith is not built and tsx is not installed to run its sources: run `npm install` (or `npm run build:cli`) in its folder");
    process.exit(1);
  }
  register();
  ({ main } = await import("../src/hosts/cli/main.ts"));
}
process.exitCode = await main(process.argv.slice(2));
