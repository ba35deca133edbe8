// The balance report as text (a table for the terminal) and as JSON (`--json`, and what the HTML
// report is drawn from). Entry names are the roster's text: escaped and cut before they are printed.
import { clipShown } from "../../core/diagnostics.ts";
import type { BalanceReport } from "./balance.ts";
import type { CellResult } from "./report.ts";

/** The most characters of an entry's name printed. */
const NAME_WIDTH = 24;
/** Outlier pairs listed at most in the table (the JSON has them all). */
const OUTLIERS_SHOWN = 20;

const pct = (x: number) => (x * 100).toFixed(1);
const whole = (x: number) => Math.round(x * 100).toString();

/** A cell as the matrix shows it: `62 (58-66)`, or `61.6 =` for exact odds. */
function shownCell(c: CellResult): string {
  if (c.counts.errors > 0 && c.counts.errors === c.counts.runs) return "error";
  return c.exact ? `${pct(c.rate)} =` : `${whole(c.rate)} (${whole(c.interval[0])}-${whole(c.interval[1])})`;
}

export function formatBalance(r: BalanceReport): string {
  const m = r.matrix;
  const names = m.entries.map((e) => clipShown(e, NAME_WIDTH));
  const nameWidth = Math.max(5, ...names.map((n) => n.length)) + 4;
  const cells = m.cells.map((row) => row.map(shownCell));
  const colWidth = Math.max(6, ...cells.flat().map((c) => c.length)) + 2;
  const simulated = m.cells.flat().some((c) => !c.exact);
  const lines: string[] = [];
  lines.push(
    `Matchups: each row's entry at the first slot against each column's at the second; the row's win rate in %` +
      (simulated ? `, with its 95% Wilson interval over ${r.runs} runs (seeds ${clipShown(r.seed, 40)}/ROW/COLUMN:0..${r.runs - 1})` : "") +
      `; "=" marks exact odds (every dice path, as \`rulesmith odds\`).${r.policies.length > 0 ? ` Policies: ${r.policies.map((p) => clipShown(p, 60)).join(", ")}.` : ""}`,
  );
  lines.push("".padEnd(nameWidth) + m.entries.map((_, j) => String(j + 1).padStart(colWidth)).join(""));
  m.entries.forEach((_, i) => lines.push(`${String(i + 1).padStart(2)}  ${names[i]!.padEnd(nameWidth - 4)}` + cells[i]!.map((c) => c.padStart(colWidth)).join("")));
  lines.push("");
  lines.push("Mean win rate over every matchup on both slots, the mirror left out (95% interval: the mean of the cells' intervals):");
  const ranked = [...m.means].sort((a, b) => b.mean - a.mean || a.name.localeCompare(b.name));
  for (const e of ranked) {
    const mark = e.outlier ? `  OUTLIER (${e.outlier}: beyond 50% ± ${pct(m.threshold)}%)` : "";
    lines.push(`  ${clipShown(e.name, NAME_WIDTH).padEnd(nameWidth)}${pct(e.mean).padStart(6)}%  ${pct(e.interval[0])}% - ${pct(e.interval[1])}%${mark}`);
  }
  lines.push("");
  if (m.outliers.length === 0) lines.push(`No pair beyond 50% ± ${pct(m.threshold)}%.`);
  else {
    lines.push(`Pairs beyond 50% ± ${pct(m.threshold)}% (the whole interval): ${m.outliers.length}${m.outliers.length > OUTLIERS_SHOWN ? `, the ${OUTLIERS_SHOWN} most lopsided shown` : ""}`);
    for (const o of m.outliers.slice(0, OUTLIERS_SHOWN)) lines.push(`  ${clipShown(o.row, NAME_WIDTH)} against ${clipShown(o.col, NAME_WIDTH)}: ${pct(o.rate)}%${o.exact ? " (exact)" : ` (${pct(o.interval[0])}% - ${pct(o.interval[1])}%)`}`);
  }
  if (m.errors > 0) lines.push("", `${m.errors} run(s) stopped with an error; the first: ${clipShown(m.firstError ?? "", 2000)}`);
  if (m.cells.flat().every((c) => c.rate === 0 && c.colRate === 0) && !m.cells.flat().every((c) => c.counts.runs > 0 && c.counts.errors === c.counts.runs)) {
    lines.push("", `warning: no run ended in ${r.wins.map((w) => JSON.stringify(clipShown(w, 80))).join(" or ")}: does the roster's "wins" name the results as \`rulesmith run\` prints them (\`Side.attacker\`)?`);
  }
  if (r.sweep) {
    const s = r.sweep;
    lines.push("", `Sweep of "${clipShown(s.parameter, NAME_WIDTH)}" (entry ${clipShown(s.entry, NAME_WIDTH)}): its mean win rate and the outlier pairs it is in, for each value`);
    lines.push(`  ${"value".padStart(6)}  ${"mean".padStart(7)}  95% interval       outlier pairs`);
    for (const p of s.points) {
      lines.push(`  ${String(p.value).padStart(6)}  ${pct(p.entry.mean).padStart(6)}%  ${`${pct(p.entry.interval[0])}% - ${pct(p.entry.interval[1])}%`.padEnd(17)}  ${String(p.outliers).padStart(3)}${p.entry.outlier ? `  OUTLIER (${p.entry.outlier})` : ""}`);
    }
  }
  return lines.join("\n");
}

/** The report as JSON: rates as numbers from 0 to 1, every cell with its counts. */
export function balanceJson(r: BalanceReport): object {
  const m = r.matrix;
  const cell = (c: CellResult) => ({ row: c.row, col: c.col, rate: c.rate, interval: c.interval, colRate: c.colRate, colInterval: c.colInterval, exact: c.exact, counts: c.counts });
  return {
    runs: r.runs,
    seed: r.seed,
    wins: r.wins,
    policies: r.policies,
    threshold: m.threshold,
    entries: m.entries,
    cells: m.cells.map((row) => row.map(cell)),
    means: m.means,
    outliers: m.outliers.map((o) => ({ row: o.row, col: o.col, rate: o.rate, interval: o.interval, exact: o.exact })),
    errors: m.errors,
    ...(m.firstError !== undefined ? { firstError: m.firstError } : {}),
    ...(r.sweep ? { sweep: r.sweep } : {}),
  };
}
