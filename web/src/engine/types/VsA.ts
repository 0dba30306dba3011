// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * How B is compared with A.
 */
export type VsA = "ratio" | "difference";
