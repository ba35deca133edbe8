// The engine worker: one worker module for every service that runs rules in the browser (the
// language service, runs, simulations, exact odds, validation, balance). Vite builds each worker
// module on its own with everything it imports, so one module carries the engine once where six
// carried it six times. The page starts a worker per job as before (engine-worker.ts); each message
// names its service (engine-protocol.ts), and a service's state is made by its first request.
import type { EngineMessage, Service, ServiceHandler, ServiceReply, ServiceRequest } from "../engine-protocol.ts";
import { balanceService } from "./balance-service.ts";
import { languageService } from "./language-service.ts";
import { oddsService } from "./odds-service.ts";
import { runService } from "./run-service.ts";
import { simulateService } from "./simulate-service.ts";
import { validateService } from "./validate-service.ts";

const services: { [S in Service]: ServiceHandler<S> } = {
  language: languageService,
  run: runService,
  simulate: simulateService,
  odds: oddsService,
  validate: validateService,
  balance: balanceService,
};

function serve<S extends Service>(service: S, request: ServiceRequest<S>) {
  const handler: ServiceHandler<S> = services[service];
  handler(request, (reply: ServiceReply<S>) => self.postMessage(reply));
}

self.onmessage = (e: MessageEvent<EngineMessage>) => serve(e.data.service, e.data.request);
