// A simulation report as the app reads it: the JSON parts and the series as typed-array
// columns, typed by the types generated from the engine's own (./types), and the accessors
// panels read it through. The engine writes the report (model/src/report.rs).

import type { AllocatorReport, Report, Series, TxgRow } from "./types";

export type {
  AllocatorReport,
  Histograms,
  Report,
  SteadyReport,
  Summary,
  SummaryReport,
  TenantReport,
  TxgRow,
} from "./types";

/** A series as a typed array over its own buffer, which a worker can transfer. */
export type Column = Float64Array<ArrayBuffer>;

/** Everything a report holds but its series. */
export type ReportMeta = Omit<Report, "series">;

/** A report: everything but the series as parsed JSON, the series as columns. */
export interface SimReport {
  meta: ReportMeta;
  /** One column per series; per-class series are named like `class_mean_ns.sync_read`. */
  columns: Record<string, Column>;
}

/** The series that are one column each. */
type ListSeries = {
  [K in keyof Series]-?: NonNullable<Series[K]> extends number[] ? K : never;
}[keyof Series];
/** The series that are one column per class or tenant, named `series.key`. */
type KeyedSeries = {
  [K in keyof Series]-?: NonNullable<Series[K]> extends Record<string, number[]> ? K : never;
}[keyof Series];
/** A column's name: a renamed series in the engine breaks the build here, not a chart. */
export type ColumnName = ListSeries | `${KeyedSeries}.${string}`;

/** Splits a report's series into typed-array columns. */
export function toColumns(report: Report): SimReport {
  const { series, ...meta } = report;
  const columns: Record<string, Column> = {};
  for (const [name, value] of Object.entries(series)) {
    if (Array.isArray(value)) columns[name] = Float64Array.from(value);
    else if (value && typeof value === "object") {
      for (const [sub, values] of Object.entries(value))
        columns[`${name}.${sub}`] = Float64Array.from(values);
    }
  }
  return { meta, columns };
}

/**
 * Reads the report text the engine wrote. The engine writes it from the Rust types that
 * `./types` is generated from (checked in CI), so the parsed value has that shape.
 */
export function parseReport(text: string): SimReport {
  const report: Report = JSON.parse(text);
  return toColumns(report);
}

/**
 * The report as the engine wrote it, as JSON text: `parseReport` undone, the series rebuilt
 * from the columns (and their interval from the scenario). What the engine's own checks of
 * a report read (a lesson step's check).
 */
export function reportJson(r: SimReport): string {
  const series: Record<string, unknown> = { interval_ns: r.meta.scenario.report_interval_ns };
  for (const [name, values] of Object.entries(r.columns)) {
    const dot = name.indexOf(".");
    if (dot < 0) {
      series[name] = Array.from(values);
      continue;
    }
    const [key, sub] = [name.slice(0, dot), name.slice(dot + 1)];
    const keyed = (series[key] ??= {}) as Record<string, number[]>;
    keyed[sub] = Array.from(values);
  }
  return JSON.stringify({ ...r.meta, series });
}

export const allocatorOf = (r: SimReport): AllocatorReport | null => r.meta.allocator ?? null;
export const tenantsOf = (r: SimReport) => r.meta.tenants;
export const summaryOf = (r: SimReport) => r.meta.summary;
export const steadyOf = (r: SimReport) => r.meta.steady;
export const histogramsOf = (r: SimReport) => r.meta.histograms;
export const txgsOf = (r: SimReport) => r.meta.txgs;
export const simulatedNs = (r: SimReport) => r.meta.simulated_ns;
export const truncatedOf = (r: SimReport) => r.meta.truncated;
export const column = (r: SimReport, name: ColumnName) => r.columns[name] ?? new Float64Array(0);

/** The scheduler model a run used: "openzfs" or "legacy". */
export const schedulerOf = (r: SimReport) => r.meta.scenario.models.scheduler;

/** The interval between a run's samples [ns]. */
export const reportIntervalNs = (r: SimReport) => r.meta.scenario.report_interval_ns;

/** Whether a report is partial: a run still going, stopped by the caller to report so far. */
export const stoppedByCaller = (r: SimReport) => /stopped by the caller/.test(truncatedOf(r) ?? "");

/** When a txg started to sync [ns]: born, then open, quiescing and waiting for the sync thread. */
export const syncStart = (t: TxgRow) => t.birth + t.otime + t.qtime + t.wtime;
