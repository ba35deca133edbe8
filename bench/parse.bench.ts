// `npm run bench:parse`: the parser against `JSON.parse` of a JSON text of the same size, on generated
// rules files of 10 KB, 100 KB and 1 MB (the bundled Dragon Dice program cut or repeated with renamed
// declarations: bench/large-rules.ts). Rounds alternate the two; each figure is the median of the
// rounds, with the range of the ratio. Cost per KB should be flat from 10 KB to 1 MB.
//
//   npm run bench:parse                 # 7 rounds
//   npm run bench:parse -- --rounds 11
import { parseFile } from "../src/build-ast.ts";
import { bundledProgramText, largeRulesText, rulesPrefix } from "./large-rules.ts";

const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 7;

/** A JSON text of about `bytes` bytes: records with names, numbers, lists and nesting. */
function jsonText(bytes: number): string {
  const items: unknown[] = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const item = { name: `unit${i}`, hp: i % 7, side: i % 2 ? "attacker" : "defender", tags: ["melee", "save"], at: { x: i, y: -i } };
    items.push(item);
    size += JSON.stringify(item).length + 1;
  }
  return JSON.stringify(items);
}

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

const base = bundledProgramText();
const sizes: [string, string][] = [
  ["10 KB", rulesPrefix(10_000, base)],
  ["100 KB", rulesPrefix(100_000, base)],
  ["1 MB", largeRulesText(1_000_000, base)],
];
console.log(`parse vs JSON.parse, ${rounds} rounds (median; ratio range)\n`);
console.log("size    | bytes     | parse ms | JSON.parse ms | ratio (range)        | parse ms per 100 KB");
for (const [label, text] of sizes) {
  const json = jsonText(text.length);
  const check = parseFile("big.rules", text);
  if (check.diagnostics.length > 0) throw new Error(`generated ${label} text has errors: ${check.diagnostics[0]!.message}`);
  for (let i = 0; i < 2; i++) (parseFile("big.rules", text), JSON.parse(json)); // warm-up
  const p: number[] = [];
  const j: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const pi = time(() => parseFile("big.rules", text));
    const ji = time(() => JSON.parse(json));
    p.push(pi);
    j.push(ji);
    r.push(pi / ji);
  }
  const ratio = `${median(r).toFixed(1)}x (${Math.min(...r).toFixed(1)}-${Math.max(...r).toFixed(1)})`;
  console.log(`${label.padEnd(7)} | ${String(text.length).padEnd(9)} | ${median(p).toFixed(2).padStart(8)} | ${median(j).toFixed(2).padStart(13)} | ${ratio.padEnd(20)} | ${((median(p) * 100_000) / text.length).toFixed(1)}`);
}
