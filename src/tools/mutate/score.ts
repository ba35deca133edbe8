// What `rulesmith mutate` reports: each mutant's outcome joined with its mark, tallied per file and in
// all, as text and as JSON. The score is killed / (killed + survived): marked mutants (equivalent,
// unspecified by the text, or a scenario's policy) and invalid ones (that the runtime could not
// represent) are counted apart.
import type { Span } from "../../core/ast.ts";
import { diag, type Diagnostic } from "../../core/diagnostics.ts";
import type { Mark } from "./marks.ts";
import { markOf } from "./marks.ts";
import type { Mutant } from "./mutants.ts";
import type { MutantResult } from "./run.ts";

export type Outcome = "killed" | "survived" | "equivalent" | "unspecified" | "policy" | "invalid";

export interface Tally {
  mutants: number;
  killed: number;
  survived: number;
  equivalent: number;
  unspecified: number;
  policy: number;
  invalid: number;
  /** killed / (killed + survived), as a percentage; null when there is nothing to score. */
  score: number | null;
}

export interface Reported {
  mutant: Mutant;
  result: MutantResult;
  outcome: Outcome;
  mark?: Mark;
}

export interface MutationReport {
  files: { file: string; tally: Tally }[];
  total: Tally;
  reported: Reported[];
  /** Wrong marks (E0423) and marks that mark nothing (W0320). */
  diagnostics: Diagnostic[];
  /**
   * What no mutant can show, listed with the scores: writes no rule reads (W0310, W0311) and what no
   * example reaches (W0312, W0313).
   */
  warnings: Diagnostic[];
  /** Mutants generated, and how many ran (fewer when the budget chose a sample). */
  generated: number;
  ran: number;
}

/** `mutants`: every mutant generated, run or not; `results`: those that ran. */
export function buildReport(mutants: readonly Mutant[], results: readonly MutantResult[], marks: readonly Mark[], generated: number, warnings: readonly Diagnostic[] = []): MutationReport {
  const byId = new Map(mutants.map((m) => [m.id, m]));
  const reported: Reported[] = [...results]
    .sort((a, b) => a.id - b.id)
    .map((result) => {
      const mutant = byId.get(result.id)!;
      const mark = markOf(mutant, marks);
      const outcome: Outcome = result.status === "survived" && mark ? mark.kind : result.status;
      return { mutant, result, outcome, ...(mark ? { mark } : {}) };
    });
  const diagnostics: Diagnostic[] = [];
  for (const r of reported) {
    if (r.mark?.kind === "equivalent" && r.result.status === "killed") {
      diagnostics.push(diag("E0423", r.mark.span, `the mutant \`${r.mutant.before}\` -> \`${r.mutant.after}\` (${r.mutant.operator}) is marked ${r.mark.kind}, but the example "${r.result.by}" kills it`, "remove the mark, or limit it to the operators it is about, `equivalent(OPERATOR)`, and to one clause, written in backticks before the reason"));
    }
  }
  const used = new Set(reported.flatMap((r) => (r.mark ? [r.mark] : [])));
  for (const k of marks) {
    // A mark of mutants that the budget left out is not wrong.
    if (used.has(k) || mutants.some((m) => markOf(m, [k]))) continue;
    diagnostics.push(diag("W0320", k.span, `this \`// mutate: ${k.kind}\` mark marks no mutant: no clause with a mutant starts on line ${k.line}`, "put the mark on the line where the clause starts, or alone on the line above it"));
  }
  const files = new Map<string, Reported[]>();
  for (const r of reported) files.set(r.mutant.span.file, [...(files.get(r.mutant.span.file) ?? []), r]);
  return {
    files: [...files].map(([file, rs]) => ({ file, tally: tally(rs) })),
    total: tally(reported),
    reported,
    diagnostics,
    warnings: [...warnings],
    generated,
    ran: results.length,
  };
}

function tally(rs: readonly Reported[]): Tally {
  const count = (o: Outcome) => rs.filter((r) => r.outcome === o).length;
  const killed = count("killed");
  const survived = count("survived");
  return { mutants: rs.length, killed, survived, equivalent: count("equivalent"), unspecified: count("unspecified"), policy: count("policy"), invalid: count("invalid"), score: killed + survived === 0 ? null : Math.floor((killed / (killed + survived)) * 1000) / 10 };
}

const where = (s: Span) => `${s.file}:${s.line}:${s.col}-${s.endLine}:${s.endCol}`;

