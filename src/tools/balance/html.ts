// The balance report as one self-contained HTML page (`--html FILE`): the matrix as a heat map (each
// cell coloured by the row's win rate, its rate and interval written in it), the entries by mean win
// rate, the outlier pairs and the sweep. No script, no outside file: it opens offline, and every text
// from the roster is escaped.
import { escapeHtml } from "../docgen/html.ts";
import type { BalanceReport } from "./balance.ts";
import type { CellResult } from "./report.ts";

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * A cell's colour: white at 50%, towards red as the row wins more and blue as it wins less. Kept light
 * (lightness 72% at the ends) so dark text on it keeps a contrast above 4.5:1 everywhere.
 */
function heat(rate: number): string {
  const d = Math.min(1, Math.abs(rate - 0.5) * 2);
  const hue = rate >= 0.5 ? 8 : 212;
  return `hsl(${hue} 85% ${(100 - 28 * d).toFixed(1)}%)`;
}

function cell(c: CellResult): string {
  const interval = c.exact ? "exact" : `${pct(c.interval[0])} – ${pct(c.interval[1])}`;
  const label = `${escapeHtml(c.row)} against ${escapeHtml(c.col)}: ${pct(c.rate)}${c.exact ? ", exact" : `, 95% interval ${interval}`}`;
  return `<td class="cell${c.row === c.col ? " mirror" : ""}" style="background:${heat(c.rate)}" data-rate="${c.rate}" data-low="${c.interval[0]}" data-high="${c.interval[1]}" title="${label}"><span class="rate">${pct(c.rate)}</span><span class="interval">${interval}</span></td>`;
}

export function balanceHtml(r: BalanceReport, title = "Balance report"): string {
  const m = r.matrix;
  const head = m.entries.map((e) => `<th scope="col">${escapeHtml(e)}</th>`).join("");
  const rows = m.entries.map((e, i) => `<tr><th scope="row">${escapeHtml(e)}</th>${m.cells[i]!.map(cell).join("")}</tr>`).join("\n");
  const means = [...m.means]
    .sort((a, b) => b.mean - a.mean || a.name.localeCompare(b.name))
    .map((e) => `<tr${e.outlier ? ' class="outlier"' : ""}><th scope="row">${escapeHtml(e.name)}</th><td>${pct(e.mean)}</td><td>${pct(e.interval[0])} – ${pct(e.interval[1])}</td><td>${e.outlier ? `outlier (${e.outlier})` : ""}</td></tr>`)
    .join("\n");
  const outliers =
    m.outliers.length === 0
      ? `<p>No pair beyond 50% ± ${pct(m.threshold)}.</p>`
      : `<ul>${m.outliers.map((o) => `<li>${escapeHtml(o.row)} against ${escapeHtml(o.col)}: ${pct(o.rate)}${o.exact ? " (exact)" : ` (${pct(o.interval[0])} – ${pct(o.interval[1])})`}</li>`).join("")}</ul>`;
  const sweep = r.sweep
    ? `<section aria-labelledby="sweep"><h2 id="sweep">Sweep of ${escapeHtml(r.sweep.parameter)} (${escapeHtml(r.sweep.entry)})</h2>
<table class="list"><thead><tr><th scope="col">value</th><th scope="col">mean win rate</th><th scope="col">95% interval</th><th scope="col">outlier pairs</th></tr></thead><tbody>
${r.sweep.points.map((p) => `<tr${p.entry.outlier ? ' class="outlier"' : ""}><th scope="row">${p.value}</th><td>${pct(p.entry.mean)}</td><td>${pct(p.entry.interval[0])} – ${pct(p.entry.interval[1])}</td><td>${p.outliers}</td></tr>`).join("\n")}
</tbody></table></section>`
    : "";
  const how = m.cells.flat().some((c) => !c.exact) ? `Simulated cells: ${r.runs} runs each, with 95% Wilson intervals. ` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #111; background: #fff; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { border: 1px solid #bbb; padding: 0.25rem 0.4rem; }
th { background: #f2f2f2; text-align: left; font-weight: 600; }
.heatmap td { text-align: center; min-width: 5.5rem; }
.heatmap .rate { display: block; font-weight: 600; }
.heatmap .interval { display: block; font-size: 12px; }
.heatmap .mirror { outline: 2px dashed #555; outline-offset: -3px; }
.outlier th, .outlier td { font-weight: 700; }
.wrap { overflow-x: auto; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${how}Each row's entry plays at the first slot against each column's at the second; a cell gives the row's win rate. Red: the row wins more; blue: less; dashed: the mirror match. Policies: ${r.policies.length > 0 ? r.policies.map(escapeHtml).join(", ") : "none (the first option)"}. Seed ${escapeHtml(r.seed)}.</p>
<section aria-labelledby="matrix"><h2 id="matrix">Matchups</h2>
<div class="wrap" tabindex="0" role="region" aria-labelledby="matrix">
<table class="heatmap"><caption>Win rate of the row's entry against the column's</caption>
<thead><tr><td></td>${head}</tr></thead>
<tbody>
${rows}
</tbody></table></div></section>
<section aria-labelledby="means"><h2 id="means">Mean win rate</h2>
<table class="list"><thead><tr><th scope="col">entry</th><th scope="col">mean</th><th scope="col">95% interval</th><th scope="col">outlier</th></tr></thead><tbody>
${means}
</tbody></table></section>
<section aria-labelledby="outliers"><h2 id="outliers">Outlier pairs (beyond 50% ± ${pct(m.threshold)})</h2>
${outliers}</section>
${sweep}
</main>
</body>
</html>
`;
}
