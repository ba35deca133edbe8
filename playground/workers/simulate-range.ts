// One range of a simulation's runs, counted as a mergeable part (outcome-partial.ts): the work of the
// simulation worker, kept free of worker messaging so the tests can split and merge it in Node.
import { formatRunError, formatStateProblems, scenarioRunner } from "../../src/api.ts";
import type { Files } from "../protocol.ts";
import { readyScenario } from "./programs.ts";
import { OutcomeCounter } from "../outcome-stats.ts";
import type { OutcomePartial } from "../outcome-partial.ts";

type Runner = Extract<ReturnType<typeof scenarioRunner>, { battle: unknown }>;

/** A scenario loaded, its state validated and converted once, or why it cannot run at all. */
export type PreparedRuns = { runner: Runner; seed: string } | { error: string };

/** `mods`: the mods' folders switched on (mods-panel.ts); those of the scenario's base load with it. */
export function prepareRuns(files: Files, path: string, seed: string, mods: readonly string[] = []): PreparedRuns {
  const loaded = readyScenario(files, path, mods);
  if ("problem" in loaded) return { error: loaded.problem };
  const { scenario, program } = loaded.ok;
  const runner = scenarioRunner(program, scenario);
  if ("stateProblems" in runner) return { error: formatStateProblems(runner.stateProblems) };
  if ("error" in runner) return { error: formatRunError(runner.error, `run 0 (seed ${seed}:0): `) };
  return { runner, seed };
}

/** Runs from..to-1 with seeds `S:i`, each from a copy of the state; stops at the first error. */
export function countRange(prepared: PreparedRuns, from: number, to: number, progress: (done: number) => void = () => undefined): OutcomePartial {
  const counter = new OutcomeCounter();
  if ("error" in prepared) return counter.partial(from, prepared.error);
  const { runner, seed } = prepared;
  for (let i = from; i < to; i++) {
    const out = runner.battle(`${seed}:${i}`, { finalState: false });
    if (out.error) return counter.partial(from, formatRunError(out.error, `run ${i} (seed ${seed}:${i}): `));
    counter.add(out.result, out.resultText ?? "(no result)");
    progress(i + 1 - from);
  }
  return counter.partial(from);
}
