// The whole pipeline in one place: load and parse, stop on errors; check, stop on errors; then run
// examples or a scenario. The CLI and the playground both go through here.
import type { SourceFile } from "./ast.ts";
import { checkProgram } from "./checker/checker.ts";
import { didYouMean, hasErrors, sortDiagnostics, type Diagnostic } from "./diagnostics.ts";
import { loadProgram, type FileHost } from "./program.ts";
import { indexProgram, type RuntimeProgram } from "./runtime/index-program.ts";
import { ExpectationFailed, Interpreter, type Chooser } from "./runtime/interpreter.ts";
import { initialState, stateFromJson, stateToJson, type Json } from "./runtime/state.ts";
import type { TraceEntry } from "./runtime/trace.ts";
import { scriptedChooser } from "./runtime/choosers.ts";
import { RuleError, showValue, type Value } from "./runtime/values.ts";
import { validateState, type StateProblem } from "./schema.ts";
import type { Span } from "./ast.ts";

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
  /** Its files in the loader's order (imported files first); empty for a file that could not be read. */
  files: SourceFile[];
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
 */
export function compile(roots: string[], host: FileHost): Compiled {
  const loaded = loadProgram(roots, host);
  const resolve = (from: string, path: string) => host.resolve(from, path);
  const programs = connectedByImports(loaded.files, resolve);
  const built = new Set(loaded.files.map((f) => f.path));
  const systems: System[] = programs.map((files) => {
    const paths = new Set(files.map((f) => f.path));
    const own = loaded.diagnostics.filter((d) => paths.has(d.span.file));
    const complete = own.every((d) => d.code === "E0001" || d.code === "E0002") && files.every((f) => importsBuilt(f, resolve, built, loaded.texts));
    const checked = complete ? checkProgram(files, resolve, loaded.files.filter((f) => !paths.has(f.path))).diagnostics : [];
    const diagnostics = sortDiagnostics([...own, ...checked]);
    return { files, name: "", diagnostics, checked: complete && !hasErrors(diagnostics) };
  });
  // A named file that cannot be read, or one that could not be parsed at all, belongs to no system.
  const unplaced = new Map<string, Diagnostic[]>();
  for (const d of loaded.diagnostics) if (!built.has(d.span.file)) unplaced.set(d.span.file, [...(unplaced.get(d.span.file) ?? []), d]);
  for (const [file, ds] of unplaced) systems.push({ files: [], name: file, diagnostics: sortDiagnostics(ds), checked: false });
  nameSystems(systems);
  const diagnostics = sortDiagnostics(systems.flatMap((s) => s.diagnostics));
  if (hasErrors(diagnostics)) return { diagnostics, texts: loaded.texts, systems };
  return { program: loaded.files, programs, diagnostics, texts: loaded.texts, systems };
}

/** Whether every file `f` imports was built: one that was read but not parsed at all would leave every name it declares unknown. */
function importsBuilt(f: SourceFile, resolve: (from: string, path: string) => string, built: Set<string>, read: Map<string, string>): boolean {
  return f.decls.every((d) => d.kind !== "import" || built.has(resolve(f.path, d.path)) || !read.has(resolve(f.path, d.path)));
}

