// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Lab settings read from pasted text, and what was read differently or set aside.
 */
export type PastedSettings = { settings: Array<[string, number]>; notes: Array<string> };
