// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * What a figure is in, so that it can be shown as a person reads it.
 */
export type MetricUnit = "ns" | "bytes" | "bytes_per_s" | "per_s" | "fraction" | "count";
