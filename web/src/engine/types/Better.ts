// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Which way is better.
 */
export type Better = "lower" | "higher";
