// `npm run bench:broken`: CPU time and peak memory of the language service's `diagnostics()` on each
// shape of large broken file (bench/broken-files.ts), each in a child process of its own so that its
// max RSS is its own. A benchmark script, not a test: it prints figures and asserts nothing.
//
//   npm run bench:broken                 # 300 KB files
//   npm run bench:broken -- --kb 1000
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SHAPE_NAMES, SHAPES, type Shape } from "../bench/broken-files.ts";
import { diagnostics } from "../src/tools/service/index.ts";

const kbArg = process.argv.indexOf("--kb");
const KB = kbArg >= 0 ? Number(process.argv[kbArg + 1]) : 300;
const child = process.argv.indexOf("--shape");

if (child >= 0) {
  const shape = process.argv[child + 1] as Shape;
  const text = SHAPES[shape](KB);
  const before = process.cpuUsage();
  const ds = diagnostics({ "big.rules": text }, "big.rules");
  const used = process.cpuUsage(before);
  const codes = [...new Set(ds.map((d) => d.code))].join(" ");
  console.log(`| ${shape} | ${(text.length / 1024).toFixed(0)} KB | ${((used.user + used.system) / 1e6).toFixed(2)} | ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} | ${ds.length} (${codes}) |`);
} else {
  console.log("| shape | size | CPU s | max RSS MB | diagnostics |\n|---|---|---|---|---|");
  for (const shape of SHAPE_NAMES) {
    const out = execFileSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--shape", shape, "--kb", String(KB)], { encoding: "utf8" });
    process.stdout.write(out);
  }
}
