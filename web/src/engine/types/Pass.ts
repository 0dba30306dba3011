// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Which stage of the sweep a candidate came from.
 */
export type Pass = "baseline" | "one" | "add" | "fine";
