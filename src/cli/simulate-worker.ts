// One worker thread of `rulesmith simulate`: given the checked program and the scenario once (as
// workerData), it indexes the program and validates and converts the state once, then runs each
// range of seeds the main thread sends and posts back its counts.
import { parentPort, workerData } from "node:worker_threads";
import type { SourceFile } from "../ast.ts";
import { indexProgram, type Scenario } from "../pipeline.ts";
import { prepareSimulation, runRange } from "../simulation.ts";

export interface SimulateWorkerData {
  files: SourceFile[];
  scenario: Scenario;
  seed: string;
}

const data = workerData as SimulateWorkerData;
const prepared = prepareSimulation(indexProgram(data.files), data.scenario);
parentPort!.on("message", ([from, to]: [number, number]) => {
  // The main thread prepared the same scenario first, so an error here is only ever the same error.
  if ("error" in prepared) parentPort!.postMessage({ from, runs: 0, counts: [], error: prepared.error });
  else parentPort!.postMessage(runRange(prepared, data.seed, from, to));
});
