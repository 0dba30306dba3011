// Runs the simulation for a set of values whenever what it depends on changes, and keeps
// what the panels need: the newest report (partial while a run goes on), progress, errors.

import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import type { Engine, Values } from "../engine/engine";
import type { SimReport } from "../engine/report";
import type { Simulator } from "../engine/simulation";

export interface SimState {
  /** The newest report: complete, or partial while `running`. */
  report: SimReport | null;
  running: boolean;
  /** How far the running (or stopped) run got: read with `useProgress`. */
  progress: ProgressStore;
  /** The run going on or last ended: the progress read is this run's when its `run` is this. */
  runId: string;
  error: string | null;
  /** Stopped by the user before the end; `report` is the partial one it had reached. */
  stopped: boolean;
  /** Completed runs so far (for tests and benchmarks to see a new result land). */
  completed: number;
  /** Reports shown so far, partial or final (for benchmarks: the first picture of a change). */
  pictures: number;
  /** Stops the run going on (its partial report stays), and runs it again. */
  stop: () => void;
  rerun: () => void;
}

/** How far a run got. */
export interface Progress {
  /** The run it is of (`SimState.runId`). */
  run: string;
  /** Share of the run simulated, 0 to 1. */
  share: number;
  /** Estimated time left [ms], once enough of it has run to tell. */
  etaMs: number | null;
}

/**
 * A run's progress, kept out of React state: it changes at every slice of a run, and only
 * the status line shows it. In state, each change redrew the whole lab while the workers
 * ran, taking the main thread's share of two cores from them. It holds the last report of
 * any run: a run says nothing in its first moments (`QUIET_MS`), so a new run has none.
 */
export class ProgressStore {
  private value: Progress | null = null;
  private readonly listeners = new Set<() => void>();
  readonly get = () => this.value;
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  set(value: Progress) {
    const last = this.value;
    if (last && value.run === last.run && value.share === last.share && value.etaMs === last.etaMs) return;
    this.value = value;
    for (const listener of this.listeners) listener();
  }
}

/** The progress of a run, redrawing only the component that reads it. */
export const useProgress = (store: ProgressStore) => useSyncExternalStore(store.subscribe, store.get);

interface Inner {
  report: SimReport | null;
  /** The key of the last run that ended. */
  settled: string | null;
  error: string | null;
  /** The run key stopped by the user, if the last run ended so. */
  stopped: string | null;
  completed: number;
  pictures: number;
}

/**
 * FNV-1a of a report (its JSON parts, and every column's name and the bits of its numbers),
 * to compare two runs exactly. The columns are hashed as the 32-bit words of their doubles:
 * turning every number into text first cost the main thread about 4 ms at the end of each
 * run of the default preset, and more on long runs.
 */
