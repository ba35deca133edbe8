// Deep input (docs/language.md sections 17 and 5): a state nested more than 500 levels deep is refused
// with E0405 and its path before the validator runs, a run that would write one stops with E0405,
// and a long `else if` chain is a chain, not nesting: 2,000 branches parse, check and run.
import { describe, expect, it } from "vitest";
import { indexProgram, runScenario } from "../../src/pipeline.ts";
import { validateState } from "../../src/run/schema.ts";
import { enumerateOdds } from "../../src/tools/odds/odds.ts";
import { prepareSimulation, runRange } from "../../src/tools/simulation/simulation.ts";
import { checked, compileText, example } from "../support/helpers.ts";

const RULES = `
kind Node { next: Node?, n: int }
state { head: Node?, count: int }
fn nothing() -> int = count
fn grow() -> int {
  let i = 0
  while i < count {
    head = Node(next: head, n: i)
    i += 1
  }
  return i
}
`;
const program = indexProgram(checked(RULES));

/** A chain of `depth` nodes in JSON, each in the `next` of the one before. */
function chain(depth: number): unknown {
  let j: unknown = null;
  for (let i = 0; i < depth; i++) j = { next: j, n: i };
  return j;
}

const run = (state: unknown, fn = "nothing") => runScenario(program, { rules: "x", run: fn, state: state as never }, { seed: "s", trace: false });

describe("E0405: a state nested too deeply", () => {
  it("1,500 and 3,000 levels are refused with the path where level 500 is passed, before ajv runs", () => {
    const path = `/head${"/next".repeat(499)}`;
    for (const depth of [1500, 3000]) {
      expect(validateState(program, { head: chain(depth), count: 0 })).toEqual([{ path, message: "is nested more than 500 levels deep, deeper than a state may be", code: "E0405" }]);
    }
  });
  it("a run never starts on such a state, and says so with the code", () => {
    const r = run({ head: chain(1500), count: 0 });
    expect(r.result).toBeUndefined();
    expect(r.stateProblems?.map((p) => [p.code, p.path.length])).toEqual([["E0405", 5 + 5 * 499]]);
  });
  it("a state 400 levels deep loads, runs and is written back whole", () => {
    const r = run({ head: chain(400), count: 7 });
    expect(r.error).toBeUndefined();
    expect(r.result).toBe(7);
    expect(JSON.stringify(r.state)).toBe(JSON.stringify({ head: chain(400), count: 7 }));
  });
  it("a run whose final state would nest deeper is E0405 with the path, not a stack overflow", () => {
    const r = run({ head: null, count: 20000 }, "grow");
    expect(r.error?.code).toBe("E0405");
    // The path's ends only: 499 times "/next" in a message said nothing more.
    expect(r.error?.message).toBe("the state at `/head/next/next/next/.../next/next` is nested more than 500 levels deep, deeper than a state may be written");
  });
});

// A chain as long as the state, by reference: each entity is written once in a list and names the
// next by `$ref`, so the JSON nests three levels, but the entities reach 100,000 deep. Loading,
// copying for each simulated run, the trace's walk for expiring statuses and odds' state merging
// each followed the chain by recursion, and ran out of stack (issue 29, item 6).
describe("a chain of 100,000 entities by reference", () => {
  const LINKS = `
kind Link { next: Link? }
state { links: list<Link>, hp: int in 0..9 }
fn fight() -> text {
  while hp > 0 {
    if roll d6 >= 4 { hp -= 1 }
  }
  return "done"
}
`;
  const links = indexProgram(checked(LINKS));
  const N = 100_000;
  // Each names the one after it (the last none), so a walk from the first reaches all of them in a line.
  const forward = Array.from({ length: N }, (_, i) => (i + 1 < N ? { $id: `l${i}`, next: { $ref: `l${i + 1}` } } : { $id: `l${i}` }));
  // Each names the one before it, so each is written in the list before any `$ref` to it.
  const backward = Array.from({ length: N }, (_, i) => (i > 0 ? { $id: `l${i}`, next: { $ref: `l${i - 1}` } } : { $id: `l${i}` }));
  const scenario = (list: unknown[]) => ({ rules: "x", run: "fight", state: { links: list, hp: 2 } as never });

  it("loads and runs with the trace kept, and is written back whole when it can be", () => {
    const r = runScenario(links, scenario(backward), { seed: "s", trace: true });
    expect(r.error).toBeUndefined();
    expect(r.resultText).toBe("done");
    expect((r.state as { links: unknown[] }).links).toHaveLength(N);
    expect((r.state as { links: unknown[] }).links[N - 1]).toEqual({ $id: `l${N - 1}`, next: { $ref: `l${N - 2}` } });
  });
  it("a run whose final state nests too deeply to write stops with E0405, not a stack overflow", () => {
    const r = runScenario(links, scenario(forward), { seed: "s", trace: true });
    expect(r.error?.code).toBe("E0405");
    expect(r.error?.message).toBe("the state at `/links/0/next/next/.../next/next` is nested more than 500 levels deep, deeper than a state may be written");
  });
  it("is copied for every simulated run", () => {
    const prepared = prepareSimulation(links, scenario(forward));
    if ("error" in prepared) throw new Error(prepared.error);
    const out = runRange(prepared, "s", 0, 3);
    expect(out.error).toBeUndefined();
    expect([...out.counts]).toEqual([["done", 3]]);
  });
  it("has exact odds: its state merged at the loop's head", () => {
    // 20,000 of them: every merge writes the whole state out, and the recursion that overflowed did so at 3,000.
    const prepared = prepareSimulation(links, scenario(forward.slice(N - 20_000)));
    if ("error" in prepared) throw new Error(prepared.error);
    const r = enumerateOdds(prepared);
    expect(r).toMatchObject({ exact: true, outcomes: [{ result: "done", p: { num: 1n, den: 1n } }] });
  });
});

