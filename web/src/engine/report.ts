// A simulation report as the app reads it: the JSON parts and the series as typed-array
// columns, the hand-written types of the parts the panels use, and the accessors that are
// the only code to read `meta[...]`. The engine writes the report (report.rs, record.rs).

/** A report: everything but the series as parsed JSON, the series as columns. */
export interface SimReport {
  meta: Record<string, unknown>;
  /** One column per series; per-class series are named like `class_mean_ns.sync_read`. */
  columns: Record<string, Float64Array>;
}

/** Splits a report's series into typed-array columns. */
export function toColumns(report: Record<string, unknown>): SimReport {
  const { series, ...meta } = report;
  const columns: Record<string, Float64Array> = {};
  for (const [name, value] of Object.entries((series ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(value)) columns[name] = Float64Array.from(value as number[]);
    else if (value && typeof value === "object") {
      for (const [sub, values] of Object.entries(value as Record<string, number[]>)) {
        columns[`${name}.${sub}`] = Float64Array.from(values);
      }
    }
  }
  return { meta, columns };
}

export interface Summary {
  count: number;
  mean_ns: number;
  stddev_ns: number;
  p50_ns: number;
  p90_ns: number;
  p99_ns: number;
  p999_ns: number;
  max_ns: number;
}

export interface SteadyReport {
  window: number;
  quorum: number;
  metrics: { name: string; steady_at_ns: number | null; failed_intervals: number; steady_at_end: boolean }[];
  reached_at_ns: number | null;
  summaries: string;
}

export interface ReportSummary {
  /** The simulated time the summaries cover [ns]: after steady state, or the whole run. */
  measured_ns: number;
  client_write: Summary;
  client_write_ops_per_s: number;
  client_write_bytes_per_s: number;
  client_read: Summary;
  client_fsync: Summary;
  throttle: {
    transactions: number;
    sent_to_delay: number;
    hard_waits: number;
    delayed: number;
    delay_total_ns: number;
    legacy_delays_7_8: number;
    legacy_limit_waits: number;
    delayed_fraction: number;
  };
  backend: {
    device_read: Summary;
    device_write: Summary;
    read_bytes_per_s: number;
    write_bytes_per_s: number;
    read_iops: number;
    write_iops: number;
    write_aggregation: number;
  };
  picket_fence: {
    write_cv: number;
    read_p99_during_sync_ns: number;
    read_p99_between_syncs_ns: number;
    read_p99_ratio: number;
  };
}

export interface ReportHistograms {
  total_wait: Record<string, number[]>;
  queue_wait: Record<string, number[]>;
  disk_wait: Record<string, number[]>;
  client_write: number[];
  client_read: number[];
  device_read: number[];
  device_write: number[];
  delay_mintime: number[];
}

export interface TxgRow {
  txg: number;
  birth: number;
  state: string;
  ndirty: number;
  nread: number;
  nwritten: number;
  reads: number;
  writes: number;
  otime: number;
  qtime: number;
  wtime: number;
  stime: number;
}

export interface TenantReport {
  name: string;
  reads: Summary;
  writes: Summary;
  read_ops_per_s: number;
  write_ops_per_s: number;
  read_bytes_per_s: number;
  write_bytes_per_s: number;
  delays: number;
  delay_total_ns: number;
  delay_now_ns: number;
  utilization: number;
}

export interface AllocatorReport {
  metaslabs_per_vdev: number;
  fill_at_start: number[];
  fill_at_end: number[];
  first_fit: number;
  best_fit: number;
  failed: number;
  frees: number;
  switches: number;
}

export const allocatorOf = (r: SimReport) => (r.meta["allocator"] ?? null) as AllocatorReport | null;
export const tenantsOf = (r: SimReport) => (r.meta["tenants"] ?? []) as TenantReport[];
export const summaryOf = (r: SimReport) => r.meta["summary"] as ReportSummary;
export const steadyOf = (r: SimReport) => r.meta["steady"] as SteadyReport;
export const histogramsOf = (r: SimReport) => r.meta["histograms"] as ReportHistograms;
export const txgsOf = (r: SimReport) => (r.meta["txgs"] ?? []) as TxgRow[];
export const simulatedNs = (r: SimReport) => Number(r.meta["simulated_ns"] ?? 0);
export const truncatedOf = (r: SimReport) => (r.meta["truncated"] ?? null) as string | null;
export const column = (r: SimReport, name: string) => r.columns[name] ?? new Float64Array();

/** The part of the scenario a report echoes that the app reads. */
interface ScenarioEcho {
  models?: { scheduler?: string };
  report_interval_ns?: number;
}
const scenarioOf = (r: SimReport) => r.meta["scenario"] as ScenarioEcho | undefined;

/** The scheduler model a run used: "openzfs" or "legacy". */
export const schedulerOf = (r: SimReport) => scenarioOf(r)?.models?.scheduler ?? "openzfs";

/** The interval between a run's samples [ns] (0 if the report does not say). */
export const reportIntervalNs = (r: SimReport) => Number(scenarioOf(r)?.report_interval_ns ?? 0);

/** Whether a report is partial: a run still going, stopped by the caller to report so far. */
export const stoppedByCaller = (r: SimReport) => /stopped by the caller/.test(truncatedOf(r) ?? "");

/** When a txg started to sync [ns]: born, then open, quiescing and waiting for the sync thread. */
export const syncStart = (t: TxgRow) => t.birth + t.otime + t.qtime + t.wtime;
