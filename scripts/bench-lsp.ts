// `npm run bench:lsp`: the CPU time of find-references and rename in the language service's workspace
// (the one `rulesmith lsp` and the playground keep), on the largest bundled system. A benchmark script,
// not a test: it prints figures and asserts nothing about them.
//
// The names asked about are the system's most written declarations and fields. For each it times, on one
// workspace: the first request (every file that spells the name checked and indexed), the request again
// (the index warm), the request after an edit inside a function's body in the declaring file, which the
// others import (the edited file's own check made first, as the server's diagnostics make it after each edit), and after
// an edit of a declaration other files see (every file that sees it checked again). Rename is timed warm,
// twice: to a new name no file spells (decided at once, src/tools/service/rename-fresh.ts), and to the next
// common name, a name in use: a kind's field to a name only other things bear is decided at once too
// (rename-field.ts), any other tried on a copy of the workspace (rename-safety.ts).
//
//   npm run bench:lsp                # 5 names, 7 rounds each
//   npm run bench:lsp -- --rounds 15
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Workspace } from "../src/api.ts";

const ROUNDS = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 7;

function filesBelow(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, filesBelow(p));
    else if (e.name.endsWith(".rules") || e.name === "system.json") out[p] = readFileSync(p, "utf8");
  }
  return out;
}

const size = (files: Record<string, string>) => Object.values(files).reduce((n, t) => n + t.length, 0);
const systems = readdirSync("rules").filter((d) => statSync(join("rules", d)).isDirectory());
const [system, files] = systems.map((s) => [s, filesBelow(join("rules", s))] as const).sort((a, b) => size(b[1]) - size(a[1]))[0]!;
const rulesPaths = Object.keys(files).filter((p) => p.endsWith(".rules")).sort();

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function timed<T>(work: () => T): [T, number] {
  const start = cpuMs();
  const out = work();
  return [out, cpuMs() - start];
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const show = (xs: number[]) => `median ${median(xs).toFixed(1)} ms, range ${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)} ms`;

/** The most written declarations and fields: [path, line, col, name, times written]. */
function commonNames(ws: Workspace, count: number): [string, number, number, string, number][] {
  const all = Object.values(files).join("\n");
  const found = new Map<string, [string, number, number, string, number]>();
  for (const path of rulesPaths) {
    for (const s of ws.analysis(path).sites) {
      if ((s.kind !== "declaration" && s.kind !== "field") || found.has(s.name.text)) continue;
      const written = all.match(new RegExp(`\\b${s.name.text}\\b`, "g"))?.length ?? 0;
      found.set(s.name.text, [path, s.name.span.line, s.name.span.col, s.name.text, written]);
    }
  }
  return [...found.values()].sort((a, b) => b[4] - a[4]).slice(0, count);
}

const names = commonNames(new Workspace(files), 5);
console.log(`rules/${system}: ${rulesPaths.length} files, ${(size(files) / 1000).toFixed(0)} kB; CPU time per request, ${ROUNDS} rounds`);
const first: number[] = [];
const warm: number[] = [];
const afterBody: number[] = [];
const afterDecl: number[] = [];
const rename: number[] = [];
const renameTried: number[] = [];
for (const [path, line, col, name, written] of names) {
  const rows: Record<string, number[]> = { first: [], warm: [], afterBody: [], afterDecl: [], rename: [], renameTried: [] };
  const clash = names[(names.findIndex((n) => n[3] === name) + 1) % names.length]![3];
  let tried = "";
  let found = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const ws = new Workspace(files);
    const [refs, t0] = timed(() => ws.references(path, line, col));
    found = refs.length;
    rows.first!.push(t0);
    rows.warm!.push(timed(() => ws.references(path, line, col))[1]);
    // An edit inside a function's body in the declaring file, which the files that use the name import:
    // a line added before the body's end.
    const other = /^fn [^\n]*\{$/m.test(files[path]!) ? path : (rulesPaths.find((p) => /^fn [^\n]*\{$/m.test(files[p]!) && files[p]!.includes(name)) ?? path);
    const text = files[other]!;
    const fnStart = /^fn [^\n]*\{$/m.exec(text)?.index ?? 0;
    const bodyEnd = text.indexOf("\n}\n", fnStart);
    ws.set(other, `${text.slice(0, bodyEnd)}\n  let benchProbe${r} = 1${text.slice(bodyEnd)}`);
    ws.diagnostics(other);
    rows.afterBody!.push(timed(() => ws.references(path, line, col))[1]);
    // A declaration every file of the system may see, added to the declaring file.
    ws.set(path, `${ws.text(path)!}\nfn benchProbe${r}() -> int = 1\n`);
    ws.diagnostics(path);
    rows.afterDecl!.push(timed(() => ws.references(path, line, col))[1]);
    ws.references(path, line, col);
    rows.rename!.push(timed(() => ws.rename(path, line, col, `${name}Renamed`))[1]);
    const [answer, t] = timed(() => ws.rename(path, line, col, clash));
    tried = "error" in answer ? "refused" : "accepted";
    rows.renameTried!.push(t);
  }
  console.log(`\n${name} (${path}:${line}:${col}; written ${written} times, ${found} references)`);
  console.log(`  first request (cold)         ${show(rows.first!)}`);
  console.log(`  again (index warm)           ${show(rows.warm!)}`);
  console.log(`  after an edit in a body      ${show(rows.afterBody!)}`);
  console.log(`  after a declaration added    ${show(rows.afterDecl!)}`);
  console.log(`  rename (warm)                ${show(rows.rename!)}`);
  console.log(`  rename to \`${clash}\` (in use) ${show(rows.renameTried!)}, ${tried}`);
  first.push(...rows.first!);
  warm.push(...rows.warm!);
  afterBody.push(...rows.afterBody!);
  afterDecl.push(...rows.afterDecl!);
  rename.push(...rows.rename!);
  renameTried.push(...rows.renameTried!);
}
console.log(`\nall names: references warm ${show(warm)}; after a body edit ${show(afterBody)}; after a declaration added ${show(afterDecl)}; cold ${show(first)}; rename warm ${show(rename)}; rename to a name in use ${show(renameTried)}`);
