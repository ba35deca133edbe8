// `tsx scripts/bench-keystroke.ts [system folder] [keystrokes] [--completion]`: the CPU time of one keystroke's
// diagnostics and hover in the language service, as an editor asks them, on a bundled system. In the
// largest file of the system it adds a line in the middle, `fn benchProbe() -> int = benchTarge`, and
// types and deletes a `t` at its end, so that each keystroke turns an unknown name into a known one or
// back; after each it asks the file's diagnostics and the hover over the name, from one workspace
// (src/tools/service/workspace.ts) that holds every file of the system. A benchmark script, not a
// test: it prints figures (process.cpuUsage, user + system) and asserts nothing about them.
import { readFileSync, statSync } from "node:fs";
import { nodeHost } from "../src/api/node-host.ts";
import { Workspace } from "../src/api.ts";

const args = process.argv.slice(2).filter((a) => a !== "--completion");
/** With `--completion`, each keystroke asks the completions at the cursor too, as an editor does while a name is typed. */
const COMPLETION = process.argv.includes("--completion");
const root = args[0] ?? "rules/dragon-dice";
const KEYS = Number(args[1] ?? 40);
const paths = nodeHost.listRules(root) ?? [];
const files: Record<string, string> = {};
for (const p of paths) files[p] = readFileSync(p, "utf8");
const path = paths.reduce((a, b) => (statSync(b).size > statSync(a).size ? b : a));
const lines = files[path]!.split("\n");
let at = Math.floor(lines.length / 2);
while (at < lines.length && !/^(fn|value|event|kind|enum|on|modifier) /.test(lines[at]!)) at++;
const probe = "fn benchTarget() -> int = 1\nfn benchProbe() -> int = benchTarge";
const typed = (i: number) => [...lines.slice(0, at), probe + (i % 2 === 0 ? "t" : ""), ...lines.slice(at)].join("\n");
/** Inside `benchTarge` on the probe's line. */
const hoverAt = [at + 2, 27] as const;

const workspace = new Workspace(files);
const keystroke = (i: number) => {
  workspace.set(path, typed(i));
  workspace.diagnostics(path);
  workspace.hover(path, ...hoverAt);
  if (COMPLETION) workspace.completions(path, hoverAt[0], 26 + (i % 2 === 0 ? 11 : 10));
};
// The first keystrokes parse every file and warm the JIT: not what a keystroke costs.
for (let i = 0; i < 6; i++) keystroke(i);
const before = process.cpuUsage();
for (let i = 0; i < KEYS; i++) keystroke(i);
const used = process.cpuUsage(before);
console.log(`${path} (${files[path]!.length} bytes; ${paths.length} files): ${((used.user + used.system) / 1000 / KEYS).toFixed(1)} ms CPU per keystroke (diagnostics + hover${COMPLETION ? " + completion" : ""}), over ${KEYS}`);
