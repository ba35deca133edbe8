// The Validate service of the engine worker: `rulesmith mutate` on the open game system, the same code as the command
// (src/tools/mutate/), with the mutants run one after another rather than on worker threads. Between two
// mutants it gives the event loop a turn, so a "stop" message ends the run with the report of the
// mutants run so far; progress is posted after each one.
import { buildReport, formatDiagnostics, formatMutant, formatScores, marksOf, memoryFileHost, planSystems, type Diagnostic, type Mutant, type MutantResult } from "../../src/api.ts";
import type { Files } from "../protocol.ts";
import type { ValidateReply } from "../validate-protocol.ts";
import type { ServiceHandler } from "../engine-protocol.ts";
import { compileSwitchedOn, describeError } from "./programs.ts";

let stopping = false;
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function validate(files: Files, system: string, budget: number, mods: string[], post: (r: ValidateReply) => void) {
  const host = memoryFileHost(files);
  // With mods switched on, as `rulesmith mutate BASE --mod DIR`: the base's and the mods' clauses, without the examples they override.
  const { compiled, folders, overridden } = compileSwitchedOn(files, [system], mods);
  const named = new Set(folders.flatMap((f) => host.listRules(f) ?? []));
  const { marks, diagnostics: markProblems } = marksOf(named, compiled.texts);
  const problems: Diagnostic[] = [...compiled.diagnostics, ...markProblems];
  const errors = problems.filter((d) => d.severity === "error");
  if (errors.length > 0 || compiled.systems.some((s) => !s.checked)) return post({ type: "done", stopped: false, problem: formatDiagnostics(errors, compiled.texts) });
  // Every system first, as the command does: a failing example stops it before any mutant runs.
  const plannedAll = planSystems(compiled.systems, compiled.texts, named, budget, (t) => !overridden.has(t));
  if ("problem" in plannedAll) return post({ type: "done", stopped: false, problem: formatDiagnostics([plannedAll.problem], compiled.texts) });
  const planned = plannedAll.plans;
  const total = planned.reduce((n, p) => n + p.ids.length, 0);
  const mutants: Mutant[] = planned.flatMap((p) => p.runner.mutants.map((m) => ({ ...m, id: m.id + p.offset })));
  const results: MutantResult[] = [];
  post({ type: "progress", done: 0, total });
  stop: for (const p of planned) {
    for (const id of p.ids) {
      await turn();
      if (stopping) break stop;
      const r = p.runner.run(id);
      results.push({ ...r, id: r.id + p.offset });
      post({ type: "progress", done: results.length, total });
    }
  }
  const report = buildReport(mutants, results, marks, mutants.length);
  const survivors = report.reported.filter((x) => x.outcome === "survived").map((x) => ({ span: x.mutant.span, text: formatMutant(x) }));
  post({
    type: "done",
    stopped: results.length < total,
    report: {
      survivors,
      scores: formatScores(report),
      files: report.files.map((f) => ({ file: f.file, score: f.tally.score })),
      score: report.total.score,
      ran: results.length,
      planned: total,
      generated: mutants.length,
      ...(report.diagnostics.length ? { diagnostics: formatDiagnostics(report.diagnostics, compiled.texts) } : {}),
    },
  });
}

export const validateService: ServiceHandler<"validate"> = (req, post) => {
  if (req.type === "stop") {
    stopping = true;
    return;
  }
  stopping = false;
  validate(req.files, req.system, req.budget, req.mods ?? [], post).catch((err: unknown) => post({ type: "done", stopped: false, problem: describeError(err) }));
};
