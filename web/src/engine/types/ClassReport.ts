// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Summary of one I/O class across the run.
 */
export type ClassReport = {
  iops: number;
  bytes_per_s: number;
  queue_wait_mean_ns: number;
  disk_wait_mean_ns: number;
  count: number;
  mean_ns: number;
  stddev_ns: number;
  p50_ns: number;
  p90_ns: number;
  p99_ns: number;
  p999_ns: number;
  max_ns: number;
};
