// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * One problem with a combination of values, naming the tunables involved.
 */
export type Problem = { tunables: Array<string>; message: string };
