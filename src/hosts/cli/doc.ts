// `rulesmith doc PATH... --out DIR`: writes the HTML reference of each rules system named
// (src/tools/docgen/): one system in DIR itself, several (a folder of systems) in a folder each.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { defaultRoots, eachExample, generateReferences, MAX_REFERENCE, nodeFileHost, ReferenceTooLarge, type ExampleResult } from "../../api/node.ts";
import { complain, say, type CliIo } from "./io.ts";
import { compileWithMods } from "./with-mods.ts";

export const DOC_HELP = `rulesmith doc PATH... --out DIR [--title TEXT] [--mod DIR]...

Checks the rules and writes a static HTML reference of them to DIR: an index of every declaration,
and a page per file with each declaration and its \`///\` doc comment - kinds with their fields,
ranges and defaults, values with their modifiers in the order they apply, events with their handlers
in the order they run, statuses, tables with their rows, dice with their faces, and every example as
a worked case with its result (the examples are run). Names in types and rule source link to their
declarations; the program's stages are listed once, and control characters in the rules show as
escapes (\`\\u202e\`); the pages need nothing but each other, so they open offline.

The paths may hold several systems (files that do not import each other), as \`check\` and \`test\`
take them: \`rulesmith doc rules/ --out ref\` writes one reference per system, each in a folder named
for it (ref/duel/, ref/skirmish/, ...), and ref/index.html linking them.

Exits 1 when the rules do not check (their errors are printed as \`check\` prints them), and with
error E0429 when it is given no path, no --out, or an --out it cannot write. Its memory budget: at most
${MAX_REFERENCE} characters of pages for each system (past it, E0430 and nothing is written), and no
example's trace is kept.
  --out DIR     the folder to write (created if missing; files of the same name are replaced)
  --mod DIR     load the mod in DIR (repeatable) on the base system named, as \`test --mod\` does: one
                reference of the base with the mods, their declarations and examples with the base's
                (\`rulesmith doc BASE MOD --out DIR\`, naming the mod's folder, is the same)
  --title TEXT  the reference's title (default: the system's folder or file); with several
                systems, the title of the index that links them (default: the paths named)
  --root DIR    read only below DIR (default: the folder of each named path, or the working
                directory when it holds that folder). Only regular .rules files of at most 8 MB.`;

/** A trace sink that keeps nothing. */
const DROPPED = { push: () => undefined };

export async function docCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    say(io, DOC_HELP);
    return 0;
  }
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { out: { type: "string", short: "o" }, title: { type: "string" }, root: { type: "string" }, mod: { type: "string", multiple: true } } });
  if (positionals.length === 0 || !values.out) return wrongInput(io, "name the rules and the output folder: `rulesmith doc PATH --out DIR`");
  const mods = values.mod ?? [];
  const compiled = await compileWithMods(positionals, mods, nodeFileHost(values.root !== undefined ? [values.root] : defaultRoots([...positionals, ...mods], io.cwd), io.cwd), io);
  if ("usage" in compiled) return wrongInput(io, compiled.usage);
  if (!compiled.programs || compiled.programs.length === 0) return 1;
  const systems = compiled.systems.slice(0, compiled.programs.length).map((s, i) => ({ name: s.name, files: compiled.programs![i]! }));
  const title = values.title ?? (systems.length === 1 ? systems[0]!.name : positionals.join(", "));
  // The pages show each example's result, never its trace: the traces are let go as they are made.
  const results: ExampleResult[] = [...eachExample(compiled.program!, undefined, undefined, undefined, () => DROPPED)];
  let pages: Map<string, string>;
  try {
    pages = generateReferences(title, systems, compiled.texts, results);
  } catch (err) {
    if (!(err instanceof ReferenceTooLarge)) throw err;
    complain(io, `error[${err.code}]: ${err.message}\n  help: document the rules in parts (name fewer files), or shorten what every declaration repeats`);
    return 1;
  }
  const out = resolve(io.cwd, values.out);
  try {
    for (const [name, content] of pages) {
      mkdirSync(dirname(join(out, name)), { recursive: true });
      writeFileSync(join(out, name), content);
    }
  } catch (err) {
    return wrongInput(io, `cannot write the reference to \`${values.out}\`: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, "name a folder that can be created and written, or does not exist yet");
  }
  const each = systems.length === 1 ? "" : ` (${systems.length} systems, a folder each)`;
  say(io, `wrote ${pages.size} file(s) to ${values.out}${each}: open ${join(values.out, "index.html")}`);
  return 0;
}

/** A command line `doc` cannot act on: its own code, so a script can tell it from rules that do not check. */
function wrongInput(io: CliIo, message: string, help?: string): number {
  complain(io, `error[E0429]: ${message}${help ? `\n  help: ${help}` : ""}\n\nRun \`rulesmith doc --help\` for usage.`);
  return 1;
}
