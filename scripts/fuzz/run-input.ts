// Running one fuzz input, in a child process of the pool (scripts/fuzz/pool.ts): the pipeline (compile
// and the examples of every checked program, or load and run a scenario), then the language service
// (diagnostics, completion, hover, definition) at the input's offset. Nothing here may throw: a throw
// anywhere, or an "internal error", is a failure of the input.
import { parseFile } from "../../src/syntax/parse.ts";
import { compile, loadScenario, runScenario } from "../../src/pipeline.ts";
import { indexProgram } from "../../src/run/index-program.ts";
import { ExpectationFailed, Interpreter } from "../../src/run/interpreter.ts";
import { initialState } from "../../src/run/state.ts";
import { RuleError } from "../../src/core/values.ts";
import { validateState } from "../../src/run/schema.ts";
import { completionsAt } from "../../src/tools/service/completion.ts";
import { memoryFileHost } from "../../src/tools/service/memory-host.ts";
import { definitionAt, hoverAt } from "../../src/tools/service/navigation.ts";
import { Workspace } from "../../src/tools/service/workspace.ts";
import { BUNDLED, type Input } from "./inputs.ts";
import { runProbe } from "./probe-run.ts";

/** Steps an example may take: enough for the bundled examples' work, small enough to keep inputs fast. */
const EXAMPLE_STEPS = 50_000;

export interface Failure {
  stage: string;
  message: string;
}
export interface Outcome {
  kind: string;
  failures: Failure[];
  checked: boolean;
  examples: number;
  scenarioRan: boolean;
  /** CPU milliseconds by stage (all examples as one), to see where a run's time goes. */
  cpu: Record<string, number>;
}

const INTERNAL = /internal error/i;
type Stage = (name: string, work: () => void) => void;
type Internal = (name: string, ds: readonly { code: string; message: string }[]) => void;

/**
 * The parser, with the parses of the unchanged bundled files kept: most of an input's time went to
 * parsing the dozens of files its program imports but does not change. A changed file is not kept and is
 * parsed afresh, whole, as the command line parses it. Sharing an AST between checks is what the service
 * does too (the checker writes its resolution afresh on every check).
 */
const bundledParses = new Map<string, ReturnType<typeof parseFile>>();
function parseKeepingBundled(path: string, text: string): ReturnType<typeof parseFile> {
  if (!Object.hasOwn(BUNDLED, path) || BUNDLED[path] !== text) return parseFile(path, text);
  let parsed = bundledParses.get(path);
  if (!parsed) bundledParses.set(path, (parsed = parseFile(path, text)));
  return parsed;
}

/** The language service's workspace, given each input's files: only the files an input changes are parsed again. */
const service = new Workspace();

/** What runs an input: pipeline, service, examples or scenario, or a probe's commands. Never throws: a throw is a failure. */
export async function runInput(inp: Input): Promise<Outcome> {
  const out: Outcome = { kind: inp.kind, failures: [], checked: false, examples: 0, scenarioRan: false, cpu: {} };
  if (inp.probe) {
    const before = process.cpuUsage();
    try {
      await runProbe(inp, out.failures);
    } catch (err) {
      out.failures.push({ stage: inp.kind, message: err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ""}` : String(err) });
    }
    const used = process.cpuUsage(before);
    out.cpu[inp.kind] = (used.user + used.system) / 1000;
    return out;
  }
  const files = { ...BUNDLED, ...inp.overrides };
  const stage: Stage = (name, work) => {
    const before = process.cpuUsage();
    try {
      work();
    } catch (err) {
      out.failures.push({ stage: name, message: err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ""}` : String(err) });
    }
    const used = process.cpuUsage(before);
    const key = name.startsWith("example") ? "examples" : name;
    // An example is a stage inside compile's: its time is counted there too.
    out.cpu[key] = (Object.hasOwn(out.cpu, key) ? out.cpu[key]! : 0) + (used.user + used.system) / 1000;
  };
  const internal: Internal = (name, ds) => {
    for (const d of ds) if (d.code === "E0000" || INTERNAL.test(d.message)) out.failures.push({ stage: name, message: `${d.code}: ${d.message}` });
  };
  if (inp.scenario) {
    runState(inp, files, out, stage, internal);
    return out;
  }
  stage("compile", () => {
    const c = compile([inp.root], memoryFileHost(files), parseKeepingBundled);
    internal("compile", c.diagnostics);
    for (const program of c.programs ?? []) {
      out.checked = true;
      runExamplesBounded(program, out, stage);
    }
  });
  service.setAll(files);
  stage("service diagnostics", () => internal("service diagnostics", service.diagnostics(inp.root)));
  // The service's entry points swallow exceptions (an editor must get an answer); its parts are called
  // directly here so that a swallowed bug is still found.
  const path = inp.root.endsWith(".rules") ? inp.root : Object.keys(inp.overrides)[0]!;
  const text = files[path] ?? "";
  const offset = text.length === 0 ? 0 : inp.at % (text.length + 1);
  const lines = text.slice(0, offset).split(/\r\n?|\n/);
  const line = lines.length;
  const col = lines[lines.length - 1]!.length + 1;
  stage("completion", () => void completionsAt(service, path, line, col));
  stage("hover", () => void hoverAt(service, path, line, col));
  stage("definition", () => void definitionAt(service, path, line, col));
  return out;
}

