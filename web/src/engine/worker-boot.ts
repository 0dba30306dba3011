// How a worker gets its engine: the page compiles the WASM once and posts the module as the
// worker's first message; the worker instantiates it and answers what it is asked after.

/** The first message: the engine's compiled module, shared by the page rather than fetched. */
export interface Boot {
  type: "boot";
  module: WebAssembly.Module;
}

/**
 * `boot` instantiates the module with `init` (call it on the first message); `ready`
 * settles once it has, or with the reason it could not.
 */
export function engineBoot(init: (module: WebAssembly.Module) => void) {
  let boot: (module: WebAssembly.Module) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    boot = (module) => {
      try {
        init(module);
        resolve();
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
  });
  return { boot, ready };
}
