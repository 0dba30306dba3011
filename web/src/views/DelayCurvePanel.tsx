// Panel: the write delay per transaction against dirty data (dmu_tx_delay) on a log time
// axis, with the delay start, the zfs_delay_scale midpoint, the cap and the hard limit.

import { scaleLog } from "d3-scale";
import { line } from "d3-shape";
import { memo, useMemo, type ReactNode } from "react";
import { messages } from "../messages";
import { both, type Engine, type TunableName, type Values } from "../engine/engine";
import { histogramsOf, summaryOf } from "../engine/report";
import { CurveChart } from "./chart/CurveChart";
import { useCurveCursor } from "./chart/curve-cursor";
import { VerticalMark } from "./chart/Marks";
import { Pow2Bars } from "./chart/Pow2Bars";
import { bytesAtHundredths, curvePath, labelSide, percentOf, PLOT, xPercent } from "./chart/chart-layout";
import { Panel } from "./Panel";
import { dirtyText, nsText, rateText } from "./readout";
import type { RunView } from "./runs";

interface Props {
  engine: Engine;
  values: Values;
  /** The write-size control, rendered under the readout. */
  writeSizeControl: ReactNode;
  /** Simulated runs, whose applied delays are shown under the curve. */
  runs: RunView[];
  /** The pinned configuration A, drawn dashed beside the current curve. */
  pinned: Values | null;
}

/** The log axis starts at 1 µs; shorter delays (and no delay) are drawn on its floor. */
const FLOOR_NS = 1_000;
const DECADES = ["1 µs", "10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s", "10 s", "100 s"];

