// The `rulesmith` command line: check, test, run, simulate. Every failure is a diagnostic with a code;
// nothing reaches the user as a raw exception.
import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Compiled, Diagnostic, FileHost, ModdedCompiled, ReadyScenario, SourceFile, TraceEntry } from "../../api.ts";
import { clipShown, escapeJsonControls, formatDiagnostics, formatRunError, formatStateProblems, hasErrors, TRACE_MESSAGE_WIDTH, TRACE_RULE_WIDTH } from "../../api/report.ts";
import { complain, processIo, say, type CliIo } from "./io.ts";
import { KeptTrace, PRINTED_TRACES, TraceOutput, TRACE_HEAD_LINES, TRACE_LINES } from "./trace-output.ts";
import { compileWithMods, hostFor, moddedExamples, MODS_NAMED } from "./with-mods.ts";
import type { HostRecording } from "./queue/recorded-host.ts";
import { POLICY_HELP, POLICY_OPTION, withPolicies } from "./policy-option.ts";

export type { CliIo, Writer } from "./io.ts";

/** The parser, checker and runtime, loaded by the first command that runs rules: `--help` never loads them. */
const engine = () => import("./engine.ts");

const HELP: Record<string, string> = {
  main: `rulesmith - write tabletop game rules as code

Usage:
  rulesmith check PATH...                         parse and check .rules files or folders
  rulesmith test PATH... [--grep TEXT] [--trace-file FILE]   run every example in the rules
  rulesmith test BASE MOD...                      a base system's folder with mods' folders: every example
  rulesmith run SCENARIO.json [--seed S] [--trace] [--json] [--trace-file FILE] [--mod DIR]... [--policy P]...
  rulesmith simulate SCENARIO.json -n N [--seed S] [--workers W] [--mod DIR]... [--policy P]... [--queue URL]
  rulesmith mods check BASE MOD... [--json]       which mods change the base's examples: alone and in pairs
  rulesmith odds SCENARIO.json [--max-states N]    the exact odds of each result: every dice path, merged by state
  rulesmith mutate PATH... [--json] [--budget N]   do the examples pin the rules down? (mutation testing)
  rulesmith worker --queue redis://HOST:PORT       take shards of simulate/mutate/balance --queue sweeps from Redis
  rulesmith why-not SCENARIO.json --rule NAME     why a modifier, handler or table row did not fire in a run
  rulesmith balance SYSTEM --roster FILE... [--policy P] [--runs N] [--sweep P=A..B] [--json] [--html FILE] [--queue URL]
                                                  the matchup matrix of a roster: win rates, intervals, outliers
  rulesmith compile PATH... --out PROGRAM.json    save the checked program for the runtime alone
  rulesmith schema PATH... [--mod DIR]...         print the JSON Schema of the game state
  rulesmith fmt PATH... [--check]                 lay .rules files out in the canonical layout
  rulesmith lsp                                   the language server for editors (stdio)
  rulesmith doc PATH... --out DIR                 write an HTML reference of the rules

Every command takes --root DIR: files (imports, a scenario's "rules") are read only below it.
Every command that loads a system (all but fmt and worker) takes --mod DIR (repeatable):
the mod in DIR loaded on its base.
Run \`rulesmith COMMAND --help\` for one command.`,
  check: `rulesmith check PATH... [--mod DIR]...

Parses and checks every .rules file named, every .rules file below a named folder, and every file
they import. ${MODS_NAMED} Prints each diagnostic as \`error[CODE]: message\` with its location, a code frame and a
\`help:\` line where a fix is known. Exits 1 when there is any error (warnings alone exit 0).
At most 50 diagnostics are printed per file (then \`... and N more in FILE\`); a code frame shows at
most 120 characters of its line around the mistake.
  --mod DIR     load the mod in DIR on the base system named (as if named after it)
  --root DIR    read only below DIR: named paths, imports and the folders walked (default: the
                folder of each named path, or the working directory when it holds that folder).
                Only regular .rules files of at most 8 MB are read; anything else is a diagnostic.`,
  test: `rulesmith test PATH... [--grep TEXT] [--trace] [--trace-file FILE] [--mod DIR]...

Checks the rules, then runs every \`example\` in the named files and folders. Prints each failure with
expected against actual and the trace of the run, and ends with \`N passed, N failed\`. A printed trace
shows at most ${TRACE_LINES} lines (its first ${TRACE_HEAD_LINES} and its last ones, with \`... N more lines\` between),
each message cut to ${TRACE_MESSAGE_WIDTH} characters; a command prints at most ${PRINTED_TRACES} characters of traces, then
one line per trace. Control characters in titles, messages and traces print as escapes (\`\\u001b\`). Files that
import each other form one system; a system that does not check is skipped (its errors are printed)
and the others still run. Says \`no examples ran: ...\` when none ran. When every example ran and
passed, warns of what none of them reaches: a handler no example fires (W0312), a choice no example
makes or an option of it listed in the rules that none takes (W0313). Exits 1 on any failure, on a
system that does not check, and when --grep matches no example.
${MODS_NAMED} The base's examples run with the mods loaded: one that a loaded mod
declares it overrides (\`overrides "TITLE"\`) is skipped (\`skip  TITLE  overridden by the mod ...\`), and
one that fails with the mods but passes without them is E0607, naming the mods.
  --mod DIR     load the mod in DIR on the base system named (as if named after it)
  --grep TEXT   run only the examples whose title contains TEXT (ignoring case)
  --trace       print the trace of passing examples too
  --trace-file FILE  write every example's whole trace to FILE as it runs (each between a line
                     "example TITLE (FILE:LINE)" and its ok or FAIL line); without it, only the
                     lines that may be printed are kept
  --root DIR    read only below DIR: named paths, imports and the folders walked (default: the
                folder of each named path, or the working directory when it holds that folder).
                Only regular .rules files of at most 8 MB are read; anything else is a diagnostic.`,
  schema: `rulesmith schema PATH... [--mod DIR]...

Checks the rules and prints the JSON Schema (draft-07) that a game state must match: derived from the
\`state\`, \`kind\`, \`enum\` and \`status\` declarations, with their doc comments as descriptions.
Editors can use it to complete and validate scenario files. With mods, the schema of the base with
the mods loaded: their enum members and kinds' fields too.
  --mod DIR     load the mod in DIR on the base system named (as if named after it)
  --root DIR    read only below DIR: named paths, imports and the folders walked (default: the
                folder of each named path, or the working directory when it holds that folder).
                Only regular .rules files of at most 8 MB are read; anything else is a diagnostic.`,
  run: `rulesmith run SCENARIO.json [--seed S] [--trace] [--json] [--trace-file FILE] [--mod DIR]... [--policy P]...

Runs a scenario: a JSON file with "rules" (a .rules file or folder, relative to the scenario),
"run" (a function without parameters), "state" (the game state), an optional "seed" and optional
"choices": answers to the rules' decision points in the order they are asked (an option's value, its
text, an entity's name, or null for none); unanswered ones take the default policy, the first option.
Or "policies": policies that answer them, as --policy gives them (then "choices" is not read).
"rules" may also name a program saved by \`rulesmith compile\` (a .json file).
An entity held in two places is written once with "$id": "name" and elsewhere as {"$ref": "name"};
the final state (--json) writes shared entities the same way.
The state is validated against the schema derived from the declarations. Problems with the scenario
are printed as \`check\` prints diagnostics, pointing at the key or value in the JSON.
  --seed S   the dice seed (overrides the scenario's; default "1")
${POLICY_HELP}
  --mod DIR  load the mod in DIR (repeatable) on the base system: the folder with a system.json that
             holds the scenario's "rules"; the mods' manifests are checked as for \`test BASE MOD\`
  --trace    print every roll, choice, event, trigger, modifier and status change (at most ${TRACE_LINES}
             lines, each message cut to ${TRACE_MESSAGE_WIDTH} characters, as \`test\` prints them)
  --trace-file FILE  write the whole trace to FILE
  --json     print the result, final state, dice state and trace as JSON: the trace's first ${TRACE_HEAD_LINES}
             and last entries up to ${TRACE_LINES}, messages cut as printed, and "traceLeftOut", the
             number of entries between; an error's message cut to 2000 characters;
             control characters in strings are \\u escapes
  --root DIR read only below DIR: the scenario, its "rules" and their imports (default: the
             scenario's folder, or the working directory when it holds that folder).
             Only regular .rules and .json files of at most 8 MB are read.`,
  compile: `rulesmith compile PATH... --out PROGRAM.json [--mod DIR]...

Checks the rules like \`check\` and, when there are no errors, saves the checked program as JSON.
A scenario's "rules" can name that file: it then runs without parsing or checking again.
With mods (a mod's folder named after the base, or \`--mod DIR\`), the base and the mods are saved
as one program, with what each mod file sees of the base without importing it.
  --mod DIR     load the mod in DIR on the base system named (as if named after it)
  --root DIR    read only below DIR: named paths, imports and the folders walked (default: the
                folder of each named path, or the working directory when it holds that folder).
                Only regular .rules files of at most 8 MB are read; anything else is a diagnostic.`,
  simulate: `rulesmith simulate SCENARIO.json -n N [--seed S] [--workers W | --queue URL] [--mod DIR]... [--policy P]...

Runs the scenario N times (default 1000) with seeds S:0 .. S:N-1 and prints how often each result
came up, with 95% Wilson confidence intervals. Shows a progress bar when stderr is a terminal.
The state is validated and converted once; the runs are split over worker threads, and the counts
are the same for any number of workers (run i always has seed S:i). A run that stops with an error
ends the simulation: the counts are those of the runs before it.
  --mod DIR     load the mod in DIR (repeatable) on the scenario's base system, as \`run --mod\` does
${POLICY_HELP.replace(/^  --policy P /, "  --policy P    ").replace(/\n {13}/g, "\n                ")}
  --workers W   worker threads (default: every core, ${availableParallelism()} here); 1 runs in one thread.
                At most one per core and one per 2 GB of free memory (each worker's heap is capped
                at 1,024 MB): a larger W is cut to that
  --queue URL   put the runs on the job queue at redis://HOST:PORT instead, as about 64 shards of
                seeds (at most 5,000 runs each, so more for a larger -n), for \`rulesmith worker --queue URL\` processes on any machines to run; the
                scenario and the rules read travel with the sweep. Waits for the workers (a bar on a
                terminal), then prints the same counts as one process
  --root DIR    read only below DIR: the scenario, its "rules" and their imports (default: the
                scenario's folder, or the working directory when it holds that folder).
                Only regular .rules and .json files of at most 8 MB are read.`,
};

