// Panel: the write delay per transaction against dirty data (dmu_tx_delay) on a log time
// axis, with the delay start, the zfs_delay_scale midpoint, the cap and the hard limit.

import { useMemo, type ReactNode } from "react";
import { scaleLog } from "d3-scale";
import { line } from "d3-shape";
import { both, type Engine, type Values } from "../engine/engine";
import { messages } from "../app/messages";
import { CurveChart } from "./CurveChart";
import { anchorFor, bytesAt, labelDx, percentOf, PLOT, xPercent } from "./chart-layout";
import { dirtyText, nsText, rateText } from "./readout";

interface Props {
  engine: Engine;
  values: Values;
  cursorPercent: number | null;
  onCursor: (percent: number | null) => void;
  /** The write-size control, rendered under the readout. */
  writeSizeControl: ReactNode;
}

/** The log axis starts at 1 µs; shorter delays (and no delay) are drawn on its floor. */
const FLOOR_NS = 1_000;
const DECADES = ["1 µs", "10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s", "10 s", "100 s"];

export function DelayCurvePanel({ engine, values, cursorPercent, onCursor, writeSizeControl }: Props) {
  const dirtyMax = values[engine.indexOf("zfs_dirty_data_max")] ?? 1;
  const writeSize = values[engine.indexOf("write_size")] ?? 131072;
  const capNs = values[engine.indexOf("zfs_delay_max_ns")] ?? 1e8;
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
  const toPoint = (d: number, ns: number): [number, number] => [
    xPercent(percentOf(d, dirtyMax)),
    y(Math.max(ns, FLOOR_NS)),
  ];
  const path = line()(Array.from(curve.dirty, (d, i) => toPoint(d, curve.value[i] ?? 0))) ?? "";
  const minPx = xPercent(percentOf(marks.min_bytes, dirtyMax));
  const [midX, midY] = toPoint(marks.midpoint, marks.midpoint_ns);
  const capY = y(capNs);
  const capStartPx = marks.cap_start === null ? null : xPercent(percentOf(marks.cap_start, dirtyMax));
  const scale = values[engine.indexOf("zfs_delay_scale")] ?? 0;

  const at = cursorPercent === null ? marks.midpoint : bytesAt(cursorPercent, dirtyMax);
  const ns = engine.delayNs(values, at);
  const where = `${cursorPercent === null ? "At the midpoint, " : "At "}${dirtyText(engine, at, percentOf(at, dirtyMax))}`;
  let readout: string;
  if (ns.status === "error") readout = ns.message;
  else if (ns.value === 0)
    readout = `${where}: ${messages.noDelay} (delays start above ${percentOf(marks.min_bytes, dirtyMax).toFixed(2)}%).`;
  else {
    const limit = at >= dirtyMax ? ` At the limit itself ${messages.hardLimit}, then take this delay.` : "";
    readout = `${where}: delay ${nsText(engine, ns.value)} per transaction, ${rateText(engine, ns.value, writeSize)}.${limit}`;
  }

  return (
    <section className="panel" aria-labelledby="delay-title" data-panel="delay-curve">
      <h2 id="delay-title">Write delay</h2>
      <p className="caption">
        The delay each transaction pays once dirty data passes the delay start: small at first, steep near the
        limit. Delayed transactions wake one delay apart pool-wide, so 1/delay caps their rate.
      </p>
      <CurveChart
        title="Delay per transaction against dirty data, log time axis"
        yLabel="delay per transaction (log)"
        yTicks={yTicks}
        cursorPercent={cursorPercent}
        onCursor={onCursor}
      >
        <line className="mark" x1={minPx} x2={minPx} y1={-30} y2={PLOT.height} />
        <text className="mark-label" x={minPx + labelDx(minPx)} y={-32} textAnchor={anchorFor(minPx)}>
          delay start: zfs_delay_min_dirty_percent = {values[engine.indexOf("zfs_delay_min_dirty_percent")]}%
        </text>
        <line className="mark" x1={PLOT.width} x2={PLOT.width} y1={-14} y2={PLOT.height} />
        <text className="mark-label" x={PLOT.width - 4} y={-16} textAnchor="end">
          zfs_dirty_data_max: {messages.hardLimit}
        </text>
        <line className="level" x1={0} x2={PLOT.width} y1={capY} y2={capY} />
        <text className="mark-label" x={4} y={capY - 5}>
          cap: zfs_delay_max_ns = {nsText(engine, capNs)}
          {capStartPx === null ? "" : `, reached at ${percentOf(marks.cap_start ?? 0, dirtyMax).toFixed(3)}%`}
        </text>
        <path className="curve" d={path} data-testid="delay-curve" />
        <circle className="midpoint" cx={midX} cy={midY} r={4} />
        <text className="mark-label" x={midX - 8} y={midY - 8} textAnchor="end">
          midpoint: zfs_delay_scale = {nsText(engine, scale)}
        </text>
      </CurveChart>
      <p className="readout" aria-live="polite" data-testid="delay-readout">
        {readout}
      </p>
      <div className="inline-control">{writeSizeControl}</div>
    </section>
  );
}