export function DelayCurvePanel({ engine, values, writeSizeControl, runs, pinned }: Props) {
  const { cursor } = useCurveCursor();
  const value = (name: TunableName) => values[engine.indexOf(name)] ?? 0;
  const dirtyMax = value("zfs_dirty_data_max") || 1;
  const writeSize = value("write_size");
  const capNs = value("zfs_delay_max_ns");
  const drawn = useMemo(
    () => both(engine.delayCurve(values, 400), engine.delayMarks(values)),
    [engine, values],
  );
  if (drawn.status === "error") return <p role="alert">{drawn.message}</p>;
  const [curve, marks] = drawn.value;

  const topNs = Math.max(capNs * 5, FLOOR_NS * 10);
  const y = scaleLog().domain([FLOOR_NS, topNs]).range([PLOT.height, 0]).clamp(true);
  const yTicks = DECADES.map((label, i) => ({ value: 10 ** (i + 3), label, yPx: y(10 ** (i + 3)) })).filter(
    (t) => t.value <= topNs,
  );
  const yPx = (ns: number) => y(Math.max(ns, FLOOR_NS));
  const toPoint = (d: number, ns: number): [number, number] => [xPercent(percentOf(d, dirtyMax)), yPx(ns)];
  const path = curvePath(line(), curve, dirtyMax, yPx);
  // A's curve in percent of A's own zfs_dirty_data_max, on the same axes.
  const pinnedCurve = pinned ? engine.delayCurve(pinned, 400) : null;
  const pinnedMax = pinned ? pinned[engine.indexOf("zfs_dirty_data_max")] || 1 : 1;
  const pinnedPath =
    pinnedCurve?.status === "ok" ? curvePath(line(), pinnedCurve.value, pinnedMax, yPx) : null;
  const minPx = xPercent(percentOf(marks.min_bytes, dirtyMax));
  const [midX, midY] = toPoint(marks.midpoint, marks.midpoint_ns);
  const capY = y(capNs);
  const startText = `delay start: zfs_delay_min_dirty_percent = ${value("zfs_delay_min_dirty_percent")}%`;
  const capText = `cap: zfs_delay_max_ns = ${nsText(engine, capNs)}${
    marks.cap_start === null ? "" : `, reached at ${percentOf(marks.cap_start, dirtyMax).toFixed(3)}%`
  }`;
  // The midpoint label sits above-left of its dot, or, when the cap line is near, below-right
  // of it, where the curve has already flattened at the cap.
  const midBelow = midY - capY < 26;
  const midText = `midpoint: zfs_delay_scale = ${nsText(engine, value("zfs_delay_scale"))}`;
  const midSide = midBelow
    ? labelSide(midX + 4, midText, "start")
    : ({ anchor: "end", x: midX - 8 } as const);

  const at = cursor === null ? marks.midpoint : bytesAtHundredths(cursor, dirtyMax);
  const percentText = cursor === null ? percentOf(at, dirtyMax).toFixed(4) : (cursor / 100).toFixed(2);
  const where = `${cursor === null ? "At the midpoint, " : "At "}${dirtyText(engine, at, percentText)}`;
  const ns = engine.delayNs(values, at);
  let readout: string;
  if (ns.status === "error") readout = ns.message;
  else if (ns.value === 0 && at <= marks.min_bytes)
    readout = `${where}: ${messages.noDelay} (delays start above ${percentOf(marks.min_bytes, dirtyMax).toFixed(2)}%).`;
  else if (ns.value === 0) readout = `${where}: ${messages.zeroDelay}.`;
  else {
    const limit = at >= dirtyMax ? ` At the limit itself ${messages.hardLimit}, then take this delay.` : "";
    readout = `${where}: delay ${nsText(engine, ns.value)} per transaction, ${rateText(engine, ns.value, writeSize)}.${limit}`;
  }

  return (
    <Panel
      id="delay-curve"
      title="Write delay"
      caption="The delay each transaction pays once dirty data passes the delay start: small at first, steep near the limit. Delayed transactions wake one delay apart pool-wide, so 1/delay caps their rate."
    >
      <CurveChart
        title="Delay per transaction against dirty data, log time axis"
        yLabel="delay per transaction (log)"
        yTicks={yTicks}
      >
        <VerticalMark xPx={minPx} text={startText} row={0} />
        <VerticalMark
          xPx={PLOT.width}
          text={`zfs_dirty_data_max: ${messages.hardLimit}`}
          row={1}
          prefer="end"
        />
        <line className="level" x1={0} x2={PLOT.width} y1={capY} y2={capY} />
        <text className="level-label" x={4} y={capY - 5}>
          {capText}
        </text>
        {pinnedPath && <path className="curve side-a" d={pinnedPath} data-testid="delay-curve-a" />}
        <path className="curve" d={path} data-testid="delay-curve" />
        <circle className="midpoint" cx={midX} cy={midY} r={4} />
        <text
          className="mark-label"
          x={midSide.x}
          y={midBelow ? midY + 18 : midY - 8}
          textAnchor={midSide.anchor}
        >
          {midText}
        </text>
      </CurveChart>
      <p className="readout" aria-live="polite" data-testid="delay-readout">
        {readout}
      </p>
      <div className="inline-control">{writeSizeControl}</div>
      <AppliedDelays runs={runs} />
    </Panel>
  );
}

/** The delays the simulated writers actually slept (`delay-mintime`), and how many slept. */
const AppliedDelays = memo(function AppliedDelays({ runs }: { runs: RunView[] }) {
  if (runs.length === 0) return null;
  return (
    <div className="applied" data-testid="applied-delays">
      <p className="readout">
        In the simulation:{" "}
        {runs
          .map((r) => {
            const t = summaryOf(r.report).throttle;
            return `${r.label} delayed ${(t.delayed_fraction * 100).toFixed(1)}% of ${t.transactions.toLocaleString("en")} transactions`;
          })
          .join(" · ")}
        .
      </p>
      <Pow2Bars
        title="Delays applied (delay-mintime tx_time)"
        sets={runs.map((r) => ({
          side: r.side,
          label: r.label,
          buckets: histogramsOf(r.report).delay_mintime,
        }))}
      />
    </div>
  );
});
