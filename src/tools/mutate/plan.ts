// What `rulesmith mutate` does before and around running mutants, with no Node module in it, so the
// command (worker threads) and the playground's Validate panel (a web worker, one mutant after another)
// share it: the marks of the named files, the runner of one system with the check that its examples
// pass first, and the even sample of mutants a budget allows.
import type { SourceFile } from "../../core/ast.ts";
import { diag, type Diagnostic } from "../../core/diagnostics.ts";
import { readMarks, type Mark } from "./marks.ts";
import { MutationRunner } from "./run.ts";

/** The `// mutate:` marks of the named files, and the mistakes in them. */
export function marksOf(named: Iterable<string>, texts: ReadonlyMap<string, string>): { marks: Mark[]; diagnostics: Diagnostic[] } {
  const marks: Mark[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of named) {
    const text = texts.get(file);
    if (text === undefined) continue;
    const read = readMarks(file, text);
    marks.push(...read.marks);
    diagnostics.push(...read.diagnostics);
  }
  return { marks, diagnostics };
}

/** One system's plan: its files, its runner, the mutants the budget runs, and the offset of its mutant ids among all systems'. */
export interface SystemPlan {
  files: SourceFile[];
  runner: MutationRunner;
  ids: number[];
  offset: number;
}

/**
 * The plans of every system with a named file, planned before any mutant runs (a failing example
 * stops the whole run first), with `budget` mutants in all shared among them: `--budget N` means N.
 */
export function planSystems(systems: readonly { files: SourceFile[] }[], texts: ReadonlyMap<string, string>, named: ReadonlySet<string>, budget: number, titled?: (title: string) => boolean): { plans: SystemPlan[] } | { problem: Diagnostic } {
  const planned: { files: SourceFile[]; runner: MutationRunner }[] = [];
  for (const s of systems) {
    if (!s.files.some((f) => named.has(f.path))) continue;
    const plan = planSystem(s.files, texts, named, titled);
    if ("problem" in plan) return plan;
    planned.push({ files: s.files, runner: plan.runner });
  }
  const shares = shareBudget(planned.map((p) => p.runner.mutants.length), budget);
  let offset = 0;
  const plans = planned.map((p, i) => {
    const plan = { ...p, ids: sample(p.runner.mutants.length, shares[i]!), offset };
    offset += p.runner.mutants.length;
    return plan;
  });
  return { plans };
}

/**
 * The runner of one system's named files; E0424 when an example fails before any mutation or there is
 * none (mutants say nothing then).
 */
function planSystem(files: SourceFile[], texts: ReadonlyMap<string, string>, named: ReadonlySet<string>, titled?: (title: string) => boolean): { runner: MutationRunner } | { problem: Diagnostic } {
  const runner = new MutationRunner(files, texts, (f) => named.has(f), titled);
  const failing = runner.baseline.find((r) => !r.passed);
  if (failing) return { problem: diag("E0424", failing.span, `the example "${failing.title}" fails before any mutation: ${failing.failure?.message ?? ""}`, "mutants say nothing until every example passes: run `rulesmith test` and fix it first") };
  if (runner.baseline.length === 0) {
    const file = files.find((f) => named.has(f.path))!;
    const span = file.decls[0]?.span ?? { file: file.path, line: 1, col: 1, endLine: 1, endCol: 1, start: 0, end: 0 };
    return { problem: diag("E0424", span, `there are no examples in ${file.path} and the files named with it, so no mutant can be killed`, "write the rule text's worked examples as `example` blocks") };
  }
  return { runner };
}

/**
 * A budget shared by several systems, so `--budget N` runs N mutants in all: each system gets a share in
 * proportion to its mutants (the largest remainders get the spare ones), and all of them when they fit.
 */
export function shareBudget(counts: readonly number[], budget: number): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= budget) return [...counts];
  const shares = counts.map((n) => Math.floor((n * budget) / total));
  const spare = budget - shares.reduce((a, b) => a + b, 0);
  const byRemainder = counts.map((n, i) => ({ i, rest: (n * budget) % total })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder.slice(0, spare)) shares[i]!++;
  return shares;
}

/** All of 0..n-1 within the budget, else `budget` of them spread evenly. */
export function sample(n: number, budget: number): number[] {
  if (n <= budget) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: budget }, (_, i) => Math.floor((i * n) / budget));
}
