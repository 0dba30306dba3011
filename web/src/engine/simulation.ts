// Simulation runs behind one interface: in slices (so progress can be shown and a superseded
// run dropped), latest wins, and the report's series as typed-array columns that a worker
// can transfer. The in-process implementation here serves vitest and is what the Web Worker
// runs inside itself.

import type * as Wasm from "./generated/throttle_lab_wasm.js";

type WasmModule = typeof Wasm;

export interface SimProgress {
  /** Simulated time reached, and asked for [ns]. */
  simulatedNs: number;
  totalNs: number;
}

/** A report: everything but the series as parsed JSON, the series as columns. */
export interface SimReport {
  meta: Record<string, unknown>;
  /** One column per series; per-class series are named like `class_mean_ns.sync_read`. */
  columns: Record<string, Float64Array>;
}

export type SimResult =
  { status: "ok"; report: SimReport } | { status: "error"; message: string } | { status: "superseded" };

export interface Simulator {
  /** Runs `scenario` (JSON text). A later call supersedes it: this one resolves "superseded". */
  run(scenario: string, onProgress?: (p: SimProgress) => void): Promise<SimResult>;
}

/** Events per slice: a few milliseconds of work between chances to stop or report. */
export const SLICE_EVENTS = 50_000;

/** Splits a report's series into typed-array columns. */
export function toColumns(report: Record<string, unknown>): SimReport {
  const { series, ...meta } = report;
  const columns: Record<string, Float64Array> = {};
  for (const [name, value] of Object.entries((series ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(value)) columns[name] = Float64Array.from(value as number[]);
    else if (value && typeof value === "object") {
      for (const [sub, values] of Object.entries(value as Record<string, number[]>)) {
        columns[`${name}.${sub}`] = Float64Array.from(values);
      }
    }
  }
  return { meta, columns };
}

/**
 * Runs `scenario` in slices, calling `pause` between them (to let newer requests in) and
 * stopping as soon as `superseded()` says so.
 */
export async function runInSlices(
  wasm: WasmModule,
  scenario: string,
  superseded: () => boolean,
  pause: () => Promise<void>,
  onProgress?: (p: SimProgress) => void,
): Promise<SimResult> {
  let run: Wasm.SimRun;
  try {
    run = new wasm.SimRun(scenario);
  } catch (e) {
    return { status: "error", message: e instanceof Error ? e.message : String(e) };
  }
  try {
    while (run.advance(SLICE_EVENTS)) {
      const [simulatedNs = 0, totalNs = 0] = run.progress();
      onProgress?.({ simulatedNs, totalNs });
      await pause();
      if (superseded()) return { status: "superseded" };
    }
    return { status: "ok", report: toColumns(JSON.parse(run.report()) as Record<string, unknown>) };
  } catch (e) {
    return { status: "error", message: e instanceof Error ? e.message : String(e) };
  } finally {
    run.free();
  }
}

/** Latest wins: each run gets a ticket, and only the newest ticket's run may finish. */
export function createInProcessSimulator(
  wasm: WasmModule,
  pause: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
): Simulator {
  let latest = 0;
  return {
    run(scenario, onProgress) {
      const ticket = ++latest;
      return runInSlices(wasm, scenario, () => ticket !== latest, pause, onProgress);
    },
  };
}
