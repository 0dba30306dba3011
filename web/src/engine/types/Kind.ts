// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * An OpenZFS module parameter, or a setting of the lab itself.
 */
export type Kind = "tunable" | "lab";
