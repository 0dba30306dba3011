// A heat map's colour: counts on a log scale from 1 to a maximum that every map of a
// comparison shares, so that the same colour means the same count in A and in B.

import { scaleSequentialLog } from "d3-scale";
import { interpolateRgb } from "d3-interpolate";
import { POW2_BUCKETS } from "./display";

/** The scale's ends: one count, and the most. */
const LOW = "#dbe7f5";
const HIGH = "#7a1028";

/** The colour of `count` on the scale up to `max`. */
export const heatColour = (max: number) =>
  scaleSequentialLog(interpolateRgb(LOW, HIGH)).domain([1, Math.max(max, 2)]);

/** The intervals a map of `buckets` holds (POW2_BUCKETS counts each). */
export const intervalsOf = (buckets: Float64Array) => Math.floor(buckets.length / POW2_BUCKETS);

/**
 * The counts of `intervals` intervals summed into `columns` columns of neighbours (the same
 * array if there are no more intervals than columns): more intervals than canvas pixels would
 * make the drawing work grow with the run, not the canvas.
 */
export function columnSums(buckets: Float64Array, intervals: number, columns: number): Float64Array {
  if (columns >= intervals) return buckets;
  const sums = new Float64Array(columns * POW2_BUCKETS);
  for (let i = 0; i < intervals; i++) {
    const c = Math.floor((i * columns) / intervals);
    for (let j = 0; j < POW2_BUCKETS; j++)
      sums[c * POW2_BUCKETS + j] = (sums[c * POW2_BUCKETS + j] ?? 0) + (buckets[i * POW2_BUCKETS + j] ?? 0);
  }
  return sums;
}

/**
 * The top of the colour scale the maps share: the largest cell of any of them, as each is
 * drawn (summed into at most `width` columns), at least 1. How many intervals a drawn
 * column holds, the most of any map, says what a count is per.
 */
export function sharedHeat(maps: Float64Array[], width: number): { max: number; perColumn: number } {
  let max = 1;
  let perColumn = 1;
  for (const m of maps) {
    const intervals = intervalsOf(m);
    const columns = Math.min(intervals, width);
    if (columns === 0) continue;
    for (const c of columnSums(m, intervals, columns)) if (c > max) max = c;
    perColumn = Math.max(perColumn, Math.ceil(intervals / columns));
  }
  return { max, perColumn };
}
