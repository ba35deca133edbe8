// Output is bounded (issue 14, item 3): at most DIAGNOSTICS_PER_FILE diagnostics are printed per file,
// then one line for the rest, and a code frame shows at most FRAME_WIDTH characters of its line. The
// language service keeps every diagnostic; only the printed text is cut.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DIAGNOSTICS_PER_FILE, formatDiagnostics } from "../../src/tools/report.ts";
import { diag, FRAME_WIDTH, formatDiagnostic, frameWindow } from "../../src/core/diagnostics.ts";
import { spanAt } from "../../src/syntax/parse.ts";
import { runCli } from "../support/run-cli.ts";
import { TRACE_MESSAGE_WIDTH } from "../../src/run/trace.ts";
import { KeptTrace, PRINTED_TRACES, TRACE_HEAD_LINES, TRACE_LINES } from "../../src/hosts/cli/trace-output.ts";
import { loadScenario, nodeFileHost, runScenario } from "../../src/api/node.ts";


describe("code frames", () => {
  it("a short line is shown whole", () => {
    expect(frameWindow("fn f() -> int = x", 16, 1)).toEqual({ text: "fn f() -> int = x", caretAt: 16, caretWidth: 1 });
  });

  it("a long line is cut to a window around the range, with `...` at each cut, and the caret stays under the range", () => {
    const line = `${"a,".repeat(5000)}BAD${",b".repeat(5000)}`;
    const from = line.indexOf("BAD");
    const shown = frameWindow(line, from, 3);
    expect(shown.text.length).toBeLessThanOrEqual(FRAME_WIDTH);
    expect(shown.text.startsWith("...") && shown.text.endsWith("...")).toBe(true);
    expect(shown.text.slice(shown.caretAt, shown.caretAt + shown.caretWidth)).toBe("BAD");
  });

  it("a range wider than the window is underlined up to the window's edge", () => {
    const line = `let x = ${"y".repeat(1000)}`;
    const shown = frameWindow(line, 8, 1000);
    expect(shown).toEqual({ text: `${line.slice(0, 114)}...`, caretAt: 8, caretWidth: 106 });
  });

  it("a diagnostic on a 300 KB line prints a frame of at most 120 characters and a message of at most 400", () => {
    const text = `fn f() -> int = ${"q".repeat(300_000)}\n`;
    const d = diag("E0101", spanAt("a.rules", text, 16, text.length - 1), `there is no function \`${"q".repeat(300_000)}\``);
    const lines = formatDiagnostic(d, text).split("\n");
    expect(lines.map((l) => l.length).every((n) => n <= 400 + 20)).toBe(true);
    // The range starts at column 17: ten characters of context before it, then the cut.
    expect(lines[3]).toBe(`1 | ...${text.slice(6, 120)}...`);
    expect(lines[4]).toBe(`  | ${" ".repeat(13)}${"^".repeat(104)}`);
  });
});

describe("diagnostics per file", () => {
  it(`prints the first ${DIAGNOSTICS_PER_FILE} of a file, then one line for the rest, and counts them all`, () => {
    const text = "x\n".repeat(120);
    const many = Array.from({ length: 120 }, (_, i) => diag("E0101", spanAt("a.rules", text, i * 2, i * 2 + 1), "there is no `x`"));
    const other = diag("E0101", spanAt("b.rules", "x\n", 0, 1), "there is no `x`");
    const out = formatDiagnostics([...many, other], new Map([["a.rules", text], ["b.rules", "x\n"]]));
    expect(out.split("error[E0101]").length - 1).toBe(DIAGNOSTICS_PER_FILE + 1);
    expect(out).toContain("--> a.rules:50:1");
    expect(out).not.toContain("--> a.rules:51:1");
    expect(out).toContain(`... and ${120 - DIAGNOSTICS_PER_FILE} more in a.rules\n`);
    expect(out).toContain("--> b.rules:1:1");
    expect(out.endsWith("121 error(s), 0 warning(s)")).toBe(true);
  });
});

