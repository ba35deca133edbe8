// `rulesmith mods check` printed: the compatibility matrix of the mods (each alone on the diagonal,
// each pair off it), then every conflict with the mods it names; or the same as JSON.
import type { Diagnostic } from "../../core/diagnostics.ts";
import type { CompatibilityReport, ModSetReport } from "./conflicts.ts";

/** A cell: `ok`, or how many conflicts. */
function cell(r: ModSetReport | undefined): string {
  if (!r) return "";
  return r.ok ? "ok" : `${r.conflicts.length} conflict${r.conflicts.length === 1 ? "" : "s"}`;
}

/** The matrix as text: a row and a column per mod, by name; the diagonal is the mod alone on the base. */
export function formatMatrix(report: CompatibilityReport): string {
  const base = report.packages[0];
  const names = report.alone.map((r) => r.mods[0]!);
  const lines = [`${base ? `${base.name} ${base.version}` : "the base"} with ${names.length} mod${names.length === 1 ? "" : "s"}: each alone (the diagonal) and each pair`];
  // Names are checked by the manifest's schema (lower-case letters, digits, `-_.`): nothing to escape.
  const shown = names;
  const width = Math.max(4, ...shown.map((n) => n.length), ...[...report.alone, ...report.pairs].map((r) => cell(r).length)) + 2;
  lines.push(`${"".padEnd(width)}${shown.map((n) => n.padEnd(width)).join("")}`.trimEnd());
  names.forEach((row, i) => {
    const cells = names.map((col, j) => (j < i ? "" : j === i ? cell(report.alone[i]) : cell(pairOf(report, row, col))));
    lines.push(`${shown[i]!.padEnd(width)}${cells.map((c) => c.padEnd(width)).join("")}`.trimEnd());
  });
  return lines.join("\n");
}

export function pairOf(report: CompatibilityReport, a: string, b: string): ModSetReport | undefined {
  return report.pairs.find((p) => p.mods.includes(a) && p.mods.includes(b));
}

/** Every conflict of the report, each once, with the set of mods it was found in. */
export function allConflicts(report: CompatibilityReport): { mods: string[]; diagnostic: Diagnostic }[] {
  const seen = new Set<string>();
  const out: { mods: string[]; diagnostic: Diagnostic }[] = [];
  for (const r of [...report.alone, ...report.pairs]) {
    for (const d of r.conflicts) {
      const key = `${d.code} ${d.span.file}:${d.span.start} ${d.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ mods: r.mods, diagnostic: d });
    }
  }
  return out;
}

const at = (d: Diagnostic) => ({ file: d.span.file, line: d.span.line, col: d.span.col });

/** The report as `--json` prints it. */
export function matrixJson(report: CompatibilityReport): unknown {
  const set = (r: ModSetReport) => ({ mods: r.mods, ok: r.ok, conflicts: r.conflicts.map((d) => ({ code: d.code, message: d.message, ...at(d), ...(d.help ? { help: d.help } : {}) })), overridden: r.overridden });
  return {
    base: report.packages[0] ? { name: report.packages[0].name, version: report.packages[0].version, folder: report.packages[0].folder } : null,
    mods: report.packages.slice(1).map((p) => ({ name: p.name, version: p.version, folder: p.folder })),
    errors: report.diagnostics.map((d) => ({ code: d.code, message: d.message, ...at(d) })),
    ok: report.diagnostics.length === 0 && [...report.alone, ...report.pairs].every((r) => r.ok),
    alone: report.alone.map(set),
    pairs: report.pairs.map(set),
  };
}
