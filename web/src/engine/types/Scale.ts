// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * How a slider moves through a tunable's range.
 */
export type Scale = "linear" | "log";