/** A function with `n` branches: `if x == 0 { return 0 } else if x == 1 { return 2 } ... else { return -1 }`. */
function longChain(n: number): string {
  const lines = ["fn pick(x: int) -> int {", "  if x == 0 { return 0 }"];
  for (let i = 1; i < n; i++) lines.push(`  else if x == ${i} { return ${i * 2} }`);
  lines.push("  else { return -1 }", "}");
  return `${lines.join("\n")}\n`;
}

describe("a long `else if` chain is not nesting", () => {
  it("2,000 branches parse, check and run: the last branch, and the `else`", () => {
    const text = `${longChain(2000)}example "chain" {\n  expect pick(0) == 0\n  expect pick(1999) == 3998\n  expect pick(5000) == -1\n}\n`;
    const r = example(text, "chain");
    expect(r.passed).toBe(true);
  });
  it("a chain whose every branch returns counts as returning, so no E-error for a missing return", () => {
    expect(compileText(longChain(2000)).diagnostics).toEqual([]);
  });
  it("a variable narrowed in a chain is narrowed in every later branch as before", () => {
    const text = 'kind Unit { hp: int }\nfn f(u: Unit?) -> int {\n  if u == none { return 0 }\n  else if u.hp > 5 { return 1 }\n  else if u.hp > 2 { return 2 }\n  else { return u.hp }\n}\nexample "n" {\n  expect f(Unit(hp: 1)) == 1\n  expect f(none) == 0\n}\n';
    expect(example(text, "n").passed).toBe(true);
  });
  it("nesting that is not a chain is still limited: 501 nested `if`s are E0002 at the block past 64", () => {
    const text = `fn f(x: int) -> int {\n${"if x > 0 { ".repeat(501)}return 1${" }".repeat(501)}\nreturn 0\n}\n`;
    const ds = compileText(text).diagnostics;
    // The function's own block is the first; the 64th `if`'s block is the 65th, at column 10 + 63 * 11.
    expect(ds.map((d) => [d.code, d.message, d.span.line, d.span.col])).toEqual([["E0002", "brackets and blocks are nested more than 64 deep here", 2, 10 + 63 * 11]]);
  });
  it("63 nested `if`s in a function read and run; the limit does not depend on the stack left", () => {
    const text = `fn f(x: int) -> int {\n${"if x > 0 { ".repeat(63)}return 1${" }".repeat(63)}\nreturn 0\n}\nexample "deep" {\n  expect f(1) == 1\n  expect f(0) == 0\n}\n`;
    expect(example(text, "deep").passed).toBe(true);
  });
  it("400 blocks opened and never closed in a small file: E0002 at the block past 64, asking whether a bracket was left open", () => {
    const text = `fn f(x: int) -> int {\n${"if x > 0 {\n".repeat(400)}return 1\n`;
    const ds = compileText(text).diagnostics;
    expect(ds.map((d) => [d.code, d.span.line, d.span.col, d.help])).toEqual([["E0002", 65, 10, "is a bracket before it never closed? If not, split it with `let` or a helper `fn`"]]);
  });
});
