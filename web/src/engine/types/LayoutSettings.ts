// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

export type LayoutSettings = { settings: Array<[string, number]>; notes: Array<string> };
