// A simulation worker: one range of a simulation's runs (seeds S:from .. S:to-1, as `rulesmith
// simulate` gives run i the seed S:i), reporting progress as it goes. The panel starts one per core
// and merges their counts in run order (src/simulation.ts), so the counts equal one worker's. The
// page cancels by terminating the workers, so the loop needs no cancellation checks.
import { mergeRanges, prepareSimulation, runRange, type RangeResult } from "../../src/simulation.ts";
import type { SimulateReply, SimulateRequest } from "../protocol.ts";
import { describeError, readyScenario } from "./programs.ts";

/** How often progress is posted: often enough for a smooth bar, rarely enough to cost nothing. */
const PROGRESS_EVERY_MS = 50;
/** Runs between looks at the clock. */
const BLOCK = 25;

function simulate(req: SimulateRequest, post: (r: SimulateReply) => void) {
  const { from, to, seed } = req;
  const done = (r: Omit<RangeResult, "from">) => post({ type: "done", from, ...r });
  const loaded = readyScenario(req.files, req.path);
  if ("problem" in loaded) return done({ runs: 0, counts: [], error: loaded.problem });
  // The state is validated and converted once; every run starts from a copy.
  const prepared = prepareSimulation(loaded.ok.program, loaded.ok.scenario);
  if ("error" in prepared) return done({ runs: 0, counts: [], error: prepared.error });
  const blocks: RangeResult[] = [];
  let last = Date.now();
  let ran = 0;
  for (let at = from; at < to; at += BLOCK) {
    const r = runRange(prepared, seed, at, Math.min(to, at + BLOCK));
    blocks.push(r);
    ran += r.runs;
    if (r.error !== undefined) break;
    if (Date.now() - last >= PROGRESS_EVERY_MS) {
      last = Date.now();
      post({ type: "progress", done: ran });
    }
  }
  const merged = mergeRanges(blocks);
  done({ runs: merged.runs, counts: [...merged.counts], ...(merged.error !== undefined ? { error: merged.error } : {}) });
}

self.onmessage = (e: MessageEvent<SimulateRequest>) => {
  const post = (r: SimulateReply) => self.postMessage(r);
  try {
    simulate(e.data, post);
  } catch (err) {
    post({ type: "done", from: e.data.from, runs: 0, counts: [], error: describeError(err) });
  }
};
