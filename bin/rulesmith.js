#!/usr/bin/env node
// The CLI is written in TypeScript; tsx compiles it on load so a fresh clone needs no build step.
import { register } from "tsx/esm/api";
register();
// Piped into `head`, the reader may close early: that ends the output, it is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
}
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
