// The lab: owns the values (tunables and the simulated system) and the pinned A, applies
// changes through the engine's validation, keeps the URL in step, runs the simulations
// and lays out the controls and the panels.

import { useCallback, useEffect, useMemo, useReducer, useState } from "react";
import type { Engine, Values } from "../engine/engine";
import type { TunableSpec } from "../engine/schema";
import type { Simulator } from "../engine/simulation";
import { ControlPanel } from "../controls/ControlPanel";
import { TunableControl } from "../controls/TunableControl";
import { AllocatorPanel } from "../views/AllocatorPanel";
import { AsyncWriteCurvePanel } from "../views/AsyncWriteCurvePanel";
import { DelayCurvePanel } from "../views/DelayCurvePanel";
import { DirtyPanel, type DirtyLevels } from "../views/DirtyPanel";
import { LatencyPanel } from "../views/LatencyPanel";
import { PicketFencePanel } from "../views/PicketFencePanel";
import { SteadyPanel } from "../views/SteadyPanel";
import { SummaryTable } from "../views/SummaryTable";
import { TimeAxisProvider } from "../views/chart/time-axis";
import { TxgPanel } from "../views/TxgPanel";
import { simulatedNs, steadyOf } from "../engine/report";
import type { RunView } from "../views/runs";
import { comparisonFor, differenceLines } from "./comparison";
import { editReducer, warningsOf } from "./lab-state";
import { messages } from "./messages";
import { PresetPicker } from "./PresetPicker";
import { SimStatus } from "./SimStatus";
import { createUrlWriter, searchFor, type Initial } from "./url-state";
import { reportHash, useSimulation } from "./use-simulation";

interface Props {
  engine: Engine;
  initial: Initial;
  /** Two simulators, so that the current run and the comparison go on side by side. */
  simulators: { current: Simulator; comparison: Simulator } | null;
}

const DEVICE_PREFIXES = ["hdd_", "ssd_", "lun_"];
const isTunable = (spec: TunableSpec) => spec.kind === "tunable";

