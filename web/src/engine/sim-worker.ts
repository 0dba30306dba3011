// The simulation worker: loads the WASM engine and runs what the app asks, newest first.
import init, * as wasm from "./generated/throttle_lab_wasm.js";
import { yieldToEventLoop } from "./simulation";
import { createWorkerHandler, type FromWorker, type ToWorker } from "./worker-protocol";

const scope = self as unknown as {
  postMessage(message: FromWorker, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

const ready = init();
const handle = createWorkerHandler(
  wasm,
  (message, transfer) => scope.postMessage(message, transfer),
  yieldToEventLoop,
);

scope.onmessage = (event) => {
  void ready.then(
    () => handle(event.data),
    (e: unknown) =>
      scope.postMessage(
        { type: "error", id: event.data.id, message: `the engine could not start: ${String(e)}` },
        [],
      ),
  );
};
