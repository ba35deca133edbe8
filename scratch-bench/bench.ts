import { nodeFileHost, defaultRoots } from "../src/node-host.ts";
import { loadScenario } from "../src/pipeline.ts";
import { prepareSimulation } from "../src/simulation.ts";
import { enumerateOdds } from "../src/odds.ts";
const path = process.argv[2]!;
const loaded = loadScenario(path, nodeFileHost(defaultRoots([path])));
const prepared = prepareSimulation(loaded.ready!.program, loaded.ready!.scenario) as any;
for (let k = 0; k < 3; k++) {
  const t = process.cpuUsage();
  const r = enumerateOdds(prepared);
  const u = process.cpuUsage(t);
  console.log((u.user + u.system) / 1000, "ms", JSON.stringify(r, (k, v) => typeof v === "bigint" ? v.toString() : v).slice(0, 200));
}
