// Panel 3: dirty data over time, with the async-write band, the delay start and the
// sync-kick level of the current settings, and each txg sync marked (the dirty.d view).

import { memo } from "react";
import { column, simulatedNs, syncStart, stoppedByCaller, txgsOf } from "../engine/report";
import { useTimeAxis } from "./chart/time-axis";
import { maxOf, TimeChart } from "./chart/TimeChart";
import { MIB, mib } from "./chart/display";
import { Panel, TextView } from "./Panel";
import { sampleAt, seriesOf, type RunView } from "./runs";
import { lastRows } from "./text-rows";

/**
 * The current settings' levels: zfs_dirty_data_max [bytes], the percents drawn, and the
 * dirty data that kicks a txg sync [bytes] (`zfs_dirty_data_sync_percent` of the limit from
 * 0.8, the absolute `zfs_dirty_data_sync` before).
 */
export interface DirtyLevels {
  dirtyMax: number;
  asyncMinPercent: number;
  asyncMaxPercent: number;
  delayMinPercent: number;
  syncBytes: number;
}

interface Props {
  levels: DirtyLevels;
  runs: RunView[];
}

export const DirtyPanel = memo(function DirtyPanel({ levels, runs }: Props) {
  const { dirtyMax } = levels;
  const atPercent = (percent: number) => (dirtyMax * percent) / 100 / MIB;
  const series = seriesOf(runs, "dirty_bytes", MIB);
  const yMax = Math.max(maxOf(series), atPercent(levels.delayMinPercent));
  const b = runs.find((r) => r.side === "b");
  const txgs = b ? txgsOf(b.report) : [];
  const syncs = txgs.map((t) => syncStart(t) / 1e9);
  // dirty.d prints, at each txg-syncing probe, the pool's dirty data against the limit.
  const dirtyRows = lastRows(txgs);
  const dirtyD = b
    ? dirtyRows.shown.map((t) => {
        const i = sampleAt(column(b.report, "t_ns"), syncStart(t) / 1e9);
        const dirty = column(b.report, "dirty_bytes")[i] ?? 0;
        return `txg ${t.txg}: ${Math.floor(dirty / MIB)}MB of ${Math.floor(dirtyMax / MIB)}MB used`;
      })
    : [];
  return (
    <Panel
      id="dirty"
      title="Dirty data over time"
      caption="Where dirty data sits: below the async-write band the backend idles along; in the band concurrency matches the input; past the delay start writers are slowed. Faint lines mark each txg sync."
    >
      <TimeChart
        title="Dirty data over time"
        yLabel="dirty data, MiB"
        yMax={yMax}
        series={series}
        levels={mergeLevels([
          [atPercent(levels.asyncMinPercent), "async-write band starts"],
          [atPercent(levels.asyncMaxPercent), "async-write band ends"],
          [atPercent(levels.delayMinPercent), "delay starts"],
          [levels.syncBytes / MIB, "txg sync kick"],
        ])}
        marks={syncs}
      />
      <DirtyReadout runs={runs} />
      <TextView
        summary={`dirty.d output for ${b?.label ?? "this run"} (${dirtyRows.note || txgs.length} txgs)`}
        testId="dirty-d"
        text={dirtyD.join("\n")}
      />
    </Panel>
  );
});

/** The dirty data of each run at the cursor: the one part of the panel that follows it. */
function DirtyReadout({ runs }: { runs: RunView[] }) {
  const { cursorS } = useTimeAxis();
  let readout = "Hover or focus the chart to read the dirty data at a moment of the run.";
  if (cursorS !== null) {
    readout =
      `At ${cursorS.toFixed(2)} s: ` +
      runs
        .map((r) => {
          const i = sampleAt(column(r.report, "t_ns"), cursorS);
          return `${r.label} ${mib(column(r.report, "dirty_bytes")[i] ?? 0)} dirty`;
        })
        .join(" · ");
  }
  // A partial report (a run still going) says it was stopped by the caller.
  const b = runs.find((r) => r.side === "b");
  const partial = b && stoppedByCaller(b.report);
  const shown = b ? simulatedNs(b.report) / 1e9 : 0;
  return (
    <p className="readout" aria-live="polite" data-testid="dirty-readout">
      {readout} {partial ? `(simulated ${shown.toFixed(1)} s so far)` : ""}
    </p>
  );
}

/** Levels at the same height share one line and one label. */
function mergeLevels(levels: [number, string][]) {
  const byY = new Map<number, string[]>();
  for (const [y, label] of levels) byY.set(y, [...(byY.get(y) ?? []), label]);
  return [...byY].map(([y, labels]) => ({ y, label: labels.join(" · ") }));
}
