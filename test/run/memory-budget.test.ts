// The memory budget of a run and the work a step did not count (issue 29, items 1 and 10): list items
// and text characters made by a run are counted against MAX_ALLOCATED (R0506), and a list copy costs
// steps in proportion to its items. Each case asserts the coded error on every engine, never a time.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { indexProgram, runExamples } from "../../src/pipeline.ts";
import { newRun } from "../../src/run/scenario-runner.ts";
import { initialState } from "../../src/run/state.ts";
import { RuleError } from "../../src/core/values.ts";
import { checked } from "../support/helpers.ts";
import { runCli } from "../support/run-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "rulesmith-memory-"));

/** Each engine's failure of the one example in `text`. */
function failures(text: string) {
  const files = checked(text);
  return (["tree", "compiled"] as const).map((engine) => runExamples(files, undefined, undefined, engine)[0]!.failure);
}

/** A 524,288-item list made by doubling, then `body`. */
const withBig = (body: string) => `example "kept" {\n  let big = [1]\n  for i in 1..19 { big = big + big }\n${body}\n}\n`;

describe("the memory budget (R0506)", () => {
  it("copies of a 524,288-item list kept alive stop with R0506 at the `+`, not with V8 out of heap", async () => {
    const text = withBig("  let kept = [big]\n  while true { kept = kept + [big + []] }");
    for (const f of failures(text)) {
      expect([f?.code, f?.span?.line]).toEqual(["R0506", 5]);
      expect(f?.message).toBe('the run made more than 20000000 list items and text characters in all, its memory budget, in example "kept": does a loop keep copies of a long list or text?');
    }
    const file = join(dir, "kept.rules");
    writeFileSync(file, text);
    const r = await runCli(["test", file]);
    expect(r.code).toBe(1);
    expect(r.all).toContain("error[R0506]");
  });

  it("texts of 524,288 characters kept alive stop with R0506, from `+` and from `str`", () => {
    const joined = 'example "texts" {\n  let s = "a"\n  for i in 1..19 { s = s + s }\n  let kept = [s]\n  while true { kept = kept + [s + ""] }\n}\n';
    const shown = withBig("  let kept = [str(1)]\n  let small = [1]\n  for i in 1..17 { small = small + small }\n  while true { kept = kept + [str(small)] }");
    for (const f of [...failures(joined), ...failures(shown)]) expect(f?.code).toBe("R0506");
  });

  it("a record's list field read is a copy, charged too: copies kept through reads stop with R0506", () => {
    const text = `record Bag { xs: list<int> }\n${withBig("  let bag = Bag(xs: big)\n  let kept = [big]\n  while true { kept = kept + [bag.xs] }")}`;
    for (const f of failures(text)) expect([f?.code, f?.span?.line]).toEqual(["R0506", 7]);
  });

  it("a run that makes much less than the budget is untouched", () => {
    for (const f of failures(withBig("  let kept = [big]\n  for i in 1..30 { kept = kept + [big + []] }\n  expect len(kept) == 31"))) expect(f).toBeUndefined();
  });
});

/** The R0502 (or other RuleError) each engine stops the one example of `text` with, under `stepBudget`. */
function stopsWith(text: string, stepBudget: number): RuleError[] {
  const program = indexProgram(checked(text));
  return (["tree", "compiled"] as const).map((engine) => {
    const run = newRun(engine, program, initialState(program), { seed: "s", stepBudget });
    try {
      run.runExample(program.examples[0]!);
    } catch (err) {
      if (err instanceof RuleError) return err;
      throw err;
    }
    throw new Error("the example ran to its end");
  });
}

describe("work a step did not count", () => {
  it("every handler an emit considers is a step, its `when` true or not", () => {
    const handlers = Array.from({ length: 300 }, () => "on Tick when false { }").join("\n");
    for (const err of stopsWith(`event Tick()\n${handlers}\nexample "ticks" {\n  emit Tick()\n}\n`, 200)) {
      expect([err.code, err.message]).toEqual(["R0502", "the step budget of 200 steps ran out in on Tick: is there a loop or recursion that never ends?"]);
    }
  });

  it("ten copies of a 16,384-item list use up a 10,000-step budget (a step per 16 items), on every engine", () => {
    const text = 'example "copies" {\n  let big = [1]\n  for i in 1..14 { big = big + big }\n  for i in 1..10 { let n = len(big + []) }\n}\n';
    for (const err of stopsWith(text, 10_000)) expect([err.code, err.span?.line]).toEqual(["R0502", 4]);
  });
});
