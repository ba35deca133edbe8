// The whole pipeline in one place: load and parse, stop on errors; check, stop on errors; then run
// examples or a scenario. The CLI and the playground both go through here.
import type { SourceFile } from "./core/ast.ts";
import { checkProgram, type ExprObserver } from "./check/checker.ts";
import type { Symbols } from "./check/symbols.ts";
import { diag, didYouMean, hasErrors, sortDiagnostics, type Diagnostic } from "./core/diagnostics.ts";
import { parseFile, spanAt } from "./syntax/parse.ts";
import { escapePointer, readJson } from "./core/json-text.ts";
import { loadProgram as loadSavedProgram } from "./run/saved-program.ts";
import { loadProgram, type FileHost } from "./syntax/load.ts";
import { SYSTEM_MANIFEST, type Manifest } from "./syntax/mods/manifest.ts";
import { modStateHint } from "./syntax/mods/state-hints.ts";
import { layoutPackages, modsToLoad, namingPackages, overridesProblems, packageOf, resolvePackages, type ImpliedImports } from "./syntax/mods/packages.ts";
import { indexProgram, type RuntimeProgram } from "./run/index-program.ts";
import { initialState } from "./run/state.ts";
import type { TraceEntry, TraceSink } from "./run/trace.ts";
import { giveStdModules } from "./syntax/std/programs.ts";
import { isStdPath, stdModulesForHints } from "./syntax/std/modules.ts";
import { validateState } from "./run/schema.ts";
import type { Span } from "./core/ast.ts";
import { describeFailure, newRun, runProblem, type Engine, type Scenario } from "./run/scenario-runner.ts";
import { parsePolicyRules } from "./run/policies/spec.ts";

export interface Compiled {
  /** Undefined when there were errors: nothing runs from a program that did not check. */
  program?: SourceFile[];
  /**
   * The same files as independent programs: files connected by imports form one program. Two games
   * in one folder tree are checked and run apart, so their names, modifiers and triggers never mix.
   */
  programs?: SourceFile[][];
  /** Every diagnostic of every system, sorted. */
  diagnostics: Diagnostic[];
  texts: Map<string, string>;
  /** Each system on its own, checked or not: `test` runs the examples of those that checked. */
  systems: System[];
}

/** One independent program (files connected by imports), or a named file that could not be read. */
export interface System {
  /** Its files in the loader's order (imported files first); empty for a file that could not be read. Resolved (the tree that runs) when it checked. */
  files: SourceFile[];
  /** Its files' paths, in the same order: known without making the resolved tree. */
  paths: string[];
  /** What to call it in messages: its only file, or the folder that holds its files. */
  name: string;
  diagnostics: Diagnostic[];
  /** True when it has no errors: only then may anything of it run. */
  checked: boolean;
}

/**
 * Loads and checks the named files. A syntax error does not stop checking: the declarations that
 * parsed are checked with the rest, so one run reports every mistake it can. Only a file that cannot
 * be read or found (E0003) stops its own system's check, since every name it would declare is missing.
 * `parse` is the parser's entry point; the language service passes its workspace's parses of the files it holds.
 *
 * What runs is the resolved tree (check/resolved-tree.ts), a copy of a checked system's files made the
 * first time its `files`, or `program` or `programs`, is read: checking alone (`rulesmith check`, the
 * editor) never pays for it.
 */
export function compile(roots: string[], host: FileHost, parse: typeof parseFile = parseFile): Compiled {
  return compileWith(roots, host, parse, {});
}

/** What the language service's one check of a file after an edit gives: diagnostics, hover, completion and references all read it. */
export interface EditorCheck {
  /** Exactly what `compile` reports for the file and what it imports. */
  diagnostics: Diagnostic[];
  /** The files of the system holding the file, as parsed (the declarations that parsed, where a file has syntax errors). */
  files: SourceFile[];
  /** That system's symbols; undefined when the file could not be read. */
  symbols?: Symbols;
}

