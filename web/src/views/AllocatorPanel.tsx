// The metaslab allocator (S11): how much the vdev queue could aggregate and how often the
// allocator fell back to best fit, over time, and each metaslab's fill at the start and the
// end of the run. Shown when a run models the allocator.

import { scaleLinear } from "d3-scale";
import { memo } from "react";
import { allocatorOf } from "../engine/report";
import { ticksAt, YGrid } from "./chart/grid";
import { TimeChart } from "./chart/TimeChart";
import { fixed } from "./chart/display";
import { Panel, RunLines } from "./Panel";
import { seriesOf, type RunView } from "./runs";

interface Props {
  runs: RunView[];
}

const FILL_VIEW = { width: 410, height: 150 };
const FM = { top: 8, right: 8, bottom: 28, left: 40 };

/** Bars drawn at most: past this, each bar is the mean fill of neighbouring metaslabs. */
const BARS_MAX = 256;

/** `fills` in at most `max` groups of neighbours, each its mean. */
function grouped(fills: number[], max: number): number[] {
  if (fills.length <= max) return fills;
  const sums = new Array<number>(max).fill(0);
  const counts = new Array<number>(max).fill(0);
  fills.forEach((f, i) => {
    const g = Math.floor((i * max) / fills.length);
    sums[g] = (sums[g] ?? 0) + f;
    counts[g] = (counts[g] ?? 0) + 1;
  });
  return sums.map((s, g) => s / Math.max(1, counts[g] ?? 1));
}

function FillBars({ label, ...fills }: { label: string; start: number[]; end: number[] }) {
  const start = grouped(fills.start, BARS_MAX);
  const end = grouped(fills.end, BARS_MAX);
  const w = FILL_VIEW.width - FM.left - FM.right;
  const h = FILL_VIEW.height - FM.top - FM.bottom;
  const x = scaleLinear()
    .domain([0, Math.max(start.length, 1)])
    .range([0, w]);
  const y = scaleLinear().domain([0, 100]).range([h, 0]);
  const bw = Math.max(1, w / Math.max(start.length, 1) - 0.5);
  return (
    <figure className="bars">
      <figcaption>
        {label}: each metaslab&apos;s fill, start (light) and end (dark)
        {start.length < fills.start.length ? `, in ${start.length} groups of neighbours` : ""}
      </figcaption>
      <svg
        viewBox={`0 0 ${FILL_VIEW.width} ${FILL_VIEW.height}`}
        role="img"
        aria-label={`${label}: fill of each metaslab`}
      >
        <g transform={`translate(${FM.left},${FM.top})`}>
          <YGrid ticks={ticksAt([0, 50, 70, 96], y, (v) => `${v}%`)} width={w} labelX={-6} />
          {end.map((f, i) => (
            <rect key={`e${i}`} className="fill-end" x={x(i)} width={bw} y={y(f)} height={h - y(f)} />
          ))}
          {start.map((f, i) => (
            <rect key={`s${i}`} className="fill-start" x={x(i)} width={bw} y={y(f)} height={h - y(f)} />
          ))}
          <line className="axis" y1={h} y2={h} x2={w} />
          <text className="axis-label" x={w / 2} y={h + 20} textAnchor="middle">
            metaslab, lowest LBA first
          </text>
        </g>
      </svg>
    </figure>
  );
}

export const AllocatorPanel = memo(function AllocatorPanel({ runs }: Props) {
  const withAllocator = runs.filter((r) => allocatorOf(r.report) !== null);
  if (withAllocator.length === 0) return null;
  const aggregation = seriesOf(withAllocator, "write_aggregation", 1);
  const bestFit = seriesOf(withAllocator, "alloc_best_fit_percent", 1);
  return (
    <Panel
      id="allocator"
      title="Metaslab allocation and write aggregation"
      caption="Where the txg's blocks land decides what the vdev queue can merge: first fit from a cursor keeps consecutive blocks together; best fit drops each into the smallest hole, and aggregation (blocks per issued write) falls."
    >
      <RunLines runs={withAllocator} className="steady-verdicts" testId="allocator-figures">
        {(r) => {
          const a = allocatorOf(r.report);
          if (!a) return null;
          const all = Math.max(1, a.first_fit + a.best_fit);
          const mean = (f: number[]) => f.reduce((s, v) => s + v, 0) / Math.max(1, f.length);
          return (
            <>
              {a.metaslabs_per_vdev} metaslabs per vdev; {a.first_fit.toLocaleString("en")} first fit,{" "}
              {a.best_fit.toLocaleString("en")} best fit ({fixed(1)((a.best_fit * 100) / all)}%),{" "}
              {a.frees.toLocaleString("en")} frees, {a.switches} metaslab switches; mean fill{" "}
              {fixed(1)(mean(a.fill_at_start))}% → {fixed(1)(mean(a.fill_at_end))}%
            </>
          );
        }}
      </RunLines>
      <TimeChart title="Write aggregation over time" yLabel="blocks per issued write" series={aggregation} />
      <TimeChart
        title="Best-fit allocations over time"
        yLabel="best fit, % of allocations"
        yMax={100}
        series={bestFit}
      />
      <div className="bar-grid">
        {withAllocator.map((r) => {
          const a = allocatorOf(r.report);
          return a ? (
            <FillBars key={r.side} label={r.label} start={a.fill_at_start} end={a.fill_at_end} />
          ) : null;
        })}
      </div>
    </Panel>
  );
});
