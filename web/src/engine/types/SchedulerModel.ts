// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Which I/O scheduler runs on each leaf.
 */
export type SchedulerModel = "openzfs" | "legacy";
