// `npm run fuzz -- -n N [--seed S] [--only I] [--jobs J] [--timeout MS] [--recycle K] [--heap MB]`: fuzzes
// the parser, checker, language service and runtime with mutated bundled content, random text, and the
// classes of input that once broke them (JavaScript object names, huge numbers, deep nesting, long
// `else if` chains, runaway loops, bad state JSON), and issue 29's classes whose outcome is checked by
// running commands in a temporary root (scripts/fuzz/probe-inputs.ts: kept-alive memory, loud failures,
// links, control characters, deep state for odds). Not part of `npm test`: it takes minutes to hours.
//
// Input i is generated from its own seed, derived from S and i, so `--seed S --only I` replays it. Inputs
// run in a pool of long-lived child processes (scripts/fuzz/pool.ts), one per core unless `--jobs` says
// otherwise: an input with no answer within the timeout is a hang and one that kills its child (V8 out
// of memory, a stack overflow in native code) is a process death; either way the child is replaced and
// the run goes on. Every failure is written to `fuzz-output/` with its seed and, for an exception, a
// shrunk repro. Exits 1 when anything failed.
import { availableParallelism } from "node:os";
import { generate, inputSeed, type Input } from "./fuzz/inputs.ts";
import { child, runPool, type PoolOptions, type Reply, type Slot } from "./fuzz/pool.ts";
import { cpuSeconds, OUTPUT, writeRepro } from "./fuzz/report.ts";

interface Args {
  n: number;
  seed: number;
  only?: number;
  jobs: number;
  timeout: number;
  recycle: number;
  heap: number;
}

const USAGE = "use -n N, --seed S, --only I, --jobs J, --timeout MS (CPU per input), --recycle K (inputs per child), --heap MB (each child's heap limit)";

function parseArgs(argv: string[]): Args {
  const args: Args = { n: 1000, seed: Date.now() % 1_000_000, jobs: availableParallelism(), timeout: 30_000, recycle: 1000, heap: 2048 };
  const names: Record<string, keyof Args> = { "-n": "n", "--seed": "seed", "--only": "only", "--jobs": "jobs", "--timeout": "timeout", "--recycle": "recycle", "--heap": "heap" };
  for (let i = 0; i < argv.length; i += 2) {
    const name = Object.hasOwn(names, argv[i]!) ? names[argv[i]!] : undefined;
    if (!name) {
      console.error(`unknown option ${argv[i]}: ${USAGE}`);
      process.exit(2);
    }
    const value = Number(argv[i + 1]);
    if (!Number.isSafeInteger(value) || value < 0 || (value === 0 && name !== "seed" && name !== "only")) {
      console.error(`${argv[i]} needs a whole number${name === "seed" || name === "only" ? "" : " above 0"}, not ${argv[i + 1]}`);
      process.exit(2);
    }
    args[name] = value;
  }
  return args;
}

