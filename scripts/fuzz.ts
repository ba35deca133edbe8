// `npm run fuzz -- -n N [--seed S] [--only I] [--timeout MS]`: fuzzes the parser, checker, language
// service and runtime with mutated bundled content, random text, and the classes of input that once broke
// them (JavaScript object names, huge numbers, deep nesting, long `else if` chains, runaway loops, bad
// state JSON). Not part of `npm test`: it takes minutes.
//
// Input i is generated from its own seed, derived from S and i, so `--seed S --only I` replays it. The
// inputs run in a child process, one at a time: an input that takes longer than the timeout is a hang
// and one that kills the child (V8 out of memory, a stack overflow in native code) is a process death;
// either way the child is replaced and the run goes on. Every failure is written to `fuzz-output/`
// with its seed and, for an exception, a shrunk repro. Exits 1 when anything failed.
import { fork, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { indexProgram } from "../src/runtime/index-program.ts";
import { ExpectationFailed, Interpreter } from "../src/runtime/interpreter.ts";
import { initialState } from "../src/runtime/state.ts";
import { RuleError } from "../src/runtime/values.ts";
import { compile, loadScenario, runScenario } from "../src/pipeline.ts";
import { validateState } from "../src/schema.ts";
import { diagnostics as serviceDiagnostics } from "../src/service/index.ts";
import { completionsAt } from "../src/service/completion.ts";
import { memoryFileHost } from "../src/service/memory-host.ts";
import { definitionAt, hoverAt } from "../src/service/navigation.ts";
import { deepNesting, editTokens, mutate, mutation, randomProgram, SAMPLE, token, tokenEdit } from "../test/generators.ts";

/** Steps an example may take: enough for the bundled examples' work, small enough to keep inputs fast. */
const EXAMPLE_STEPS = 50_000;
const OUTPUT = "fuzz-output";

// ---- inputs ------------------------------------------------------------------------------------

/**
 * One fuzz input: files laid over the bundled content, the path to check, and an offset for the
 * service's completion and hover; a state input names the scenario file to load.
 */
interface Input {
  kind: string;
  overrides: Record<string, string>;
  root: string;
  at: number;
  scenario?: string;
}

/** Every bundled `.rules` and scenario file by `/`-separated path, as the playground holds them. */
function bundledFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith(".rules") || p.endsWith(".json")) files[relative(".", p).split("\\").join("/")] = readFileSync(p, "utf8");
    }
  };
  walk("rules");
  return files;
}

const BUNDLED = bundledFiles();
const RULES_PATHS = Object.keys(BUNDLED).filter((p) => p.endsWith(".rules")).sort();
const SCENARIO_PATHS = Object.keys(BUNDLED).filter((p) => p.endsWith(".json")).sort();

const folderOf = (p: string) => p.split("/").slice(0, -1).join("/");
const at = fc.nat({ max: 1_000_000 });
const single = (kind: string) => (text: string, offset: number): Input => ({ kind, overrides: { "main.rules": text }, root: "main.rules", at: offset });

/** One bundled file changed: characters, tokens, truncated, or spliced with another; checked alone or with its folder. */
const mutatedBundled: fc.Arbitrary<Input> = fc
  .tuple(
    fc.constantFrom(...RULES_PATHS),
    fc.oneof(
      fc.array(mutation, { minLength: 1, maxLength: 6 }).map((ms) => (t: string) => mutate(t, ms)),
      tokenEdit.map((edits) => (t: string) => editTokens(t, edits)),
      fc.nat().map((n) => (t: string) => t.slice(0, n % (t.length + 1))),
      fc.tuple(fc.constantFrom(...RULES_PATHS), fc.nat(), fc.nat()).map(([other, i, j]) => (t: string) => {
        const o = BUNDLED[other]!;
        return t.slice(0, i % (t.length + 1)) + o.slice(j % (o.length + 1));
      }),
    ),
    fc.boolean(),
    at,
  )
  .map(([path, change, whole, offset]) => ({ kind: "mutated-bundled", overrides: { [path]: change(BUNDLED[path]!) }, root: whole ? folderOf(path) : path, at: offset }));

const randomText: fc.Arbitrary<Input> = fc
  .tuple(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "binary", maxLength: 200 }), fc.array(token, { maxLength: 80 }).map((ts) => ts.join(" "))), at)
  .map(([t, o]) => single("random-text")(t, o));

