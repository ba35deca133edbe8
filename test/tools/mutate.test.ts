// `rulesmith mutate`: the mutants of a clause, which survive the examples, what is reported of them,
// and the `// mutate:` marks.
import { describe, expect, it } from "vitest";
import type { Span } from "../../src/core/ast.ts";
import { readMarks } from "../../src/tools/mutate/marks.ts";
import { applyMutant, type Mutant } from "../../src/tools/mutate/mutants.ts";
import { MutationRunner } from "../../src/tools/mutate/run.ts";
import { buildReport } from "../../src/tools/mutate/score.ts";
import { compile } from "../../src/pipeline.ts";
import { memoryHost } from "../support/helpers.ts";
import { runCli } from "../support/run-cli.ts";


const rulesmith = (...args: string[]) => runCli(args);

function runner(text: string) {
  const compiled = compile(["g.rules"], memoryHost({ "g.rules": text }));
  expect(compiled.diagnostics).toEqual([]);
  return new MutationRunner(compiled.programs![0]!, compiled.texts, () => true);
}

describe("mutants", () => {
  it("kills the off-by-one of a comparison that an example pins at its edge, and keeps the one it does not", () => {
    const r = runner(`fn hits(face: int) -> bool = face >= 5\nexample "a 5 hits, a 4 misses" {\n  expect hits(5)\n  expect not hits(4)\n}\nfn big(n: int) -> bool = n > 9\nexample "20 is big" {\n  expect big(20)\n}\n`);
    const shown = r.mutants.map((m) => `${m.operator} ${m.span.line}:${m.span.col} ${m.before} -> ${m.after}`);
    expect(shown).toEqual(["comparison 1:30 face >= 5 -> face > 5", "constant 1:38 5 -> 6", "constant 1:38 5 -> 4", "comparison 6:26 n > 9 -> n >= 9", "constant 6:30 9 -> 10", "constant 6:30 9 -> 8"]);
    const outcomes = r.mutants.map((m) => r.run(m.id));
    expect(outcomes.map((o) => o.status)).toEqual(["killed", "killed", "killed", "survived", "survived", "survived"]);
    expect(outcomes[0]).toMatchObject({ by: "a 5 hits, a 4 misses" });
    expect(outcomes[3]!.ranOver).toEqual(["20 is big"]);
  });

  it("changes a copy: the rules as written are untouched and still pass", () => {
    const r = runner(`fn hits(face: int) -> bool = face >= 5\nexample "a 5 hits" {\n  expect hits(5)\n}\n`);
    const compiled = compile(["g.rules"], memoryHost({ "g.rules": `fn hits(face: int) -> bool = face >= 5` }));
    const files = compiled.programs![0]!;
    const before = JSON.stringify(files);
    const mutated = applyMutant(files, r.mutants[0]!);
    expect(JSON.stringify(files)).toBe(before);
    expect(JSON.stringify(mutated)).toContain('"op":">"');
    expect(r.run(0).status).toBe("killed");
  });

  it("removes a modifier, moves it to another stage, and swaps max for sum", () => {
    const r = runner(
      [
        "value strength(base: int) -> int = base",
        "modifier bonus for strength : add 1",
        "modifier twice for strength : multiply 2",
        "fn best(xs: list<int>) -> int = max(x in xs => x else 0)",
        'example "strength 3 is 8 with both" {\n  expect strength(3) == 8\n}',
        'example "best of 2 and 3" {\n  expect best([2, 3]) == 3\n}',
      ].join("\n"),
    );
    const ops = r.mutants.map((m) => `${m.operator}: ${m.before} -> ${m.after}`);
    expect(ops).toContain("remove-modifier: modifier bonus for strength : add 1 -> (removed)");
    expect(ops).toContain("stage: add (in stage add) -> in compute");
    expect(ops).toContain("stage: multiply (in stage multiply) -> in set");
    expect(ops).toContain("aggregate: max -> sum");
    // Every one of those changes the examples' answers (the `else 0` of an empty list is the one that does not).
    const survivors = r.mutants.filter((m) => r.run(m.id).status === "survived").map((m) => `${m.operator} ${m.span.line}:${m.span.col} ${m.before} -> ${m.after}`);
    expect(survivors).toEqual(["constant 4:55 0 -> 1"]);
  });
});

const at = (line: number): Span => ({ file: "g.rules", line, col: 1, endLine: line, endCol: 2, start: 0, end: 1 });

