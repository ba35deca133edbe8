// One worker thread of `rulesmith balance`: given the checked program once, it runs each range of a
// matrix cell the main thread sends (`runCell`, a pure function of the cell and the range) and posts
// back its counts. It imports only what runs rules: no parser, no checker.
import { parentPort, workerData } from "node:worker_threads";
import { indexProgram, runCell, type CellJob, type SourceFile } from "../../api/runtime.ts";

export interface BalanceWorkerData {
  files: SourceFile[];
}

/** A job and its place in the list, so the answers, coming in any order, are put back in it. */
export type BalanceTask = CellJob & { index: number };

const program = indexProgram((workerData as BalanceWorkerData).files);
parentPort!.on("message", (task: BalanceTask) => {
  parentPort!.postMessage({ index: task.index, counts: runCell(program, task.cell, task.from, task.to) });
});