/**
 * `compile` of one file for an editor, which reads no system's files and so makes no resolved tree.
 * `observe` sees each expression the checker types, with its scope. A system that `compile` does not
 * check (an import missing, so every name it would declare is unknown) is checked here too, for the
 * names it does declare, and that check's diagnostics are not reported, as `compile` reports none.
 * `errorsOnly`: the warnings that need a pass of their own (unread writes) are left out.
 */
export function checkForEditor(path: string, host: FileHost, parse: typeof parseFile, observe: ExprObserver, manifests: Iterable<string> = [], enabled: readonly string[] = [], errorsOnly = false): EditorCheck {
  const target = host.normalize(path);
  let own: { files: SourceFile[]; symbols: Symbols } | undefined;
  const editor: EditorView = {
    observe,
    errorsOnly,
    checked: (files, symbols) => {
      if (files.some((f) => f.path === target)) own = { files, symbols };
    },
  };
  // A file of a mod checks with its base and what it requires, as `rulesmith test BASE MOD` checks it
  // (alone, every name of the base would be unknown), and with the mods switched on (`enabled`) of the
  // same base, so two that conflict say so in each.
  const mod = modsToLoad(target, host, manifests, enabled);
  let diagnostics: Diagnostic[];
  if (mod && "base" in mod) diagnostics = compileModsWith(mod.base, mod.mods, host, parse, editor).diagnostics;
  else {
    diagnostics = compileWith([path], host, parse, editor).diagnostics;
    // Its mod.json does not read, or names what is not here: that is the mistake to show, not every name of the base unknown.
    if (mod) diagnostics = sortDiagnostics([...mod.problems, ...diagnostics.filter((d) => d.code === "E0001" || d.code === "E0002")]);
  }
  return { diagnostics, files: own?.files ?? [], ...(own ? { symbols: own.symbols } : {}) };
}

/** The language service's view of the check; with `observe`, even a system whose check is not reported is checked. */
interface EditorView {
  observe?: ExprObserver;
  /** Skip the unread-writes pass: the check is asked only for errors and what names mean. */
  errorsOnly?: boolean;
  checked?: (files: SourceFile[], symbols: Symbols) => void;
}

/**
 * `packages`, when given, are a base system and its mods in load order (syntax/mods/packages.ts): their
 * files are put in that order, and each mod's files see the files of what it depends on as if imported.
 */
function compileWith(roots: string[], host: FileHost, parse: typeof parseFile, editor: EditorView, packages?: readonly Manifest[]): Compiled & { implied?: ImpliedImports } {
  const loaded = loadProgram(roots, host, parse);
  const resolve = (from: string, path: string) => host.resolve(from, path);
  let implied: ImpliedImports | undefined;
  if (packages) ({ files: loaded.files, implied } = layoutPackages(loaded.files, packages));
  const late = packages ? overridesProblems(loaded.files, packages) : [];
  const programs = giveStdModules(connectedByImports(loaded.files, resolve, implied), resolve, loaded.texts);
  const built = new Set(loaded.files.map((f) => f.path));
  // Declaration ids are unique across the systems checked together, so the files of all of them can run as one list.
  let firstId = 0;
  const systems: System[] = programs.map((files) => {
    const paths = new Set(files.map((f) => f.path));
    const own = loaded.diagnostics.filter((d) => paths.has(d.span.file));
    const complete = own.every((d) => d.code === "E0001" || d.code === "E0002") && files.every((f) => importsBuilt(f, resolve, built, loaded.texts));
    const result = complete || editor.observe ? checkProgram(files, resolve, [...loaded.files.filter((f) => !paths.has(f.path)), ...stdModulesForHints().filter((f) => !paths.has(f.path))], editor.observe, firstId, implied, !editor.errorsOnly) : undefined;
    firstId += result?.symbols.all.length ?? 0;
    if (result) editor.checked?.(files, result.symbols);
    const checked = complete ? (result?.diagnostics ?? []) : [];
    const diagnostics = sortDiagnostics([...own, ...checked, ...late.filter((d) => paths.has(d.span.file))]);
    const ok = complete && !hasErrors(diagnostics);
    const system: System = { files, paths: files.map((f) => f.path), name: "", diagnostics, checked: ok };
    // The parsed files stay as parsed; what runs is the resolved tree, made only of a system that checked.
    if (ok && result) madeOnFirstRead(system, "files", () => result.resolution.resolvedFiles(files));
    return system;
  });
  // A named file that cannot be read, or one that could not be parsed at all, belongs to no system.
  const unplaced = new Map<string, Diagnostic[]>();
  for (const d of loaded.diagnostics) if (!built.has(d.span.file)) unplaced.set(d.span.file, [...(unplaced.get(d.span.file) ?? []), d]);
  for (const [file, ds] of unplaced) systems.push({ files: [], paths: [], name: file, diagnostics: sortDiagnostics(ds), checked: false });
  nameSystems(systems);
  const diagnostics = sortDiagnostics(systems.flatMap((s) => s.diagnostics));
  const compiled: Compiled & { implied?: ImpliedImports } = { diagnostics, texts: loaded.texts, systems, ...(implied ? { implied } : {}) };
  if (hasErrors(diagnostics)) return compiled;
  const ran = systems.slice(0, programs.length);
  madeOnFirstRead(compiled, "programs", () => ran.map((s) => s.files));
  madeOnFirstRead(compiled, "program", () => {
    const resolvedOf = new Map<SourceFile, SourceFile>();
    ran.forEach((s, i) => s.files.forEach((f, j) => resolvedOf.set(programs[i]![j]!, f)));
    return loaded.files.map((f) => resolvedOf.get(f) ?? f);
  });
  return compiled;
}