const hangTime = (r: { cpuMs: number | undefined; wallMs: number }) => `${r.cpuMs === undefined ? "" : `${(r.cpuMs / 1000).toFixed(1)} s of CPU, `}${(r.wallMs / 1000).toFixed(1)} s on the clock`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const counts = { inputs: 0, exceptions: 0, hangs: 0, deaths: 0, checked: 0, examples: 0, scenarios: 0 };
  const byKind = new Map<string, number>();
  const byStage = new Map<string, number>();
  const started = Date.now();
  const indices = args.only !== undefined ? [args.only] : Array.from({ length: args.n }, (_, i) => i);
  const options: PoolOptions = { script: process.argv[1]!, jobs: args.jobs, timeoutMs: args.timeout, wallFactor: 20, recycle: args.recycle, heapMb: args.heap, heapRestartMb: Math.floor(args.heap / 3) };
  console.log(`fuzz: seed ${args.seed}, ${indices.length} inputs, ${Math.min(args.jobs, indices.length)} child processes (heap limit ${args.heap} MB, replaced after ${args.recycle} inputs or ${options.heapRestartMb} MB of heap), timeout ${args.timeout} ms of CPU per input (${(args.timeout * 20) / 1000} s on the clock for a child using none)`);
  const seedOf = (i: number) => inputSeed(args.seed, i);
  // The input again, for its repro; one the generator cannot make (its own bug, reported as such) is
  // written as an empty input, which `--only` replays.
  const inputOf = (i: number): Input => {
    try {
      return generate(seedOf(i));
    } catch {
      return { kind: "generator", overrides: {}, root: "", at: 0 };
    }
  };
  const onReply = async (i: number, reply: Reply, slot: Slot) => {
    counts.inputs++;
    if ("hung" in reply) {
      counts.hangs++;
      const inp = inputOf(i);
      byKind.set(inp.kind, (byKind.get(inp.kind) ?? 0) + 1);
      console.log(`  hang: input ${i} (${inp.kind}) took ${hangTime(reply)}: ${writeRepro(args.seed, i, seedOf(i), "hang", `no answer after ${hangTime(reply)}`, inp)}`);
    } else if ("died" in reply) {
      counts.deaths++;
      const inp = inputOf(i);
      byKind.set(inp.kind, (byKind.get(inp.kind) ?? 0) + 1);
      console.log(`  process death: input ${i} (${inp.kind}), ${reply.died}: ${writeRepro(args.seed, i, seedOf(i), "death", `the process died: ${reply.died}; the end of its stderr:\n${reply.stderr}`, inp)}`);
    } else {
      const o = reply.outcome;
      byKind.set(o.kind, (byKind.get(o.kind) ?? 0) + 1);
      if (o.checked) counts.checked++;
      counts.examples += o.examples;
      if (o.scenarioRan) counts.scenarios++;
      for (const [name, ms] of Object.entries(o.cpu)) byStage.set(name, (byStage.get(name) ?? 0) + ms);
      if (o.failures.length > 0) {
        counts.exceptions++;
        // Shrunk by running it again with shrinking on (nothing to shrink when the generator failed).
        const again = o.kind === "generator" ? undefined : await slot.run(seedOf(i), true, Math.max(args.timeout, 300_000));
        const shrunk = again && "outcome" in again ? again.shrunk : undefined;
        const detail = o.failures.map((f) => `[${f.stage}] ${f.message}`).join("\n\n");
        const dir = writeRepro(args.seed, i, seedOf(i), "exception", detail, inputOf(i), shrunk);
        console.log(`  uncaught exception: input ${i} (${o.kind}) in ${o.failures.map((f) => f.stage).join(", ")}: ${o.failures[0]!.message.split("\n")[0]}\n    ${dir}`);
      }
    }
    if (counts.inputs % 500 === 0) {
      const s = (Date.now() - started) / 1000;
      console.log(`  ... ${counts.inputs} inputs, ${s.toFixed(0)} s (${((s * 1000) / counts.inputs).toFixed(0)} ms per input), ${counts.exceptions} exceptions, ${counts.hangs} hangs, ${counts.deaths} deaths`);
    }
  };
  // SIGINT or SIGTERM: the inputs under way finish and the summary counts what ran (the inputs of a run
  // are taken in order and the ones under way finish, so a stopped run of k inputs ran exactly 0 to k-1).
  let stop = false;
  const onSignal = () => {
    if (stop) process.exit(130);
    stop = true;
    console.log("  stopping: finishing the inputs under way");
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const slots = await runPool(indices, seedOf, options, onReply, () => stop);
  const seconds = (Date.now() - started) / 1000;
  const cpu = cpuSeconds();
  if (stop) console.log(`fuzz: stopped early: ${counts.inputs} of ${indices.length} inputs ran`);
  console.log(`fuzz: ${counts.inputs} inputs in ${seconds.toFixed(1)} s wall (seed ${args.seed})${cpu ? `; CPU ${cpu.children.toFixed(1)} s in the children, ${cpu.self.toFixed(1)} s in the driver` : ""}`);
  console.log(`  child processes started: ${slots.reduce((n, s) => n + s.started, 0)} (${slots.reduce((n, s) => n + s.recycled, 0)} replaced for age or heap)`);
  console.log(`  by class: ${[...byKind].sort().map(([k, n]) => `${k} ${n}`).join(", ")}`);
  console.log(`  CPU by stage (s): ${[...byStage].map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)}`).join(", ")}`);
  console.log(`  checked: ${counts.checked} inputs; examples run: ${counts.examples}; scenarios run: ${counts.scenarios}`);
  console.log(`  uncaught exceptions: ${counts.exceptions}`);
  console.log(`  hangs (over ${args.timeout} ms of CPU on one input): ${counts.hangs}`);
  console.log(`  process deaths: ${counts.deaths}`);
  const failed = counts.exceptions + counts.hangs + counts.deaths;
  if (failed > 0) console.log(`  repros in ${OUTPUT}/`);
  process.exit(failed > 0 ? 1 : 0);
}

if (process.argv.includes("--child")) child();
else void main();
