// Loads the engine in the browser: wasm-bindgen's init() fetches the .wasm next to its module.
import init, * as wasm from "./generated/throttle_lab_wasm.js";
import { makeEngine, type Engine } from "./engine";

export async function loadEngine(): Promise<Engine> {
  await init();
  return makeEngine(wasm);
}