/** A base system compiled with mods: `compile`'s answer, and the packages in their load order (none when a manifest is wrong). */
export interface ModdedCompiled extends Compiled {
  packages: Manifest[];
  /** The files each mod file sees without importing them: what a saved program of it must keep (`saveProgram`). */
  implied?: ImpliedImports;
}

/**
 * The system in the folder `base` (with its `system.json`) and the mods in the folders `mods` (each
 * with its `mod.json`), checked together as one program: the manifests first (E0601-E0605, and then
 * nothing else is loaded), then the files in load order, each mod's seeing the files of what it
 * requires. A diagnostic whose places lie in different packages, one of them a mod, names them.
 */
export function compileMods(base: string, mods: readonly string[], host: FileHost, parse: typeof parseFile = parseFile): ModdedCompiled {
  return compileModsWith(base, mods, host, parse, {});
}

function compileModsWith(base: string, mods: readonly string[], host: FileHost, parse: typeof parseFile, editor: EditorView): ModdedCompiled {
  const set = resolvePackages(base, mods, host);
  if (set.packages.length === 0) {
    const diagnostics = sortDiagnostics(set.diagnostics);
    return { diagnostics, texts: set.texts, systems: [{ files: [], paths: [], name: mods.length ? mods.join(", ") : base, diagnostics, checked: false }], packages: [] };
  }
  const compiled = compileWith([base, ...mods], host, parse, editor, set.packages);
  for (const [path, text] of set.texts) compiled.texts.set(path, text);
  compiled.diagnostics = compiled.diagnostics.map((d) => namingPackages(d, set.packages));
  for (const s of compiled.systems) {
    s.diagnostics = s.diagnostics.map((d) => namingPackages(d, set.packages));
    if (s.paths.some((p) => packageOf(p, set.packages)?.kind === "mod")) s.name = `${host.normalize(base)} with ${set.packages.slice(1).map((p) => p.name).join(", ")}`;
  }
  return Object.assign(compiled, { packages: set.packages });
}

/** Makes `key` of `target` a property whose value `make` gives when it is first read, and which is kept from then on. */
function madeOnFirstRead<T extends object, K extends keyof T>(target: T, key: K, make: () => T[K]): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get: () => {
      const value = make();
      Object.defineProperty(target, key, { value, configurable: true, enumerable: true, writable: true });
      return value;
    },
  });
}

/** Whether every file `f` imports was built: one that was read but not parsed at all would leave every name it declares unknown. */
function importsBuilt(f: SourceFile, resolve: (from: string, path: string) => string, built: Set<string>, read: Map<string, string>): boolean {
  return f.decls.every((d) => d.kind !== "import" || built.has(resolve(f.path, d.path)) || !read.has(resolve(f.path, d.path)));
}

