// The resource budget of a run (docs/language.md section 20): every runaway class ends with a coded
// error at the rule that did it, never with the process dying in V8. Each class runs as a user runs it
// (`rulesmith test FILE`, in this process: a V8 death would take the test run down with it), and the
// test asserts its exit code and output, never its time.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { example } from "../support/helpers.ts";
import { runCli } from "../support/run-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "rulesmith-budget-"));

/** Writes `text` to a file of its own and runs `rulesmith test` on it. */
function runTest(name: string, text: string): Promise<{ code: number; all: string }> {
  const file = join(dir, `${name}.rules`);
  writeFileSync(file, text);
  return runCli(["test", file]);
}

describe("each runaway class stops with a coded error and exit code 1", () => {
  it("a list that doubles forever: R0504 at the `+`, naming the limit", async () => {
    const r = await runTest("list", 'example "list doubling" {\n  let xs = [1]\n  while true { xs = xs + xs }\n}\n');
    expect(r.code).toBe(1);
    expect(r.all).toContain("error[R0504]: a list would hold 1048576 items, more than the limit of 1000000 items a list may hold");
    expect(r.all).toContain(`--> ${join(dir, "list.rules")}:3:21`);
  });

  it("a text that doubles forever: R0504", async () => {
    const r = await runTest("text", 'example "text doubling" {\n  let s = "ab"\n  while true { s = s + s }\n}\n');
    expect(r.code).toBe(1);
    expect(r.all).toContain("error[R0504]: a text would be 1048576 characters long, more than the limit of 1000000 characters a text may hold");
    expect(r.all).toContain(`--> ${join(dir, "text.rules")}:3:20`);
  });

  it("a recursion without end: R0502 at the depth limit", async () => {
    const r = await runTest("recursion", 'fn down(n: int) -> int { return down(n + 1) + 1 }\nexample "deep recursion" {\n  expect down(0) == 0\n}\n');
    expect(r.code).toBe(1);
    expect(r.all).toContain("error[R0502]: rules nested more than 400 deep in fn down");
  });

  it("a tally count that doubles forever: R0504 naming the member", async () => {
    const r = await runTest("tally", 'enum Icon { melee, save }\nexample "tally doubling" {\n  let t = Icon(melee: 1)\n  while true { t = t + t }\n}\n');
    expect(r.code).toBe(1);
    expect(r.all).toContain("error[R0504]: the count of `melee` would be 1048576, more than the limit of 1000000 a tally count may hold");
    expect(r.all).toContain(`--> ${join(dir, "tally.rules")}:4:20`);
  });

  it("a loop of `roll(1000, 6)`: every die is a step, so the step budget stops it", async () => {
    const r = await runTest("roll", 'example "roll loop" {\n  let total = 0\n  while true { total = roll(1000, 6) }\n}\n');
    expect(r.code).toBe(1);
    expect(r.all).toContain('error[R0502]: the step budget of 2000000 steps ran out in example "roll loop"');
  });

  it("a number squared forever: R0505 at the `*`", async () => {
    const r = await runTest("squaring", 'example "squaring" {\n  let n = 3\n  while true { n = n * n }\n}\n');
    expect(r.code).toBe(1);
    expect(r.all).toContain("error[R0505]: `n * n` would be about 3.4336838202925124e+30: whole numbers are exact only from -9007199254740991 to 9007199254740991");
    expect(r.all).toContain(`--> ${join(dir, "squaring.rules")}:3:20`);
  });
});

describe("the budget in examples", () => {
  it("a list may hold exactly 1,000,000 items; `add` of one more is R0504 at the statement", () => {
    const text = 'example "fill" {\n  let xs = [0]\n  for i in 1..6 { xs = xs + xs + xs + xs + xs }\n  for i in 1..6 { xs = xs + xs }\n  expect len(xs) == 1000000\n  add 1 to xs\n}\n';
    const r = example(text, "fill");
    expect([r.failure?.code, r.failure?.message, r.failure?.span?.line, r.failure?.span?.col]).toEqual(["R0504", "a list would hold 1000001 items, more than the limit of 1000000 items a list may hold", 6, 3]);
  });
  it("`str` of a list longer than a text may be is R0504", () => {
    const r = example('example "show" {\n  let xs = [1000000]\n  for i in 1..18 { xs = xs + xs }\n  say str(xs)\n}\n', "show");
    expect([r.failure?.code, r.failure?.span?.line]).toEqual(["R0504", 4]);
    expect(r.failure?.message).toMatch(/^a text would be \d+ characters long, more than the limit of 1000000 characters a text may hold$/);
  });
  it("a tally built with a count above the limit is R0504", () => {
    const r = example('enum Icon { melee }\nexample "big" {\n  let t = Icon(melee: 1000001)\n}\n', "big");
    expect([r.failure?.code, r.failure?.message]).toEqual(["R0504", "the count of `melee` would be 1000001, more than the limit of 1000000 a tally count may hold"]);
  });
  it("an aggregate counts a step per item, so a loop over a long list runs into the step budget", () => {
    const r = example('example "agg" {\n  let xs = [1]\n  for i in 1..17 { xs = xs + xs }\n  while true { let n = count(x in xs) }\n}\n', "agg");
    expect(r.failure?.code).toBe("R0502");
  });
  it("`say` of a list of long texts, too long for JavaScript to show, is R0504 rather than an internal error", () => {
    const r = example('example "say" {\n  let s = "a"\n  for i in 1..19 { s = s + s }\n  let xs = [s]\n  for i in 1..11 { xs = xs + xs }\n  say xs\n}\n', "say");
    expect([r.failure?.code, r.failure?.message]).toEqual(["R0504", "a text value grew too long to hold (a text may hold 1000000 characters)"]);
  });
  it("a long list and text within the limits still work", () => {
    const r = example('example "fine" {\n  let xs = [1]\n  for i in 1..19 { xs = xs + xs }\n  expect len(xs) == 524288\n  let s = "a"\n  for i in 1..19 { s = s + s }\n  expect s != ""\n}\n', "fine");
    expect(r.failure).toBeUndefined();
  });
});
