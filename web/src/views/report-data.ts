// Typed views of a simulation report's parts the panels read. The engine writes the report
// (record.rs); these types name only what the panels use.

import type { SimReport } from "../engine/simulation";

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

/** One run as the panels see it: which side of the comparison, its label and report. */
export interface RunView {
  side: "b" | "a";
  label: string;
  report: SimReport;
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

/** The scheduler model a run used: "openzfs" or "legacy". */
export const schedulerOf = (r: RunView) =>
  (r.report.meta["scenario"] as { models?: { scheduler?: string } } | undefined)?.models?.scheduler ??
  "openzfs";

/** When a txg started to sync [ns]: born, then open, quiescing and waiting for the sync thread. */
export const syncStart = (t: TxgRow) => t.birth + t.otime + t.qtime + t.wtime;

/** Power-of-two buckets of a histogram: bucket j holds [2^j, 2^(j+1)) ns. */
export const POW2_BUCKETS = 37;
