// The Simulate tab's charts, drawn to the width of their pane. An enum outcome is one bar per outcome
// with its share and 95% interval; a number or a tally is one histogram per member (how many runs
// gave 0, 1, 2, ...) with its mean, spread and the interval of the mean. Comparing the edited rules
// with the bundled ones on the same seeds gives, per member or outcome, the difference and its interval.
import { escapeControls, meanDifference, spread, wilson } from "../src/api.ts";
import type { NumericOutcome } from "./outcome-stats.ts";
import { el } from "./dom.ts";

const SVG = "http://www.w3.org/2000/svg";

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  // Outcome labels are the rules' results: controls shown as escapes, as everywhere in the page.
  if (text !== undefined) node.textContent = escapeControls(text);
  return node;
}

export interface SimulationResult {
  runs: number;
  seed: string;
  counts: [string, number][];
  numeric?: NumericOutcome;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const num = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));
const signed = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${num(Math.abs(x))}`;

/** A label that fits `chars` characters, the whole text in its tooltip. */
function clip(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;
}

/** Horizontal bars, most frequent first, each with its share and a 95% interval whisker. */
export function outcomeBars(r: SimulationResult, width: number): HTMLElement {
  const rows = [...r.counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const valueWidth = 185;
  const labelWidth = Math.max(60, Math.min(200, Math.floor(width * 0.3)));
  const barWidth = Math.max(40, width - labelWidth - valueWidth - 8);
  const rowHeight = 26;
  const box = svg("svg", { width, height: rows.length * rowHeight + 8, role: "img", class: "sim-chart", "aria-label": "outcome frequencies" });
  rows.forEach(([outcome, count], i) => {
    const y = i * rowHeight + 4;
    const share = count / r.runs;
    const [lo, hi] = wilson(count, r.runs);
    const g = svg("g", { class: "sim-bar", "data-outcome": outcome, "data-count": count });
    const label = svg("text", { x: labelWidth - 8, y: y + 15, "text-anchor": "end" }, clip(outcome, Math.floor(labelWidth / 7)));
    label.append(svg("title", {}, outcome));
    g.append(label);
    g.append(svg("rect", { x: labelWidth, y, width: Math.max(1, share * barWidth), height: rowHeight - 8, rx: 2 }));
    g.append(svg("line", { x1: labelWidth + lo * barWidth, x2: labelWidth + hi * barWidth, y1: y + (rowHeight - 8) / 2, y2: y + (rowHeight - 8) / 2, class: "whisker" }));
    g.append(svg("text", { x: labelWidth + barWidth + 8, y: y + 15 }, `${pct(share)} (${count}) ${pct(lo)}–${pct(hi)}`));
    box.append(g);
  });
  return el("div", { class: "sim-chart-box" }, el("div", { class: "sim-summary" }, `${r.runs} runs, seeds ${r.seed}:0 .. ${r.seed}:${r.runs - 1}; bars show the share, whiskers the 95% interval`), box as unknown as Node);
}

/** One histogram per member of a number or tally result, with its mean, spread and interval. */
export function memberHistograms(r: SimulationResult & { numeric: NumericOutcome }, width: number): HTMLElement {
  const box = el("div", { class: "sim-members" });
  const what = r.numeric.of === "int" ? "the result" : `each ${r.numeric.of} member the result counts`;
  box.append(el("div", { class: "sim-summary" }, `${r.runs} runs, seeds ${r.seed}:0 .. ${r.seed}:${r.runs - 1}; for ${what}: how many runs gave each count, its mean, spread (sd) and the 95% interval of the mean`));
  for (const m of r.numeric.members) {
    const s = spread(m.histogram);
    const head = el("div", { class: "sim-member-head" }, el("strong", {}, m.name), ` mean ${num(s.mean)}, sd ${num(s.sd)}, 95% interval ${num(s.interval[0])}–${num(s.interval[1])}`);
    const section = el("section", { class: "sim-member", "data-member": m.name, "data-mean": String(s.mean), "data-sd": String(s.sd), "aria-label": `${m.name}: mean ${num(s.mean)}` }, head);
    section.append(histogram(m.histogram, r.runs, width, m.name) as unknown as Node);
    box.append(section);
  }
  return box;
}

/** Vertical bars, one per value from the smallest to the largest seen (gaps drawn as empty). */
function histogram(h: [number, number][], runs: number, width: number, name: string): SVGSVGElement {
  const lo = h[0]?.[0] ?? 0;
  const hi = h[h.length - 1]?.[0] ?? 0;
  // A long range is grouped into bins so every bar stays wide enough to see.
  const maxBars = Math.max(5, Math.floor(width / 14));
  const binSize = Math.max(1, Math.ceil((hi - lo + 1) / maxBars));
  const bins = new Map<number, number>();
  for (const [v, c] of h) {
    const b = lo + Math.floor((v - lo) / binSize) * binSize;
    bins.set(b, (bins.get(b) ?? 0) + c);
  }
  const nBins = Math.floor((hi - lo) / binSize) + 1;
  const chartHeight = 60;
  const barW = (width - 8) / nBins;
  const top = Math.max(...bins.values());
  const box = svg("svg", { width, height: chartHeight + 18, role: "img", class: "sim-histogram", "aria-label": `distribution of ${name}` });
  for (let i = 0; i < nBins; i++) {
    const v = lo + i * binSize;
    const c = bins.get(v) ?? 0;
    const height = (c / top) * chartHeight;
    const label = binSize === 1 ? String(v) : `${v}–${v + binSize - 1}`;
    const rect = svg("rect", { x: 4 + i * barW + 1, y: chartHeight - height, width: Math.max(1, barW - 2), height, class: "sim-hbar", "data-value": label, "data-count": c });
    rect.append(svg("title", {}, `${label}: ${c} runs (${pct(c / runs)})`));
    box.append(rect);
    // Labels on every bar that has room for one, else on a few.
    const every = Math.ceil(24 / barW);
    if (i % every === 0) box.append(svg("text", { x: 4 + i * barW + barW / 2, y: chartHeight + 14, "text-anchor": "middle" }, label));
  }
  return box;
}

/** The edited rules against the bundled ones on the same seeds: per member (or outcome), the difference. */
export function comparison(original: SimulationResult, edited: SimulationResult): HTMLElement {
  const table = el("table", { class: "sim-compare" });
  table.append(el("tr", {}, el("th", {}, ""), el("th", {}, "bundled"), el("th", {}, "edited"), el("th", {}, "difference (95% interval)")));
  const row = (name: string, a: string, b: string, d: string, significant: boolean) =>
    table.append(el("tr", { "data-name": name, class: significant ? "significant" : "" }, el("th", {}, name), el("td", {}, a), el("td", {}, b), el("td", {}, d)));
  if (original.numeric && edited.numeric && original.numeric.of === edited.numeric.of) {
    for (const m of edited.numeric.members) {
      const a = spread(original.numeric.members.find((x) => x.name === m.name)?.histogram ?? []);
      const b = spread(m.histogram);
      const d = meanDifference(a, b);
      row(m.name, `mean ${num(a.mean)}`, `mean ${num(b.mean)}`, `${signed(d.difference)} (${num(d.interval[0])} to ${num(d.interval[1])})`, d.interval[0] > 0 || d.interval[1] < 0);
    }
  } else {
    const names = [...new Set([...original.counts.map(([k]) => k), ...edited.counts.map(([k]) => k)])].sort();
    for (const name of names) {
      const p1 = (original.counts.find(([k]) => k === name)?.[1] ?? 0) / original.runs;
      const p2 = (edited.counts.find(([k]) => k === name)?.[1] ?? 0) / edited.runs;
      const half = 1.96 * Math.sqrt((p1 * (1 - p1)) / original.runs + (p2 * (1 - p2)) / edited.runs);
      const d = p2 - p1;
      row(name, pct(p1), pct(p2), `${d >= 0 ? "+" : "−"}${pct(Math.abs(d))} (${pct(d - half)} to ${pct(d + half)})`, d - half > 0 || d + half < 0);
    }
  }
  return el("div", { class: "sim-compare-box" }, el("div", { class: "sim-summary" }, `the same ${edited.runs} seeds on the bundled rules and on your edits; a difference whose interval excludes 0 is marked`), table);
}