const mutatedSample: fc.Arbitrary<Input> = fc
  .tuple(fc.oneof(fc.array(mutation, { minLength: 1, maxLength: 5 }).map((ms) => mutate(SAMPLE, ms)), tokenEdit.map((e) => editTokens(SAMPLE, e))), at)
  .map(([t, o]) => single("mutated-sample")(t, o));

const randomChecked: fc.Arbitrary<Input> = fc.tuple(randomProgram, at).map(([t, o]) => single("random-program")(t, o));

/** Names JavaScript objects already have: each must be an ordinary name in rules and state. */
const OBJECT_NAMES = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "prototype", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__", "__lookupGetter__", "length", "name"];
const objectName = fc.oneof(fc.constantFrom(...OBJECT_NAMES), fc.stringMatching(/^[a-z_][a-zA-Z0-9_]{0,6}$/));

/** Declarations, fields, members, statuses, locals and calls named with object names, in one program. */
const objectNames: fc.Arbitrary<Input> = fc
  .tuple(fc.array(objectName, { minLength: 6, maxLength: 6 }), fc.subarray([0, 1, 2, 3, 4, 5, 6, 7, 8]), at)
  .map(([[k, f, m, s, l, g], drop, o]) => {
    const parts = [
      `enum E { ${m}, other }`,
      `kind ${k} { ${f}: int = 1\n  t: tally<E> }`,
      `status ${s}`,
      `state { ${g}: list<${k}>, n: int = 0 }`,
      `fn ${l}() -> int = 1`,
      `value ${f}Of(x: ${k}) -> int = x.${f}`,
      `say ${m}()\nsay toString()`,
      `fn use() -> int {\n  let ${l}2 = ${k}(${f}: 2)\n  ${l}2.t = E(${m}: 3)\n  apply ${s} to ${l}2\n  add ${l}2 to ${g}\n  return ${l}2.${f} + ${l}2.t.${m} + ${l}()\n}`,
      `example "names" {\n  expect use() == 6\n  expect len(${g}) == 1 and ${g}[0] has ${s}\n}`,
    ];
    return single("object-names")(parts.filter((_, i) => !drop.includes(i)).join("\n"), o);
  });

const hugeNumber = fc.oneof(
  fc.constantFrom("9007199254740991", "9007199254740992", "9007199254740993", "99999999999999999999999999", "1" + "0".repeat(400), "0", "-0", "-9007199254740991"),
  fc.bigInt().map(String),
  fc.integer().map(String),
);

/** Arithmetic at and past the exact range, repeated squaring, and huge literals in ranges, tables and dice. */
const hugeNumbers: fc.Arbitrary<Input> = fc
  .tuple(hugeNumber, hugeNumber, fc.constantFrom("+", "-", "*", "/", "%"), fc.constantFrom("+", "*"), at)
  .map(([a, b, op, grow, o]) =>
    single("huge-numbers")(
      `kind K { n: int in ${a}..${b} = 0 }
table tb(x: int in 0..${b}) -> int { 0 => ${a}, _ => ${b} }
fn f() -> int = ${a} ${op} ${b}
fn grow() -> int {
  let n = ${a}
  while n != 0 { n = n ${grow} n }
  return n
}
example "numbers" {
  expect f() == f()
  expect grow() == 0
  let k = K(n: ${b})
  k.n = ${a} ${op} 1
  expect tb(${b}) == ${b}
  expect roll ${b.replace(/^-/, "")}d${a.replace(/^-/, "")} >= 0
}
`,
      o,
    ),
  );

const nesting: fc.Arbitrary<Input> = fc.tuple(deepNesting, at).map(([t, o]) => single("deep-nesting")(t, o));

/** `if n == 0 { ... } else if n == 1 { ... }` with up to 3,000 branches (past the 2,000 that once failed; a longer one takes seconds in the service alone, near the hang timeout), and an example that takes the last. */
const elseIfChain: fc.Arbitrary<Input> = fc.tuple(fc.integer({ min: 1, max: 3000 }), at).map(([n, o]) => {
  const branches = Array.from({ length: n }, (_, i) => `if x == ${i} { return ${i * 2} }`).join(" else ");
  return single("else-if-chain")(`fn f(x: int) -> int {\n  ${branches} else { return -1 }\n}\nexample "last" { expect f(${n - 1}) == ${2 * (n - 1)} }\n`, o);
});