export function reportHash(report: SimReport): string {
  let h = 0x811c9dc5;
  const mix = (text: string) => {
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  };
  mix(JSON.stringify(report.meta));
  for (const name of Object.keys(report.columns).sort()) {
    const column = report.columns[name];
    mix(`${name}:${column?.length ?? 0}:`);
    if (!column) continue;
    const words = new Uint32Array(column.buffer, column.byteOffset, column.length * 2);
    for (let i = 0; i < words.length; i++) h = Math.imul(h ^ (words[i] ?? 0), 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/**
 * How long a picture waits for the other run of the same step [ms]: the current run and the
 * comparison start together, and the first to finish waits for the other's first picture
 * (its result, or a partial one, which comes by `FIRST_PARTIAL_MS`) at most this long after
 * that run started. Drawn apart, the first picture cost a render and a frame while the other
 * worker still ran, on two cores, and the step's complete picture came a frame later.
 */
export const PAIR_WAIT_MS = 100;

/**
 * Applies updates at an animation frame, with every other update that arrives before it. The
 * current run and the comparison report from two workers, each message its own task: applied
 * as they come, each redrew every panel, so a slider step drew the page twice; gathered per
 * frame, and held while a run that started with them has not reported yet (`PAIR_WAIT_MS`),
 * both runs are drawn at once (React batches updates in one callback). Rendered there and then
 * (`flushSync`), the new picture is in the frame being drawn: left to React's scheduler, it
 * was rendered in a task after that frame and shown one frame later
 * (tests/bench/presentation.spec.ts).
 */
const frames = (() => {
  const pending: (() => void)[] = [];
  // The runs that have not reported a picture yet, and when each started.
  const waiting = new Map<object, number>();
  let frame = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const draw = () => {
    frame = false;
    flushSync(() => {
      for (const apply of pending.splice(0)) apply();
    });
  };
  const schedule = () => {
    clearTimeout(timer);
    if (pending.length === 0 || frame) return;
    const now = performance.now();
    let hold = 0;
    for (const started of waiting.values()) hold = Math.max(hold, started + PAIR_WAIT_MS - now);
    if (hold > 0) {
      timer = setTimeout(schedule, hold);
      return;
    }
    frame = true;
    requestAnimationFrame(draw);
  };
  return {
    /** Run `run` has started: pictures wait for its first one (for a while). */
    started(run: object) {
      waiting.set(run, performance.now());
    },
    /** Run `run` has a picture, or is over without one: nothing waits for it. */
    done(run: object) {
      if (waiting.delete(run)) schedule();
    },
    /** `update` at the next frame, once no run that started with it is waited for. */
    apply(update: () => void, from?: object) {
      pending.push(update);
      if (from) waiting.delete(from);
      schedule();
    },
  };
})();

/** What a run depends on: the values of every entry that changes the simulated system. */
export function runKey(engine: Engine, values: Values): string {
  // The marks too: a value set on purpose to its default may run differently.
  const n = engine.schema.length;
  return values.filter((_, i) => engine.schema[i % n]?.effect === "rerun").join(",");
}

export function useSimulation(engine: Engine, simulator: Simulator | null, values: Values): SimState {
  const [inner, setInner] = useState<Inner>({
    report: null,
    settled: null,
    error: null,
    stopped: null,
    completed: 0,
    pictures: 0,
  });
  // Bumped by "run again": the same settings run anew.
  const [attempt, setAttempt] = useState(0);
  const [progress] = useState(() => new ProgressStore());
  const key = runKey(engine, values);
  const runId = `${attempt}:${key}`;
  useEffect(() => {
    if (!simulator) return;
    let live = true;
    const run = {};
    const started = performance.now();
    frames.started(run);
    simulator
      .run({ values }, (p) => {
        if (!live) return;
        const elapsed = performance.now() - started;
        const share = p.totalNs > 0 ? p.simulatedNs / p.totalNs : 0;
        // The rest at the pace so far, once 2% is done (set-up makes the first share slow).
        const etaMs = share >= 0.02 && share < 1 ? (elapsed * (1 - share)) / share : null;
        const partial = p.partial;
        frames.apply(
          () => {
            if (!live) return;
            progress.set({ run: runId, share, etaMs });
            if (partial) setInner((s) => ({ ...s, report: partial, pictures: s.pictures + 1 }));
          },
          partial ? run : undefined,
        );
      })
      .then(
        (result) => {
          if (!live || result.status === "superseded") {
            frames.done(run);
            return;
          }
          frames.apply(() => {
            if (!live) return;
            setInner((s) =>
              result.status === "ok"
                ? {
                    ...s,
                    report: result.report,
                    settled: key,
                    error: null,
                    stopped: null,
                    completed: s.completed + 1,
                    pictures: s.pictures + 1,
                  }
                : result.status === "stopped"
                  ? { ...s, settled: key, error: null, stopped: key }
                  : { ...s, settled: key, error: result.message, stopped: null },
            );
          }, run);
        },
        (e: unknown) => {
          frames.done(run);
          if (live) setInner((s) => ({ ...s, settled: key, error: String(e), stopped: null }));
        },
      );
    return () => {
      live = false;
      frames.done(run);
    };
    // `values` is read through `key`: a run depends on the rerun entries only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [simulator, key, attempt, progress]);
  const stop = useCallback(() => simulator?.stop(), [simulator]);
  const rerun = useCallback(() => {
    setInner((s) => ({ ...s, settled: null, stopped: null }));
    setAttempt((a) => a + 1);
  }, []);
  const running = simulator !== null && inner.settled !== key;
  const stopped = !running && inner.stopped === key;
  return {
    report: inner.report,
    running,
    progress,
    runId,
    error: inner.settled === key ? inner.error : null,
    stopped,
    completed: inner.completed,
    pictures: inner.pictures,
    stop,
    rerun,
  };
}
