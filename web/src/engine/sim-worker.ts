// The simulation worker: instantiates the WASM module the page compiled (its first message)
// and runs what the app asks, newest first.
import * as wasm from "./generated/throttle_lab_wasm.js";
import { yieldToEventLoop } from "./simulation";
import { createWorkerHandler, type FromWorker, type ToWorker } from "./worker-protocol";

/** The first message: the engine's compiled module, shared by the page rather than fetched. */
export interface Boot {
  type: "boot";
  module: WebAssembly.Module;
}

const scope = self as unknown as {
  postMessage(message: FromWorker, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker | Boot>) => void) | null;
};

let boot: (module: WebAssembly.Module) => void = () => undefined;
const ready = new Promise<void>((resolve, reject) => {
  boot = (module) => {
    try {
      wasm.initSync({ module });
      resolve();
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  };
});
const handle = createWorkerHandler(
  wasm,
  (message, transfer) => scope.postMessage(message, transfer),
  yieldToEventLoop,
);

scope.onmessage = (event) => {
  const data = event.data;
  if (data.type === "boot") return boot(data.module);
  void ready.then(
    () => handle(data),
    (e: unknown) =>
      scope.postMessage(
        { type: "error", id: data.id, message: `the engine could not start: ${String(e)}` },
        [],
      ),
  );
};