/** Loops and recursions that never stop, growing lists, texts, tallies and numbers as they go. */
const runaway: fc.Arbitrary<Input> = fc
  .tuple(
    fc.constantFrom(
      `let xs = [1]\n  while true { xs = xs + xs }`,
      `let s = "ab"\n  while true { s = s + s }`,
      `let t = E(a: 1)\n  while true { t = t + t }`,
      `let n = 2\n  while true { n = n * n }`,
      `let xs = [1]\n  while true { add len(xs) to xs }`,
      `let s = "x"\n  for i in 1..1000000000 { s = s + s + "${"y".repeat(10)}" }`,
      `let xs = ["${"z".repeat(1000)}"]\n  while true { xs = xs + xs\n    say xs }`,
      `say r(1)`,
      `while true { }`,
      `for i in 1..9007199254740991 { for j in 1..9007199254740991 { } }`,
    ),
    fc.boolean(),
    at,
  )
  .map(([body, inExample, o]) => {
    const head = `enum E { a, b }\nfn r(n: int) -> int = r(n + 1) + 1\n`;
    const text = inExample ? `${head}example "runaway" {\n  ${body}\n}\n` : `${head}fn go() {\n  ${body}\n}\nexample "runaway" {\n  go()\n}\n`;
    return single("runaway")(text, o);
  });

// ---- bad state JSON ----------------------------------------------------------------------------

/** Stands for raw JSON text (`1e400`) that JSON.stringify cannot write, until the text is assembled. */
const RAW = "\u0000raw:";

const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, "", "x", [], {}, 0, -1, 1.5, [1, "a"], { a: 1 }),
  fc.integer({ min: 0, max: 6 }),
  fc.constantFrom(`${RAW}1e400`, `${RAW}-1e400`, `${RAW}9007199254740993`, `${RAW}123456789012345678901234567890`, `${RAW}1e-400`, `${RAW}-0`),
  fc.tuple(fc.integer({ min: 10, max: 6000 }), fc.boolean()).map(([d, arr]) => `${RAW}${arr ? "[".repeat(d) + "]".repeat(d) : '{"a":'.repeat(d) + "1" + "}".repeat(d)}`),
  fc.constantFrom<unknown>({ $ref: "nowhere" }, { $ref: 3 }, { $id: "dup" }, { $ref: "dup" }, { $id: "" }, { $ref: "" }),
  fc.constantFrom(...OBJECT_NAMES).map((n) => JSON.parse(`{"${n}": 1}`) as unknown),
  fc.jsonValue({ maxDepth: 3 }),
);

type Edit = { path: number; op: "replace" | "copy" | "delete" | "rename" | "add"; value: unknown; name: string };
const stateEdit: fc.Arbitrary<Edit> = fc.record({ path: fc.nat(), op: fc.constantFrom("replace", "copy", "copy", "delete", "rename", "add"), value: badValue, name: fc.oneof(fc.constantFrom(...OBJECT_NAMES), fc.string({ maxLength: 4 })) });

/** Every container below `state` in a parsed scenario, with its keys, so an edit can pick one. */
function places(v: unknown, out: [object, string][] = []): [object, string][] {
  if (typeof v === "object" && v !== null) {
    for (const k of Object.keys(v)) {
      out.push([v, k]);
      places((v as Record<string, unknown>)[k], out);
    }
  }
  return out;
}

function editState(text: string, edits: Edit[]): string {
  const scenario = JSON.parse(text) as { state: Record<string, unknown> };
  for (const e of edits) {
    const all = places(scenario.state);
    if (all.length === 0) break;
    const [holder, key] = all[e.path % all.length]!;
    const h = holder as Record<string, unknown>;
    if (e.op === "replace") h[key] = e.value;
    // Another place's value: often the right type (a unit where a unit goes), so more states validate and run.
    else if (e.op === "copy") {
      const [from, fromKey] = all[(e.path * 7 + 3) % all.length]!;
      h[key] = structuredClone((from as Record<string, unknown>)[fromKey]);
    }
    else if (e.op === "delete") Array.isArray(h) ? h.splice(Number(key), 1) : delete h[key];
    else if (e.op === "rename" && !Array.isArray(h)) {
      Object.defineProperty(h, e.name, { value: h[key], enumerable: true, configurable: true, writable: true });
      delete h[key];
    } else if (Array.isArray(h)) h.push(e.value);
    else Object.defineProperty(h, e.name, { value: e.value, enumerable: true, configurable: true, writable: true });
  }
  return JSON.stringify(scenario, null, 1).replace(/"\\u0000raw:((?:[^"\\]|\\.)*)"/g, (_, raw: string) => JSON.parse(`"${raw}"`) as string);
}