/**
 * Runs one command and gives its exit code. Everything it prints goes to `io`, and relative paths are
 * read from `io.cwd`: the process's own by default, a test's collectors in the tests.
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "check":
        return await check(rest, io);
      case "test":
        return await test(rest, io);
      case "run":
        return await run(rest, io);
      case "simulate":
        return await sim(rest, io);
      case "compile":
        return await compileCommand(rest, io);
      case "schema":
        return await schemaCommand(rest, io);
      case "odds":
        return await (await import("./odds.ts")).oddsCommand(rest, io);
      case "mutate":
        return await (await import("./mutate.ts")).mutateCommand(rest, io);
      case "worker":
        return await (await import("./queue/worker.ts")).workerCommand(rest, io);
      case "why-not":
        return await (await import("./why-not.ts")).whyNotCommand(rest, io);
      case "balance":
        return await (await import("./balance.ts")).balanceCommand(rest, io);
      case "mods":
        return await (await import("./mods.ts")).modsCommand(rest, io);
      // Loaded when used, like the engine: `--help` loads none of them.
      case "fmt":
        return await (await import("./fmt.ts")).fmtCommand(rest, io);
      case "lsp":
        return await (await import("./lsp.ts")).lspCommand(rest, io);
      case "doc":
        return await (await import("./doc.ts")).docCommand(rest, io);
      case undefined:
      case "--help":
      case "-h":
      case "help":
        say(io, HELP["main"]!);
        return command === undefined ? 1 : 0;
      default:
        complain(io, `error: unknown command \`${command}\`\n\n${HELP["main"]}`);
        return 1;
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (isUsageError(err)) {
      complain(io, `error: ${message}\n\nRun \`rulesmith ${command ?? ""} --help\` for usage.`);
    } else {
      // Not the user's mistake: say so plainly, in one line, without a stack trace.
      complain(io, `internal error: ${message}\nThis is a bug in rulesmith; please report it with the command that caused it.`);
    }
    return 1;
  }
}

/** A mistake in the command line itself: bad flags or missing arguments. */
class UsageError extends Error {}

