// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * An on/off pattern: `on_ns` at the rate, then `off_ns` of silence, repeated.
 */
export type Burst = { on_ns: number; off_ns: number };
