// The balance service of the engine worker: `rulesmith balance` on a roster of the open system
// (src/tools/balance/), from the playground's files: the roster's template scenario is loaded as
// `rulesmith run --mod` loads it (with the mods switched on of its base, as Simulate and Exact load
// them), the matrix is run in this worker, and the report comes back as the same self-contained HTML
// page `--html` writes. The page cancels by terminating the worker.
import { balance, balanceHtml, indexProgram, memoryFileHost, readRoster } from "../../src/api.ts";
import { compilePrograms, describeError, readyScenario } from "./programs.ts";
import type { BalanceReply, BalanceRequest } from "../validate-protocol.ts";
import type { ServiceHandler } from "../engine-protocol.ts";

async function run(req: BalanceRequest): Promise<BalanceReply> {
  const host = memoryFileHost(req.files);
  let json: unknown;
  try {
    json = JSON.parse(req.roster.text);
  } catch (err) {
    return { type: "error", message: `${req.roster.path} is not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  const scenarioPath = typeof json === "object" && json !== null && typeof (json as { scenario?: unknown }).scenario === "string" ? host.resolve(req.roster.path, (json as { scenario: string }).scenario) : undefined;
  let program;
  if (scenarioPath !== undefined) {
    const loaded = readyScenario(req.files, scenarioPath, req.mods);
    if ("problem" in loaded) return { type: "error", message: loaded.problem };
    program = loaded.ok.program;
  } else {
    const compiled = compilePrograms(req.files, [req.system], req.mods);
    if ("problem" in compiled) return { type: "error", message: compiled.problem };
    if (compiled.ok.length !== 1) return { type: "error", message: `the system's rules form ${compiled.ok.length} separate programs` };
    program = indexProgram(compiled.ok[0]!);
  }
  const roster = readRoster([{ path: req.roster.path, json }], (from, path) => {
    const text = req.files[host.resolve(from, path)];
    if (text === undefined) return { error: `cannot read \`${host.resolve(from, path)}\`` };
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return { error: `\`${host.resolve(from, path)}\` is not valid JSON` };
    }
  });
  if ("error" in roster) return { type: "error", message: roster.error };
  const report = await balance(program, roster, { runs: req.runs, seed: req.seed, threshold: 0.25, ...(req.exact ? {} : { exactPaths: 0 }) });
  if ("error" in report) return { type: "error", message: report.error };
  const outliers = report.matrix.means.filter((m) => m.outlier).map((m) => `${m.name} (${m.outlier})`);
  const summary = `${report.matrix.entries.length} entries, ${report.matrix.entries.length ** 2} matchups${outliers.length > 0 ? `; outliers: ${outliers.join(", ")}` : "; no outlier"}${report.matrix.errors > 0 ? `; ${report.matrix.errors} run(s) stopped with an error` : ""}`;
  return { type: "done", html: balanceHtml(report, `Balance: ${req.roster.path}`), summary };
}

export const balanceService: ServiceHandler<"balance"> = (req, post) => {
  run(req).then(post, (err: unknown) => post({ type: "error", message: describeError(err) }));
};