/** A system is called by its only file, or by the folder holding all its files when no other system has a file there. */
function nameSystems(systems: System[]) {
  for (const s of systems) {
    if (s.paths.length === 0) continue;
    const main = s.paths[s.paths.length - 1]!;
    // A standard module it imports is no part of where the system lives.
    const paths = s.paths.filter((p) => !isStdPath(p));
    const folder = commonFolder(paths);
    const shared = systems.some((o) => o !== s && o.paths.some((p) => p.startsWith(`${folder}/`)));
    s.name = paths.length === 1 || folder === "" || shared ? main : folder;
  }
}

function commonFolder(paths: string[]): string {
  const parts = paths.map((p) => p.split("/").slice(0, -1));
  const first = parts[0] ?? [];
  let n = 0;
  while (n < first.length && parts.every((p) => p[n] === first[n])) n++;
  return first.slice(0, n).join("/");
}

/** Groups files that import each other, directly or not, keeping the loader's order within each. */
function connectedByImports(files: SourceFile[], resolve: (from: string, path: string) => string, implied?: ImpliedImports): SourceFile[][] {
  const group = new Map<string, string>(files.map((f) => [f.path, f.path]));
  const find = (p: string): string => {
    let root = p;
    while (group.get(root) !== root) root = group.get(root)!;
    group.set(p, root);
    return root;
  };
  for (const f of files) {
    for (const d of f.decls) {
      if (d.kind !== "import") continue;
      const target = resolve(f.path, d.path);
      // A standard module joins no programs: each importer gets its own copy (syntax/std/programs.ts).
      if (group.has(target) && !isStdPath(target)) group.set(find(target), find(f.path));
    }
    for (const target of implied?.get(f.path) ?? []) if (group.has(target)) group.set(find(target), find(f.path));
  }
  const programs = new Map<string, SourceFile[]>();
  for (const f of files) {
    const root = find(f.path);
    programs.set(root, [...(programs.get(root) ?? []), f]);
  }
  return [...programs.values()];
}

export interface ExampleResult {
  title: string;
  span: Span;
  passed: boolean;
  failure?: { message: string; span?: Span; code?: string };
  trace: TraceEntry[];
}

export function runExamples(files: SourceFile[], inFile?: (file: string) => boolean, titled?: (title: string) => boolean, engine: Engine = "compiled"): ExampleResult[] {
  return [...eachExample(files, inFile, titled, engine)];
}

/**
 * The examples' results one at a time, each as its example ends, so a caller can print one and let it
 * go before the next runs. `sinkFor` gives an example's trace sink (its result's `trace` is then
 * empty): `rulesmith test` keeps only the lines it prints, never a whole trace.
 */
export function* eachExample(files: SourceFile[], inFile?: (file: string) => boolean, titled?: (title: string) => boolean, engine: Engine = "compiled", sinkFor?: (example: { title: string; span: Span }) => TraceSink): Generator<ExampleResult> {
  const program = indexProgram(files);
  for (const ex of program.examples) {
    if ((inFile && !inFile(ex.span.file)) || (titled && !titled(ex.title))) continue;
    const sink = sinkFor?.(ex);
    const interp = newRun(engine, program, initialState(program), { seed: ex.title, ...(sink ? { traceSink: sink } : {}) });
    try {
      interp.runExample(ex);
      yield { title: ex.title, span: ex.span, passed: true, trace: interp.trace };
    } catch (err) {
      yield { title: ex.title, span: ex.span, passed: false, failure: describeFailure(err), trace: interp.trace };
    }
  }
}

/** A scenario read, its rules checked and its state validated: ready for `runScenario`. */
export interface ReadyScenario {
  scenario: Scenario;
  program: RuntimeProgram;
  /** The checked files the program was indexed from: what a worker thread is sent to run it. */
  files: SourceFile[];
}

