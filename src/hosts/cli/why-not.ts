// `rulesmith why-not SCENARIO.json --rule NAME`: why a rule did not fire in the scenario's run
// (src/tools/why-not/).
import { parseArgs } from "node:util";
import { defaultRoots, escapeJsonControls, formatDiagnostics, formatWhyNot, loadScenario, nodeFileHost, whyNot } from "../../api/node.ts";
import { complain, say, type CliIo } from "./io.ts";

export const WHY_NOT_HELP = `rulesmith why-not SCENARIO.json --rule NAME [--seed S] [--json] [--mod DIR]...

Runs the scenario once (as \`rulesmith run\` does, same seed, same dice) and says why a rule did not fire:
  - the first part of its \`when\` that was false, the first time it was tested, with the values that
    part read (\`target.hp = 0\`) and how many times the condition was tested in all;
  - or that what it hangs on never happened: its event was never emitted, its value never worked out,
    its table never looked up (or, for an \`instead of\` handler, that an earlier one took every emission);
  - for a table row, the first lookup's arguments and the pattern of the row they did not match, or
    the earlier row that matched first;
  - or that it did fire, and where.
Each answer links to the source (\`--> file:line:col\`) and to the line of \`rulesmith run SCENARIO
--seed S --trace\` the run stood at (its number and text).

NAME is a modifier's name (\`highGround\`); a handler as its trace names it (\`on Attacked\`,
\`before Damaged\`, \`instead of Moved\`), with \`#2\` for the second of several in source order; a table's
name (\`exchange\`), or one row of it by number from 1 (\`exchange:3\`); or \`FILE.rules:LINE\`, the rule
(or table row) declared at that line. A name that matches nothing is error E0435, with a guess.
  --rule NAME  the rule to explain (required)
  --seed S     the dice seed (overrides the scenario's; default "1")
  --mod DIR    load the mod in DIR (repeatable) on the scenario's base system, as \`run --mod\` does;
               NAME may then be a rule of a mod
  --json       print the answer as JSON: {"rule", "source", "answer": {"kind", ...}, "result", "error"}
               (the trace left out: \`run --json\` prints it)
  --root DIR   read only below DIR: the scenario, its "rules" and their imports (default: the
               scenario's folder, or the working directory when it holds that folder).`;

export async function whyNotCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    say(io, WHY_NOT_HELP);
    return 0;
  }
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { rule: { type: "string" }, seed: { type: "string" }, json: { type: "boolean" }, root: { type: "string" }, mod: { type: "string", multiple: true } },
  });
  const usage = positionals.length !== 1 ? "name one scenario file" : values.rule === undefined || values.rule.trim() === "" ? "name the rule with --rule NAME" : undefined;
  if (usage) {
    complain(io, `error: ${usage}\n\nRun \`rulesmith why-not --help\` for usage.`);
    return 1;
  }
  const path = positionals[0]!;
  const mods = values.mod ?? [];
  const loaded = loadScenario(path, nodeFileHost(values.root !== undefined ? [values.root] : defaultRoots([path, ...mods], io.cwd), io.cwd), undefined, mods);
  if (loaded.diagnostics.length) complain(io, formatDiagnostics(loaded.diagnostics, loaded.texts));
  if (!loaded.ready) return 1;
  const seed = values.seed ?? loaded.ready.scenario.seed ?? "1";
  const result = whyNot(loaded.ready, values.rule!, seed);
  if ("problem" in result) {
    complain(io, `error[E0435]: ${result.problem}`);
    return 1;
  }
  if (values.json) {
    const { trace: _, ...rest } = result;
    say(io, escapeJsonControls(JSON.stringify(rest, null, 2)));
    return 0;
  }
  say(io, formatWhyNot(result, `rulesmith run ${path} --seed ${seed} --trace`));
  return 0;
}
