// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * How a sync writer makes its data durable.
 */
export type SyncMode = { mode: "dsync" } | { mode: "fsync"; every: number } | { mode: "txg" };
