// `rulesmith test` holds of an example's trace only what it may print (issue 29): the first and last
// lines in a KeptTrace, the rest streamed to --trace-file or let go. Asserted by the count of entries
// held, never by time or memory measured.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eachExample } from "../../src/pipeline.ts";
import type { TraceEntry } from "../../src/run/trace.ts";
import { KeptTrace, TraceOutput, TRACE_HEAD_LINES, TRACE_LINES } from "../../src/hosts/cli/trace-output.ts";
import { checked } from "../support/helpers.ts";
import { runCli } from "../support/run-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "rulesmith-kept-trace-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An example that says `n` numbers, then fails. */
const loud = (n: number) => `example "loud" {\n  for i in 1..${n} { say i }\n  expect false\n}\n`;
const io = { stdout: { write: () => true }, stderr: { write: () => true }, cwd: dir };

describe("KeptTrace", () => {
  it("holds the first and last lines of 100,000 and counts them all", () => {
    const kept = new KeptTrace();
    const span = { file: "f.rules", line: 1, col: 1, endLine: 1, endCol: 2, start: 0, end: 1 };
    for (let i = 0; i < 100_000; i++) kept.push({ depth: 0, kind: "say", rule: "r", message: String(i), span } satisfies TraceEntry);
    expect([kept.retained, kept.total]).toEqual([TRACE_LINES, 100_000]);
    expect(kept.head.map((e) => e.message)).toEqual(Array.from({ length: TRACE_HEAD_LINES }, (_, i) => String(i)));
    expect(kept.tail.map((e) => e.message)).toEqual(Array.from({ length: TRACE_LINES - TRACE_HEAD_LINES }, (_, i) => String(100_000 - (TRACE_LINES - TRACE_HEAD_LINES) + i)));
  });
});

describe("test keeps only the printed part of a trace", () => {
  it("an example saying 100,000 lines: its run keeps no trace of its own, and the sink test gives it holds 2,000", () => {
    const files = checked(loud(100_000));
    const output = new TraceOutput(io, undefined);
    const sinks: KeptTrace[] = [];
    const results = [...eachExample(files, undefined, undefined, undefined, () => sinks[sinks.push(output.sink("loud")) - 1]!)];
    expect(results.map((r) => [r.passed, r.trace.length])).toEqual([[false, 0]]);
    // The `for` loop's 100,000 says, each a trace entry: held, 2,000 of them.
    expect([sinks.length, sinks[0]!.total, sinks[0]!.retained]).toEqual([1, 100_000, TRACE_LINES]);
    const shown = output.shown(sinks[0]!, "FAIL  loud", 0, true)!.split("\n");
    expect([shown.length, shown[0], shown[TRACE_HEAD_LINES], shown.at(-1)]).toEqual([TRACE_LINES + 1, expect.stringMatching(/^1 {2}\[example "loud" @/), `... ${100_000 - TRACE_LINES} more lines (use --trace-file FILE for the whole trace)`, expect.stringMatching(/^100000 {2}\[/)]);
    output.close();
  });

  it("the trace file gets every line as it is made, between the example's heading and its result", async () => {
    writeFileSync(join(dir, "loud.rules"), loud(30_000));
    const r = await runCli(["test", "loud.rules", "--trace-file", "t.txt"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`    ... ${30_000 - TRACE_LINES} more lines (the whole trace is in t.txt)`);
    const lines = readFileSync(join(dir, "t.txt"), "utf8").split("\n");
    expect(lines[0]).toBe("example loud  (loud.rules:1)");
    expect(lines.filter((l) => /^\d+ {2}\[example "loud" @ loud\.rules:2:23\]$/.test(l))).toHaveLength(30_000);
    expect(lines.at(-3)).toBe("FAIL  loud  (loud.rules:1)");
  });
});
