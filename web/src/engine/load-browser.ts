// Loads the engine in the browser. The WASM is fetched and compiled once per page load, on
// the main thread; each simulation worker gets the compiled module in a message and only
// instantiates it (it used to fetch and compile its own copy: three downloads per load).
import init, * as wasm from "./generated/throttle_lab_wasm.js";
import wasmUrl from "./generated/throttle_lab_wasm_bg.wasm?url";
import type { AdvisorRunner } from "./advisor";
import { createWorkerAdvisor, type AdvisorWorkerLike } from "./advisor-protocol";
import { makeEngine, type Engine } from "./engine";
import type { Simulator } from "./simulation";
import type { Boot } from "./worker-boot";
import { createWorkerSimulator, type WorkerLike } from "./worker-protocol";

/** Fetches and compiles the engine's WASM (streaming when served as application/wasm). */
export async function compileEngine(): Promise<WebAssembly.Module> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`${wasmUrl}: HTTP ${response.status}`);
  // NOTE: some static hosts serve .wasm without its MIME type; compileStreaming refuses that.
  return response.headers.get("Content-Type")?.startsWith("application/wasm")
    ? WebAssembly.compileStreaming(response)
    : WebAssembly.compile(await response.arrayBuffer());
}

/** The engine on this thread, instantiated from the compiled module. */
export async function loadEngine(module: WebAssembly.Module): Promise<Engine> {
  await init({ module_or_path: module });
  return makeEngine(wasm);
}

/**
 * A simulator running in its own Web Worker (one per run that may go on in parallel); Stop
 * replaces the worker with a new one booted from the same compiled module.
 */
export function createBrowserSimulator(module: WebAssembly.Module): Simulator {
  return createWorkerSimulator(() => {
    const worker = new Worker(new URL("./sim-worker.ts", import.meta.url), { type: "module" });
    worker.postMessage({ type: "boot", module } satisfies Boot);
    return worker as unknown as WorkerLike;
  });
}

/** The tuning advisor in a Web Worker of its own, started at its first sweep (and after a Stop). */
export function createBrowserAdvisor(module: WebAssembly.Module): AdvisorRunner {
  return createWorkerAdvisor(() => {
    const worker = new Worker(new URL("./advisor-worker.ts", import.meta.url), { type: "module" });
    worker.postMessage({ type: "boot", module } satisfies Boot);
    return worker as unknown as AdvisorWorkerLike;
  });
}
