// The simulation service of the engine worker: runs ranges of a scenario's seeded runs (run i has seed S:i, as `rulesmith
// simulate`), answering each range with its counts as a mergeable part (simulate-range.ts) and
// reporting progress as it goes. The files come once; the scenario is loaded, validated and converted
// on the first range and every run starts from a copy. The page cancels by terminating the worker, so
// the loop needs no cancellation checks and the editor never waits for it.
import type { SimulateReply, SimulateRequest } from "../protocol.ts";
import { describeError } from "./programs.ts";
import type { ServiceHandler } from "../engine-protocol.ts";
import { countRange, prepareRuns, type PreparedRuns } from "./simulate-range.ts";

/** How often progress is posted: often enough for a smooth bar, rarely enough to cost nothing. */
const PROGRESS_EVERY_MS = 50;

let load: Extract<SimulateRequest, { type: "load" }> | undefined;
let prepared: PreparedRuns | undefined;

function runRange(from: number, to: number, post: (r: SimulateReply) => void) {
  if (!load) throw new Error("a range came before the files");
  prepared ??= prepareRuns(load.files, load.path, load.seed, load.mods);
  let last = Date.now();
  const partial = countRange(prepared, from, to, (done) => {
    if (Date.now() - last < PROGRESS_EVERY_MS) return;
    last = Date.now();
    post({ type: "progress", from, done });
  });
  post({ type: "range", partial });
}

export const simulateService: ServiceHandler<"simulate"> = (req, post) => {
  if (req.type === "load") {
    load = req;
    prepared = undefined;
    return;
  }
  try {
    runRange(req.from, req.to, post);
  } catch (err) {
    post({ type: "range", partial: { from: req.from, runs: 0, counts: [], numeric: { kind: "no runs" }, error: describeError(err) } });
  }
};