function tallyLine(t: Tally): string {
  const apart = [t.equivalent && `${t.equivalent} equivalent`, t.unspecified && `${t.unspecified} unspecified`, t.policy && `${t.policy} policy`, t.invalid && `${t.invalid} invalid`].filter(Boolean).join(", ");
  return `${t.mutants} mutants, ${t.killed} killed, ${t.survived} survived${apart ? ` (${apart})` : ""}: score ${t.score === null ? "-" : `${t.score.toFixed(1)}%`}`;
}

/** The text report: each survivor with its range, clause before and after, and the examples over it; then the scores. */
export function formatReport(r: MutationReport, showMarked: boolean): string {
  const out: string[] = [];
  for (const x of r.reported) {
    // A marked mutant is listed as what its mark made it; one an example killed is simply killed.
    if (x.outcome !== "survived" && !(showMarked && x.outcome === x.mark?.kind)) continue;
    out.push(formatMutant(x));
    out.push("");
  }
  out.push(formatScores(r));
  return out.join("\n");
}

/** One survivor (or marked mutant) as the report prints it: the playground's Validate panel shows the same text. */
export function formatMutant(x: Reported): string {
  const titles = (ts: readonly string[]) => (ts.length === 0 ? "no example ran over it" : `examples over it (${ts.length}): ${ts.slice(0, 5).map((t) => `"${t}"`).join(", ")}${ts.length > 5 ? `, and ${ts.length - 5} more` : ""}`);
  const m = x.mutant;
  const out: string[] = [];
  out.push(`${x.outcome === "survived" ? "SURVIVED" : x.outcome.toUpperCase()}  ${where(m.span)}  ${m.operator}`);
  out.push(`  before: ${oneLine(m.before)}`);
  out.push(`  after:  ${oneLine(m.after)}`);
  if (x.mark) out.push(`  marked ${x.mark.kind}: ${x.mark.reason}`);
  out.push(`  ${titles(x.result.ranOver ?? [])}`);
  return out.join("\n");
}

/** The score of each file, the budget's sample, and the score in all. */
export function formatScores(r: MutationReport): string {
  const out: string[] = [];
  for (const f of r.files) out.push(`${f.file}: ${tallyLine(f.tally)}`);
  out.push(...policyLines(r));
  for (const w of r.warnings) out.push(`warning[${w.code}]: ${w.span.file}:${w.span.line}:${w.span.col}: ${w.message}`);
  if (r.ran < r.generated) out.push(`budget: ran ${r.ran} of ${r.generated} mutants (an even sample); raise --budget to run them all`);
  out.push(`all: ${tallyLine(r.total)}`);
  return out.join("\n");
}

/**
 * The policy marks that counted mutants, one line per file and reason with the lines it covers: a
 * policy is no rule, so the report says where the examples are not meant to reach, and why.
 */
function policyLines(r: MutationReport): string[] {
  const groups = new Map<string, { file: string; reason: string; lines: Set<number>; mutants: number }>();
  for (const x of r.reported) {
    if (x.outcome !== "policy") continue;
    const k = x.mark!;
    const key = `${k.file}\u0000${k.reason}`;
    const g = groups.get(key) ?? { file: k.file, reason: k.reason, lines: new Set<number>(), mutants: 0 };
    g.lines.add(k.line);
    g.mutants++;
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => `policy: ${g.file} lines ${[...g.lines].sort((a, b) => a - b).join(", ")} (${g.mutants} mutant${g.mutants === 1 ? "" : "s"}): ${g.reason}`);
}

function oneLine(s: string): string {
  const flat = s.replace(/\s*\n\s*/g, " ");
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}

/** The report as JSON: tallies per file and in all, and every mutant that was not killed. */
export function reportJson(r: MutationReport): unknown {
  return {
    generated: r.generated,
    ran: r.ran,
    total: r.total,
    files: r.files.map((f) => ({ file: f.file, ...f.tally })),
    warnings: r.warnings.map((w) => ({ code: w.code, message: w.message, span: w.span })),
    mutants: r.reported
      .filter((x) => x.outcome !== "killed")
      .map((x) => ({
        outcome: x.outcome,
        operator: x.mutant.operator,
        span: x.mutant.span,
        before: x.mutant.before,
        after: x.mutant.after,
        examples: x.result.ranOver ?? [],
        ...(x.mark ? { reason: x.mark.reason } : {}),
        ...(x.result.status === "invalid" ? { failure: x.result.failure ?? "" } : {}),
      })),
  };
}