/** A system is called by its only file, or by the folder holding all its files when no other system has a file there. */
function nameSystems(systems: System[]) {
  for (const s of systems) {
    if (s.files.length === 0) continue;
    const main = s.files[s.files.length - 1]!.path;
    const folder = commonFolder(s.files.map((f) => f.path));
    const shared = systems.some((o) => o !== s && o.files.some((f) => f.path.startsWith(`${folder}/`)));
    s.name = s.files.length === 1 || folder === "" || shared ? main : folder;
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
function connectedByImports(files: SourceFile[], resolve: (from: string, path: string) => string): SourceFile[][] {
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
      if (group.has(target)) group.set(find(target), find(f.path));
    }
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

export function runExamples(files: SourceFile[], inFile?: (file: string) => boolean, titled?: (title: string) => boolean): ExampleResult[] {
  const program = indexProgram(files);
  return program.examples
    .filter((ex) => (!inFile || inFile(ex.span.file)) && (!titled || titled(ex.title)))
    .map((ex) => {
      const interp = new Interpreter(program, initialState(program), { seed: ex.title });
      try {
        interp.runExample(ex);
        return { title: ex.title, span: ex.span, passed: true, trace: interp.trace };
      } catch (err) {
        return { title: ex.title, span: ex.span, passed: false, failure: describeFailure(err), trace: interp.trace };
      }
    });
}

function describeFailure(err: unknown): { message: string; span?: Span; code?: string } {
  if (err instanceof ExpectationFailed) return { message: err.message, span: err.span };
  if (err instanceof RuleError) return { message: err.message, code: err.code, ...(err.span ? { span: err.span } : {}) };
  if (err instanceof RangeError && /string length/i.test(err.message)) return { message: "a text value grew too long to hold", code: "R0501" };
  // The step budget and MAX_DEPTH stop runaway rules first; this catches a stack that runs out anyway.
  if (err instanceof RangeError && /call stack/i.test(err.message)) return { message: "the rules nested too deeply and ran out of stack: is there a recursion that never ends?", code: "R0502" };
  return { message: `internal error: ${err instanceof Error ? err.message : String(err)}`, code: "R0501" };
}

export interface Scenario {
  /** Rules to load, relative to the scenario file: a `.rules` file or a folder. */
  rules: string | string[];
  /** The function to run: it takes no parameters and works on the state. */
  run: string;
  seed?: string;
  state: Record<string, Json>;
  /** Answers to the rules' decision points, in the order they are asked; then the first option. */
  choices?: Json[];
}

/** What is wrong with the shape of a scenario's JSON, in plain words; empty when it can run. */
export function scenarioProblems(raw: unknown): string[] {
  const s = raw as Partial<Scenario>;
  const problems: string[] = [];
  if (typeof s !== "object" || s === null || Array.isArray(s)) return ["the scenario must be a JSON object"];
  if (typeof s.rules !== "string" && !(Array.isArray(s.rules) && s.rules.every((r) => typeof r === "string"))) problems.push('"rules" must name a .rules file or folder');
  if (typeof s.run !== "string") problems.push('"run" must name the function to run');
  if (typeof s.state !== "object" || s.state === null || Array.isArray(s.state)) problems.push('"state" must be an object');
  if (s.seed !== undefined && typeof s.seed !== "string") problems.push('"seed" must be a string');
  if (s.choices !== undefined && !Array.isArray(s.choices)) problems.push('"choices" must be a list of answers');
  const extra = Object.keys(s).filter((k) => !["rules", "run", "state", "seed", "choices"].includes(k));
  if (extra.length) problems.push(`unknown key(s) ${extra.map((k) => `"${k}"`).join(", ")}`);
  return problems;
}

export interface ScenarioRun {
  result?: Value;
  resultText?: string;
  state?: Record<string, Json>;
  rng?: object;
  trace: TraceEntry[];
  error?: { message: string; span?: Span; code?: string };
  stateProblems?: StateProblem[];
}

export function runScenario(program: RuntimeProgram, scenario: Scenario, options: { seed: string; trace: boolean; chooser?: Chooser }): ScenarioRun {
  const problems = validateState(program, scenario.state);
  if (problems.length > 0) return { trace: [], stateProblems: problems };
  const fn = program.fns.get(scenario.run);
  if (!fn || fn.params.length > 0) {
    const names = [...program.fns.values()].filter((f) => f.params.length === 0).map((f) => f.name.text);
    const guess = fn ? undefined : didYouMean(scenario.run, names);
    const what = fn ? `\`${scenario.run}\` takes parameters` : `there is no function \`${scenario.run}\``;
    return { trace: [], error: { message: `"run" must name a function without parameters: ${what}${guess ? `; ${guess}` : ""}`, code: "E0402" } };
  }
  const interp = new Interpreter(program, stateFromJson(program, scenario.state), {
    seed: options.seed,
    trace: options.trace,
    ...(options.chooser ? { chooser: options.chooser } : scenario.choices ? { chooser: scriptedChooser(scenario.choices) } : {}),
  });
  try {
    const result = interp.call(fn.name.text, [], fn.span);
    const enumName = fn.returns && program.enums.has(fn.returns.name.text) ? fn.returns.name.text : undefined;
    const resultText = enumName ? `${enumName}.${showValue(result)}` : showValue(result);
    return { ...(result === undefined ? {} : { result, resultText }), state: stateToJson(interp.globals), rng: interp.dice.state(), trace: interp.trace };
  } catch (err) {
    return { trace: interp.trace, error: describeFailure(err) };
  }
}

export { indexProgram, type RuntimeProgram };