function isUsageError(err: unknown): boolean {
  return err instanceof UsageError || (err instanceof Error && String((err as { code?: unknown }).code ?? "").startsWith("ERR_PARSE_ARGS"));
}

function wantsHelp(args: string[], command: string, io: CliIo): boolean {
  if (args.includes("--help") || args.includes("-h")) {
    say(io, HELP[command]!);
    return true;
  }
  return false;
}

function printDiagnostics(ds: Diagnostic[], texts: Map<string, string>, io: CliIo) {
  if (ds.length) complain(io, formatDiagnostics(ds, texts));
}

/** The `--root` option every command takes. */
const ROOT_OPTION = { root: { type: "string" } } as const;
/** `--mod DIR`, repeatable: a mod loaded on the base system. */
const MOD_OPTION = { mod: { type: "string", multiple: true } } as const;

/** The common start of check, test, compile and schema: the named paths (and `--mod` folders), compiled, with diagnostics printed. */
async function compileNamed(paths: string[], host: FileHost, io: CliIo, modOption: string[] = []): Promise<Compiled | ModdedCompiled> {
  const compiled = await compileWithMods(paths, modOption, host, io);
  if ("usage" in compiled) throw new UsageError(compiled.usage);
  return compiled;
}

async function check(args: string[], io: CliIo): Promise<number> {
  if (wantsHelp(args, "check", io)) return 0;
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { ...ROOT_OPTION, ...MOD_OPTION } });
  const mods = values.mod ?? [];
  const compiled = await compileNamed(positionals, await hostFor([...positionals, ...mods], values.root, io), io, mods);
  if (hasErrors(compiled.diagnostics)) return 1;
  // Counted by paths: reading `programs` would make the resolved tree, which only a run needs.
  const files = compiled.systems.reduce((n, s) => n + s.paths.length, 0);
  say(io, `checked ${files} file(s)${compiled.systems.length > 1 ? ` in ${compiled.systems.length} separate programs` : ""}: no errors`);
  return 0;
}

