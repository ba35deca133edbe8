// Running a probe input (scripts/fuzz/probe-inputs.ts) and checking its outcome: its files are written
// to a temporary root, its links and FIFOs made, its commands run in process through `main(argv, io)`
// with the root as the working directory. Every command must end with exit code 0 or 1, print at most
// OUTPUT_BOUND characters, no control character a terminal obeys, and no "internal error"; each class
// adds its own check. A check that fails is a failure of the input, like an exception.
import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { main } from "../../src/hosts/cli/main.ts";
import { compile, runExamples } from "../../src/pipeline.ts";
import { memoryFileHost } from "../../src/tools/service/memory-host.ts";
import type { Input } from "./inputs.ts";
import type { Failure } from "./run-input.ts";

/** The most characters one command may print: its traces' cap (4,000,000) and room for the rest. */
export const OUTPUT_BOUND = 6_000_000;
/** Characters of a command's output kept for the checks; the rest is counted only. */
const KEPT = 8_000_000;
/** What a terminal obeys, besides the line break and the tab: C0 and C1 controls, DEL, the reordering marks. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** A budget's coded stop, or any other coded runtime error. */
const BUDGET = /^R050[1-6]$/;

interface CommandRun {
  code: number;
  out: string;
  printed: number;
}

async function runCommand(argv: string[], cwd: string): Promise<CommandRun> {
  let out = "";
  let printed = 0;
  const writer = { write: (t: string) => ((printed += t.length), out.length < KEPT && (out += t.slice(0, KEPT - out.length))), isTTY: false };
  const code = await main(argv, { stdout: writer, stderr: writer, cwd });
  return { code, out, printed };
}

/** Runs a probe input and checks its class's outcome; every failed check is a failure. */
export async function runProbe(inp: Input, failures: Failure[]): Promise<void> {
  const probe = inp.probe!;
  const fail = (stage: string, message: string) => failures.push({ stage: `${probe.class}: ${stage}`, message });
  if (probe.class === "kept-alive") return keptAlive(inp, fail);
  const base = mkdtempSync(join(tmpdir(), "rulesmith-fuzz-"));
  const root = join(base, "root");
  const outside = join(base, "outside");
  const marker = `SECRET-${Math.random().toString(36).slice(2)}`;
  const secret = `// ${marker}\nfn   leaked()   -> int = 1\n`;
  let fd: number | undefined;
  try {
    mkdirSync(root);
    mkdirSync(outside);
    writeFileSync(join(outside, "secret.rules"), secret);
    writeFileSync(join(outside, "secret.json"), JSON.stringify({ rules: "secret.rules", run: "leaked", state: {}, note: marker }));
    // A file outside, open and then deleted: /proc/self/fd/N still reaches it, but no path does.
    writeFileSync(join(base, "deleted.rules"), secret);
    fd = openSync(join(base, "deleted.rules"), "r");
    unlinkSync(join(base, "deleted.rules"));
    for (const [path, text] of Object.entries(inp.overrides)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    for (const s of probe.specials ?? []) {
      if (s.make === "fifo") execFileSync("mkfifo", [join(root, s.path)], { stdio: "ignore" });
      else symlinkSync(s.target!.replace("{outside}", outside).replace("{base}", base).replace("{fd}", String(fd)), join(root, s.path));
    }
    for (const [i, argv] of probe.commands.entries()) {
      const shown = `rulesmith ${argv.join(" ")}`;
      const r = await runCommand(argv, root);
      if (r.code !== 0 && r.code !== 1) fail(shown, `exit code ${r.code}`);
      if (r.printed > OUTPUT_BOUND) fail(shown, `printed ${r.printed} characters, more than ${OUTPUT_BOUND}`);
      if (/internal error/i.test(r.out)) fail(shown, `an internal error:\n${r.out.slice(0, 2000)}`);
      const control = RAW_CONTROL.exec(r.out);
      if (control) fail(shown, `printed the control character U+${control[0].charCodeAt(0).toString(16).padStart(4, "0")} raw at ${control.index}: ${JSON.stringify(r.out.slice(Math.max(0, control.index - 100), control.index + 100))}`);
      if (probe.class === "links") links(shown, r, probe.refused![i] ?? null, marker, fail);
      if (probe.class === "odds-deep") oddsDeep(shown, r, fail);
      if (probe.class === "loud" && argv[0] === "test" && r.code !== 1) fail(shown, `failing examples, but exit code ${r.code}`);
    }
    if (probe.class === "links") {
      if (readFileSync(join(outside, "secret.rules"), "utf8") !== secret) fail("after the commands", "a file outside the root was written");
    }
  } finally {
    if (fd !== undefined) closeSync(fd);
    rmSync(base, { recursive: true, force: true });
  }
}

/** Nothing outside the root is read or shown; a command that reaches outside fails with a coded file error (E0003-E0006). */
function links(shown: string, r: CommandRun, refused: boolean | null, marker: string, fail: (stage: string, message: string) => void) {
  if (r.out.includes(marker)) fail(shown, `showed the text of a file outside the root:\n${r.out.slice(0, 2000)}`);
  const fileError = /error\[E000[3-6]\]/.test(r.out);
  if (refused === true && (r.code !== 1 || !fileError)) fail(shown, `reached outside the root or a special file without a coded file error (exit ${r.code}):\n${r.out.slice(0, 2000)}`);
  if (refused === false && fileError) fail(shown, `refused a link inside the root:\n${r.out.slice(0, 2000)}`);
}

/** `odds` gives a distribution or a coded error, never a stack overflow; an unexplored share is a share. */
function oddsDeep(shown: string, r: CommandRun, fail: (stage: string, message: string) => void) {
  if (/stack/i.test(r.out)) fail(shown, `a stack overflow on a state the rules do not recurse over:\n${r.out.slice(0, 2000)}`);
  if (/error\[E0[0-3]\d\d\]/.test(r.out)) fail(shown, `the generated rules or state do not check (a fuzzer bug):\n${r.out.slice(0, 2000)}`);
  if (r.code === 1 && !/error\[[ER]\d{4}\]/.test(r.out)) fail(shown, `failed without a coded error:\n${r.out.slice(0, 2000)}`);
  if (r.code === 0 && !r.out.includes("done")) fail(shown, `ended without the result:\n${r.out.slice(0, 2000)}`);
  for (const m of r.out.matchAll(/([\d.]+)% of the probability not explored/g)) {
    const share = Number(m[1]);
    if (!(share >= 0 && share <= 100)) fail(shown, `an unexplored share of ${m[1]}%`);
  }
}

/** Every example, on the probe's engine and at the default budgets, passes or stops with a coded budget error. */
function keptAlive(inp: Input, fail: (stage: string, message: string) => void) {
  const c = compile(["main.rules"], memoryFileHost(inp.overrides));
  const errors = c.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0 || !c.program) return fail("check", `the generated program does not check (a fuzzer bug): ${errors.map((d) => `${d.code} ${d.message}`).join("; ")}`);
  const engine = inp.probe!.engine ?? "compiled";
  for (const r of runExamples(c.program, undefined, undefined, engine)) {
    if (!r.passed && !BUDGET.test(r.failure?.code ?? "")) fail(`${engine} engine`, `example "${r.title}" failed without a budget's code: ${r.failure?.code ?? "no code"}: ${r.failure?.message.slice(0, 500)}`);
  }
}