export interface ScenarioLoad {
  /** Undefined when there is any error: then `diagnostics` says why, as `rulesmith check` would. */
  ready?: ReadyScenario;
  /** The rules' diagnostics (warnings only, when ready) and the scenario's own (E0003, E0401, E0402). */
  diagnostics: Diagnostic[];
  /** The scenario's text and the rules', for code frames. */
  texts: Map<string, string>;
}

const SCENARIO_KEYS = ["rules", "run", "state", "seed", "choices", "policies"];

/**
 * Everything between a scenario file and a run, in one place for the CLI and the playground: read the
 * JSON, check its shape, load and check its rules (or a program saved by `rulesmith compile`), and
 * validate its state and its "run". Each problem is a diagnostic at the key or value in the scenario's
 * text that is wrong. `parse` is the parser of the rules files (a cache of it in the fuzzer).
 */
export function loadScenario(path: string, host: FileHost, parse: typeof parseFile = parseFile, mods: readonly string[] = []): ScenarioLoad {
  const file = host.normalize(path);
  const texts = new Map<string, string>();
  // A scenario is a `.json` file below the root: anything else is refused unread, so its text is never shown.
  const refused = host.refuse?.(path, "json");
  if (refused) return { diagnostics: [diag(refused.code, spanAt(file, "", 0, 0), refused.message, refused.help)], texts };
  const text = host.read(path);
  if (text === undefined) return { diagnostics: [diag("E0003", spanAt(file, "", 0, 0), `cannot read the scenario \`${file}\``)], texts };
  texts.set(file, text);
  const fail = (...diagnostics: Diagnostic[]): ScenarioLoad => ({ diagnostics: sortDiagnostics(diagnostics), texts });
  const json = readJson(text);
  if ("error" in json) return fail(diag("E0402", spanAt(file, text, json.error.start, json.error.end), `the scenario is not valid JSON: ${json.error.message}`));
  // The value at a JSON pointer, or its key; for something missing, the opening of the nearest
  // enclosing object (where it should be added).
  const place = (pointer: string, key = false): Span => {
    let p = pointer === "/" ? "" : pointer;
    while (!json.at.has(p) && p !== "") p = p.slice(0, p.lastIndexOf("/"));
    const at = json.at.get(p)!;
    const found = p === pointer || (pointer === "/" && p === "");
    const range = found && key && at.key ? at.key : found ? at : { start: at.start, end: at.start + 1 };
    return spanAt(file, text, range.start, range.end);
  };
  const shape = scenarioShape(json.value, place);
  if (shape.length > 0) return fail(...shape);
  const scenario = json.value as Scenario;
  const roots = (Array.isArray(scenario.rules) ? scenario.rules : [scenario.rules]).map((r) => host.resolve(file, r));
  const rulesAt = place("/rules");
  const refusals = roots.flatMap((r) => {
    const why = host.listRules(r) === undefined ? host.refuse?.(r, r.endsWith(".json") && roots.length === 1 ? "json" : "rules") : undefined;
    return why ? [diag(why.code, rulesAt, why.message, why.help)] : [];
  });
  if (refusals.length > 0) return fail(...refusals);
  let files: SourceFile[];
  let warnings: Diagnostic[] = [];
  if (roots.length === 1 && roots[0]!.endsWith(".json")) {
    const saved = loadSaved(roots[0]!, host, rulesAt);
    if ("problem" in saved) return fail(saved.problem);
    files = saved.files;
  } else {
    const missing = roots.filter((r) => host.read(r) === undefined && host.listRules(r) === undefined);
    if (missing.length > 0) return fail(...missing.map((r) => missingRules(r, host, rulesAt)));
    // With mods, the base is the system whose folder holds the scenario's rules (`rulesmith run --mod`).
    const base = mods.length > 0 && roots.length === 1 ? systemFolderOf(roots[0]!, host) : undefined;
    if (mods.length > 0 && base === undefined) return fail(diag("E0602", rulesAt, `no mod can be loaded here: the scenario's "rules" are in no folder with a \`system.json\``, "mods extend a base system, whose folder names it and its version in `system.json`"));
    const compiled = base !== undefined ? compileMods(base, mods, host, parse) : compile(roots, host, parse);
    for (const [p, t] of compiled.texts) texts.set(p, t);
    if (!compiled.programs) return fail(...compiled.diagnostics);
    if (compiled.programs.length !== 1) {
      const mains = compiled.programs.map((p) => `\`${p[p.length - 1]!.path}\``).join(", ");
      return fail(...compiled.diagnostics, diag("E0402", rulesAt, `these rules form ${compiled.programs.length} separate programs (files that do not import each other): ${mains}`, 'name one of them in "rules"'));
    }
    files = compiled.programs[0]!;
    warnings = compiled.diagnostics;
  }
  const program = indexProgram(files);
  const problems = scenarioProblems(program, scenario, place, (name) => modStateHint(name, file, host, mods, parse));
  if (problems.length > 0) return fail(...warnings, ...problems);
  return { ready: { scenario, program, files }, diagnostics: warnings, texts };
}

