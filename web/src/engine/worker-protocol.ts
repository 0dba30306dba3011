// The messages between the app and the simulation worker, and both ends' logic, kept free
// of the Worker global so that vitest can drive them directly.
//
// The app sends `run` with an id; the worker answers with `progress` (maybe carrying a
// partial report), then exactly one of `done`, `error` or `superseded` for that id. A newer
// `run` supersedes every older one: the worker stops them at the next slice, and the app
// resolves their promises as superseded at once and ignores anything still in flight.
//
// Stop does not ask the worker: a slice, or a run's set-up, cannot be interrupted from
// inside, so the app terminates the worker and starts a fresh one from the compiled module
// (instantiating takes milliseconds). The stopped run resolves "stopped" at once.

import type * as Wasm from "./generated/throttle_lab_wasm.js";
import type { SimReport } from "./report";
import {
  runInSlices,
  sameRequest,
  type SimProgress,
  type SimRequest,
  type SimResult,
  type Simulator,
} from "./simulation";

type WasmModule = typeof Wasm;

export type ToWorker = { type: "run"; id: number; request: SimRequest };

export type FromWorker =
  | { type: "progress"; id: number; simulatedNs: number; totalNs: number; partial?: SimReport }
  | { type: "done"; id: number; report: SimReport }
  | { type: "error"; id: number; message: string }
  | { type: "superseded"; id: number };

export type Post = (message: FromWorker, transfer: Transferable[]) => void;

/** The report's column buffers, handed over rather than copied. */
const buffers = (report: SimReport | undefined): Transferable[] =>
  report ? Object.values(report.columns).map((c) => c.buffer) : [];

/** The worker's side: give it each message; it runs the newest request and posts answers. */
export function createWorkerHandler(wasm: WasmModule, post: Post, pause: () => Promise<void>) {
  let latest = 0;
  return async (message: ToWorker): Promise<void> => {
    const { id, request } = message;
    latest = Math.max(latest, id);
    if (id < latest) {
      post({ type: "superseded", id }, []);
      return;
    }
    const onProgress = (p: SimProgress) => post({ type: "progress", id, ...p }, buffers(p.partial));
    const result = await runInSlices(wasm, request, () => id !== latest, pause, onProgress);
    if (result.status === "ok") post({ type: "done", id, report: result.report }, buffers(result.report));
    else if (result.status === "error") post({ type: "error", id, message: result.message }, []);
    else post({ type: "superseded", id }, []);
  };
}

/** What the app needs of a Worker. */
export interface WorkerLike {
  postMessage(message: ToWorker): void;
  onmessage: ((event: { data: FromWorker }) => void) | null;
  terminate(): void;
}

/** The app's side: a Simulator over a worker that `spawn` starts (again after each stop). */
export function createWorkerSimulator(spawn: () => WorkerLike): Simulator {
  let next = 0;
  let pending: { id: number; resolve: (r: SimResult) => void; onProgress?: (p: SimProgress) => void } | null =
    null;
  // A run started ahead of its `run` call, and what the worker has said of it since: the
  // call takes it over and hears all of it.
  let early: { id: number; request: SimRequest; said: FromWorker[] } | null = null;
  const listen = ({ data }: { data: FromWorker }) => {
    if (early && data.id === early.id) {
      early.said.push(data);
      return;
    }
    if (!pending || data.id !== pending.id) return;
    if (data.type === "progress") {
      const { simulatedNs, totalNs, partial } = data;
      pending.onProgress?.(partial ? { simulatedNs, totalNs, partial } : { simulatedNs, totalNs });
      return;
    }
    const { resolve } = pending;
    pending = null;
    if (data.type === "done") resolve({ status: "ok", report: data.report });
    else if (data.type === "error") resolve({ status: "error", message: data.message });
    else resolve({ status: "superseded" });
  };
  let worker = spawn();
  worker.onmessage = listen;
  return {
    run(request, onProgress) {
      pending?.resolve({ status: "superseded" });
      const taken = early && sameRequest(early.request, request) ? early : null;
      early = null;
      const id = taken ? taken.id : ++next;
      return new Promise<SimResult>((resolve) => {
        pending = onProgress ? { id, resolve, onProgress } : { id, resolve };
        if (taken) taken.said.forEach((data) => listen({ data }));
        else worker.postMessage({ type: "run", id, request });
      });
    },
    start(request) {
      pending?.resolve({ status: "superseded" });
      pending = null;
      const id = ++next;
      early = { id, request, said: [] };
      worker.postMessage({ type: "run", id, request });
    },
    stop() {
      if (!pending && !early) return;
      early = null;
      worker.onmessage = null;
      worker.terminate();
      worker = spawn();
      worker.onmessage = listen;
      const stopped = pending;
      pending = null;
      stopped?.resolve({ status: "stopped" });
    },
  };
}