/** The one program some files form; a state belongs to one game, so several are an error. */
function oneProgram(programs: SourceFile[][] | undefined, io: CliIo): SourceFile[] | undefined {
  if (!programs) return undefined;
  if (programs.length === 1) return programs[0];
  const mains = programs.map((p) => `\`${p[p.length - 1]!.path}\``).join(", ");
  complain(io, `error[E0402]: these rules form ${programs.length} separate programs (files that do not import each other): ${mains}; name one`);
  return undefined;
}

async function schemaCommand(args: string[], io: CliIo): Promise<number> {
  if (wantsHelp(args, "schema", io)) return 0;
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { ...ROOT_OPTION, ...MOD_OPTION } });
  const mods = values.mod ?? [];
  const compiled = await compileNamed(positionals, await hostFor([...positionals, ...mods], values.root, io), io, mods);
  const program = oneProgram(compiled.programs, io);
  if (!program) return 1;
  const { stateSchema, indexProgram } = await engine();
  say(io, escapeJsonControls(JSON.stringify(stateSchema(indexProgram(program)), null, 2)));
  return 0;
}

async function compileCommand(args: string[], io: CliIo): Promise<number> {
  if (wantsHelp(args, "compile", io)) return 0;
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { out: { type: "string", short: "o" }, ...ROOT_OPTION, ...MOD_OPTION } });
  if (!values.out) throw new UsageError("name the output file with --out");
  const mods = values.mod ?? [];
  const compiled = await compileNamed(positionals, await hostFor([...positionals, ...mods], values.root, io), io, mods);
  const program = oneProgram(compiled.programs, io);
  if (!program) return 1;
  const { saveProgram } = await engine();
  // A mod's files see the base's without importing them: the saved program keeps what each sees, so it checks when loaded.
  writeFileSync(resolve(io.cwd, values.out), saveProgram(program, "implied" in compiled ? compiled.implied : undefined));
  say(io, `saved ${program.length} checked file(s) to ${values.out}`);
  return 0;
}

