// One worker thread of `rulesmith balance`: given the checked program once, it runs each task the main
// thread sends, a range of a matrix cell's runs (`runCell`) or a cell's exact odds (`exactCell`), both
// pure functions of their task, and posts back the answer. It imports only what runs rules: no parser,
// no checker.
import { parentPort, workerData } from "node:worker_threads";
import { exactCell, indexProgram, runCell, type CellCounts, type CellJob, type CellSpec, type ExactOdds, type SourceFile } from "../../api/runtime.ts";

export interface BalanceWorkerData {
  files: SourceFile[];
}

/** A task and its place in the list, so the answers, coming in any order, are put back in it. */
export type BalanceTask = (CellJob & { index: number }) | { index: number; exact: CellSpec; maxPaths: number };

export type BalanceAnswer = { index: number; counts: CellCounts } | { index: number; odds: ExactOdds | null };

const program = indexProgram((workerData as BalanceWorkerData).files);
parentPort!.on("message", (task: BalanceTask) => {
  const answer: BalanceAnswer = "exact" in task ? { index: task.index, odds: exactCell(program, task.exact, task.maxPaths) ?? null } : { index: task.index, counts: runCell(program, task.cell, task.from, task.to) };
  parentPort!.postMessage(answer);
});
