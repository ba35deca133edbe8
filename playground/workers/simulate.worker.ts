// The simulation worker: N seeded runs of a scenario (seeds S:0 .. S:N-1, as `rulesmith simulate`),
// reporting progress as it goes. The page cancels by terminating the worker, so the loop needs no
// cancellation checks and the editor never waits for it.
import { scenarioRunner } from "../../src/pipeline.ts";
import { formatRunError, formatStateProblems } from "../../src/cli/report.ts";
import type { SimulateReply, SimulateRequest } from "../protocol.ts";
import { describeError, readyScenario } from "./programs.ts";
import { OutcomeCounter } from "../outcome-stats.ts";

/** How often progress is posted: often enough for a smooth bar, rarely enough to cost nothing. */
const PROGRESS_EVERY_MS = 50;

function simulate(req: SimulateRequest, post: (r: SimulateReply) => void) {
  const { n, seed } = req;
  const counter = new OutcomeCounter();
  const done = (runs: number, error?: string) => {
    const numeric = counter.numeric();
    post({ type: "done", runs, seed, counts: [...counter.counts.entries()], ...(numeric ? { numeric } : {}), ...(error ? { error } : {}) });
  };
  const loaded = readyScenario(req.files, req.path);
  if ("problem" in loaded) return done(0, loaded.problem);
  const { scenario, program } = loaded.ok;
  // The state is validated and converted once; every run starts from a copy.
  const runner = scenarioRunner(program, scenario);
  if ("stateProblems" in runner) return done(0, formatStateProblems(runner.stateProblems));
  if ("error" in runner) return done(0, formatRunError(runner.error, `run 0 (seed ${seed}:0): `));
  let last = Date.now();
  for (let i = 0; i < n; i++) {
    const out = runner.battle(`${seed}:${i}`, { finalState: false });
    if (out.error) return done(i, formatRunError(out.error, `run ${i} (seed ${seed}:${i}): `));
    counter.add(out.result, out.resultText ?? "(no result)");
    if (Date.now() - last >= PROGRESS_EVERY_MS) {
      last = Date.now();
      post({ type: "progress", done: i + 1, n });
    }
  }
  done(n);
}

self.onmessage = (e: MessageEvent<SimulateRequest>) => {
  const post = (r: SimulateReply) => self.postMessage(r);
  try {
    simulate(e.data, post);
  } catch (err) {
    post({ type: "done", runs: 0, seed: e.data.seed, counts: [], error: describeError(err) });
  }
};
