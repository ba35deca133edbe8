// `rulesmith doc PATH... --out DIR`: writes the HTML reference of a rules system (src/tools/docgen/).
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { compile, defaultRoots, eachExample, formatDiagnostics, generateReference, MAX_REFERENCE, nodeFileHost, ReferenceTooLarge, type ExampleResult } from "../../api/node.ts";
import { complain, say, type CliIo } from "./io.ts";

export const DOC_HELP = `rulesmith doc PATH... --out DIR [--title TEXT]

Checks the rules and writes a static HTML reference of them to DIR: an index of every declaration,
and a page per file with each declaration and its \`///\` doc comment - kinds with their fields,
ranges and defaults, values with their modifiers in the order they apply, events with their handlers
in the order they run, statuses, tables with their rows, dice with their faces, and every example as
a worked case with its result (the examples are run). Names in types and rule source link to their
declarations; the program's stages are listed once, and control characters in the rules show as
escapes (\`\\u202e\`); the pages need nothing but each other, so they open offline. Exits 1 when the rules
do not check (their errors are printed as \`check\` prints them). Its memory budget: at most
${MAX_REFERENCE} characters of pages (past it, E0429 and nothing is written), and no example's
trace is kept.
  --out DIR     the folder to write (created if missing; files of the same name are replaced)
  --title TEXT  the reference's title (default: the system's folder or file)
  --root DIR    read only below DIR (default: the folder of each named path, or the working
                directory when it holds that folder). Only regular .rules files of at most 8 MB.`;

/** A trace sink that keeps nothing. */
const DROPPED = { push: () => undefined };

export function docCommand(args: string[], io: CliIo): number {
  if (args.includes("--help") || args.includes("-h")) {
    say(io, DOC_HELP);
    return 0;
  }
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { out: { type: "string", short: "o" }, title: { type: "string" }, root: { type: "string" } } });
  if (positionals.length === 0 || !values.out) {
    complain(io, "error: name the rules and the output folder: `rulesmith doc PATH --out DIR`\n\nRun `rulesmith doc --help` for usage.");
    return 1;
  }
  const compiled = compile(positionals, nodeFileHost(values.root !== undefined ? [values.root] : defaultRoots(positionals, io.cwd), io.cwd));
  if (compiled.diagnostics.length) complain(io, formatDiagnostics(compiled.diagnostics, compiled.texts));
  if (!compiled.programs || compiled.programs.length === 0) return 1;
  if (compiled.programs.length > 1) {
    const names = compiled.systems.map((s) => `\`${s.name}\``).join(", ");
    complain(io, `error[E0402]: these rules form ${compiled.programs.length} separate programs (files that do not import each other): ${names}; name one`);
    return 1;
  }
  const files = compiled.programs[0]!;
  const title = values.title ?? compiled.systems[0]?.name ?? positionals[0]!;
  // The pages show each example's result, never its trace: the traces are let go as they are made.
  const results: ExampleResult[] = [...eachExample(files, undefined, undefined, undefined, () => DROPPED)];
  let pages: Map<string, string>;
  try {
    pages = generateReference(title, files, compiled.texts, results);
  } catch (err) {
    if (!(err instanceof ReferenceTooLarge)) throw err;
    complain(io, `error[${err.code}]: ${err.message}\n  help: document the rules in parts (name fewer files), or shorten what every declaration repeats`);
    return 1;
  }
  const out = resolve(io.cwd, values.out);
  mkdirSync(out, { recursive: true });
  for (const [name, content] of pages) writeFileSync(join(out, name), content);
  say(io, `wrote ${pages.size} file(s) to ${values.out}: open ${join(values.out, "index.html")}`);
  return 0;
}
