// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * The figures a report gives for one stream.
 */
export type Summary = {
  count: number;
  mean_ns: number;
  stddev_ns: number;
  p50_ns: number;
  p90_ns: number;
  p99_ns: number;
  p999_ns: number;
  max_ns: number;
};
