// `rulesmith mods check BASE MOD... [--json]`: the compatibility matrix of mods on a base system
// (src/tools/mods/): each mod alone and each pair, ok or their conflicts, every conflict naming its mods.
import { parseArgs } from "node:util";
import { allConflicts, checkMods, defaultRoots, escapeJsonControls, formatDiagnostics, formatMatrix, matrixJson, nodeFileHost } from "../../api/node.ts";
import { complain, say, type CliIo } from "./io.ts";

export const MODS_HELP = `rulesmith mods check BASE MOD... [--json]

Loads the base system in the folder BASE (with its system.json) with each mod (a folder with a
mod.json) alone, then with each pair of them, and runs every example each time (a mod that
requires another named mod is always loaded with it, so "alone" is the mod and what it needs). A set of mods
conflicts when it does not load or check (a missing or out-of-range dependency, an incompatible
mod, a name two mods both declare: errors that name both mods), or when it changes the outcome of an
example (E0607): a mod alone, an example of the base that it does not declare it overrides
(\`overrides "TITLE"\`); a pair, an example of the base both override, one that one overrides and the
other changes further, one that neither alone changes but both together do, or an example of one mod
that the other changes. Prints the matrix (each mod alone on the diagonal, each pair off it: \`ok\` or
the number of conflicts), then each conflict with its mods and place. Exits 1 when any set conflicts.
  --json       print {"base", "mods", "errors", "ok", "alone": [...], "pairs": [...]}: each set with
               "mods", "ok", "conflicts" (code, message, file, line, col, help) and "overridden"
  --root DIR   read only below DIR (default: the folder of each named path, or the working
               directory when it holds that folder)`;

export async function modsCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === "--help" || sub === "-h" || rest.includes("--help") || rest.includes("-h")) {
    say(io, MODS_HELP);
    return sub === undefined ? 1 : 0;
  }
  if (sub !== "check") {
    complain(io, `error: unknown command \`mods ${sub}\`\n\n${MODS_HELP}`);
    return 1;
  }
  const { positionals, values } = parseArgs({ args: rest, allowPositionals: true, options: { json: { type: "boolean" }, root: { type: "string" } } });
  if (positionals.length < 2) {
    complain(io, "error: name the base system's folder and at least one mod's folder\n\nRun `rulesmith mods --help` for usage.");
    return 1;
  }
  const [base, ...mods] = positionals as [string, ...string[]];
  const host = nodeFileHost(values.root !== undefined ? [values.root] : defaultRoots(positionals, io.cwd), io.cwd);
  const report = checkMods(base, mods, host);
  const json = matrixJson(report) as { ok: boolean };
  if (values.json) {
    say(io, escapeJsonControls(JSON.stringify(json, null, 2)));
    return json.ok ? 0 : 1;
  }
  if (report.diagnostics.length > 0) {
    complain(io, formatDiagnostics(report.diagnostics, report.texts));
    complain(io, "the base system does not load or check: no mod was tried");
    return 1;
  }
  say(io, formatMatrix(report));
  const conflicts = allConflicts(report);
  for (const c of conflicts) {
    say(io, `\n${c.mods.join(" + ")}:`);
    say(io, formatDiagnostics([c.diagnostic], report.texts).replace(/\n*\d+ error\(s\), \d+ warning\(s\)\s*$/, ""));
  }
  say(io, conflicts.length === 0 ? "\nno conflicts" : `\n${conflicts.length} conflict${conflicts.length === 1 ? "" : "s"}`);
  return json.ok ? 0 : 1;
}
