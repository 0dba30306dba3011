// Loads the engine in the browser: wasm-bindgen's init() fetches the .wasm next to its module.
import init, * as wasm from "./generated/throttle_lab_wasm.js";
import { makeEngine, type Engine } from "./engine";
import type { Simulator } from "./simulation";
import { createWorkerSimulator, type WorkerLike } from "./worker-protocol";

export async function loadEngine(): Promise<Engine> {
  await init();
  return makeEngine(wasm);
}

/** A simulator running in its own Web Worker (one per run that may go on in parallel). */
export function createBrowserSimulator(): Simulator {
  const worker = new Worker(new URL("./sim-worker.ts", import.meta.url), { type: "module" });
  return createWorkerSimulator(worker as unknown as WorkerLike);
}