export function Lab({ engine, initial, simulators }: Props) {
  const reducer = useMemo(() => editReducer(engine), [engine]);
  const [edit, dispatch] = useReducer(reducer, { values: initial.values, errors: {}, copyStatus: "" });
  const { values, errors, copyStatus } = edit;
  const [pinned, setPinned] = useState<Values | null>(initial.pinned);
  const [notices, setNotices] = useState<string[]>(initial.notices);
  const [cursor, setCursor] = useState<number | null>(null);
  const writeUrl = useMemo(() => createUrlWriter(), []);
  const warnings = useMemo(() => warningsOf(engine, values), [engine, values]);

  useEffect(() => writeUrl(searchFor(engine, values, pinned)), [engine, values, pinned, writeUrl]);
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
  const at = (name: string) => values[engine.indexOf(name)] ?? 0;
  const dirtyMax = at("zfs_dirty_data_max");
  const asyncMinPercent = at("zfs_vdev_async_write_active_min_dirty_percent");
  const asyncMaxPercent = at("zfs_vdev_async_write_active_max_dirty_percent");
  const delayMinPercent = at("zfs_delay_min_dirty_percent");
  const syncPercent = at("zfs_dirty_data_sync_percent");
  const levels: DirtyLevels = useMemo(
    () => ({ dirtyMax, asyncMinPercent, asyncMaxPercent, delayMinPercent, syncPercent }),
    [dirtyMax, asyncMinPercent, asyncMaxPercent, delayMinPercent, syncPercent],
  );
  // Signals for tests and benchmarks: runs completed, and a hash of the current report.
  useEffect(() => {
    document.body.dataset["simCompleted"] = String(current.completed);
    document.body.dataset["compareCompleted"] = String(compared.completed);
    if (current.report && !current.running) document.body.dataset["reportHash"] = reportHash(current.report);
  }, [current.completed, compared.completed, current.report, current.running]);
  const reachedNs = current.report ? steadyOf(current.report).reached_at_ns : null;
  const steadyS = reachedNs === null ? null : reachedNs / 1e9;
  const seconds = (v: Values) => v[engine.indexOf("duration")] ?? 1;
  // A run until steady state may end early: once both runs are in, the axis ends where the
  // longer of them did.
  const settled = !current.running && !compared.running && runs.length > 0;
  const durationS = settled
    ? Math.max(...runs.map((r) => simulatedNs(r.report) / 1e9))
    : Math.max(seconds(values), seconds(comparison.values));
  const device =
    engine.schema[engine.indexOf("device")]?.choices[values[engine.indexOf("device")] ?? 0] ?? "";
  const showsSetup = useCallback(
    (spec: TunableSpec) =>
      spec.kind === "lab" &&
      spec.effect === "rerun" &&
      DEVICE_PREFIXES.every((p) => !spec.name.startsWith(p) || spec.name.startsWith(`${device}_`)),
    [device],
  );
  const differences = pinned ? differenceLines(engine, pinned, values) : [];
  useEffect(() => {
    document.body.dataset["ready"] = "true";
  }, []);

  const handlers = useMemo(
    () => ({
      onValue: (index: number, value: number) => dispatch({ type: "value", index, value }),
      onText: (index: number, text: string) => dispatch({ type: "text", index, text }),
      onReset: (index: number) => dispatch({ type: "reset", index }),
    }),
    [],
  );
  const pickPreset = (link: string) => {
    const decoded = engine.decodeLink(link);
    if (decoded.status === "error") return setNotices([decoded.message]);
    dispatch({ type: "replace", values: decoded.value.values });
    setNotices(decoded.value.notices);
  };
  const resetAll = () => {
    dispatch({ type: "replace", values: engine.defaults });
    setPinned(null);
  };
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(
        `${window.location.origin}${window.location.pathname}${searchFor(engine, values, pinned)}`,
      );
      dispatch({ type: "copyStatus", text: messages.copied });
    } catch {
      dispatch({ type: "copyStatus", text: messages.copyFailed });
    }
  };

  const writeSizeIndex = engine.indexOf("write_size");
  const writeSizeSpec = engine.schema[writeSizeIndex];
  const writeSizeControl = writeSizeSpec && (
    <TunableControl
      engine={engine}
      spec={writeSizeSpec}
      index={writeSizeIndex}
      value={values[writeSizeIndex] ?? writeSizeSpec.default}
      error={errors[writeSizeSpec.name]}
      {...handlers}
    />
  );

  return (
    <div className="lab">
      <header className="top">
        <div>
          <h1>Throttle Lab</h1>
          <p className="tagline">
            The OpenZFS write throttle and I/O scheduler, computed exactly as the kernel does.
          </p>
        </div>
        <div className="actions">
          <span className="copy-status" role="status">
            {copyStatus}
          </span>
          {pinned ? (
            <button type="button" onClick={() => setPinned(null)}>
              Unpin A
            </button>
          ) : (
            <button
              type="button"
              onClick={() => setPinned(values)}
              title="Keep these settings as A and compare every change (B) against them"
            >
              Pin as A
            </button>
          )}
          <button type="button" onClick={() => void copyLink()}>
            Copy link
          </button>
          <button type="button" onClick={resetAll}>
            {messages.resetAll}
          </button>
        </div>
      </header>
      {notices.length > 0 && (
        <div className="notice" role="status" data-testid="link-notices">
          <p>{messages.linkNotices}</p>
          <ul>
            {notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
          <button type="button" onClick={() => setNotices([])}>
            Dismiss
          </button>
        </div>
      )}
      <div className="layout">
        <aside className="controls" aria-label="Settings">
          <SimStatus current={current} compared={compared} comparisonLabel={comparison.label} />
          {pinned && (
            <div className="ab" data-testid="ab-differences">
              <p>
                <strong>A/B</strong>: A is pinned; B is what you change. Both run the same workload and seed.
              </p>
              {differences.length === 0 ? (
                <p>B is the same as A so far: change anything.</p>
              ) : (
                <ul>
                  {differences.map((d) => (
                    <li key={d}>
                      <code>{d}</code>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {warnings.length > 0 && (
            <div className="warnings" role="status" data-testid="warnings">
              <p>{messages.warnings}</p>
              <ul>
                {warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </div>
          )}
          <h2 className="side-title">Simulated system</h2>
          <PresetPicker engine={engine} onPick={pickPreset} />
          <ControlPanel engine={engine} shows={showsSetup} values={values} errors={errors} {...handlers} />
          <h2 className="side-title">OpenZFS tunables</h2>
          <ControlPanel engine={engine} shows={isTunable} values={values} errors={errors} {...handlers} />
        </aside>
        <main className="panels">
          <AsyncWriteCurvePanel
            engine={engine}
            values={values}
            cursor={cursor}
            onCursor={setCursor}
            runs={runs}
            pinned={pinned}
          />
          <DelayCurvePanel
            engine={engine}
            values={values}
            cursor={cursor}
            onCursor={setCursor}
            writeSizeControl={writeSizeControl}
            runs={runs}
            pinned={pinned}
          />
          {runs.length > 0 && (
            <TimeAxisProvider durationS={durationS} steadyS={steadyS}>
              <DirtyPanel levels={levels} runs={runs} />
              <PicketFencePanel runs={runs} />
              <LatencyPanel engine={engine} runs={runs} />
              <TxgPanel runs={runs} />
              <AllocatorPanel runs={runs} />
              <SteadyPanel runs={runs} />
              <SummaryTable runs={runs} />
            </TimeAxisProvider>
          )}
          <footer className="footer">
            Engine {engine.version}. Defaults are current OpenZFS on 64-bit Linux; each tunable&apos;s history
            says where older releases differ.
          </footer>
        </main>
      </div>
    </div>
  );
}
