// The messages between the app and the advisor's worker, and both ends' logic, kept free of
// the Worker global so that vitest can drive them directly.
//
// The app sends `advise` with an id; the worker answers with `progress` after each candidate
// run (with the advice so far), then `done` or `error`. Stop does not ask the worker: a run
// cannot be interrupted from inside, so the app terminates the worker (a fresh one is
// spawned for the next sweep) and resolves the sweep "stopped" at once.

import type * as Wasm from "./generated/throttle_lab_wasm.js";
import type { Advice } from "./types";
import { adviseInSteps, type AdviseProgress, type AdviseRequest, type AdvisorRunner } from "./advisor";

type WasmModule = typeof Wasm;

export type ToAdvisor = { type: "advise"; id: number; request: AdviseRequest };

export type FromAdvisor =
  | ({ type: "progress"; id: number } & AdviseProgress)
  | { type: "done"; id: number; advice: Advice }
  | { type: "error"; id: number; message: string };

/** The worker's side: runs each sweep it is sent, the newest only. */
export function createAdvisorHandler(
  wasm: WasmModule,
  post: (message: FromAdvisor) => void,
  pause: () => Promise<void>,
) {
  let latest = 0;
  return async ({ id, request }: ToAdvisor): Promise<void> => {
    latest = Math.max(latest, id);
    const result = await adviseInSteps(
      wasm,
      request,
      () => id !== latest,
      pause,
      (p) => post({ type: "progress", id, ...p }),
    );
    if (result.status === "ok") post({ type: "done", id, advice: result.advice });
    else if (result.status === "error") post({ type: "error", id, message: result.message });
  };
}

/** What the app needs of a Worker. */
export interface AdvisorWorkerLike {
  postMessage(message: ToAdvisor): void;
  onmessage: ((event: { data: FromAdvisor }) => void) | null;
  terminate(): void;
}

/** The app's side: a runner over a worker that `spawn` starts when a sweep first needs it. */
export function createWorkerAdvisor(spawn: () => AdvisorWorkerLike): AdvisorRunner {
  let next = 0;
  let worker: AdvisorWorkerLike | null = null;
  let pending: {
    id: number;
    resolve: (r: Awaited<ReturnType<AdvisorRunner["run"]>>) => void;
    onProgress?: (p: AdviseProgress) => void;
  } | null = null;
  const listen = ({ data }: { data: FromAdvisor }) => {
    if (!pending || data.id !== pending.id) return;
    if (data.type === "progress") {
      pending.onProgress?.({ runs: data.runs, planned: data.planned, advice: data.advice });
      return;
    }
    const { resolve } = pending;
    pending = null;
    resolve(
      data.type === "done"
        ? { status: "ok", advice: data.advice }
        : { status: "error", message: data.message },
    );
  };
  const stop = () => {
    if (!pending) return;
    if (worker) {
      worker.onmessage = null;
      worker.terminate();
      worker = null;
    }
    const { resolve } = pending;
    pending = null;
    resolve({ status: "stopped" });
  };
  return {
    run(request, onProgress) {
      stop();
      const id = ++next;
      if (!worker) {
        worker = spawn();
        worker.onmessage = listen;
      }
      const w = worker;
      return new Promise((resolve) => {
        pending = onProgress ? { id, resolve, onProgress } : { id, resolve };
        w.postMessage({ type: "advise", id, request });
      });
    },
    stop,
  };
}
