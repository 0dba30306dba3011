// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Which era's allocator.
 */
export type AllocPolicy = "Y2009" | "Y2010";
