// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * What a metric's numbers are in.
 */
export type MeasureUnit = "nanoseconds" | "bytes_per_second" | "ratio";
