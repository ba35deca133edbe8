// `rulesmith why-not` (src/tools/why-not/): one test per kind of answer, on test/fixtures/why-not, and the
// command line's text with its links to the source and to `run --trace`'s lines.
import { describe, expect, it } from "vitest";
import { loadScenario, runScenario, whyNot, type WhyNotResult } from "../../src/api.ts";
import { nodeFileHost } from "../../src/api/node.ts";
import { formatTrace } from "../../src/api/report.ts";
import { project, runCli } from "../support/run-cli.ts";

const SCENARIO = "test/fixtures/why-not/why.json";
const FILE = "test/fixtures/why-not/why.rules";
const { ready } = loadScenario(SCENARIO, nodeFileHost([project], project));

function ask(rule: string): WhyNotResult {
  const r = whyNot(ready!, rule);
  if ("problem" in r) throw new Error(r.problem);
  return r;
}

describe("why-not answers", () => {
  it("a modifier whose condition was false: the first false conjunct and what it read", () => {
    const r = ask("airborne");
    expect(r.rule).toBe("modifier airborne");
    expect(r.source).toMatchObject({ file: FILE, line: 31 });
    expect(r.answer).toMatchObject({ kind: "false", considered: 1, conjunct: "u.flying", reads: [{ expr: "u.flying", value: "false" }] });
    if (r.answer.kind === "false") expect(r.answer.at).toMatchObject({ line: 31, col: 48 });
  });

  it("a handler whose condition was false reads the event's argument as it stood", () => {
    const r = ask("on Hit");
    expect(r.answer).toMatchObject({ kind: "false", conjunct: "target.hp > 5", reads: [{ expr: "target.hp", value: "2" }] });
  });

  it("a modifier that fired: how often, and its trace line", () => {
    const r = ask("always");
    expect(r.answer).toMatchObject({ kind: "fired", times: 1 });
    if (r.answer.kind === "fired") expect(r.answer.first?.entry.message).toBe("damage: 1 unchanged (add 0)");
  });

  it("its event never happened, its value was never worked out, its table never looked up", () => {
    expect(ask("on Missed").answer).toEqual({ kind: "never", what: "event", name: "Missed" });
    expect(ask("ghost").answer).toEqual({ kind: "never", what: "value", name: "neverUsed" });
    expect(ask("unused:1").answer).toEqual({ kind: "never", what: "table", name: "unused" });
  });

  it("an instead-of handler that an earlier one took the emission from", () => {
    const r = ask("instead of Hit #2");
    expect(r.answer).toMatchObject({ kind: "replaced", emissions: 1 });
    if (r.answer.kind === "replaced") expect(r.answer.first?.entry.message).toBe('event Hit(Unit "Bo")');
  });

  it("a table row: the pattern the arguments did not match, or the row that came first", () => {
    const band = ask("band:2").answer;
    expect(band).toMatchObject({ kind: "row", lookups: 1, args: ["2"], matched: 0, pattern: { index: 0, arg: "2", pattern: "4..6" } });
    const overlap = ask("overlap:2").answer;
    expect(overlap).toMatchObject({ kind: "row", args: ["2"], matched: 0, pattern: undefined });
    expect(ask("band:1").answer).toMatchObject({ kind: "fired", times: 1 });
  });

  it("a rule by the line it is declared at, a row by its own line", () => {
    expect(ask("why.rules:31").rule).toBe("modifier airborne");
    expect(ask(`${FILE}:17`).rule).toBe("table band, row 2");
  });

  it("names no rule: a problem with a guess, handlers shared without #N, rows out of range", () => {
    expect(whyNot(ready!, "airbone")).toEqual({ problem: "no modifier, handler or table is called `airbone`; did you mean `airborne`?" });
    expect(whyNot(ready!, "instead of Hit")).toMatchObject({ problem: expect.stringContaining("`instead of Hit #1`") });
    expect(whyNot(ready!, "band:3")).toEqual({ problem: "table `band` has 2 rows: name one from 1 to 2" });
  });

  it("watching changes nothing: the run's trace is the plain run's, byte for byte", () => {
    const plain = runScenario(ready!.program, ready!.scenario, { seed: "1", trace: true });
    expect(formatTrace(ask("airborne").trace)).toBe(formatTrace(plain.trace));
    expect(formatTrace(ask("band:2").trace)).toBe(formatTrace(plain.trace));
  });
});

describe("rulesmith why-not", () => {
  it("prints the answer with links to the source and to run --trace's line", async () => {
    const r = await runCli(["why-not", SCENARIO, "--rule", "on Hit"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`its condition was tested once and was false; \`target.hp > 5\` was false\n  --> ${FILE}:45:13\n    target.hp = 2`);
    expect(r.stdout).toMatch(/trace: line \d+ of `rulesmith run test\/fixtures\/why-not\/why\.json --seed 1 --trace`/);
    const run = await runCli(["run", SCENARIO, "--trace"]);
    const line = Number(/trace: line (\d+)/.exec(r.stdout)![1]);
    const shown = r.stdout.split("\n")[r.stdout.split("\n").findIndex((l) => l.startsWith("  trace:")) + 1]!.trim();
    expect(run.stdout.split("\n")[line - 1]!.trim()).toBe(shown);
  });

  it("a rule that does not exist is E0435, exit 1; --help says what NAME may be", async () => {
    const r = await runCli(["why-not", SCENARIO, "--rule", "airbone"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("error[E0435]: no modifier, handler or table is called `airbone`; did you mean `airborne`?");
    const help = await runCli(["why-not", "--help"]);
    expect(help.stdout).toContain("`exchange:3`");
    expect((await runCli(["why-not", SCENARIO])).stderr).toContain("name the rule with --rule NAME");
  });
});
