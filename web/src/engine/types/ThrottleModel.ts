// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Which write throttle runs.
 */
export type ThrottleModel = "openzfs" | "legacy";
