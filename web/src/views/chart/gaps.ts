// Gaps in a line: an interval with nothing to measure (no I/O, so no latency) is drawn as a
// break, not as a zero. A point whose value is not a number is such a gap; the time chart's
// line skips it (d3's `line().defined()`), and these say where the pieces are.

import type { Points } from "./decimate";

/** Whether a point has a value to draw. */
export const isDefined = (p: readonly [number, number]) => Number.isFinite(p[1]);

/** The pieces a line with gaps is drawn in: each run of defined points, as [first, last] indices. */
export function segments(points: Points): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  points.forEach((p, i) => {
    if (isDefined(p)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push([start, i - 1]);
      start = -1;
    }
  });
  if (start >= 0) out.push([start, points.length - 1]);
  return out;
}
