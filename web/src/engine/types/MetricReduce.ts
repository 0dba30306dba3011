// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * How the values a `*` pointer reaches become one number.
 */
export type MetricReduce = "max" | "min" | "mean" | "sum" | "count";
