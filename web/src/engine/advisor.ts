// The tuning advisor's sweep behind a small interface: one candidate run per step, so that
// progress (with what was found so far) is reported and Stop honoured between runs. The
// in-process runner here serves vitest; the Web Worker (advisor-worker.ts) runs the same
// `adviseInSteps` inside itself. Also the few helpers the panel needs to read an advice.

import type * as Wasm from "./generated/throttle_lab_wasm.js";
import type { Engine, TunableName, Values } from "./engine";
import type { Advice, Candidate, MetricInfo } from "./types";

type WasmModule = typeof Wasm;

/** A sweep to run: the lab's settings (schema order), a symptom, guards as `name:pct`. */
export interface AdviseRequest {
  values: readonly number[];
  symptom: string;
  guards: readonly string[];
}

export interface AdviseProgress {
  /** Candidates run, and about how many the sweep takes. */
  runs: number;
  planned: number;
  /** What the sweep has found so far. */
  advice: Advice;
}

export type AdviseResult =
  { status: "ok"; advice: Advice } | { status: "error"; message: string } | { status: "stopped" };

export interface AdvisorRunner {
  /** Runs a sweep; a later call or `stop` ends this one ("stopped"). */
  run(request: AdviseRequest, onProgress?: (p: AdviseProgress) => void): Promise<AdviseResult>;
  /** Stops the sweep going on, at once. Nothing happens when idle. */
  stop(): void;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Runs a sweep one candidate at a time, calling `pause` between runs and giving up as soon as
 * `stopped()` says so; `onProgress` gets each step's advice so far.
 */
export async function adviseInSteps(
  wasm: WasmModule,
  request: AdviseRequest,
  stopped: () => boolean,
  pause: () => Promise<void>,
  onProgress?: (p: AdviseProgress) => void,
): Promise<AdviseResult> {
  let run: Wasm.AdvisorRun;
  try {
    run = new wasm.AdvisorRun(Float64Array.from(request.values), request.symptom, [...request.guards]);
  } catch (e) {
    return { status: "error", message: message(e) };
  }
  try {
    while (run.step()) {
      const [runs = 0, planned = 0] = run.progress();
      onProgress?.({ runs, planned, advice: JSON.parse(run.advice()) as Advice });
      await pause();
      if (stopped()) return { status: "stopped" };
    }
    return { status: "ok", advice: JSON.parse(run.advice()) as Advice };
  } catch (e) {
    return { status: "error", message: message(e) };
  } finally {
    run.free();
  }
}

/** In-process: each run gets a ticket; a newer run or `stop` takes it away between steps. */
export function createInProcessAdvisor(wasm: WasmModule, pause: () => Promise<void>): AdvisorRunner {
  let latest = 0;
  return {
    run: (request, onProgress) => {
      const ticket = ++latest;
      return adviseInSteps(wasm, request, () => ticket !== latest, pause, onProgress);
    },
    stop() {
      latest++;
    },
  };
}

/** A guard as the engine reads it. */
export const guardText = (metric: string, tolerancePercent: number) => `${metric}:${tolerancePercent}`;

/** `value` of a metric for reading: `82.8 ms`, `100.3 MB/s`, `2.40x`; three figures at most. */
export function showMetric(info: Pick<MetricInfo, "unit">, value: number): string {
  // The decimals by the rounded value, so that 99.96 reads 100, not 100.0.
  const figures = (v: number, unit: string) => `${v.toFixed(v >= 99.95 ? 0 : v >= 9.995 ? 1 : 2)} ${unit}`;
  switch (info.unit) {
    case "bytes_per_second":
      return figures(value / 1e6, "MB/s");
    case "ratio":
      return value >= 1e4 ? `${value.toExponential(1)}x` : `${figures(value, "x").replace(" ", "")}`;
    case "nanoseconds":
      return value >= 1e9
        ? figures(value / 1e9, "s")
        : value >= 1e6
          ? figures(value / 1e6, "ms")
          : figures(value / 1e3, "µs");
  }
}

/** The settings a candidate stands for: `base` (what the sweep started from) with its changes. */
export function candidateValues(engine: Engine, base: Values, candidate: Candidate): Values {
  const next = [...base];
  for (const change of candidate.changes) {
    const i = engine.indexOf(change.name as TunableName);
    if (i >= 0) next[i] = change.value;
  }
  return next;
}

/** `zfs_vdev_scrub_max_active=1 zfs_scan_vdev_limit=4M`, or "as given". */
export const settingsText = (candidate: Candidate) =>
  candidate.changes.length === 0 ? "as given" : candidate.changes.map((c) => `${c.name}=${c.text}`).join(" ");
