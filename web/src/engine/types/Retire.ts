// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * How dirty data is retired as the txg's writes complete.
 */
export type Retire = "logical" | "physical";
