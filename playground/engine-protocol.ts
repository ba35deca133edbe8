// The one message protocol of the engine worker (workers/engine.worker.ts): every message the page
// posts names the service it is for and carries that service's request; the worker answers with that
// service's replies. One worker module serves them all, so the engine is built into the page once
// rather than once per worker. Requests that wait for one answer among several carry ids (run,
// language); the others run one job per worker, which the page cancels by terminating it.
import type { LanguageReply, LanguageRequest, RunReply, RunRequest, SimulateReply, SimulateRequest } from "./protocol.ts";
import type { BalanceReply, BalanceRequest, OddsReply, OddsRequest, ValidateReply, ValidateRequest } from "./validate-protocol.ts";

export interface Services {
  /** Diagnostics, completion, hover and the rest for the editor (language-client.ts). */
  language: { request: LanguageRequest; reply: LanguageReply };
  /** Outlines, examples, scenario runs and why-not (run-client.ts). */
  run: { request: RunRequest; reply: RunReply };
  /** Ranges of a simulation's runs (simulate-pool.ts). */
  simulate: { request: SimulateRequest; reply: SimulateReply };
  /** `rulesmith odds` (exact-odds.ts). */
  odds: { request: OddsRequest; reply: OddsReply };
  /** `rulesmith mutate` (validate-panel.ts). */
  validate: { request: ValidateRequest; reply: ValidateReply };
  /** `rulesmith balance` (balance-panel.ts). */
  balance: { request: BalanceRequest; reply: BalanceReply };
}

export type Service = keyof Services;
export type ServiceRequest<S extends Service> = Services[S]["request"];
export type ServiceReply<S extends Service> = Services[S]["reply"];

/** What the page posts to the engine worker. */
export type EngineMessage = { [S in Service]: { service: S; request: ServiceRequest<S> } }[Service];

/** A service inside the worker: handles one request, posting any number of replies. */
export type ServiceHandler<S extends Service> = (request: ServiceRequest<S>, post: (reply: ServiceReply<S>) => void) => void;
