// Panel: the async-write concurrency per leaf vdev against dirty data
// (vdev_queue_max_async_writes), its four tunables annotated by name.

import { scaleLinear } from "d3-scale";
import { curveStepAfter, line } from "d3-shape";
import { memo, useMemo } from "react";
import { both, type Engine, type TunableName, type Values } from "../engine/engine";
import { column, schedulerOf } from "../engine/report";
import { CurveChart } from "./chart/CurveChart";
import { ticksAt } from "./chart/grid";
import { useCurveCursor } from "./chart/curve-cursor";
import { VerticalMark } from "./chart/Marks";
import { bytesAtHundredths, curvePath, percentOf, PLOT, xPercent } from "./chart/chart-layout";
import { Panel, TextBlock } from "./Panel";
import { dirtyText } from "./readout";
import type { RunView } from "./runs";

interface Props {
  engine: Engine;
  values: Values;
  /** Simulated runs, whose async-write limits over time are shown under the curve. */
  runs: RunView[];
  /** The pinned configuration A, drawn dashed beside the current curve. */
  pinned: Values | null;
}

export function AsyncWriteCurvePanel({ engine, values, runs, pinned }: Props) {
  const { cursor } = useCurveCursor();
  const value = (name: TunableName) => values[engine.indexOf(name)] ?? 0;
  const dirtyMax = value("zfs_dirty_data_max") || 1;
  const drawn = useMemo(
    () => both(engine.asyncWriteCurve(values), engine.asyncWriteMarks(values)),
    [engine, values],
  );
  if (drawn.status === "error") return <p role="alert">{drawn.message}</p>;
  const [curve, marks] = drawn.value;

  // A's staircase in percent of A's own zfs_dirty_data_max, on the same axes.
  const pinnedCurve = pinned ? engine.asyncWriteCurve(pinned) : null;
  const pinnedTop = pinnedCurve?.status === "ok" ? Math.max(0, ...pinnedCurve.value.value) : 0;
  const ownTop = Math.max(marks.max_active, marks.min_active);
  const top = Math.max(ownTop, pinnedTop);
  const y = scaleLinear()
    .domain([0, top * 1.2 + 0.5])
    .range([PLOT.height, 0]);
  const yTicks = ticksAt(y.ticks(6).filter(Number.isInteger), y, String);
  const staircase = line().curve(curveStepAfter);
  const path = curvePath(staircase, curve, dirtyMax, y);
  const pinnedMax = pinned ? pinned[engine.indexOf("zfs_dirty_data_max")] || 1 : 1;
  const pinnedPath =
    pinnedCurve?.status === "ok" ? curvePath(staircase, pinnedCurve.value, pinnedMax, y) : null;
  const loPct = value("zfs_vdev_async_write_active_min_dirty_percent");
  const hiPct = value("zfs_vdev_async_write_active_max_dirty_percent");
  const loPx = xPercent(percentOf(marks.lo_bytes, dirtyMax));
  const hiPx = xPercent(percentOf(marks.hi_bytes, dirtyMax));
  const loText = `zfs_vdev_async_write_active_min_dirty_percent = ${loPct}%`;
  const hiText = `zfs_vdev_async_write_active_max_dirty_percent = ${hiPct}%`;
  const minY = y(marks.min_active);
  // Below its line unless that would run into the x axis.
  const minLabelY = minY + 14 < PLOT.height - 2 ? minY + 14 : minY - 5;

  let readout: string;
  if (cursor === null && (marks.hi_bytes <= marks.lo_bytes || marks.max_active <= marks.min_active)) {
    // Reversed percents or a minimum above the maximum: the kernel runs a step, not a ramp
    // (vdev_queue_max_async_writes() tests the ends first), and the curve shows which.
    readout = `No ramp with these settings (${loPct}% to ${hiPct}%, ${marks.min_active} to ${marks.max_active} writes): the limit steps as drawn. Hover or focus the chart for exact values.`;
  } else if (cursor === null) {
    const slots = Math.max(1, ownTop - marks.min_active);
    const every = (percentOf(marks.hi_bytes - marks.lo_bytes, dirtyMax) / slots).toFixed(2);
    const writes = (n: number) => `${n} async write${n === 1 ? "" : "s"}`;
    readout = `${writes(marks.min_active)} per leaf vdev below ${loPct}%, one more every ${every}% of zfs_dirty_data_max, ${marks.max_active} above ${hiPct}%. Hover or focus the chart for exact values.`;
  } else {
    const bytes = bytesAtHundredths(cursor, dirtyMax);
    const slots = engine.asyncWrites(values, bytes);
    const n = slots.status === "ok" ? String(slots.value) : slots.message;
    readout = `At ${dirtyText(engine, bytes, (cursor / 100).toFixed(2))}: ${n} async writes in flight per leaf vdev.`;
  }

  return (
    <Panel
      id="async-write-curve"
      title="Async-write concurrency"
      caption="How many txg-sync writes each leaf vdev gets: few while dirty data is low (sync reads stay fast), more as it grows, so the backend works harder exactly when it must."
    >
      <CurveChart
        title="Async writes in flight per leaf vdev against dirty data"
        yLabel="async writes per leaf vdev"
        yTicks={yTicks}
      >
        <VerticalMark xPx={loPx} text={loText} row={0} />
        <VerticalMark xPx={hiPx} text={hiText} row={1} prefer="end" />
        <line className="level" x1={0} x2={PLOT.width} y1={minY} y2={minY} />
        <line className="level" x1={0} x2={PLOT.width} y1={y(marks.max_active)} y2={y(marks.max_active)} />
        <text className="level-label" x={4} y={minLabelY}>
          zfs_vdev_async_write_min_active = {marks.min_active}
        </text>
        <text className="level-label" x={PLOT.width - 4} y={y(marks.max_active) - 5} textAnchor="end">
          zfs_vdev_async_write_max_active = {marks.max_active}
        </text>
        {pinnedPath && <path className="curve side-a" d={pinnedPath} data-testid="async-curve-a" />}
        <path className="curve" d={path} data-testid="async-curve" />
      </CurveChart>
      <p className="readout" aria-live="polite" data-testid="async-readout">
        {readout}
      </p>
      <LimitDistribution engine={engine} runs={runs} />
    </Panel>
  );
}

/**
 * Where the simulated system spent its time on the curve: the async-write limit sampled
 * once per report interval, in q.d's `lquantize(limit, 0, 30, 1)` form. The legacy
 * scheduler has no such limit, so its runs show none.
 */
const LimitDistribution = memo(function LimitDistribution({
  engine,
  runs,
}: {
  engine: Engine;
  runs: RunView[];
}) {
  if (runs.length === 0) return null;
  return (
    <div className="text-blocks" data-testid="async-limit-distribution">
      {runs.map((r) => {
        const text =
          schedulerOf(r.report) === "legacy"
            ? null
            : engine.lquantizeText(column(r.report, "async_write_limit"), 0, 30, 1);
        return (
          <TextBlock
            key={r.side}
            heading={`${r.label}: async-write limit per interval (q.d, lquantize 0..30)`}
            text={
              text === null
                ? "(no async-write limit: legacy scheduler)\n"
                : text.status === "ok"
                  ? text.value
                  : text.message
            }
          />
        );
      })}
    </div>
  );
});
