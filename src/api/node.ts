// The API for Node (`rulesmith/node`): everything in src/api.ts, plus the file host that reads rules and
// scenarios from disk, only below its roots (src/api/node-host.ts). Kept apart so that nothing a browser
// bundle takes from src/api.ts can reach a Node module.
export * from "../api.ts";
export { defaultRoots, filesBelow, MAX_FILE_BYTES, nodeFileHost } from "./node-host.ts";
