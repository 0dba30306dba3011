// The lab's state in one hook: the values being edited (a reducer that asks the engine), the
// pinned A, the link in the address bar, the two simulations (the current run and the
// comparison), and what the layout draws from them. Lab.tsx only lays out what this returns.

import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import type { ControlHandlers } from "../controls/TunableControl";
import { withValue, type Engine, type TunableName, type Values } from "../engine/engine";
import { simulatedNs, steadyOf } from "../engine/report";
import type { TunableSpec } from "../engine/schema";
import type { AdvisorRunner } from "../engine/advisor";
import type { Simulator } from "../engine/simulation";
import type { DirtyLevels } from "../views/DirtyPanel";
import type { RunView } from "../views/runs";
import { messages } from "../messages";
import { comparisonFor, differenceLines } from "./comparison";
import { editReducer, syncKickBytes, warningsOf } from "./lab-state";
import type { Lesson, View } from "../engine/types";
import { lessonNamed, openingOf, stepStart } from "./lesson-state";
import { createHistoryWriter, fragmentFor, linkFor, linkQuery, readLink, type Initial } from "./url-state";
import { reportHash, runKey, useSimulation, type SimState } from "./use-simulation";

/**
 * Two simulators, so that the current run and the comparison go on side by side, and the
 * tuning advisor's own runner.
 */
export type Simulators = { current: Simulator; comparison: Simulator; advisor?: AdvisorRunner } | null;

export interface LabState {
  /** The values edited, in schema order (B when A is pinned). */
  values: Values;
  /** Each control's refusal or limit, by schema name. */
  errors: Record<string, string>;
  /** Combinations the OpenZFS source advises against, allowed. */
  warnings: string[];
  handlers: ControlHandlers;
  /** Which lab settings the simulated-system controls show: the chosen device's only. */
  showsSetup: (spec: TunableSpec) => boolean;
  /** The pinned configuration A, and where B differs from it (`name: A → B`). */
  pinned: Values | null;
  /** What the runs of `values` and of `pinned` use (`Engine.effectiveValues`). */
  effective: Values;
  effectivePinned: Values | null;
  /** Per tunable, where the value the run uses comes from (`Engine.derivedBy`). */
  derivedBy: readonly string[];
  /** The tunables the chosen release does not have, and its name. */
  absent: ReadonlySet<string>;
  /** The tunables it calls by another name, with that name. */
  oldNames: ReadonlyMap<string, string>;
  releaseName: string;
  differences: string[];
  /** What the comparison run changes, `name: A → B` (the pinned A, or the other models). */
  comparisonChanges: string[];
  pin: () => void;
  unpin: () => void;
  /** Pins `a` as A and edits `b` (the advisor's proposal applied as B). */
  pinAndSet: (a: Values, b: Values) => void;
  /** Problems of the opening link or of a preset; the rest of it was applied. */
  notices: string[];
  dismissNotices: () => void;
  /** A work budget the opening link asked for above the default: run with it, or not. */
  budgetAsked: number | null;
  confirmBudget: () => void;
  keepDefaultBudget: () => void;
  /** Replaces the settings with the named preset's, which the link then names. */
  pickPreset: (name: string) => void;
  /** Where the page is: its preset, the lesson and step it walks, presenter mode. */
  view: View;
  /** The lesson the page walks, if any, and every lesson there is. */
  lesson: Lesson | null;
  lessons: Lesson[];
  /** Opens a lesson at a step (from 1): the settings become that step's start, pinned as A. */
  openLesson: (name: string, step?: number) => void;
  closeLesson: () => void;
  /** Sets B to what the step asks the learner to find, as a trainer's "show me". */
  showSolution: () => void;
  setPresent: (present: boolean) => void;
  /** Sets the named settings, keeping the rest (a pool layout's). */
  setSeveral: (settings: readonly (readonly [string, number])[]) => void;
  resetAll: () => void;
  /** Brings back the state before "Reset all", while nothing else has changed since. */
  undoReset: (() => void) | null;
  copyLink: () => Promise<void>;
  copyStatus: string;
  current: SimState;
  compared: SimState;
  comparisonLabel: string;
  /** The runs the simulation panels show; stable while the reports are. */
  runs: RunView[];
  /** The current settings' dirty-data levels the dirty panel draws; stable while they are. */
  levels: DirtyLevels;
  /** Both runs have finished (or stopped, or failed): nothing new is coming. */
  settled: boolean;
  /** The time axis: simulated time across [s], and when the current run became steady. */
  durationS: number;
  steadyS: number | null;
}

