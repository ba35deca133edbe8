// The page's side of the engine worker: a web worker running one service of workers/engine.worker.ts,
// typed by that service's requests and replies (engine-protocol.ts). Each client starts its own (a
// pool of them for a simulation) and cancels a job by terminating its worker, as before; they all run
// the same worker module, so the engine's code is downloaded and cached once.
import EngineWorkerModule from "./workers/engine.worker.ts?worker";
import type { EngineMessage, Service, ServiceReply, ServiceRequest } from "./engine-protocol.ts";

export class EngineWorker<S extends Service> {
  private readonly worker: Worker;

  constructor(private readonly service: S) {
    // The name shows in the browser's developer tools.
    this.worker = new EngineWorkerModule({ name: service });
  }

  postMessage(request: ServiceRequest<S>) {
    this.worker.postMessage({ service: this.service, request } as EngineMessage);
  }

  set onmessage(handler: (e: MessageEvent<ServiceReply<S>>) => void) {
    this.worker.onmessage = handler;
  }

  set onerror(handler: (e: ErrorEvent) => void) {
    this.worker.onerror = handler;
  }

  terminate() {
    this.worker.terminate();
  }
}
