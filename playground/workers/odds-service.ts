// The exact odds service of the engine worker: `rulesmith odds` on a scenario of the workspace (src/tools/odds/odds.ts), each result
// with its probability as a fraction and a percentage. The page stops it by terminating the worker.
import { enumerateOdds, prepareSimulation, type OddsResult } from "../../src/api.ts";
import { oddsReply } from "../odds-rows.ts";
import type { OddsReply, OddsRequest } from "../validate-protocol.ts";
import { describeError, readyScenario } from "./programs.ts";
import type { ServiceHandler } from "../engine-protocol.ts";

function odds(req: OddsRequest): OddsReply {
  const loaded = readyScenario(req.files, req.path, req.mods);
  if ("problem" in loaded) return { type: "done", paths: 0, error: loaded.problem };
  const prepared = prepareSimulation(loaded.ok.program, loaded.ok.scenario);
  if ("error" in prepared) return { type: "done", paths: 0, error: prepared.error };
  const result: OddsResult = enumerateOdds(prepared, req.maxPaths);
  return oddsReply(result, req);
}

export const oddsService: ServiceHandler<"odds"> = (req, post) => {
  let reply: OddsReply;
  try {
    reply = odds(req);
  } catch (err) {
    reply = { type: "done", paths: 0, error: describeError(err) };
  }
  post(reply);
};