describe("// mutate: marks", () => {
  it("mark the clause on their line, or alone on the line above, the next line of code", () => {
    const text = "fn a() -> int = 1 // mutate: equivalent the one is ours\n// mutate: unspecified(constant) the text gives no number\n\nfn b() -> int = 2\n";
    const { marks, diagnostics } = readMarks("g.rules", text);
    expect(diagnostics).toEqual([]);
    expect(marks.map((m) => [m.kind, m.line, m.operators, m.reason])).toEqual([
      ["equivalent", 1, undefined, "the one is ours"],
      ["unspecified", 4, ["constant"], "the text gives no number"],
    ]);
  });

  it("report a mark of an unknown kind, without a reason, or naming an unknown operator", () => {
    const text = 'fn a() -> int = 1 // mutate: equivalnt why\nfn b() -> int = 2 // mutate: equivalent\nfn c() -> int = 3 // mutate: equivalent(constnat) why\nfn d() -> text = "// mutate: nonsense"\n';
    const { diagnostics } = readMarks("g.rules", text);
    expect(diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message} | ${d.help}`)).toEqual([
      "E0420 1:19 `// mutate: equivalnt` is not a mark rulesmith knows | did you mean `equivalent`?",
      "E0421 2:19 this `// mutate: equivalent` mark gives no reason | say why, as in `// mutate: equivalent the list is never empty here`",
      "E0422 3:19 `constnat` is not a mutation operator | did you mean `constant`?",
    ]);
  });

  it("count a marked survivor apart, call a marked mutant that an example kills an error, and warn of a mark on nothing", () => {
    const mutant = (id: number, line: number): Mutant => ({ id, operator: "constant", file: 0, path: [], replace: (x) => x, span: at(line), before: "1", after: "2", decl: at(line) });
    const { marks } = readMarks("g.rules", "x // mutate: equivalent ours\ny // mutate: equivalent ours\n\nz // mutate: unspecified not in the text\n");
    const report = buildReport(
      [mutant(0, 1), mutant(1, 2), mutant(2, 3)],
      [
        { id: 0, status: "survived", ranOver: [] },
        { id: 1, status: "killed", by: "an example", failure: "expected" },
        { id: 2, status: "survived", ranOver: ["e"] },
      ],
      marks,
      3,
    );
    expect(report.total).toEqual({ mutants: 3, killed: 1, survived: 1, equivalent: 1, unspecified: 0, policy: 0, invalid: 0, score: 50 });
    expect(report.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}`)).toEqual([
      'E0423 2:3 the mutant `1` -> `2` (constant) is marked equivalent, but the example "an example" kills it',
      "W0320 4:3 this `// mutate: unspecified` mark marks no mutant: no clause with a mutant starts on line 4",
    ]);
  });
});

describe("rulesmith mutate", () => {
  it("prints each survivor with its range, before and after, and the examples over it, then the scores", async () => {
    const r = await rulesmith("mutate", "test/fixtures/mutate", "--workers", "1");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        "SURVIVED  test/fixtures/mutate/hits.rules:4:30-4:39  comparison",
        "  before: face >= 5",
        "  after:  face > 5",
        '  examples over it (1): "a 6 hits"',
        "",
        "SURVIVED  test/fixtures/mutate/hits.rules:4:38-4:39  constant",
        "  before: 5",
        "  after:  6",
        '  examples over it (1): "a 6 hits"',
        "",
        "SURVIVED  test/fixtures/mutate/hits.rules:4:38-4:39  constant",
        "  before: 5",
        "  after:  4",
        '  examples over it (1): "a 6 hits"',
        "",
        "test/fixtures/mutate/hits.rules: 6 mutants, 2 killed, 3 survived (1 equivalent): score 40.0%",
        "all: 6 mutants, 2 killed, 3 survived (1 equivalent): score 40.0%",
        "",
      ].join("\n"),
    );
  });

  it("gives the same JSON on 1 and on 2 worker threads", async () => {
    const [one, two] = await Promise.all([rulesmith("mutate", "test/fixtures/mutate", "--json", "--workers", "1"), rulesmith("mutate", "test/fixtures/mutate", "--json", "--workers", "2", "--budget", "6")]);
    expect(two.stdout).toBe(one.stdout);
    const json = JSON.parse(one.stdout) as { total: unknown; mutants: { outcome: string; reason?: string }[] };
    expect(json.total).toEqual({ mutants: 6, killed: 2, survived: 3, equivalent: 1, unspecified: 0, policy: 0, invalid: 0, score: 40 });
    expect(json.mutants.find((m) => m.outcome === "equivalent")?.reason).toBe("every caller has a bonus");
  });

  it("runs an even sample within --budget and says so", async () => {
    const r = await rulesmith("mutate", "test/fixtures/mutate", "--budget", "3", "--workers", "1");
    expect(r.stdout).toContain("budget: ran 3 of 6 mutants (an even sample); raise --budget to run them all");
  });
});
