// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * What a change to the value invalidates.
 */
export type Effect = "rerun" | "redraw";
