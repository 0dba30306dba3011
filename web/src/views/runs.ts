// The runs the simulation panels show, the current run (B) and the comparison (A), and
// their report columns as the time charts' series.

import { bisectLeft } from "d3-array";
import { column, type ColumnName, type SimReport } from "../engine/report";
import type { Series } from "./chart/TimeChart";

/** One run as the panels see it: which side of the comparison, its label and report. */
export interface RunView {
  side: "b" | "a";
  label: string;
  report: SimReport;
}

/** The index of the sample covering time `s` (samples end at `t_ns`, increasing), or -1. */
export function sampleAt(tNs: Float64Array, s: number): number {
  return Math.min(bisectLeft(tNs, s * 1e9), tNs.length - 1);
}

/** One series per run from report column `name`, divided by `scale` for display. */
export function seriesOf(runs: RunView[], name: ColumnName, scale: number): Series[] {
  return seriesBy(runs, name, (r) => pointsOf(r, name, scale));
}

/** One series per run, named `name`, of the points `points` makes of the run. */
export function seriesBy(
  runs: RunView[],
  name: string,
  points: (r: RunView) => [number, number][],
): Series[] {
  return runs.map((r) => ({ id: `${name}-${r.side}`, side: r.side, label: r.label, points: points(r) }));
}

/**
 * The columns whose 0 means "nothing measured in the interval", not a measured zero: means,
 * maxima and ratios of I/Os that may not have happened. Drawn as gaps; throughput's 0 stays 0.
 */
export const zeroIsNone = (name: ColumnName): boolean =>
  /^(class_mean_ns|class_max_ns|tenant_read_mean_ns)\./.test(name) ||
  name === "client_write_mean_ns" ||
  name === "latency_mean_ns" ||
  name === "write_aggregation";

/**
 * A run's report column `name` against simulated time [s], divided by `scale`; an interval
 * in which a mean had nothing to measure is a gap (NaN).
 */
export function pointsOf(r: RunView, name: ColumnName, scale: number): [number, number][] {
  const t = column(r.report, "t_ns");
  const v = column(r.report, name);
  const none = zeroIsNone(name);
  return Array.from(t, (ns, i) => {
    const value = v[i] ?? 0;
    return [ns / 1e9, none && value === 0 ? NaN : value / scale];
  });
}