describe("the command line on a 300 KB line with 100,000 errors", () => {
  const dir = mkdtempSync(join(tmpdir(), "rulesmith-output-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("prints a bounded report: 50 framed errors, a count of the rest, and the total", async () => {
    // 100,000 unknown names on one line: each is E0101.
    writeFileSync(join(dir, "wide.rules"), `fn h() -> list<int> = [${Array(100_000).fill("qq").join(",")}]\n`);
    const r = await runCli(["check", "wide.rules"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.all.split("error[E0101]").length - 1).toBe(DIAGNOSTICS_PER_FILE);
    expect(r.all).toContain(`... and ${100_000 - DIAGNOSTICS_PER_FILE} more in wide.rules`);
    expect(r.all).toContain("100000 error(s), 0 warning(s)");
    // Each of the 50 diagnostics takes at most a few hundred characters.
    expect(r.all.length).toBeLessThan(DIAGNOSTICS_PER_FILE * 500);
  });
});

describe("traces printed by test and run (issue 29, item 3)", () => {
  const dir = mkdtempSync(join(tmpdir(), "rulesmith-traces-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const saying = (times: number, doublings: number) => `fn big() -> text {
  let s = "x"
  let i = 0
  while i < ${doublings} { s = s + s  i = i + 1 }
  return s
}
fn spam() {
  let s = big()
  let i = 0
  while i < ${times} { say s  i = i + 1 }
}
`;
  const failing = (n: number) => Array.from({ length: n }, (_, i) => `example "e${i}" { spam()  expect 1 == 2 }`).join("\n");

  it("ten failing examples that each say a 524,288-character text up to the trace limit print about 350 KB, not 500 MB", async () => {
    writeFileSync(join(dir, "loud.rules"), `${saying(200, 19)}${failing(10)}\n`);
    const r = await runCli(["test", "loud.rules"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("0 passed, 10 failed");
    expect(r.stdout.split("FAIL  e").length - 1).toBe(10);
    // Each said line is cut to TRACE_MESSAGE_WIDTH characters and says how long it was.
    expect(r.stdout).toContain(`${"x".repeat(TRACE_MESSAGE_WIDTH)}... (524288 characters)  [fn spam @ loud.rules:10:19]`);
    expect(Math.max(...r.stdout.split("\n").map((l) => l.length))).toBeLessThan(400);
    expect(r.all.length).toBeLessThan(500_000);
  });

  it("a long trace keeps its first and last lines, and a command stops printing traces past its cap; --trace-file has them whole", async () => {
    writeFileSync(join(dir, "long.rules"), `${saying(3000, 10)}${failing(10)}\n`);
    const r = await runCli(["test", "long.rules"], { cwd: dir });
    expect(r.stdout).toContain(`    ... ${3002 - TRACE_LINES} more lines (use --trace-file FILE for the whole trace)`);
    const leftOut = `    ... trace left out: this command has printed ${PRINTED_TRACES} characters of traces (use --trace-file FILE for the whole trace)`;
    // Each trace prints about 720 KB: five fit under the cap, the other five are one line each.
    expect(r.stdout.split(leftOut).length - 1).toBe(5);
    expect(r.stdout).toContain("0 passed, 10 failed");
    expect(r.all.length).toBeLessThan(PRINTED_TRACES + 10_000);

    const written = await runCli(["test", "long.rules", "--trace-file", "traces.txt"], { cwd: dir });
    expect(written.stdout).toContain(`more lines (the whole trace is in traces.txt)`);
    const file = readFileSync(join(dir, "traces.txt"), "utf8");
    expect(file.split("\n").filter((l) => l.startsWith("FAIL  e"))).toHaveLength(10);
    // 10 traces of 3,002 lines (the call, big(), 3,000 says), each said text whole.
    expect(file.split("\n").filter((l) => l.includes(`${"x".repeat(1024)}  [fn spam`))).toHaveLength(30_000);
  });

  it("run --trace is bounded the same way, and run --json keeps the first and last entries and counts the rest", async () => {
    writeFileSync(join(dir, "run.rules"), `${saying(3000, 10)}state { n: int }\nfn go() -> int { spam()  return 1 }\n`);
    writeFileSync(join(dir, "run.json"), JSON.stringify({ rules: "run.rules", run: "go", state: { n: 0 } }));
    const r = await runCli(["run", "run.json", "--trace"], { cwd: dir });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(TRACE_LINES + 2);
    // go(), spam(), big() and 3,000 says.
    expect(lines[TRACE_HEAD_LINES]).toBe(`... ${3003 - TRACE_LINES} more lines (use --trace-file FILE for the whole trace)`);
    expect(lines.at(-1)).toBe("result: 1");
    const j = await runCli(["run", "run.json", "--json"], { cwd: dir });
    const out = JSON.parse(j.stdout) as { trace: { message: string }[]; traceLeftOut: number; result: string };
    expect([out.trace.length, out.traceLeftOut, out.result]).toEqual([TRACE_LINES, 3003 - TRACE_LINES, "1"]);
    expect(out.trace[5]!.message).toBe(`${"x".repeat(TRACE_MESSAGE_WIDTH)}... (1024 characters)`);
    expect(j.stdout.length).toBeLessThan(1_500_000);
    const file = await runCli(["run", "run.json", "--trace-file", "run-trace.txt"], { cwd: dir });
    expect(file.stdout).toBe("result: 1\n");
    const lines3 = readFileSync(join(dir, "run-trace.txt"), "utf8").trimEnd().split("\n");
    // The heading, the 3,003 entries, and the run's result as the closing line.
    expect([lines3[0], lines3.length, lines3.at(-1)]).toEqual(["run run.json --seed 1", 3005, "result: 1"]);
  });

  it("run keeps no whole trace of its own: the entries go to the printed window (and the file), and the file's heading shows a seed's control characters escaped", async () => {
    writeFileSync(join(dir, "keep.rules"), `${saying(3000, 2)}state { n: int }\nfn go() -> int { spam()  return 1 }\n`);
    writeFileSync(join(dir, "keep.json"), JSON.stringify({ rules: "keep.rules", run: "go", state: { n: 0 } }));
    const loaded = loadScenario(join(dir, "keep.json"), nodeFileHost([dir], dir));
    const kept = new KeptTrace();
    const out = runScenario(loaded.ready!.program, loaded.ready!.scenario, { seed: "1", trace: true, traceSink: kept });
    expect([out.trace.length, kept.total, kept.retained]).toEqual([0, 3003, TRACE_LINES]);
    const r = await runCli(["run", "keep.json", "--seed", "\u001b]0;pwned\u0007", "--trace-file", "keep-trace.txt"], { cwd: dir });
    expect(r.code).toBe(0);
    const heading = readFileSync(join(dir, "keep-trace.txt"), "utf8").split("\n")[0];
    expect(heading).toBe("run keep.json --seed \\u001b]0;pwned\\u0007");
  });

  it("a trace file that cannot be written is an error before anything runs", async () => {
    const r = await runCli(["test", "run.rules", "--trace-file", "."], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: cannot write the trace file `.`: EISDIR/);
    expect(r.stdout).toBe("");
  });
});

describe("control characters from rules and states reach no terminal (issue 29, item 5)", () => {
  const dir = mkdtempSync(join(tmpdir(), "rulesmith-controls-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // An escape that retitles a terminal, one that clears it, and a mark that reverses the text after it.
  const ESC = "\u001b]0;pwned\u0007";
  const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/;

  it("test: titles, say output and failure messages print escaped", async () => {
    writeFileSync(join(dir, "t.rules"), `example "title \u001b[2J\u202e" { say "${ESC}"  expect "\u001b" == "x" }\nexample "ok \u009b" { say 1 }\n`);
    const r = await runCli(["test", "t.rules", "--trace"], { cwd: dir });
    expect(r.all).not.toMatch(RAW);
    expect(r.stdout).toContain("FAIL  title \\u001b[2J\\u202e");
    expect(r.stdout).toContain("\\u001b]0;pwned\\u0007");
    expect(r.stdout).toContain("ok    ok \\u009b");
  });

  it("run: the trace, the result and --json print escaped, and --json still parses to the same text", async () => {
    writeFileSync(join(dir, "r.rules"), `state { n: int }\nfn go() -> text { say "a\u202eb"  return "\u009b2J${ESC}" }\n`);
    writeFileSync(join(dir, "r.json"), JSON.stringify({ rules: "r.rules", run: "go", state: { n: 0 } }));
    const r = await runCli(["run", "r.json", "--trace"], { cwd: dir });
    expect(r.all).not.toMatch(RAW);
    expect(r.stdout).toContain("a\\u202eb");
    expect(r.stdout).toContain("result: \\u009b2J\\u001b]0;pwned\\u0007");
    const j = await runCli(["run", "r.json", "--json"], { cwd: dir });
    expect(j.stdout).not.toMatch(RAW);
    expect((JSON.parse(j.stdout) as { result: string }).result).toBe("\u009b2J\u001b]0;pwned\u0007");
  });

  it("mutate: the clauses it quotes print escaped, in --json too", async () => {
    writeFileSync(join(dir, "m.rules"), `fn f(x: int) -> bool = x > 1 and "${ESC}" != ""\nexample "f" { expect f(5) }\n`);
    const text = await runCli(["mutate", "m.rules", "--workers", "1"], { cwd: dir });
    const json = await runCli(["mutate", "m.rules", "--workers", "1", "--json"], { cwd: dir });
    for (const r of [text, json]) expect(r.stdout).not.toMatch(RAW);
    expect(text.stdout).toContain('before: x > 1 and "\\u001b]0;pwned\\u0007" != ""');
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain("\\u001b]0;pwned\\u0007");
  });

  it("simulate and odds: outcome labels print escaped", async () => {
    const sim = await runCli(["simulate", "r.json", "-n", "3", "--workers", "1"], { cwd: dir });
    const odds = await runCli(["odds", "r.json"], { cwd: dir });
    for (const r of [sim, odds]) {
      expect(r.code).toBe(0);
      expect(r.all).not.toMatch(RAW);
      expect(r.stdout).toContain("\\u009b2J\\u001b]0;pwned\\u0007");
    }
  });
});
