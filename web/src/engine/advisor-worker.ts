// The advisor's worker: instantiates the WASM module the page compiled (its first message)
// and runs the sweep the app asks for, one candidate at a time.
import * as wasm from "./generated/throttle_lab_wasm.js";
import { engineBoot, type Boot } from "./worker-boot";
import { createAdvisorHandler, type FromAdvisor, type ToAdvisor } from "./advisor-protocol";
import { yieldToMessages } from "./simulation";

const scope = self as unknown as {
  postMessage(message: FromAdvisor): void;
  onmessage: ((event: MessageEvent<ToAdvisor | Boot>) => void) | null;
};

const { boot, ready } = engineBoot((module) => wasm.initSync({ module }));
const handle = createAdvisorHandler(wasm, (message) => scope.postMessage(message), yieldToMessages);

scope.onmessage = (event) => {
  const data = event.data;
  if (data.type === "boot") return boot(data.module);
  void ready.then(
    () => handle(data),
    (e: unknown) =>
      scope.postMessage({ type: "error", id: data.id, message: `the engine could not start: ${String(e)}` }),
  );
};