async function test(args: string[], io: CliIo): Promise<number> {
  if (wantsHelp(args, "test", io)) return 0;
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { trace: { type: "boolean" }, "trace-file": { type: "string" }, grep: { type: "string" }, ...ROOT_OPTION, ...MOD_OPTION } });
  const traces = openTraces(io, values["trace-file"]);
  if (!traces) return 1;
  try {
    return await runTests(positionals, values, traces, io);
  } finally {
    traces.close();
  }
}

async function runTests(positionals: string[], values: { trace?: boolean | undefined; grep?: string | undefined; root?: string | undefined; mod?: string[] | undefined }, traces: TraceOutput, io: CliIo): Promise<number> {
  const mods = values.mod ?? [];
  const host = await hostFor([...positionals, ...mods], values.root, io);
  const compiled = await compileNamed(positionals, host, io, mods);
  const { eachExample, exampleCoverage, ExampleReach } = await engine();
  const grep = values.grep?.toLowerCase();
  // Only examples in the named files and folders run; imported files contribute rules, not tests.
  const named = new Set([...positionals, ...mods].flatMap((p) => host.listRules(p) ?? [host.normalize(p)]));
  const modded = "packages" in compiled && compiled.packages.length > 1 ? await moddedExamples(compiled, host, io) : undefined;
  const unchecked = compiled.systems.filter((s) => !s.checked);
  for (const s of unchecked) {
    const errors = s.diagnostics.filter((d) => d.severity === "error").length;
    say(io, `SKIP  examples in ${clipShown(s.name, PATH_WIDTH)} did not run: ${errors > 0 ? `${errors} error(s)` : "a file it imports could not be read"}`);
  }
  let failed = 0;
  let ran = 0;
  const reach = new ExampleReach();
  // Each system that checked runs its examples, whatever became of the others. Each example's result
  // is printed as it ends and let go, and its trace kept only as far as it may be printed (KeptTrace):
  // a thousand examples of a million trace lines each hold no more than one example's 2,000 lines.
  for (const s of compiled.systems.filter((sys) => sys.checked)) {
    // The sink of the example running: eachExample asks for it just before the example runs.
    let kept = new KeptTrace();
    // Each entry also goes to what the examples reached (W0312, W0313), which keeps no line of it.
    const sinkFor = (ex: { title: string; span: { file: string; line: number } }) => {
      kept = traces.sink(`example ${clipShown(ex.title, TITLE_WIDTH)}  (${clipShown(ex.span.file, PATH_WIDTH)}:${ex.span.line})`);
      const into = kept;
      return { push: (e: TraceEntry) => (reach.push(e), into.push(e)) };
    };
    const wanted = (title: string) => (!grep || title.toLowerCase().includes(grep)) && !modded?.overridden.has(title);
    for (const r of eachExample(s.files, (file) => named.has(file), grep || modded ? wanted : undefined, undefined, sinkFor)) {
      ran++;
      const where = `${clipShown(r.span.file, PATH_WIDTH)}:${r.span.line}`;
      const title = clipShown(r.title, TITLE_WIDTH);
      if (r.passed) {
        say(io, `ok    ${title}  (${where})`);
        const shown = traces.shown(kept, `ok    ${title}  (${where})`, 2, Boolean(values.trace));
        if (shown) say(io, shown);
        continue;
      }
      failed++;
      const f = r.failure!;
      const at = f.span ? `${clipShown(f.span.file, PATH_WIDTH)}:${f.span.line}:${f.span.col}` : where;
      say(io, `FAIL  ${title}  (${where})\n  ${f.code ? `error[${f.code}]: ` : ""}${f.message.split("\n").slice(0, FAILURE_LINES).map((l) => clipShown(l, FAILURE_WIDTH)).join("\n")}\n  --> ${at}`);
      const changed = modded?.changedBy(r.title, r.span.file);
      if (changed) say(io, `  ${changed}`);
      const shown = traces.shown(kept, `FAIL  ${title}  (${where})`, 4, true);
      if (shown) say(io, `  trace:\n${shown}`);
    }
  }
  // What the examples never reach (W0312, W0313): only of a whole run that passed, since a filter or a
  // failure leaves the rest of the rules unreached for no fault of the examples.
  if (!grep && failed === 0) printDiagnostics(exampleCoverage(compiled.systems.filter((s) => s.checked).flatMap((s) => s.files), reach, (file) => named.has(file)), compiled.texts, io);
  const checkedAny = unchecked.length < compiled.systems.length;
  if (ran > 0) say(io, `${ran - failed} passed, ${failed} failed`);
  else if (!checkedAny) say(io, "no examples ran: the rules do not check");
  else if (grep) say(io, `no examples ran: no example's title contains "${clipShown(values.grep ?? "", TITLE_WIDTH)}"`);
  else say(io, "no examples ran: there are no examples in the named files");
  if (unchecked.length > 0) {
    const systems = unchecked.length === 1 ? "1 system" : `${unchecked.length} systems`;
    say(io, `${systems} did not check: examples in ${listed(unchecked.map((s) => clipShown(s.name, PATH_WIDTH)))} did not run`);
  }
  // A filter that matches nothing is a mistake worth failing on; rules without examples are not.
  return failed > 0 || unchecked.length > 0 || (ran === 0 && grep) ? 1 : 0;
}

