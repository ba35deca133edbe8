// W0312 and W0313 (issue 26, item 3): a handler no example fires, a choice no example makes or a listed
// option of it no example takes, read from the examples' traces; `rulesmith test` prints them after a
// whole passing run, and `rulesmith mutate` lists them (with W0310 and W0311) in its report.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exampleCoverage } from "../../src/tools/example-coverage.ts";
import { compile, runExamples } from "../../src/pipeline.ts";
import { memoryHost } from "../support/helpers.ts";
import { runCli } from "../support/run-cli.ts";

const RULES = `enum Side { red, blue }
kind Unit { name: text, hp: int = 9 }
state { u: Unit }
event Hit()
on Hit when u.hp > 10 { u.hp -= 2 }
on Hit { u.hp -= 1 }
fn pick() -> Side = choose "side?" from [Side.red, Side.blue]
fn word() -> text = choose "word?" from ["yes", "no"]
fn maybe() -> bool? = choose "go?" from [true, false] or none
fn never() -> int = choose "n?" from [1, 2]
example "one of each" {
  u = Unit(name: "a")
  emit Hit()
  force choices [Side.blue, "no", false]
  expect pick() == Side.blue and word() == "no" and maybe() == false and u.hp == 8
}
`;

const EXPECTED = [
  "W0312 5:1-5:7 no example fires this handler of `Hit`",
  "W0313 7:42-7:50 no example takes the option `Side.red` of this choice",
  'W0313 8:42-8:47 no example takes the option `"yes"` of this choice',
  "W0313 9:42-9:46 no example takes the option `true` of this choice",
  "W0313 9:23-9:62 no example takes the option `none` of this choice",
  "W0313 10:21-10:44 no example makes this choice",
];

describe("what no example reaches", () => {
  it("is read from the traces: handlers never fired, choices never made, listed options never taken", () => {
    const c = compile(["main.rules"], memoryHost({ "main.rules": RULES }));
    const files = c.programs![0]!;
    const shown = exampleCoverage(files, runExamples(files), () => true).map((d) => `${d.code} ${d.span.line}:${d.span.col}-${d.span.endLine}:${d.span.endCol} ${d.message}`);
    expect(shown).toEqual(EXPECTED);
  });

  it("goes when an example takes the rest", () => {
    const more = `${RULES}example "the rest" {
  u = Unit(name: "b", hp: 12)
  emit Hit()
  force choices [Side.red, "yes", true, none, 2, 1]
  expect pick() == Side.red and word() == "yes" and maybe() == true and maybe() == none and never() == 2 and never() == 1 and u.hp == 9
}
`;
    const c = compile(["main.rules"], memoryHost({ "main.rules": more }));
    const files = c.programs![0]!;
    expect(exampleCoverage(files, runExamples(files), () => true)).toEqual([]);
  });

  it("is printed by `rulesmith test` after a whole passing run, and not under --grep", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rulesmith-coverage-"));
    writeFileSync(join(dir, "main.rules"), RULES);
    const r = await runCli(["test", "main.rules"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("1 passed, 0 failed");
    expect([...r.stderr.matchAll(/^warning\[(W031\d)\]: (.*)$/gm)].map((m) => `${m[1]} ${m[2]}`)).toEqual(EXPECTED.map((e) => e.replace(/ \d+:\d+-\d+:\d+/, "")));
    const grep = await runCli(["test", "main.rules", "--grep", "one"], { cwd: dir });
    expect(grep.stderr).not.toContain("W031");
  });

  it("is listed in mutate's report, text and JSON, with the writes no rule reads", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rulesmith-coverage-mutate-"));
    writeFileSync(join(dir, "main.rules"), RULES.replace("kind Unit { name: text, hp: int = 9 }", "kind Unit { name: text, hp: int = 9 }\nstatus dazed\nfn daze(x: Unit) { apply dazed to x }"));
    const json = JSON.parse((await runCli(["mutate", "main.rules", "--json", "--workers", "1", "--budget", "1"], { cwd: dir })).stdout) as { warnings: { code: string; message: string; span: { line: number } }[] };
    expect(json.warnings.map((w) => `${w.code} ${w.span.line} ${w.message}`)).toEqual([
      "W0310 3 the status `dazed` is applied but no rule reads it: no `has dazed` outside the examples and the functions only examples call",
      "W0312 7 no example fires this handler of `Hit`",
      "W0313 9 no example takes the option `Side.red` of this choice",
      'W0313 10 no example takes the option `"yes"` of this choice',
      "W0313 11 no example takes the option `true` of this choice",
      "W0313 11 no example takes the option `none` of this choice",
      "W0313 12 no example makes this choice",
    ]);
    const text = await runCli(["mutate", "main.rules", "--workers", "1", "--budget", "1"], { cwd: dir });
    expect(text.stdout).toContain("warning[W0312]: main.rules:7:1: no example fires this handler of `Hit`\n");
  });
});
