// One worker thread of `rulesmith mutate`: given the checked files once, it generates the same mutants
// as the main thread and runs the ones it is sent by number.
import { parentPort, workerData } from "node:worker_threads";
import { MutationRunner, type SourceFile } from "../../api.ts";

export interface MutateWorkerData {
  files: SourceFile[];
  texts: [string, string][];
  named: string[];
  /** The titles of the examples a loaded mod overrides: not run. */
  overridden: string[];
}

const data = workerData as MutateWorkerData;
const named = new Set(data.named);
const overridden = new Set(data.overridden);
const runner = new MutationRunner(data.files, new Map(data.texts), (f) => named.has(f), (t) => !overridden.has(t));
parentPort!.on("message", (ids: number[]) => {
  parentPort!.postMessage(ids.map((id) => runner.run(id)));
});
