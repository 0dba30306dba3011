// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * The unit a tunable's integer value is counted in.
 */
export type Unit =
  "bytes" | "nanoseconds" | "milliseconds" | "seconds" | "percent" | "count" | "bytes_per_second" | "choice";
