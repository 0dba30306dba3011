// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * One built-in scenario as `presets` returns it: its name and its JSON text.
 */
export type PresetText = { name: string; json: string };
