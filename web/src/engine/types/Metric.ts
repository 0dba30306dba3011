// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * A figure the advisor compares between runs.
 */
export type Metric =
  | "write-latency"
  | "write-stall"
  | "cliff"
  | "write-throughput"
  | "read-latency"
  | "scan-rate"
  | "sync-write-latency"
  | "txg-sync";
