// One worker thread of `rulesmith simulate`: given the checked program and the scenario once (as
// workerData), it indexes the program and converts the state once (the main thread validated it), then
// runs each range of seeds the main thread sends and posts back its counts. It imports only what runs
// rules: no parser, no checker (test/hosts/simulate-worker-imports.test.ts keeps it so).
import { parentPort, workerData } from "node:worker_threads";
import { indexProgram, prepareValidatedSimulation, runRange, type Scenario, type SourceFile } from "../../api/runtime.ts";

export interface SimulateWorkerData {
  files: SourceFile[];
  scenario: Scenario;
  seed: string;
}

const data = workerData as SimulateWorkerData;
const prepared = prepareValidatedSimulation(indexProgram(data.files), data.scenario);
parentPort!.on("message", ([from, to]: [number, number]) => {
  // The main thread prepared the same scenario first, so an error here is only ever the same error.
  if ("error" in prepared) parentPort!.postMessage({ from, runs: 0, counts: [], error: prepared.error });
  else parentPort!.postMessage(runRange(prepared, data.seed, from, to));
});
