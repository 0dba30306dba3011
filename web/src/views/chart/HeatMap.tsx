// A latency heat map on a canvas (time across, power-of-two latency buckets up, count as
// colour): 240 intervals by up to 37 buckets is more marks than SVG should carry.

import { useEffect, useRef } from "react";
import { scaleSequentialLog } from "d3-scale";
import { interpolateRgb } from "d3-interpolate";
import { bucketLabel, POW2_BUCKETS } from "./display";
import { useTimeAxis } from "./time-axis";

interface Props {
  label: string;
  /** Counts, interval after interval, POW2_BUCKETS each. */
  buckets: Float64Array;
  /** Buckets shown, lowest and highest (so that both runs share the axis). */
  lo: number;
  hi: number;
  /** Simulated time the run covers [s]: a partial run fills less of the time axis. */
  simulatedS: number;
}

const WIDTH = 400;
const HEIGHT = 180;

export function HeatMap({ label, buckets, lo, hi, simulatedS }: Props) {
  const { durationS, cursorS } = useTimeAxis();
  const fraction = Math.min(1, simulatedS / durationS);
  const ref = useRef<HTMLCanvasElement>(null);
  const intervals = Math.floor(buckets.length / POW2_BUCKETS);
  useEffect(() => {
    const ctx = ref.current?.getContext("2d");
    if (!ctx) return;
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    ctx.fillStyle = "#f7f9fc";
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    const columns = Math.min(intervals, WIDTH);
    const sums = columnSums(buckets, intervals, columns);
    let max = 1;
    for (const c of sums) max = Math.max(max, c);
    const colour = scaleSequentialLog(interpolateRgb("#dbe7f5", "#7a1028")).domain([1, max]);
    const rows = hi - lo + 1;
    const w = (WIDTH * fraction) / Math.max(columns, 1);
    const h = HEIGHT / rows;
    for (let i = 0; i < columns; i++) {
      for (let j = lo; j <= hi; j++) {
        const count = sums[i * POW2_BUCKETS + j] ?? 0;
        if (count <= 0) continue;
        ctx.fillStyle = colour(count);
        ctx.fillRect(i * w, HEIGHT - (j - lo + 1) * h, Math.ceil(w), Math.ceil(h));
      }
    }
  }, [buckets, lo, hi, fraction, intervals]);
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
            width={WIDTH}
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

/**
 * The counts of `intervals` intervals summed into `columns` columns of neighbours (the same
 * array if there are no more intervals than columns): more intervals than canvas pixels would
 * make the drawing work grow with the run, not the canvas.
 */
function columnSums(buckets: Float64Array, intervals: number, columns: number): Float64Array {
  if (columns >= intervals) return buckets;
  const sums = new Float64Array(columns * POW2_BUCKETS);
  for (let i = 0; i < intervals; i++) {
    const c = Math.floor((i * columns) / intervals);
    for (let j = 0; j < POW2_BUCKETS; j++)
      sums[c * POW2_BUCKETS + j] = (sums[c * POW2_BUCKETS + j] ?? 0) + (buckets[i * POW2_BUCKETS + j] ?? 0);
  }
  return sums;
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
