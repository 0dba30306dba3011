// A latency heat map on a canvas (time across, power-of-two latency buckets up, count as
// colour): 240 intervals by up to 37 buckets is more marks than SVG should carry. Maps that
// are compared share one colour scale (`heat-scale.ts`), which `HeatLegend` shows.

import { useEffect, useRef } from "react";
import { bucketLabel, POW2_BUCKETS, tick } from "./display";
import { columnSums, heatColour, intervalsOf } from "./heat-scale";
import { useTimeAxis } from "./time-axis";

interface Props {
  label: string;
  /** Counts, interval after interval, POW2_BUCKETS each. */
  buckets: Float64Array;
  /** Buckets shown, lowest and highest (so that both runs share the axis). */
  lo: number;
  hi: number;
  /** The count at the top of the colour scale, shared by the maps compared (`sharedHeat`). */
  max: number;
  /** Simulated time the run covers [s]: a partial run fills less of the time axis. */
  simulatedS: number;
}

/** The canvas's size [px]; its columns are at most this many. */
export const HEAT_WIDTH = 400;
const HEIGHT = 180;

export function HeatMap({ label, buckets, lo, hi, max, simulatedS }: Props) {
  const { durationS, cursorS } = useTimeAxis();
  const fraction = Math.min(1, simulatedS / durationS);
  const ref = useRef<HTMLCanvasElement>(null);
  const intervals = intervalsOf(buckets);
  useEffect(() => {
    const ctx = ref.current?.getContext("2d");
    if (!ctx) return;
    ctx.clearRect(0, 0, HEAT_WIDTH, HEIGHT);
    ctx.fillStyle = "#f7f9fc";
    ctx.fillRect(0, 0, HEAT_WIDTH, HEIGHT);
    const columns = Math.min(intervals, HEAT_WIDTH);
    const sums = columnSums(buckets, intervals, columns);
    const colour = heatColour(max);
    const rows = hi - lo + 1;
    const w = (HEAT_WIDTH * fraction) / Math.max(columns, 1);
    const h = HEIGHT / rows;
    for (let i = 0; i < columns; i++) {
      for (let j = lo; j <= hi; j++) {
        const count = sums[i * POW2_BUCKETS + j] ?? 0;
        if (count <= 0) continue;
        ctx.fillStyle = colour(count);
        ctx.fillRect(i * w, HEIGHT - (j - lo + 1) * h, Math.ceil(w), Math.ceil(h));
      }
    }
  }, [buckets, lo, hi, max, fraction, intervals]);
  return (
    <figure className="heat-map">
      <figcaption>{label}</figcaption>
      <div className="heat-frame">
        <div className="heat-axis" aria-hidden="true">
          <span>{bucketLabel(hi + 1)}</span>
          <span>{bucketLabel(lo)}</span>
        </div>
        <div className="heat-plot">
          <canvas
            ref={ref}
            width={HEAT_WIDTH}
            height={HEIGHT}
            role="img"
            aria-label={`${label}: client read latency heat map, time across, latency from ${bucketLabel(lo)} to ${bucketLabel(hi + 1)} up`}
          />
          {cursorS !== null && (
            <div
              className="heat-cursor"
              style={{ left: `${(cursorS / Math.max(durationS, 1e-3)) * 100}%` }}
            />
          )}
          <div className="heat-time" aria-hidden="true">
            <span>0 s</span>
            <span>simulated time</span>
            <span>{durationS} s</span>
          </div>
        </div>
      </div>
    </figure>
  );
}

const LEGEND = { width: 420, height: 34, bar: 12, steps: 32, left: 10, right: 10 };

/** The colour scale the heat maps share, from one read to `max`, read as "per `unit`". */
export function HeatLegend({ max, unit }: { max: number; unit: string }) {
  const colour = heatColour(max);
  const width = LEGEND.width - LEGEND.left - LEGEND.right;
  const step = width / LEGEND.steps;
  // Each step's colour at its middle, on the log scale from 1 to max.
  const top = Math.max(max, 2);
  const at = (k: number) => Math.exp(((k + 0.5) / LEGEND.steps) * Math.log(top));
  return (
    <svg
      className="chart heat-legend"
      viewBox={`0 0 ${LEGEND.width} ${LEGEND.height}`}
      role="img"
      aria-label={`Colour scale of the heat maps, shared by the runs: from 1 to ${tick(max)} reads per ${unit}`}
      data-testid="heat-legend"
      data-max={max}
    >
      <g transform={`translate(${LEGEND.left},0)`}>
        {Array.from({ length: LEGEND.steps }, (_, k) => (
          <rect key={k} x={k * step} width={step + 0.5} height={LEGEND.bar} fill={colour(at(k))} />
        ))}
        <text y={LEGEND.bar + 14}>1</text>
        <text x={width / 2} y={LEGEND.bar + 14} textAnchor="middle">
          {`reads per ${unit}, log scale, one scale for every run`}
        </text>
        <text x={width} y={LEGEND.bar + 14} textAnchor="end">
          {tick(max)}
        </text>
      </g>
    </svg>
  );
}

/** The lowest and highest non-empty buckets over several heat maps (a default if none). */
export function bucketRange(maps: Float64Array[]): [number, number] {
  let lo = POW2_BUCKETS;
  let hi = -1;
  for (const m of maps) {
    for (let k = 0; k < m.length; k++) {
      if ((m[k] ?? 0) > 0) {
        const j = k % POW2_BUCKETS;
        lo = Math.min(lo, j);
        hi = Math.max(hi, j);
      }
    }
  }
  return hi < 0 ? [17, 27] : [Math.max(0, lo - 1), Math.min(POW2_BUCKETS - 1, hi + 1)];
}
