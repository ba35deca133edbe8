// `rulesmith mutate PATH...`: do the examples pin the rules down? Every clause is changed the ways an
// author's mistakes change it (src/tools/mutate/mutants.ts), the examples run on each change, and a change
// no example notices (a surviving mutant) is a clause the examples do not check.
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { buildReport, defaultRoots, hasErrors, escapeControls, escapeJsonControls, exampleCoverage, formatDiagnostics, formatReport, marksOf, nodeFileHost, overridesOf, planSystems, reportJson, type Diagnostic, type Mutant, type MutantResult, type SystemPlan } from "../../api/node.ts";
import type { MutateWorkerData } from "./mutate-worker.ts";
import { onWorkers, progressBar, workerCap } from "./worker-pool.ts";
import { complain, say, type CliIo, type Writer } from "./io.ts";
import type { HostRecording } from "./queue/recorded-host.ts";
import type { QueueUrl } from "./queue/url.ts";
import { compileWithMods, withMods } from "./with-mods.ts";

export const MUTATE_HELP = `rulesmith mutate PATH... [--json] [--budget N] [--workers W | --queue URL] [--marked] [--mod DIR]...

Checks whether the examples pin the rules down. Each clause of the rules in the named files and
folders is changed the way a slip of the pen would change it, one change (a mutant) at a time:
  comparison        < and <=, > and >=, == and != swapped
  constant          a whole number one more or one less
  negate-condition  an if, while, where or when condition negated
  drop-condition    the condition dropped (if true; no where filter)
  drop-conjunct     one side of an and / or dropped
  aggregate         max, min and sum swapped
  remove-modifier, remove-handler   a modifier or handler left out
  stage, order      a modifier moved to the stage before or after; a modifier or handler moved
                    from first to last among its own (or back)
  table-cell        a table row's result replaced by the next row's
  status-expiry     a status lasting one event more or one less
The examples of the named files run on every mutant, in parallel. A mutant is killed when an example
fails; one that survives is a clause no example checks: it is printed with its range, the clause
before and after, and the examples that ran over it. The score is killed / (killed + survived), per
file and in all.

A mutant that changes no behaviour, a number the rule text does not give, or a clause that is no
rule at all but a scenario's policy (how a side chooses to play), is marked in the rules with a
comment on the clause's line (or alone on a line above it, doc comments between skipped), and
counted apart, each kind on its own:
  // mutate: equivalent <reason>
  // mutate: unspecified <reason>
  // mutate: policy <reason>
  // mutate: equivalent(comparison, constant) <reason>    only those operators
  // mutate: equivalent(comparison) \`u.hp > 0\` <reason>  only that clause (before or after)
A mutant marked equivalent that an example kills is an error (E0423): the mark is wrong. The report
lists the policy marks that counted mutants, per file and reason, with their lines.

The report ends with what no mutant can show, a line each: a status or flag written that no rule
reads (W0310, W0311), a handler no example fires (W0312), a choice or listed option no example
takes (W0313).

A mutant stopped by any budget of the run (steps, list or text size, memory: R0502, R0504, R0506)
is killed, like one an example fails on.

Exits 1 when the rules do not check, an example fails before any mutation, or a mark is wrong.
  --json        print the tallies and every mutant not killed as JSON
  --budget N    run at most N mutants in all (default 5000), an even sample of them, so large rules
                finish; several systems share it in proportion to their mutants
  --workers W   worker threads (default: every core); 1 runs in one thread. At most one per core
                and one per 2 GB of free memory; each worker's heap is capped at 1,024 MB, and a
                mutant whose worker dies anyway is counted killed
  --queue URL   run the mutants on the job queue at redis://HOST:PORT instead, a few per shard, for
                \`rulesmith worker --queue URL\` processes on any machines (the rules read travel
                with the sweep); the report is the same as one process's
  --marked      list the marked mutants too, with their reasons
  --mod DIR     load the mod in DIR (repeatable) on the base system named, as \`test --mod\` does: the
                clauses of the base and the mods are mutated and every example of both runs on each
                (\`rulesmith mutate BASE MOD\`, naming the mod's folder, is the same)
  --root DIR    read only below DIR (default: the folder of each named path)`;

const DEFAULT_BUDGET = 5000;

