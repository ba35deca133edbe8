// Everything a command needs beyond its arguments: the parser, checker and runtime. main.ts loads this
// module on the first command that runs rules, so `rulesmith --help` (and a usage mistake) starts without
// loading the grammar. A new command's handler should be loaded the same way (a dynamic import).
export { compile, compileMods, overridesOf, packageOf, MOD_MANIFEST, SYSTEM_MANIFEST, defaultRoots, eachExample, exampleCoverage, ExampleReach, indexProgram, loadScenario, nodeFileHost, runExamples, runScenario, saveProgram, stateSchema, type ReadyScenario } from "../../api/node.ts";
export { simulate, formatSimulation } from "./simulate.ts";
