// Simulation runs behind one interface: in slices (so progress and partial results can be
// shown and a superseded run dropped), latest wins, and the report's series as typed-array
// columns (report.ts) that a worker can transfer. The in-process implementation here serves
// vitest; the Web Worker (sim-worker.ts) runs the same `runInSlices` inside itself.

import type * as Wasm from "./generated/throttle_lab_wasm.js";
import { parseReport, type SimReport } from "./report";

type WasmModule = typeof Wasm;

/** What to simulate: the lab's settings (values in schema order), or scenario JSON text. */
export type SimRequest = { values: readonly number[] } | { scenario: string };

export interface SimProgress {
  /** Simulated time reached, and asked for [ns]. */
  simulatedNs: number;
  totalNs: number;
  /** The report so far, now and then while a long run goes on. */
  partial?: SimReport;
}

export type SimResult =
  | { status: "ok"; report: SimReport }
  | { status: "error"; message: string }
  | { status: "superseded" }
  | { status: "stopped" };

export interface Simulator {
  /** Runs `request`. A later call supersedes it: this one then resolves "superseded". */
  run(request: SimRequest, onProgress?: (p: SimProgress) => void): Promise<SimResult>;
  /** Stops the run going on, at once: it resolves "stopped". Nothing happens when idle. */
  stop(): void;
  /**
   * Starts `request` ahead of its `run` call (a control's move, before the page is drawn
   * for it): the next `run` of the same request takes the run over instead of starting it
   * anew, and a `run` of another request supersedes it. It supersedes the run going on, as
   * `run` would. A simulator may start nothing here: `run` then does.
   */
  start(request: SimRequest): void;
}

/** Whether two requests ask for the same run: the same scenario text, or the same values. */
export function sameRequest(a: SimRequest, b: SimRequest): boolean {
  if ("scenario" in a || "scenario" in b)
    return "scenario" in a && "scenario" in b && a.scenario === b.scenario;
  return a.values.length === b.values.length && a.values.every((v, i) => Object.is(v, b.values[i]));
}

/** Events per slice: a few milliseconds of work between chances to stop or report. */
export const SLICE_EVENTS = 50_000;
/**
 * Smaller slices until the first partial report: on a heavy pool 50,000 events take about
 * 50 ms in WASM, so the first report would wait a whole slice past its time.
 */
export const FIRST_SLICE_EVENTS = 10_000;
/** Wall time between partial reports of a long run [ms]. */
export const PARTIAL_EVERY_MS = 250;
/**
 * The first partial report comes sooner: a change shows a first picture of the new run
 * (marked partial) within the slider's time budget, refined as the run goes on.
 */
export const FIRST_PARTIAL_MS = 60;
/**
 * A run says nothing of its progress in its first moments [ms], partial reports aside: most
 * slider steps' runs end sooner, and each report was a message, a task and a frame for the
 * page while both workers ran (two cores: about 24 messages and 1 ms of the page's main thread
 * a step on the RAID-Z2 preset), taking processor time from the very runs the step waits for.
 */
export const QUIET_MS = 150;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function start(wasm: WasmModule, request: SimRequest): Wasm.SimRun {
  return "values" in request
    ? wasm.SimRun.fromValues(Float64Array.from(request.values))
    : new wasm.SimRun(request.scenario);
}

/**
 * Runs `request` in slices, calling `pause` between them (to let newer requests in) and
 * stopping as soon as `superseded()` says so. `now` is the wall clock for partial reports and
 * the quiet start (`QUIET_MS`).
 */
export async function runInSlices(
  wasm: WasmModule,
  request: SimRequest,
  superseded: () => boolean,
  pause: () => Promise<void>,
  onProgress?: (p: SimProgress) => void,
  now: () => number = () => performance.now(),
): Promise<SimResult> {
  let run: Wasm.SimRun;
  try {
    run = start(wasm, request);
  } catch (e) {
    return { status: "error", message: message(e) };
  }
  try {
    const started = now();
    let lastPartial = started;
    let every = FIRST_PARTIAL_MS;
    while (run.advance(every === FIRST_PARTIAL_MS ? FIRST_SLICE_EVENTS : SLICE_EVENTS)) {
      const t = now();
      const due = t - lastPartial >= every;
      if (due) {
        lastPartial = t;
        every = PARTIAL_EVERY_MS;
      }
      // Nothing to say in the quiet start unless a partial report is due: no progress to read.
      if (onProgress && (due || t - started >= QUIET_MS)) {
        const [simulatedNs = 0, totalNs = 0] = run.progress();
        const partial = due ? parseReport(run.report()) : undefined;
        onProgress(partial ? { simulatedNs, totalNs, partial } : { simulatedNs, totalNs });
      }
      await pause();
      if (superseded()) return { status: "superseded" };
    }
    return { status: "ok", report: parseReport(run.report()) };
  } catch (e) {
    return { status: "error", message: message(e) };
  } finally {
    run.free();
  }
}

/** Yields to the event loop so that waiting messages and timers run. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let channel: { port: MessagePort; waiting: (() => void)[] } | null = null;

/**
 * A Web Worker's yield between slices, so that a newer request waiting in its queue runs:
 * a message to itself, where a chain of zero-delay timers is clamped to 4 ms after the
 * fifth (the HTML timer nesting rule), and a run of a dozen slices sat idle for about 40
 * ms of its first 100 in Chromium's trace. In a browser each message is a task of its own,
 * queued behind the messages already waiting. Not for the in-process simulator: under Node
 * (the unit tests) the port's messages ran ahead of the timers the tests wait on.
 */
export function yieldToMessages(): Promise<void> {
  if (!channel) {
    const pair = new MessageChannel();
    const waiting: (() => void)[] = [];
    pair.port1.onmessage = () => waiting.shift()?.();
    channel = { port: pair.port2, waiting };
  }
  const { port, waiting } = channel;
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    port.postMessage(null);
  });
}

/**
 * Latest wins: each run gets a ticket, and only the newest ticket's run may finish. Stop
 * takes the ticket away; the run notices at its next slice (in-process, nothing can cut a
 * slice short: the browser's workers are terminated instead, see worker-protocol.ts).
 */
export function createInProcessSimulator(wasm: WasmModule, pause = yieldToEventLoop): Simulator {
  let latest = 0;
  let stopped = 0;
  return {
    async run(request, onProgress) {
      const ticket = ++latest;
      const result = await runInSlices(wasm, request, () => ticket !== latest, pause, onProgress);
      return result.status === "superseded" && ticket === stopped ? { status: "stopped" } : result;
    },
    stop() {
      stopped = latest++;
    },
    // In process, a run only goes on while the caller awaits it: nothing to start sooner.
    start() {},
  };
}
