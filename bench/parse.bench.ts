// `npm run bench:parse`: the parser against `JSON.parse` of a JSON text of the same size, on generated
// rules files of 10 KB, 100 KB and 1 MB (the bundled Dragon Dice program cut or repeated with renamed
// declarations: bench/large-rules.ts), and on the bundled rules file by file, the same figure as the
// row "parse of the bundled rules" of `npm run bench` (both measure through bench/parse-measure.ts, and
// both run bundled by esbuild). Rounds alternate the two; each figure is the median of the rounds, with
// the range of the ratio. Cost per KB should be flat from 10 KB to 1 MB.
//
//   npm run bench:parse                 # 7 rounds
//   npm run bench:parse -- --rounds 11
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseFile } from "../src/syntax/parse.ts";
import { bundledProgramText, largeRulesText, rulesPrefix } from "./large-rules.ts";
import { parseEach, sameSizeJson } from "./parse-measure.ts";

const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 7;

/** The repository: the folder above this file that holds package.json (the bench runs as a bundle in bench/.build/). */
const root = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();
process.chdir(root);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** CPU milliseconds of the process (all its threads, the garbage collector's too): fairer than wall time on a shared machine. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** CPU milliseconds of one call, repeated until at least 50 ms have passed so small inputs are not all timer noise. */
function time(f: () => void): number {
  let n = 0;
  const start = cpuMs();
  let now = start;
  do {
    f();
    n++;
    now = cpuMs();
  } while (now - start < 50);
  return (now - start) / n;
}

/** Every bundled .rules file, as `npm run bench` parses them (its row "parse of the bundled rules"). */
const bundled: Record<string, string> = {};
for (const rel of readdirSync("rules", { recursive: true, encoding: "utf8" }).sort()) {
  if (rel.endsWith(".rules")) bundled[`rules/${rel.split("\\").join("/")}`] = readFileSync(join("rules", rel), "utf8");
}
const bundledText = Object.values(bundled).join("\n");

const base = bundledProgramText();
const one = (label: string, text: string): [string, string, () => void] => [label, text, () => void parseFile("big.rules", text)];
const sizes: [string, string, () => void][] = [
  one("10 KB", rulesPrefix(10_000, base)),
  one("100 KB", rulesPrefix(100_000, base)),
  one("1 MB", largeRulesText(1_000_000, base)),
  ["bundled", bundledText, () => parseEach(bundled)],
];
console.log(`parse vs JSON.parse, ${rounds} rounds (median; ratio range)\n`);
console.log("size    | bytes     | parse ms | JSON.parse ms | ratio (range)        | parse ms per 100 KB");
for (const [label, text, parse] of sizes) {
  const json = sameSizeJson(root, text.length);
  const check = label === "bundled" ? undefined : parseFile("big.rules", text);
  if (check && check.diagnostics.length > 0) throw new Error(`generated ${label} text has errors: ${check.diagnostics[0]!.message}`);
  for (let i = 0; i < 2; i++) (parse(), JSON.parse(json)); // warm-up
  const p: number[] = [];
  const j: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const pi = time(parse);
    const ji = time(() => JSON.parse(json));
    p.push(pi);
    j.push(ji);
    r.push(pi / ji);
  }
  const ratio = `${median(r).toFixed(1)}x (${Math.min(...r).toFixed(1)}-${Math.max(...r).toFixed(1)})`;
  console.log(`${label.padEnd(7)} | ${String(text.length).padEnd(9)} | ${median(p).toFixed(2).padStart(8)} | ${median(j).toFixed(2).padStart(13)} | ${ratio.padEnd(20)} | ${((median(p) * 100_000) / text.length).toFixed(1)}`);
}