/** The folder with a `system.json` that holds `path` (a folder or a file), the nearest above it; undefined when none does. */
function systemFolderOf(path: string, host: FileHost): string | undefined {
  let dir = host.listRules(path) !== undefined ? host.normalize(path) : path.split("/").slice(0, -1).join("/") || ".";
  for (;;) {
    if (host.refuse?.(`${dir}/${SYSTEM_MANIFEST}`, "json") === undefined && host.read(`${dir}/${SYSTEM_MANIFEST}`) !== undefined) return dir;
    if (dir === "." || dir === "/" || dir === "" || dir.endsWith("..")) return undefined;
    dir = dir.split("/").slice(0, -1).join("/") || (dir.startsWith("/") ? "/" : ".");
  }
}

/** What is wrong with the shape of a scenario's JSON: missing, unknown and mistyped keys. */
function scenarioShape(raw: unknown, place: (pointer: string, key?: boolean) => Span): Diagnostic[] {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return [diag("E0402", place(""), "the scenario must be a JSON object", `write \`{ "rules": ..., "run": ..., "state": { ... } }\``)];
  const s = raw as Record<string, unknown>;
  const problems: Diagnostic[] = [];
  const missing = (key: string, help: string) => problems.push(diag("E0402", place(`/${key}`), `the scenario has no "${key}"`, help));
  const wrong = (key: string, message: string) => problems.push(diag("E0402", place(`/${key}`), message));
  if (!("rules" in s)) missing("rules", '"rules" names the .rules file or folder to load, relative to the scenario');
  else if (typeof s.rules !== "string" && !(Array.isArray(s.rules) && s.rules.length > 0 && s.rules.every((r) => typeof r === "string"))) wrong("rules", '"rules" must name a .rules file or folder, or a list of them');
  if (!("run" in s)) missing("run", '"run" names the function without parameters to run');
  else if (typeof s.run !== "string") wrong("run", '"run" must name the function to run');
  if (!("state" in s)) missing("state", '"state" is the game state: an object');
  else if (typeof s.state !== "object" || s.state === null || Array.isArray(s.state)) wrong("state", '"state" must be an object');
  if ("seed" in s && typeof s.seed !== "string") wrong("seed", '"seed" must be a string');
  if ("choices" in s && !Array.isArray(s.choices)) wrong("choices", '"choices" must be a list of answers');
  if ("policies" in s && !(Array.isArray(s.policies) && s.policies.every((x) => typeof x === "string"))) wrong("policies", '"policies" must be a list of policies such as "random" or "by:Side.attacker=mcts:200"');
  for (const k of Object.keys(s).filter((k) => !SCENARIO_KEYS.includes(k))) {
    const help = didYouMean(k, SCENARIO_KEYS) ?? `a scenario has only ${SCENARIO_KEYS.map((x) => `"${x}"`).join(", ")}`;
    problems.push(diag("E0402", place(`/${escapePointer(k)}`, true), `unknown key "${k}" in the scenario`, help));
  }
  return problems;
}

/** A state problem whose key is the mistake (no such field, member or status): it is shown at the key. */
const UNKNOWN_KEY = /^is not a (field|member|declared status)\b/;

