// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * The historical release a legacy model follows.
 */
export type Era = "2008" | "2010";
