// The simulation worker: instantiates the WASM module the page compiled (its first message)
// and runs what the app asks, newest first.
import * as wasm from "./generated/throttle_lab_wasm.js";
import { engineBoot, type Boot } from "./worker-boot";
import { yieldToMessages } from "./simulation";
import { createWorkerHandler, type FromWorker, type ToWorker } from "./worker-protocol";

const scope = self as unknown as {
  postMessage(message: FromWorker, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker | Boot>) => void) | null;
};

const { boot, ready } = engineBoot((module) => wasm.initSync({ module }));
const handle = createWorkerHandler(
  wasm,
  (message, transfer) => scope.postMessage(message, transfer),
  yieldToMessages,
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