/** The state against the declarations (E0401), and "run" against the functions (E0402). */
function scenarioProblems(program: RuntimeProgram, scenario: Scenario, place: (pointer: string, key?: boolean) => Span, modHint: (name: string) => string | undefined): Diagnostic[] {
  const problems = validateState(program, scenario.state).map((p) => {
    const where = p.declaration ? `the value breaks the declaration of \`${p.declaration.name}\` at ${p.declaration.span.file}:${p.declaration.span.line}:${p.declaration.span.col}` : undefined;
    const unknown = UNKNOWN_KEY.test(p.message);
    // An unknown name may be one a mod adds: the mod beside the scenario, or one not loaded.
    const hint = unknown ? modHint(p.path.slice(p.path.lastIndexOf("/") + 1)) : undefined;
    const help = [where, hint].filter((x) => x !== undefined).join("; ") || undefined;
    return diag(p.code === "E0405" ? "E0405" : "E0401", place(`/state${p.path === "/" ? "" : p.path}`, unknown), `the state at \`${p.path}\` ${p.message}`, help);
  });
  const run = runProblem(program, scenario.run);
  if (run) problems.push(diag("E0402", place("/run"), run.message, run.help));
  const policies = scenario.policies ? parsePolicyRules(scenario.policies, program) : undefined;
  if (policies && "error" in policies) problems.push(diag("E0402", place("/policies"), policies.error));
  return problems;
}

/** E0003 at the scenario's "rules" for rules that are not there, with the nearest file of that folder. */
function missingRules(path: string, host: FileHost, at: Span): Diagnostic {
  const shown = host.normalize(path);
  const folder = shown.split("/").slice(0, -1).join("/") || ".";
  const near = (host.listRules(folder) ?? []).map((f) => f.split("/").pop()!);
  return diag("E0003", at, `cannot find the rules \`${shown}\``, didYouMean(shown.split("/").pop()!, near) ?? "\"rules\" is relative to the scenario file");
}

/** The genuine standard module loaded as `path`, parsed: what a saved program's file of that name must be. */
export function standardModule(path: string): SourceFile | undefined {
  return stdModulesForHints().find((f) => f.path === path);
}

/** A program saved by `rulesmith compile`, checked again in case it was edited by hand. */
function loadSaved(path: string, host: FileHost, at: Span): { files: SourceFile[] } | { problem: Diagnostic } {
  const shown = host.normalize(path);
  // A folder named `x.json` is no saved program: E0005 says what it is, as for any path that is not a file.
  const refused = host.refuse?.(path, "json");
  if (refused) return { problem: diag(refused.code, at, refused.message, refused.help) };
  const text = host.read(path);
  if (text === undefined) return { problem: diag("E0003", at, `cannot read the saved program \`${shown}\``) };
  const saved = loadSavedProgram(text, standardModule);
  if ("error" in saved) return { problem: diag("E0402", at, `the saved program \`${shown}\` is ${saved.error}`, "save it again with `rulesmith compile`") };
  let errors: Diagnostic[];
  let files: SourceFile[];
  try {
    const result = checkProgram(saved.files, (from, p) => host.resolve(from, p), [], undefined, 0, saved.sees);
    errors = result.diagnostics.filter((d) => d.severity === "error");
    // Resolved again, as when it was saved: a saved resolution the check disagrees with is not run.
    files = result.resolution.resolvedFiles(saved.files);
  } catch {
    return { problem: diag("E0402", at, `the saved program \`${shown}\` is damaged: its syntax tree is not one that rulesmith writes`, "save it again with `rulesmith compile`") };
  }
  const d = errors[0];
  if (d) return { problem: diag("E0402", at, `the saved program \`${shown}\` does not check: error[${d.code}] at ${d.span.file}:${d.span.line}:${d.span.col}: ${d.message}`, "save it again with `rulesmith compile`") };
  return { files };
}

export { indexProgram, type RuntimeProgram };
export { runScenario, scenarioRunner, type BattleOptions, type Engine, type Scenario, type ScenarioRun, type ScenarioRunner } from "./run/scenario-runner.ts";

