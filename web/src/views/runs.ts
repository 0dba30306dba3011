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

/** A run's report column `name` against simulated time [s], divided by `scale`. */
export function pointsOf(r: RunView, name: ColumnName, scale: number): [number, number][] {
  const t = column(r.report, "t_ns");
  const v = column(r.report, name);
  return Array.from(t, (ns, i) => [ns / 1e9, (v[i] ?? 0) / scale]);
}