/** `a`, `a and b`, `a, b and c`. */
function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Where traces go, with `--trace-file` opened (and emptied) before anything runs; undefined, said why, when it cannot be written. */
function openTraces(io: CliIo, file: string | undefined): TraceOutput | undefined {
  try {
    return new TraceOutput(io, file);
  } catch (err) {
    complain(io, `error: cannot write the trace file \`${file}\`: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

/** The most characters of an example's title, a file's path and a failure's message printed (then `... (N characters)`). */
const TITLE_WIDTH = 200;
const PATH_WIDTH = 400;
const FAILURE_WIDTH = 2000;
/** A failure's message is a few lines (expected, actual): at most this many are printed. */
const FAILURE_LINES = 20;

/** Reads and checks a scenario file and its rules, printing its diagnostics as `check` does; undefined when it cannot run. */
async function readyScenario(path: string, root: string | undefined, io: CliIo, mods: string[] = [], recording?: HostRecording): Promise<ReadyScenario | undefined> {
  const { loadScenario } = await engine();
  const host = await hostFor([path, ...mods], root, io);
  const loaded = loadScenario(path, recording ? recording.wrap(host) : host, undefined, mods);
  printDiagnostics(loaded.diagnostics, loaded.texts, io);
  return loaded.ready;
}

async function run(args: string[], io: CliIo): Promise<number> {
  if (wantsHelp(args, "run", io)) return 0;
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { seed: { type: "string" }, trace: { type: "boolean" }, "trace-file": { type: "string" }, json: { type: "boolean" }, ...ROOT_OPTION, ...MOD_OPTION, ...POLICY_OPTION },
  });
  if (positionals.length !== 1) throw new UsageError("name one scenario file");
  const traces = openTraces(io, values["trace-file"]);
  if (!traces) return 1;
  try {
    return await runOne(positionals[0]!, values, traces, io);
  } finally {
    traces.close();
  }
}

async function runOne(path: string, values: { seed?: string | undefined; trace?: boolean | undefined; json?: boolean | undefined; root?: string | undefined; mod?: string[] | undefined; policy?: string[] | undefined }, traces: TraceOutput, io: CliIo): Promise<number> {
  const read = await readyScenario(path, values.root, io, values.mod);
  const loaded = read && withPolicies(read, values.policy, io);
  if (!loaded) return 1;
  const { runScenario } = await engine();
  const seed = values.seed ?? loaded.scenario.seed ?? "1";
  // The trace is kept only as far as it may be printed or written as JSON (the rest goes to --trace-file).
  const heading = `run ${clipShown(path, PATH_WIDTH)} --seed ${clipShown(seed, TITLE_WIDTH)}`;
  const kept = traces.sink(heading);
  const out = runScenario(loaded.program, loaded.scenario, { seed, trace: Boolean(values.trace || values.json || traces.toFile), traceSink: kept });
  if (out.stateProblems) {
    complain(io, formatStateProblems(out.stateProblems));
    return 1;
  }
  const shown = traces.shown(kept, out.error ? `error: ${clipShown(out.error.message, FAILURE_WIDTH)}` : `result: ${out.resultText === undefined ? "(none)" : clipShown(out.resultText, FAILURE_WIDTH)}`, 0, Boolean(values.trace));
  if (values.json) {
    const trace = boundedTrace(kept);
    const error = out.error ? { ...out.error, message: cut(out.error.message, FAILURE_WIDTH) } : null;
    const json = { seed, result: out.resultText ?? null, error, state: out.state ?? null, rng: out.rng ?? null, trace: trace.entries, traceLeftOut: trace.leftOut };
    say(io, escapeJsonControls(JSON.stringify(json, null, 2)));
    return out.error ? 1 : 0;
  }
  if (shown) say(io, shown);
  if (out.error) {
    complain(io, formatRunError(out.error));
    return 1;
  }
  say(io, `result: ${out.resultText === undefined ? "(none)" : clipShown(out.resultText, FAILURE_WIDTH)}`);
  return 0;
}

/** Text cut as a printed line cuts it, not escaped: JSON escapes it (escapeJsonControls the rest). */
function cut(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width)}... (${text.length} characters)`;
}

/**
 * The trace as `run --json` writes it: the first and last entries, as a printed trace keeps them, each
 * message and rule cut to the printed line's widths; `leftOut` counts the entries between.
 */
function boundedTrace(trace: KeptTrace): { entries: TraceEntry[]; leftOut: number } {
  const kept = [...trace.head, ...trace.tail];
  return { entries: kept.map((e) => ({ ...e, message: cut(e.message, TRACE_MESSAGE_WIDTH), rule: cut(e.rule, TRACE_RULE_WIDTH) })), leftOut: trace.total - kept.length };
}

async function sim(args: string[], io: CliIo): Promise<number> {
  if (wantsHelp(args, "simulate", io)) return 0;
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { n: { type: "string", short: "n" }, seed: { type: "string" }, workers: { type: "string" }, queue: { type: "string" }, ...ROOT_OPTION, ...MOD_OPTION, ...POLICY_OPTION },
  });
  if (positionals.length !== 1) throw new UsageError("name one scenario file");
  const n = Number(values.n ?? "1000");
  if (!Number.isInteger(n) || n < 1 || n > 10_000_000) throw new UsageError("-n must be a whole number from 1 to 10000000");
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 1 || workers > 256)) throw new UsageError("--workers must be a whole number from 1 to 256");
  const queue = values.queue === undefined ? undefined : (await import("./queue/url.ts")).queueOption(values.queue, workers);
  if (queue && "usage" in queue) throw new UsageError(queue.usage);
  const read = await readyScenario(positionals[0]!, values.root, io, values.mod, queue?.files);
  const loaded = read && withPolicies(read, values.policy, io);
  if (!loaded) return 1;
  const { simulate, formatSimulation } = await engine();
  const seed = values.seed ?? loaded.scenario.seed ?? "1";
  const outcome = queue
    ? await (await import("./queue/simulate-shards.ts")).simulateOnQueue(queue.url, queue.files, { scenario: positionals[0]!, mods: values.mod ?? [], ...(values.policy ? { policies: values.policy } : {}), seed }, n, io)
    : await simulate(loaded, n, seed, { ...(workers ? { workers } : {}), progressTo: io.stderr });
  if (outcome.error) {
    complain(io, outcome.error);
    return 1;
  }
  say(io, formatSimulation(outcome, seed));
  return 0;
}