/** Every example of a checked program, each with a small step budget; a rules error or failed expectation is fine. */
function runExamplesBounded(files: Parameters<typeof indexProgram>[0], out: Outcome, stage: Stage) {
  const program = indexProgram(files);
  for (const ex of program.examples) {
    out.examples++;
    stage(`example "${ex.title}"`, () => {
      const interp = new Interpreter(program, initialState(program), { seed: ex.title, stepBudget: EXAMPLE_STEPS, trace: true });
      try {
        interp.runExample(ex);
      } catch (err) {
        if (err instanceof ExpectationFailed) return;
        if (err instanceof RuleError && !INTERNAL.test(err.message)) return;
        throw err;
      }
    });
  }
}

function runState(inp: Input, files: Record<string, string>, out: Outcome, stage: Stage, internal: Internal) {
  stage("loadScenario", () => {
    const load = loadScenario(inp.scenario!, memoryFileHost(files), parseKeepingBundled);
    internal("loadScenario", load.diagnostics);
    if (!load.ready) return;
    out.checked = true;
    const run = runScenario(load.ready.program, load.ready.scenario, { seed: load.ready.scenario.seed ?? "fuzz", trace: false });
    out.scenarioRan = true;
    if (run.error && INTERNAL.test(run.error.message)) out.failures.push({ stage: "runScenario", message: `${run.error.code}: ${run.error.message}` });
  });
  // validateState on its own, with the unedited scenario's program, whatever the text parses to.
  stage("validateState", () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(files[inp.scenario!]!);
    } catch {
      return;
    }
    const state = typeof parsed === "object" && parsed !== null ? (parsed as { state?: unknown }).state : parsed;
    for (const p of validateState(cleanProgram(inp.scenario!), state)) if (INTERNAL.test(p.message)) out.failures.push({ stage: "validateState", message: p.message });
  });
}

const clean = new Map<string, ReturnType<typeof indexProgram>>();
function cleanProgram(scenario: string): ReturnType<typeof indexProgram> {
  let p = clean.get(scenario);
  if (!p) {
    const load = loadScenario(scenario, memoryFileHost(BUNDLED));
    if (!load.ready) throw new Error(`the bundled scenario ${scenario} does not load`);
    p = load.ready.program;
    clean.set(scenario, p);
  }
  return p;
}

/** The signature of an outcome's failures, to keep a shrunk input failing the same way. */
const signature = (o: Outcome) => o.failures.map((f) => `${f.stage}|${f.message.split("\n")[0]!.replace(/\d+/g, "N")}`).sort().join("\n");

/**
 * Shrinks the changed file of a failing input while it fails the same way: drops chunks of lines, then
 * of characters, halving the chunk each round (a small delta debugging), within `tries` runs.
 */
export async function shrink(inp: Input, tries = 400): Promise<Input> {
  // A probe's files are made to fit its commands: it is replayed as it is.
  if (inp.probe) return inp;
  const want = signature(await runInput(inp));
  const key = Object.keys(inp.overrides)[0]!;
  let best = inp;
  const attempt = async (text: string) => {
    if (tries-- <= 0) return false;
    const cand = { ...best, overrides: { [key]: text } };
    if (signature(await runInput(cand)) !== want) return false;
    best = cand;
    return true;
  };
  for (const unit of ["\n", ""]) {
    let parts = best.overrides[key]!.split(unit);
    for (let size = Math.max(1, Math.floor(parts.length / 2)); size >= 1 && tries > 0; size = Math.floor(size / 2)) {
      for (let i = 0; i < parts.length && tries > 0; ) {
        const fewer = [...parts.slice(0, i), ...parts.slice(i + size)];
        if (await attempt(fewer.join(unit))) parts = fewer;
        else i += size;
      }
    }
  }
  return best;
}
