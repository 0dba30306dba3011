// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * The comparison of the figure with the condition's `value`.
 */
export type CompareOp = "lt" | "le" | "gt" | "ge";
