// Everything a command needs beyond its arguments: the parser, checker and runtime. main.ts loads this
// module on the first command that runs rules, so `rulesmith --help` (and a usage mistake) starts without
// loading the grammar. A new command's handler should be loaded the same way (a dynamic import).
export { compile, indexProgram, loadScenario, runExamples, runScenario, type ReadyScenario } from "../../pipeline.ts";
export { saveProgram } from "../../run/saved-program.ts";
export { stateSchema } from "../../run/schema.ts";
export { simulate, formatSimulation } from "./simulate.ts";
export { defaultRoots, nodeFileHost } from "../node-host.ts";