/** A bundled scenario whose state is edited (or whose text is mangled) and then loaded and run. */
const badState: fc.Arbitrary<Input> = fc
  .tuple(fc.constantFrom(...SCENARIO_PATHS), fc.oneof({ weight: 4, arbitrary: fc.array(stateEdit, { minLength: 1, maxLength: 3 }).map((es) => (t: string) => editState(t, es)) }, { weight: 1, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => (t: string) => mutate(t, ms)) }), at)
  .map(([path, change, o]) => ({ kind: "bad-state", overrides: { [path]: change(BUNDLED[path]!) }, root: path, at: o, scenario: path }));

const input: fc.Arbitrary<Input> = fc.oneof(
  { weight: 8, arbitrary: mutatedBundled },
  { weight: 2, arbitrary: randomText },
  { weight: 2, arbitrary: mutatedSample },
  { weight: 2, arbitrary: randomChecked },
  { weight: 1, arbitrary: objectNames },
  { weight: 1, arbitrary: hugeNumbers },
  { weight: 1, arbitrary: nesting },
  { weight: 1, arbitrary: elseIfChain },
  { weight: 1, arbitrary: runaway },
  { weight: 4, arbitrary: badState },
);

/** Input i of a run seeded S: its own seed, so one input replays without the ones before it. */
function inputSeed(seed: number, i: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x01000193) + Math.imul(i + 1, 0x9e3779b1)) | 0;
}

function generate(seed: number): Input {
  return fc.sample(input, { seed, numRuns: 1 })[0]!;
}

// ---- running one input (in the child) ----------------------------------------------------------

interface Failure {
  stage: string;
  message: string;
}
interface Outcome {
  failures: Failure[];
  checked: boolean;
  examples: number;
  scenarioRan: boolean;
}

const INTERNAL = /internal error/i;

