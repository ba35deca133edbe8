// `rulesmith fmt PATH... [--check]`: rewrites .rules files in the canonical layout (src/tools/format/).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { defaultRoots, diag, escapeControls, formatDiagnostics, formatRules, nodeFileHost, spanAt, type Diagnostic } from "../../api/node.ts";
import { complain, say, type CliIo } from "./io.ts";

export const FMT_HELP = `rulesmith fmt PATH... [--check]

Rewrites every .rules file named, and every .rules file below a named folder, in the one canonical
layout: two spaces of indent per open bracket (one more for a line continuing an expression), one
space or none between tokens by their kind, at most one blank line in a row, no trailing whitespace,
one line break at the end. Line breaks stay where they are, and so does every comment and \`///\`
doc comment. A file with a syntax error is not touched: its errors are printed as \`check\` prints
them. Prints how many files changed. Exits 1 when a file could not be formatted.
  --check       change nothing; list the files that are not in the canonical layout and exit 1
                when there is any
  --root DIR    read only below DIR (default: the folder of each named path, or the working
                directory when it holds that folder). Only regular .rules files of at most 8 MB.`;

export function fmtCommand(args: string[], io: CliIo): number {
  if (args.includes("--help") || args.includes("-h")) {
    say(io, FMT_HELP);
    return 0;
  }
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { check: { type: "boolean" }, root: { type: "string" } } });
  if (positionals.length === 0) {
    complain(io, "error: name at least one .rules file or folder\n\nRun `rulesmith fmt --help` for usage.");
    return 1;
  }
  const host = nodeFileHost(values.root !== undefined ? [values.root] : defaultRoots(positionals, io.cwd), io.cwd);
  const files = positionals.flatMap((p) => host.listRules(p) ?? [host.normalize(p)]);
  const problems: Diagnostic[] = [];
  const texts = new Map<string, string>();
  const changed: string[] = [];
  for (const file of [...new Set(files)]) {
    const text = host.read(file);
    if (text === undefined) {
      const refusal = host.refuse?.(file, "rules");
      problems.push(diag(refusal?.code ?? "E0003", spanAt(file, "", 0, 0), refusal?.message ?? `cannot read \`${file}\``, refusal?.help));
      continue;
    }
    texts.set(file, text);
    const result = formatRules(file, text);
    if ("diagnostics" in result) {
      problems.push(...result.diagnostics);
      continue;
    }
    if (!result.changed) continue;
    changed.push(file);
    if (!values.check) writeFileSync(resolve(io.cwd, file), result.text);
  }
  if (problems.length) complain(io, formatDiagnostics(problems, texts));
  const count = new Set(files).size;
  if (values.check) {
    for (const f of changed) say(io, `would reformat ${escapeControls(f)}`);
    say(io, changed.length ? `${changed.length} of ${count} file(s) are not in the canonical layout; run \`rulesmith fmt\`` : `${count} file(s) in the canonical layout`);
    return changed.length || problems.length ? 1 : 0;
  }
  for (const f of changed) say(io, `formatted ${escapeControls(f)}`);
  say(io, `${changed.length} of ${count} file(s) changed`);
  return problems.length ? 1 : 0;
}
