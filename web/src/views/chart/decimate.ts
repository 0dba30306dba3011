// Bounding what a chart draws, whatever the run's size: a series cut to the lowest and
// highest point of each pixel column (so a one-sample spike still shows, and a gap still
// breaks the line), marks merged per pixel column, and many values at one moment drawn as
// one vertical range per column.

/** Time [s] and value pairs, in time order. */
export type Points = [number, number][];

/** Which of `buckets` equal spans of [x0, x1] holds `x` (clamped to the first and last). */
const bucketOf = (x: number, x0: number, x1: number, buckets: number) =>
  Math.min(buckets - 1, Math.max(0, Math.floor(((x - x0) / (x1 - x0 || 1)) * buckets)));

/**
 * At most three points per bucket of [x0, x1]: the lowest and highest of the bucket and, if
 * the bucket holds a gap (a value that is not a number: nothing to measure), its first gap,
 * in time order, so that a line still breaks there. `points` with no more than two per
 * bucket already come back as they are.
 */
export function decimate(points: Points, x0: number, x1: number, buckets: number): Points {
  if (points.length <= 2 * buckets) return points;
  const out: Points = [];
  let bucket = -1;
  let lo = -1;
  let hi = -1;
  let gap = -1;
  const flush = () => {
    const kept = [...new Set([lo, hi, gap])].filter((i) => i >= 0).sort((p, q) => p - q);
    for (const i of kept) {
      const p = points[i];
      if (p) out.push(p);
    }
  };
  for (let i = 0; i < points.length; i++) {
    const [x, v] = points[i] ?? [0, 0];
    const k = bucketOf(x, x0, x1, buckets);
    if (k !== bucket) {
      if (bucket >= 0) flush();
      bucket = k;
      lo = hi = gap = -1;
    }
    if (!Number.isFinite(v)) {
      if (gap < 0) gap = i;
      continue;
    }
    if (lo < 0 || v < (points[lo]?.[1] ?? v)) lo = i;
    if (hi < 0 || v > (points[hi]?.[1] ?? v)) hi = i;
  }
  if (bucket >= 0) flush();
  return out;
}

/** Pixel positions `xPx`, rounded to whole columns, each once, in order of first sight. */
export function distinctColumns(xPx: Iterable<number>): number[] {
  const seen = new Set<number>();
  for (const x of xPx) if (Number.isFinite(x)) seen.add(Math.round(x));
  return [...seen];
}

/**
 * The `d` of one path holding, per pixel column, a vertical stroke from the lowest to the
 * highest value of the `items` in it (at least `minPx` tall, so a single value shows).
 */
export function rangePath(
  items: Iterable<{ xPx: number; yPx: number }>,
  minPx = 2,
): { d: string; columns: number } {
  const lo = new Map<number, number>();
  const hi = new Map<number, number>();
  for (const { xPx, yPx } of items) {
    if (!Number.isFinite(xPx) || !Number.isFinite(yPx)) continue;
    const c = Math.round(xPx);
    lo.set(c, Math.min(lo.get(c) ?? yPx, yPx));
    hi.set(c, Math.max(hi.get(c) ?? yPx, yPx));
  }
  const parts: string[] = [];
  for (const [c, top] of lo) {
    const bottom = hi.get(c) ?? top;
    const pad = Math.max(0, (minPx - (bottom - top)) / 2);
    parts.push(`M${c},${(top - pad).toFixed(1)}V${(bottom + pad).toFixed(1)}`);
  }
  return { d: parts.join(""), columns: parts.length };
}

/** The largest of `values` (`floor` if none is larger), without spreading them into arguments. */
export function maxValue(values: Iterable<number>, floor = 0): number {
  let max = floor;
  for (const v of values) if (v > max) max = v;
  return max;
}