/** What runs an input: pipeline, service, examples or scenario. Never throws: a throw is a failure. */
function runInput(inp: Input): Outcome {
  const files = { ...BUNDLED, ...inp.overrides };
  const out: Outcome = { failures: [], checked: false, examples: 0, scenarioRan: false };
  const stage = (name: string, work: () => void) => {
    try {
      work();
    } catch (err) {
      out.failures.push({ stage: name, message: err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ""}` : String(err) });
    }
  };
  const internal = (name: string, ds: readonly { code: string; message: string }[]) => {
    for (const d of ds) if (d.code === "E0000" || INTERNAL.test(d.message)) out.failures.push({ stage: name, message: `${d.code}: ${d.message}` });
  };
  if (inp.scenario) {
    runState(inp, files, out, stage, internal);
    return out;
  }
  stage("compile", () => {
    const c = compile([inp.root], memoryFileHost(files));
    internal("compile", c.diagnostics);
    for (const program of c.programs ?? []) {
      out.checked = true;
      runExamplesBounded(program, out, stage);
    }
  });
  stage("service diagnostics", () => internal("service diagnostics", serviceDiagnostics(files, inp.root)));
  // The service's entry points swallow exceptions (an editor must get an answer); its parts are called
  // directly here so that a swallowed bug is still found.
  const path = inp.root.endsWith(".rules") ? inp.root : Object.keys(inp.overrides)[0]!;
  const text = files[path] ?? "";
  const offset = text.length === 0 ? 0 : inp.at % (text.length + 1);
  const lines = text.slice(0, offset).split(/\r\n?|\n/);
  const line = lines.length;
  const col = lines[lines.length - 1]!.length + 1;
  stage("completion", () => void completionsAt(files, path, line, col));
  stage("hover", () => void hoverAt(files, path, line, col));
  stage("definition", () => void definitionAt(files, path, line, col));
  return out;
}

/** Every example of a checked program, each with a small step budget; a rules error or failed expectation is fine. */
function runExamplesBounded(files: Parameters<typeof indexProgram>[0], out: Outcome, stage: (name: string, work: () => void) => void) {
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

function runState(inp: Input, files: Record<string, string>, out: Outcome, stage: (name: string, work: () => void) => void, internal: (name: string, ds: readonly { code: string; message: string }[]) => void) {
  stage("loadScenario", () => {
    const load = loadScenario(inp.scenario!, memoryFileHost(files));
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
function shrink(inp: Input, tries = 400): Input {
  const want = signature(runInput(inp));
  const key = Object.keys(inp.overrides)[0]!;
  let best = inp;
  const attempt = (text: string) => {
    if (tries-- <= 0) return false;
    const cand = { ...best, overrides: { [key]: text } };
    if (signature(runInput(cand)) !== want) return false;
    best = cand;
    return true;
  };
  for (const unit of ["\n", ""]) {
    let parts = best.overrides[key]!.split(unit);
    for (let size = Math.max(1, Math.floor(parts.length / 2)); size >= 1 && tries > 0; size = Math.floor(size / 2)) {
      for (let i = 0; i < parts.length && tries > 0; ) {
        const fewer = [...parts.slice(0, i), ...parts.slice(i + size)];
        if (attempt(fewer.join(unit))) parts = fewer;
        else i += size;
      }
    }
  }
  return best;
}

function child() {
  process.on("message", (msg: { seed: number; shrink?: boolean }) => {
    const inp = generate(msg.seed);
    const outcome = runInput(inp);
    const shrunk = msg.shrink && outcome.failures.length > 0 ? shrink(inp) : undefined;
    process.send!({ outcome, ...(shrunk ? { shrunk } : {}) });
  });
  process.send!({ ready: true });
}

// ---- the driver (the parent) -------------------------------------------------------------------

interface Args {
  n: number;
  seed: number;
  only?: number;
  timeout: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { n: 1000, seed: Date.now() % 1_000_000, timeout: 10_000 };
  for (let i = 0; i < argv.length; i++) {
    const value = Number(argv[i + 1]);
    if (argv[i] === "-n") args.n = value;
    else if (argv[i] === "--seed") args.seed = value;
    else if (argv[i] === "--only") args.only = value;
    else if (argv[i] === "--timeout") args.timeout = value;
    else {
      console.error(`unknown option ${argv[i]}: use -n N, --seed S, --only I, --timeout MS`);
      process.exit(2);
    }
    if (!Number.isInteger(value) || value < 0) {
      console.error(`${argv[i]} needs a whole number, not ${argv[i + 1]}`);
      process.exit(2);
    }
    i++;
  }
  return args;
}

type Reply = { outcome: Outcome; shrunk?: Input } | { died: string } | { hung: true };

/** The child process that runs inputs: replaced when it hangs or dies. */
class Runner {
  private proc: ChildProcess | undefined;
  /** The end of the child's stderr: what V8 says when it dies. */
  stderr = "";

  private async start(): Promise<ChildProcess> {
    const proc = fork(process.argv[1]!, ["--child"], { stdio: ["ignore", "ignore", "pipe", "ipc"] });
    proc.stderr!.on("data", (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-4000)));
    await new Promise<void>((resolve, reject) => {
      proc.once("message", () => resolve());
      proc.once("exit", (code) => reject(new Error(`the fuzz child exited with ${code} before it was ready`)));
    });
    this.proc = proc;
    return proc;
  }

  async run(seed: number, shrink: boolean, timeout: number): Promise<Reply> {
    const proc = this.proc ?? (await this.start());
    this.stderr = "";
    return new Promise<Reply>((resolve) => {
      const done = (r: Reply) => {
        clearTimeout(timer);
        proc.off("message", onMessage);
        proc.off("exit", onExit);
        resolve(r);
      };
      const onMessage = (m: Reply) => done(m);
      const onExit = (code: number | null, signal: string | null) => {
        this.proc = undefined;
        done({ died: signal ? `killed by ${signal}` : `exit code ${code}` });
      };
      const timer = setTimeout(() => {
        proc.off("exit", onExit);
        proc.kill("SIGKILL");
        this.proc = undefined;
        done({ hung: true });
      }, timeout);
      proc.on("message", onMessage);
      proc.on("exit", onExit);
      proc.send({ seed, shrink });
    });
  }

  stop() {
    this.proc?.kill();
  }
}

/** Writes a failing input to fuzz-output/: its files, the failure, and how to replay it. */
function writeRepro(args: Args, i: number, seed: number, what: string, detail: string, inp: Input, shrunk?: Input): string {
  const dir = join(OUTPUT, `${args.seed}-${i}-${what}`);
  mkdirSync(dir, { recursive: true });
  const show = shrunk ?? inp;
  for (const [path, text] of Object.entries(show.overrides)) writeFileSync(join(dir, path.split("/").join("__")), text);
  writeFileSync(join(dir, "input.json"), JSON.stringify({ ...inp, inputSeed: seed }, null, 1));
  writeFileSync(
    join(dir, "README.txt"),
    `${what} on input ${i} of seed ${args.seed} (${inp.kind}; input seed ${seed})\n` +
      `replay: npm run fuzz -- --seed ${args.seed} --only ${i}\n` +
      `checked path: ${show.root}${show.scenario ? `, scenario ${show.scenario}` : ""}; service offset ${show.at}\n` +
      `the files beside this one replace the bundled ones of the same path (/ written as __)${shrunk ? ", shrunk while they fail the same way" : ""}\n\n${detail}\n`,
  );
  return dir;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const runner = new Runner();
  const counts = { inputs: 0, exceptions: 0, hangs: 0, deaths: 0, checked: 0, examples: 0, scenarios: 0 };
  const byKind = new Map<string, number>();
  const started = Date.now();
  const indices = args.only !== undefined ? [args.only] : Array.from({ length: args.n }, (_, i) => i);
  console.log(`fuzz: seed ${args.seed}, ${indices.length} inputs, timeout ${args.timeout} ms per input`);
  for (const i of indices) {
    const seed = inputSeed(args.seed, i);
    const inp = generate(seed);
    counts.inputs++;
    byKind.set(inp.kind, (byKind.get(inp.kind) ?? 0) + 1);
    const reply = await runner.run(seed, false, args.timeout);
    if ("hung" in reply) {
      counts.hangs++;
      console.log(`  hang: input ${i} (${inp.kind}) took over ${args.timeout} ms: ${writeRepro(args, i, seed, "hang", `no answer within ${args.timeout} ms`, inp)}`);
    } else if ("died" in reply) {
      counts.deaths++;
      console.log(`  process death: input ${i} (${inp.kind}), ${reply.died}: ${writeRepro(args, i, seed, "death", `the process died: ${reply.died}; the end of its stderr:\n${runner.stderr}`, inp)}`);
    } else {
      const o = reply.outcome;
      if (o.checked) counts.checked++;
      counts.examples += o.examples;
      if (o.scenarioRan) counts.scenarios++;
      if (o.failures.length > 0) {
        counts.exceptions++;
        const again = await runner.run(seed, true, Math.max(args.timeout, 120_000));
        const shrunk = "outcome" in again ? again.shrunk : undefined;
        const detail = o.failures.map((f) => `[${f.stage}] ${f.message}`).join("\n\n");
        console.log(`  uncaught exception: input ${i} (${inp.kind}) in ${o.failures.map((f) => f.stage).join(", ")}: ${o.failures[0]!.message.split("\n")[0]}\n    ${writeRepro(args, i, seed, "exception", detail, inp, shrunk)}`);
      }
    }
    if (counts.inputs % 500 === 0) console.log(`  ... ${counts.inputs} inputs, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  runner.stop();
  const seconds = (Date.now() - started) / 1000;
  console.log(`fuzz: ${counts.inputs} inputs in ${seconds.toFixed(1)} s (seed ${args.seed})`);
  console.log(`  by class: ${[...byKind].sort().map(([k, n]) => `${k} ${n}`).join(", ")}`);
  console.log(`  checked: ${counts.checked} inputs; examples run: ${counts.examples}; scenarios run: ${counts.scenarios}`);
  console.log(`  uncaught exceptions: ${counts.exceptions}`);
  console.log(`  hangs (over ${args.timeout} ms): ${counts.hangs}`);
  console.log(`  process deaths: ${counts.deaths}`);
  const failed = counts.exceptions + counts.hangs + counts.deaths;
  if (failed > 0) console.log(`  repros in ${OUTPUT}/`);
  process.exit(failed > 0 ? 1 : 0);
}

if (process.argv.includes("--child")) child();
else void main();
