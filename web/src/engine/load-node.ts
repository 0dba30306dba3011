// Loads the same engine in Node for vitest: Node's fetch reads no file URLs, so the .wasm
// bytes are read from disk and handed to initSync.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import * as wasm from "./generated/throttle_lab_wasm.js";
import { makeEngine, type Engine } from "./engine";

let engine: Engine | undefined;

export function loadEngineSync(): Engine {
  if (!engine) {
    const bytes = readFileSync(resolve(process.cwd(), "web/src/engine/generated/throttle_lab_wasm_bg.wasm"));
    wasm.initSync({ module: bytes });
    engine = makeEngine(wasm);
  }
  return engine;
}