const DEVICE_PREFIXES = ["hdd_", "ssd_", "lun_"];

/** What a run of `values` uses; the values themselves if the engine refuses them. */
function effectiveOf(engine: Engine, values: Values): Values {
  const r = engine.effectiveValues(values);
  return r.status === "ok" ? r.value : values;
}

export function useLab(engine: Engine, initial: Initial, simulators: Simulators): LabState {
  const reducer = useMemo(() => editReducer(engine), [engine]);
  // A link that names a lesson step but no pinned A opens at that step's start.
  const [opening] = useState(() => openingOf(engine, initial));
  const [edit, dispatch] = useReducer(reducer, { values: opening.values, errors: {}, copyStatus: "" });
  const { values } = edit;
  const [pinned, setPinned] = useState<Values | null>(opening.pinned);
  const [view, setView] = useState<View>(opening.view);
  const [notices, setNotices] = useState<string[]>(opening.notices);
  const [budgetAsked, setBudgetAsked] = useState<number | null>(initial.budgetAsked);
  // What "Reset all" replaced (the values, the pinned A, the preset or lesson step the link
  // named), and the defaults it put in their place: Undo is offered while the values are
  // still those very defaults (any change makes a new array) and nothing is pinned.
  const [reset, setReset] = useState<{
    values: Values;
    pinned: Values | null;
    view: Pick<View, "preset" | "lesson" | "step">;
    after: Values;
  } | null>(null);
  const warnings = useMemo(() => warningsOf(engine, values), [engine, values]);
  const presets = useMemo(() => {
    const r = engine.labPresets();
    return r.status === "ok" ? r.value : [];
  }, [engine]);
  const lessons = useMemo(() => {
    const r = engine.lessons();
    return r.status === "ok" ? r.value : [];
  }, [engine]);
  const lesson = lessonNamed(lessons, view.lesson);

  // The address bar follows the state: the opening link is rewritten in place (an old `?`
  // link becomes a fragment), each settled change after it is a history entry, and Back or
  // Forward (or a fragment typed in) restores the state that entry holds.
  const history = useMemo(() => createHistoryWriter(window), []);
  const opened = useRef(false);
  // Set by a slider's move (its changes share one entry while it moves); any other change
  // (a typed value, a reset, a preset, a pin) is an entry of its own.
  const sliding = useRef(false);
  useEffect(() => {
    const fragment = fragmentFor(engine, values, pinned, view);
    if (opened.current) history.write(fragment, sliding.current);
    else history.replaceNow(fragment);
    opened.current = true;
    sliding.current = false;
  }, [engine, values, pinned, view, history]);
  useEffect(() => {
    const restore = () => {
      const link = openingOf(engine, readLink(engine, linkQuery(window.location).query));
      history.replaceNow(fragmentFor(engine, link.values, link.pinned, link.view));
      dispatch({ type: "replace", values: link.values });
      setPinned(link.pinned);
      setView(link.view);
      setNotices(link.notices);
      setBudgetAsked(link.budgetAsked);
    };
    // A tab closed, or a link followed, before a drag's last moves were written: the
    // history entry gets them, for Back or a reopened tab.
    const leave = () => history.flush();
    window.addEventListener("popstate", restore);
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("popstate", restore);
      window.removeEventListener("pagehide", leave);
      history.cancel();
    };
  }, [engine, history]);

  const comparison = useMemo(() => comparisonFor(engine, values, pinned), [engine, values, pinned]);
  const current = useSimulation(engine, simulators?.current ?? null, values);
  const compared = useSimulation(engine, simulators?.comparison ?? null, comparison.values);
  // Stable while the reports are: the simulation panels are memoized on it, so a slider
  // move redraws the curves at once and leaves them alone until new reports arrive.
  const { currentLabel, label: comparisonLabel } = comparison;
  const runs: RunView[] = useMemo(
    () => [
      ...(current.report ? [{ side: "b" as const, label: currentLabel, report: current.report }] : []),
      ...(compared.report ? [{ side: "a" as const, label: comparisonLabel, report: compared.report }] : []),
    ],
    [current.report, compared.report, currentLabel, comparisonLabel],
  );
  // What the runs use (the release's defaults, the dirty limits from RAM): the curves and
  // the dirty-data marks are drawn from these, so they agree with the simulation.
  const effective = useMemo(() => effectiveOf(engine, values), [engine, values]);
  const effectivePinned = useMemo(() => (pinned ? effectiveOf(engine, pinned) : null), [engine, pinned]);
  const derivedBy = useMemo(() => {
    const r = engine.derivedBy(values);
    return r.status === "ok" ? r.value : [];
  }, [engine, values]);
  const absent = useMemo(() => {
    const r = engine.absentTunables(values);
    return new Set<string>(r.status === "ok" ? r.value : []);
  }, [engine, values]);
  const oldNames = useMemo(() => {
    const r = engine.oldNames(values);
    return new Map<string, string>(r.status === "ok" ? r.value : []);
  }, [engine, values]);
  const releaseSpec = engine.schema[engine.indexOf("release")];
  const releaseName = releaseSpec?.choices[values[engine.indexOf("release")] ?? 0] ?? "";
  const at = (name: TunableName) => effective[engine.indexOf(name)] ?? 0;
  const dirtyMax = at("zfs_dirty_data_max");
  const asyncMinPercent = at("zfs_vdev_async_write_active_min_dirty_percent");
  const asyncMaxPercent = at("zfs_vdev_async_write_active_max_dirty_percent");
  const delayMinPercent = at("zfs_delay_min_dirty_percent");
  const syncBytes = syncKickBytes(engine, effective, absent);
  const levels: DirtyLevels = useMemo(
    () => ({ dirtyMax, asyncMinPercent, asyncMaxPercent, delayMinPercent, syncBytes }),
    [dirtyMax, asyncMinPercent, asyncMaxPercent, delayMinPercent, syncBytes],
  );

  // Signals for tests and benchmarks: the lab is up, runs completed, the current report's hash.
  useEffect(() => {
    document.body.dataset["ready"] = "true";
  }, []);
  // Set as the panels' new picture reaches the page, before the browser draws it: a
  // benchmark reads from them which frame shows a run (a passive effect may run after that
  // frame, or even after the next).
  useLayoutEffect(() => {
    document.body.dataset["simCompleted"] = String(current.completed);
    document.body.dataset["compareCompleted"] = String(compared.completed);
    document.body.dataset["simPictures"] = String(current.pictures);
    document.body.dataset["comparePictures"] = String(compared.pictures);
  }, [current.completed, compared.completed, current.pictures, compared.pictures]);
  // The hash of a finished run, and which run it is of, in a task of its own: it reads every
  // column, and a report drawn inside an animation frame runs its effects in that frame too.
  useEffect(() => {
    const report = current.report;
    if (!report || current.running) return;
    const completed = current.completed;
    const timer = setTimeout(() => {
      document.body.dataset["reportHash"] = reportHash(report);
      document.body.dataset["reportHashOf"] = String(completed);
    }, 0);
    return () => clearTimeout(timer);
  }, [current.report, current.running, current.completed]);

  const reachedNs = current.report ? steadyOf(current.report).reached_at_ns : null;
  const seconds = (v: Values) => v[engine.indexOf("duration")] ?? 1;
  // A run until steady state may end early: once both runs are in, the axis ends where the
  // longer of them did.
  const settled = !current.running && !compared.running && runs.length > 0;
  const durationS = settled
    ? Math.max(...runs.map((r) => simulatedNs(r.report) / 1e9))
    : Math.max(seconds(values), seconds(comparison.values));

  const device = engine.schema[engine.indexOf("device")]?.choices[at("device")] ?? "";
  const showsSetup = useCallback(
    (spec: TunableSpec) =>
      spec.kind === "lab" &&
      spec.effect === "rerun" &&
      DEVICE_PREFIXES.every((p) => !spec.name.startsWith(p) || spec.name.startsWith(`${device}_`)),
    [device],
  );
  // A control's move starts the runs it asks for before the page is drawn for it: some 5 ms
  // of rendering on the main thread came first, and the workers started only in the
  // simulations' effects. Those effects then ask for the same runs and take them over
  // (`Simulator.start`). Only a move that changes what a run depends on starts one: any other
  // start would supersede a run that no effect asks for again.
  const latest = useRef({ edit, pinned, simulators });
  useEffect(() => {
    latest.current = { edit, pinned, simulators };
  });
  const handlers: ControlHandlers = useMemo(
    () => ({
      onValue: (index, value) => {
        sliding.current = true;
        const action = { type: "value", index, value } as const;
        const { edit: before, pinned: pin, simulators: sims } = latest.current;
        if (sims) {
          const after = reducer(before, action).values;
          const startIfRerun = (sim: Simulator, from: Values, to: Values) => {
            if (runKey(engine, to) !== runKey(engine, from)) sim.start({ values: to });
          };
          startIfRerun(sims.current, before.values, after);
          startIfRerun(
            sims.comparison,
            comparisonFor(engine, before.values, pin).values,
            comparisonFor(engine, after, pin).values,
          );
        }
        dispatch(action);
      },
      onText: (index, text) => dispatch({ type: "text", index, text }),
      onReset: (index) => dispatch({ type: "reset", index }),
    }),
    [engine, reducer],
  );

  return {
    values,
    errors: edit.errors,
    warnings,
    handlers,
    showsSetup,
    pinned,
    effective,
    effectivePinned,
    derivedBy,
    absent,
    oldNames,
    releaseName,
    differences: pinned ? differenceLines(engine, pinned, values) : [],
    comparisonChanges: differenceLines(engine, comparison.values, values),
    pin: () => setPinned(values),
    unpin: () => setPinned(null),
    pinAndSet: (a, b) => {
      setPinned(a);
      dispatch({ type: "replace", values: b });
    },
    notices,
    dismissNotices: () => setNotices([]),
    budgetAsked,
    confirmBudget: () => {
      if (budgetAsked === null) return;
      dispatch({ type: "value", index: engine.indexOf("event_budget"), value: budgetAsked });
      setBudgetAsked(null);
    },
    keepDefaultBudget: () => setBudgetAsked(null),
    setSeveral: (settings) => {
      let next: Values = values;
      for (const [name, value] of settings) {
        const index = engine.indexOf(name as TunableName);
        if (index >= 0) next = withValue(engine, next, index, value);
      }
      dispatch({ type: "replace", values: next });
    },
    pickPreset: (name) => {
      const preset = presets.find((p) => p.name === name);
      if (!preset) return;
      const decoded = engine.decodeLink(preset.link);
      if (decoded.status === "error") return setNotices([decoded.message]);
      dispatch({ type: "replace", values: decoded.value.values });
      setNotices(decoded.value.notices);
      setView((v) => ({ ...v, preset: name, lesson: null, step: null }));
    },
    view,
    lesson,
    lessons,
    openLesson: (name, step = 1) => {
      const start = stepStart(engine, name, step);
      if (start.status === "error") return setNotices([start.message]);
      dispatch({ type: "replace", values: start.value.values });
      setPinned(start.value.values);
      setNotices(start.value.notices);
      setView((v) => ({ ...v, preset: start.value.preset, lesson: name, step: start.value.step }));
    },
    closeLesson: () => setView((v) => ({ ...v, lesson: null, step: null })),
    showSolution: () => {
      const step = lesson?.steps[(view.step ?? 1) - 1];
      if (!step) return;
      // A solution is a part of a link, written without the version it is read as.
      const applied = engine.applyLink(values, `v=1&${step.solution}`);
      if (applied.status === "error") return setNotices([applied.message]);
      dispatch({ type: "replace", values: applied.value.values });
      if (applied.value.notices.length > 0) setNotices(applied.value.notices);
    },
    setPresent: (present) => setView((v) => ({ ...v, present })),
    resetAll: () => {
      const { preset, lesson, step } = view;
      setReset({ values, pinned, view: { preset, lesson, step }, after: engine.defaults });
      dispatch({ type: "replace", values: engine.defaults });
      setPinned(null);
      setView((v) => ({ ...v, preset: null, lesson: null, step: null }));
    },
    undoReset:
      reset && reset.after === values && pinned === null
        ? () => {
            dispatch({ type: "replace", values: reset.values });
            setPinned(reset.pinned);
            setView((v) => ({ ...v, ...reset.view }));
            setReset(null);
          }
        : null,
    copyLink: async () => {
      try {
        await navigator.clipboard.writeText(
          linkFor(window.location.href, fragmentFor(engine, values, pinned, view)),
        );
        dispatch({ type: "copyStatus", text: messages.copied });
      } catch {
        dispatch({ type: "copyStatus", text: messages.copyFailed });
      }
    },
    copyStatus: edit.copyStatus,
    current,
    compared,
    comparisonLabel,
    runs,
    levels,
    settled,
    durationS,
    steadyS: reachedNs === null ? null : reachedNs / 1e9,
  };
}