export async function mutateCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    say(io, MUTATE_HELP);
    return 0;
  }
  const { positionals: paths, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: "boolean" }, budget: { type: "string" }, workers: { type: "string" }, queue: { type: "string" }, marked: { type: "boolean" }, root: { type: "string" }, mod: { type: "string", multiple: true } },
  });
  const budget = Number(values.budget ?? DEFAULT_BUDGET);
  const workers = values.workers === undefined ? availableParallelism() : Number(values.workers);
  const queue = values.queue === undefined ? undefined : (await import("./queue/url.ts")).queueOption(values.queue, values.workers === undefined ? undefined : workers);
  const usage = paths.length === 0 ? "name at least one .rules file or folder" : !Number.isInteger(budget) || budget < 1 ? "--budget must be a whole number of at least 1" : !Number.isInteger(workers) || workers < 1 || workers > 256 ? "--workers must be a whole number from 1 to 256" : queue && "usage" in queue ? queue.usage : undefined;
  if (usage || (queue && "usage" in queue)) {
    complain(io, `error: ${usage}\n\nRun \`rulesmith mutate --help\` for usage.`);
    return 1;
  }
  const mods = values.mod ?? [];
  const disk = nodeFileHost(values.root !== undefined ? [values.root] : defaultRoots([...paths, ...mods], io.cwd), io.cwd);
  // On the queue, what the command reads is recorded: it travels with the sweep to the workers.
  const host = queue ? queue.files.wrap(disk) : disk;
  const compiled = await compileWithMods(paths, mods, host, io);
  if ("usage" in compiled) {
    complain(io, `error: ${compiled.usage}\n\nRun \`rulesmith mutate --help\` for usage.`);
    return 1;
  }
  const named = new Set([...paths, ...mods].flatMap((p) => host.listRules(p) ?? [host.normalize(p)]));
  const { marks, diagnostics: markProblems } = marksOf(named, compiled.texts);
  const stop = (ds: Diagnostic[]) => {
    if (ds.length) complain(io, formatDiagnostics(ds, compiled.texts));
    return ds.some((d) => d.severity === "error");
  };
  // The rules' own diagnostics are printed as they load; the marks' after them.
  if (stop(markProblems) || hasErrors(compiled.diagnostics) || compiled.systems.some((s) => !s.checked)) return 1;

  // With mods, an example a loaded mod declares it overrides is meant to change: it does not run.
  const overridden = withMods(compiled) ? overridesOf(compiled.systems.filter((s) => s.checked).flatMap((s) => s.files), compiled.packages) : new Map<string, string[]>();
  const planned = planSystems(compiled.systems, compiled.texts, named, budget, (t) => !overridden.has(t));
  if ("problem" in planned) {
    stop([planned.problem]);
    return 1;
  }
  const all: Mutant[] = [];
  const results: MutantResult[] = [];
  for (const plan of planned.plans) {
    const onQueue = queue && { ...queue, paths, mods, system: compiled.systems.findIndex((s) => s.files === plan.files), io };
    const ran = await mutateSystem(plan, compiled.texts, named, [...overridden.keys()], onQueue || workers, io.stderr);
    if ("error" in ran) {
      complain(io, ran.error);
      return 1;
    }
    all.push(...ran.mutants);
    results.push(...ran.results);
  }
  // Beside the mutants, what none of them can show: writes no rule reads, and what no example reaches.
  const unread = compiled.diagnostics.filter((d) => (d.code === "W0310" || d.code === "W0311") && named.has(d.span.file));
  const unreached = planned.plans.flatMap((p) => exampleCoverage(p.files, p.runner.baseline, (f) => named.has(f)));
  const report = buildReport(all, results, marks, all.length, [...unread, ...unreached]);
  // The report quotes clauses of the rules (strings and all): controls escaped, as everywhere the CLI prints rules text.
  if (values.json) say(io, escapeJsonControls(JSON.stringify(reportJson(report), null, 2)));
  else say(io, escapeControls(formatReport(report, Boolean(values.marked)), true));
  return stop(report.diagnostics) ? 1 : 0;
}

/** Where a system's mutants run when not on this machine: the queue, and what its workers need to make the same mutants. */
interface OnQueue {
  url: QueueUrl;
  files: HostRecording;
  paths: string[];
  mods: string[];
  system: number;
  io: CliIo;
}

/**
 * The mutants of one system and their outcomes, with ids from `offset` on so systems can be reported
 * together: on `workers` threads, or on the queue's workers.
 */
async function mutateSystem({ files, runner, ids, offset }: SystemPlan, texts: Map<string, string>, named: Set<string>, overridden: string[], workers: number | OnQueue, progressTo: Writer): Promise<{ mutants: Mutant[]; results: MutantResult[] } | { error: string }> {
  const progress = progressBar(ids.length, progressTo, typeof workers === "number" ? 50 : 0);
  let results: MutantResult[];
  const threads = typeof workers === "number" ? Math.min(workers, workerCap(), Math.ceil(ids.length / 10)) : 0;
  if (typeof workers !== "number") {
    const { url, files: recorded, paths, mods, system, io } = workers;
    const swept = await (await import("./queue/mutate-shards.ts")).mutateOnQueue(url, recorded, { paths, mods, overridden, system, mutants: runner.mutants.length }, chunks(ids, 10), io, (a) => progress.add(a.length));
    if ("error" in swept) {
      progress.end();
      return swept;
    }
    results = swept.results;
  } else if (threads <= 1) {
    results = [];
    for (const id of ids) {
      results.push(runner.run(id));
      progress.add(1);
    }
  } else {
    const data: MutateWorkerData = { files, texts: [...texts], named: [...named], overridden };
    const answers = await onWorkers<number[], MutantResult[]>("mutate-worker", data, chunks(ids, 10), threads, (a) => progress.add(a.length), mutantOfDeadWorker);
    results = answers.flat();
  }
  progress.end();
  return {
    mutants: runner.mutants.map((m) => ({ ...m, id: m.id + offset })),
    results: results.map((r) => ({ ...r, id: r.id + offset })),
  };
}

/**
 * A worker died (out of its capped heap, say) running mutants `ids`: each runs again alone, and the one
 * whose worker dies alone is killed, as a mutant stopped by a budget is: the process lives on.
 */
export function mutantOfDeadWorker(ids: number[], why: string): { retry: number[][] } | { answer: MutantResult[] } {
  if (ids.length > 1) return { retry: ids.map((id) => [id]) };
  return { answer: ids.map((id) => ({ id, status: "killed", by: "(none: the worker running it died)", failure: why })) };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
