// Issue 26, item 2: a scenario's policy (how a side chooses to play) is a mark kind of its own, counted
// apart from `unspecified` and listed with its reason; and `--budget N` means N mutants in all, however
// many systems the named folder holds.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Span } from "../../src/core/ast.ts";
import { readMarks } from "../../src/tools/mutate/marks.ts";
import type { Mutant } from "../../src/tools/mutate/mutants.ts";
import { shareBudget } from "../../src/tools/mutate/plan.ts";
import { buildReport, formatReport, formatScores } from "../../src/tools/mutate/score.ts";
import { runCli } from "../support/run-cli.ts";

const at = (line: number): Span => ({ file: "b.rules", line, col: 1, endLine: line, endCol: 2, start: 0, end: 1 });
const mutant = (id: number, line: number): Mutant => ({ id, operator: "constant", file: 0, path: [], replace: (x) => x, span: at(line), before: "1", after: "2", decl: at(line) });

describe("// mutate: policy", () => {
  it("is read as a kind of its own, needs a reason, and a slip of its name is caught", () => {
    const { marks, diagnostics } = readMarks("b.rules", "x // mutate: policy the side attacks the nearest foe\ny // mutate: policy\nz // mutate: polcy why\n");
    expect(marks.map((m) => [m.kind, m.line, m.reason])).toEqual([["policy", 1, "the side attacks the nearest foe"]]);
    expect(diagnostics.map((d) => `${d.code} ${d.span.line} ${d.message} | ${d.help}`)).toEqual([
      "E0421 2 this `// mutate: policy` mark gives no reason | say why, as in `// mutate: policy the side attacks the nearest foe: our tactic`",
      "E0420 3 `// mutate: polcy` is not a mark rulesmith knows | did you mean `policy`?",
    ]);
  });

  it("counts its survivors apart from unspecified ones, kills what an example kills, and lists its lines and reason", () => {
    const { marks } = readMarks("b.rules", "a // mutate: policy tactics are ours\nb // mutate: policy tactics are ours\nc // mutate: unspecified no number\nd // mutate: policy tactics are ours\n");
    const report = buildReport(
      [mutant(0, 1), mutant(1, 2), mutant(2, 3), mutant(3, 4), mutant(4, 1)],
      [
        { id: 0, status: "survived", ranOver: [] },
        { id: 1, status: "survived", ranOver: [] },
        { id: 2, status: "survived", ranOver: [] },
        { id: 3, status: "killed", by: "an example", failure: "expected" },
        { id: 4, status: "survived", ranOver: [] },
      ],
      marks,
      5,
    );
    expect(report.total).toEqual({ mutants: 5, killed: 1, survived: 0, equivalent: 0, unspecified: 1, policy: 3, invalid: 0, score: 100 });
    expect(report.diagnostics).toEqual([]);
    expect(formatScores(report).split("\n")).toEqual([
      "b.rules: 5 mutants, 1 killed, 0 survived (1 unspecified, 3 policy): score 100.0%",
      "policy: b.rules lines 1, 2 (3 mutants): tactics are ours",
      "all: 5 mutants, 1 killed, 0 survived (1 unspecified, 3 policy): score 100.0%",
    ]);
    // --marked lists each marked mutant as its mark made it, with the reason; the killed one is not listed.
    const marked = formatReport(report, true);
    expect(marked.match(/^[A-Z]+ /gm)).toEqual(["POLICY ", "POLICY ", "UNSPECIFIED ", "POLICY "]);
    expect(marked).toContain("  marked policy: tactics are ours\n");
    expect(formatReport(report, false).match(/^[A-Z]+ /gm)).toBeNull();
  });
});

describe("--budget N means N in all", () => {
  it("shares a budget in proportion to each system's mutants, to the last one", () => {
    expect(shareBudget([10, 30], 100)).toEqual([10, 30]);
    expect(shareBudget([10, 30], 8)).toEqual([2, 6]);
    expect(shareBudget([5, 5, 5], 7)).toEqual([3, 2, 2]);
    expect(shareBudget([1, 99], 10).reduce((a, b) => a + b)).toBe(10);
  });

  it("runs N mutants in all over a folder of two systems", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rulesmith-mutate-budget-all-"));
    mkdirSync(join(dir, "two"));
    // Two files that import nothing are two systems; each has 6 mutants.
    for (const name of ["a", "b"]) writeFileSync(join(dir, "two", `${name}.rules`), `/// A roll of 5 or more hits.\nfn hits${name}(face: int) -> bool = face >= 5\n\nexample "a 6 hits" {\n  expect hits${name}(6)\n}\n`);
    const all = JSON.parse((await runCli(["mutate", join(dir, "two"), "--json", "--workers", "1"])).stdout) as { generated: number; ran: number };
    expect(all.ran).toBe(all.generated);
    expect(all.generated).toBeGreaterThan(5);
    const r = await runCli(["mutate", join(dir, "two"), "--json", "--workers", "1", "--budget", "5"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { generated: number; ran: number; total: { mutants: number }; files: { file: string; mutants: number }[] };
    expect(report).toMatchObject({ generated: all.generated, ran: 5, total: { mutants: 5 } });
    expect(report.files.map((f) => f.mutants).sort()).toEqual([2, 3]);
  });
});
